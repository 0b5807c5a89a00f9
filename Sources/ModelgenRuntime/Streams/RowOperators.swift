extension Publisher where Failure == any Error {
    /// The rows that match `isIncluded`, in order; emits only when they change.
    public func filterRows<Row: Equatable>(_ isIncluded: @escaping (Row) -> Bool) -> AnyPublisher<[Row], any Error> where Output == [Row] {
        map { $0.filter(isIncluded) }.removeDuplicates().eraseToAnyPublisher()
    }

    /// How many rows there are, or how many match `isIncluded`; emits only when it changes.
    public func countRows<Row>(where isIncluded: ((Row) -> Bool)? = nil) -> AnyPublisher<Int, any Error> where Output == [Row] {
        map { rows in isIncluded.map { rows.lazy.filter($0).count } ?? rows.count }.removeDuplicates().eraseToAnyPublisher()
    }

    /// Each row with the first row of `right` (in its order) whose key equals its key, or nil.
    /// A hash join: keys compare under the contract (strings by code point, no normalization).
    public func leftJoin<Row, Right, Key: ContractEquatable, Joined: Equatable>(
        _ right: some Publisher<[Right], any Error>,
        on leftKey: @escaping (Row) -> Key?,
        equals rightKey: @escaping (Right) -> Key?,
        into combine: @escaping (Row, Right?) -> Joined
    ) -> AnyPublisher<[Joined], any Error> where Output == [Row] {
        CombineLatestPair(self, right)
            .map { rows, candidates in
                let index = JoinIndex(candidates, key: rightKey)
                return rows.map { combine($0, index.first(matching: leftKey($0))) }
            }
            .removeDuplicates()
            .eraseToAnyPublisher()
    }

    /// Like ``leftJoin(_:on:equals:into:)``, leaving out rows with no match.
    public func innerJoin<Row, Right, Key: ContractEquatable, Joined: Equatable>(
        _ right: some Publisher<[Right], any Error>,
        on leftKey: @escaping (Row) -> Key?,
        equals rightKey: @escaping (Right) -> Key?,
        into combine: @escaping (Row, Right) -> Joined
    ) -> AnyPublisher<[Joined], any Error> where Output == [Row] {
        CombineLatestPair(self, right)
            .map { rows, candidates in
                let index = JoinIndex(candidates, key: rightKey)
                return rows.compactMap { row in index.first(matching: leftKey(row)).map { combine(row, $0) } }
            }
            .removeDuplicates()
            .eraseToAnyPublisher()
    }
}

/// The right side of a join by key; a key held twice maps to its first row.
struct JoinIndex<Key: ContractEquatable, Row> {
    private var rows: [ContractKey<Key>: Row] = [:]

    init(_ candidates: [Row], key: (Row) -> Key?) {
        rows.reserveCapacity(candidates.count)
        for candidate in candidates {
            guard let value = key(candidate) else { continue }
            let key = ContractKey(value)
            if rows[key] == nil { rows[key] = candidate }
        }
    }

    func first(matching key: Key?) -> Row? {
        key.flatMap { rows[ContractKey($0)] }
    }
}

/// A value as a dictionary key under the contract's equality and hashing.
public struct ContractKey<Value: ContractEquatable>: Hashable {
    public let value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public static func == (lhs: ContractKey, rhs: ContractKey) -> Bool {
        Value.contractEqual(lhs.value, rhs.value)
    }

    public func hash(into hasher: inout Hasher) {
        value.contractHash(into: &hasher)
    }
}
