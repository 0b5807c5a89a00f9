/// One subscription's join, kept between emissions: when only the right side changes, just
/// the rows whose match changed are joined again — a renamed member re-joins that member's
/// messages, not every message.
final class IncrementalJoin<Row, Right: Equatable, Key: ContractEquatable, Joined: Equatable> {
    private let leftKey: (Row) -> Key?
    private let rightKey: (Right) -> Key?
    /// The joined row, or nil to leave the row out.
    private let combine: (Row, Right?) -> Joined?

    private var rows: [Row] = []
    /// The indices of the left rows, by key.
    private var rowsByKey: [ContractKey<Key>: [Int]] = [:]
    private var matches = JoinIndex<Key, Right>([], key: { _ in nil })
    private var output: [Joined] = []
    /// Where each left row is in `output`; nil when it is left out.
    private var slots: [Int?] = []
    private var hasEmitted = false

    init(leftKey: @escaping (Row) -> Key?, rightKey: @escaping (Right) -> Key?, combine: @escaping (Row, Right?) -> Joined?) {
        self.leftKey = leftKey
        self.rightKey = rightKey
        self.combine = combine
    }

    /// The joined rows, or nil when they are the rows last returned.
    func update(_ left: [Row], _ right: [Right], changed: ChangedInputs) -> [Joined]? {
        let next = JoinIndex(right, key: rightKey)
        guard hasEmitted, !changed.contains(.first) else { return join(left, next) }
        var patched = false
        for key in matches.keysWithOtherMatches(in: next) {
            for index in rowsByKey[key] ?? [] {
                let joined = combine(rows[index], next[key])
                switch (slots[index], joined) {
                case (nil, nil):
                    continue
                case let (slot?, joined?):
                    guard output[slot] != joined else { continue }
                    output[slot] = joined
                    patched = true
                default:
                    // A row joins or leaves an inner join: the positions after it move.
                    return join(rows, next)
                }
            }
        }
        matches = next
        return patched ? output : nil
    }

    /// Joins every row again.
    private func join(_ left: [Row], _ next: JoinIndex<Key, Right>) -> [Joined]? {
        rows = left
        matches = next
        rowsByKey = [:]
        slots = []
        slots.reserveCapacity(left.count)
        var joined: [Joined] = []
        joined.reserveCapacity(left.count)
        for (index, row) in left.enumerated() {
            let key = leftKey(row).map { ContractKey($0) }
            if let key { rowsByKey[key, default: []].append(index) }
            guard let result = combine(row, key.flatMap { next[$0] }) else {
                slots.append(nil)
                continue
            }
            slots.append(joined.count)
            joined.append(result)
        }
        defer { output = joined; hasEmitted = true }
        return hasEmitted && joined == output ? nil : joined
    }
}

/// The right side of a join by key; a key held twice maps to its first row.
struct JoinIndex<Key: ContractEquatable, Right> {
    private var rows: [ContractKey<Key>: Right] = [:]

    init(_ candidates: [Right], key: (Right) -> Key?) {
        rows.reserveCapacity(candidates.count)
        for candidate in candidates {
            guard let value = key(candidate) else { continue }
            let key = ContractKey(value)
            if rows[key] == nil { rows[key] = candidate }
        }
    }

    subscript(key: ContractKey<Key>) -> Right? {
        rows[key]
    }
}

extension JoinIndex where Right: Equatable {
    /// The keys whose row differs in `other`, or that only one of the two holds.
    func keysWithOtherMatches(in other: JoinIndex) -> [ContractKey<Key>] {
        other.rows.compactMap { key, row in rows[key] == row ? nil : key }
            + rows.keys.filter { other.rows[$0] == nil }
    }
}
