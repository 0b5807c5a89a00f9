extension Publisher where Failure == any Error {
    /// The rows that match `isIncluded`, in order; emits only when they change.
    public func filterRows<Row: Equatable>(_ isIncluded: @escaping (Row) -> Bool) -> AnyPublisher<[Row], any Error> where Output == [Row] {
        map { $0.filter(isIncluded) }.removeDuplicates().eraseToAnyPublisher()
    }

    /// The first row for each value of `key`, in order (nil counts as one value; keys compare
    /// under the contract); emits only when the rows change.
    public func distinctRows<Row: Equatable, Key: ContractEquatable>(by key: @escaping (Row) -> Key) -> AnyPublisher<[Row], any Error> where Output == [Row] {
        map { $0.distinctRows(by: key) }.removeDuplicates().eraseToAnyPublisher()
    }

    /// Each row with the first row of `right` (in its order) whose key equals its key, or nil.
    /// A hash join: keys compare under the contract (strings by code point, no normalization).
    /// When only `right` changes, only the rows whose match changed are joined again.
    public func leftJoin<Row, Right: Equatable, Key: ContractEquatable, Joined: Equatable>(
        _ right: some Publisher<[Right], any Error>,
        on leftKey: @escaping (Row) -> Key?,
        equals rightKey: @escaping (Right) -> Key?,
        into combine: @escaping (Row, Right?) -> Joined
    ) -> AnyPublisher<[Joined], any Error> where Output == [Row] {
        CombineLatest(self, right) {
            IncrementalJoin(leftKey: leftKey, rightKey: rightKey) { row, match in combine(row, match) }.update
        }
        .eraseToAnyPublisher()
    }

    /// Like ``leftJoin(_:on:equals:into:)``, leaving out rows with no match.
    public func innerJoin<Row, Right: Equatable, Key: ContractEquatable, Joined: Equatable>(
        _ right: some Publisher<[Right], any Error>,
        on leftKey: @escaping (Row) -> Key?,
        equals rightKey: @escaping (Right) -> Key?,
        into combine: @escaping (Row, Right) -> Joined
    ) -> AnyPublisher<[Joined], any Error> where Output == [Row] {
        CombineLatest(self, right) {
            IncrementalJoin(leftKey: leftKey, rightKey: rightKey) { row, match in match.map { combine(row, $0) } }.update
        }
        .eraseToAnyPublisher()
    }
}
