/// One subscription's join, kept between emissions: when only the right side changes, just
/// the rows whose match changed are joined again — a renamed member re-joins that member's
/// messages, not every message.
package final class IncrementalJoin<Row, Right: Equatable, Key: ContractEquatable, Joined: Equatable> {
    private let leftKey: (Row) -> Key?
    private let rightKey: (Right) -> Key?
    /// The joined row, or nil to leave the row out.
    private let combine: (Row, Right?) -> Joined?

    private var rows: [Row] = []
    /// The indices of the left rows, by key.
    private var rowsByKey: [ContractKey<Key>: [Int]] = [:]
    private var right = JoinIndex<Key, Right>()
    private var output: [Joined] = []
    /// Where each left row is in `output`; nil when it is left out.
    private var slots: [Int?] = []
    private var hasEmitted = false

    package init(leftKey: @escaping (Row) -> Key?, rightKey: @escaping (Right) -> Key?, combine: @escaping (Row, Right?) -> Joined?) {
        self.leftKey = leftKey
        self.rightKey = rightKey
        self.combine = combine
    }

    /// The joined rows and, when only some were joined again, which; nil when they are the rows
    /// last returned.
    package func update(_ left: [Row], _ right: [Right], changed: ChangedInputs) -> ([Joined], RowPatch?)? {
        guard hasEmitted, !changed.contains(.first) else {
            if changed.contains(.second) || !hasEmitted { self.right = JoinIndex(right, key: rightKey) }
            return join(left).map { ($0, nil) }
        }
        let previous = output
        var patched: [Int] = []
        for key in self.right.replace(with: right, key: rightKey) {
            for index in rowsByKey[key] ?? [] {
                let joined = combine(rows[index], self.right[key])
                switch (slots[index], joined) {
                case (nil, nil):
                    continue
                case let (slot?, joined?):
                    guard output[slot] != joined else { continue }
                    output[slot] = joined
                    patched.append(slot)
                default:
                    // A row joins or leaves an inner join: the positions after it move.
                    return join(rows).map { ($0, nil) }
                }
            }
        }
        return patched.isEmpty ? nil : (output, RowPatch(from: previous, to: output, positions: patched))
    }

    /// Joins every row again with `right`.
    private func join(_ left: [Row]) -> [Joined]? {
        rows = left
        rowsByKey = [:]
        slots = []
        slots.reserveCapacity(left.count)
        var joined: [Joined] = []
        joined.reserveCapacity(left.count)
        for (index, row) in left.enumerated() {
            let key = leftKey(row).map { ContractKey($0) }
            if let key { rowsByKey[key, default: []].append(index) }
            guard let result = combine(row, key.flatMap { right[$0] }) else {
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
struct JoinIndex<Key: ContractEquatable, Right: Equatable> {
    private var rows: [Right] = []
    /// The position of each key's first row.
    private var firstPositions: [ContractKey<Key>: Int] = [:]

    init() {}

    init(_ rows: [Right], key: (Right) -> Key?) {
        self.rows = rows
        firstPositions.reserveCapacity(rows.count)
        for (position, row) in rows.enumerated() {
            guard let value = key(row) else { continue }
            let key = ContractKey(value)
            if firstPositions[key] == nil { firstPositions[key] = position }
        }
    }

    subscript(key: ContractKey<Key>) -> Right? {
        firstPositions[key].map { rows[$0] }
    }

    /// Takes `next` as the right side; returns the keys whose match may differ. With as many
    /// rows as before, only the positions that changed are looked at.
    mutating func replace(with next: [Right], key: (Right) -> Key?) -> [ContractKey<Key>] {
        guard next.count == rows.count else {
            let other = JoinIndex(next, key: key)
            defer { self = other }
            return other.firstPositions.compactMap { key, position in self[key] == other.rows[position] ? nil : key }
                + firstPositions.keys.filter { other.firstPositions[$0] == nil }
        }
        var keys: [ContractKey<Key>] = []
        var keysMoved = false
        for position in next.indices where next[position] != rows[position] {
            let old = key(rows[position]).map { ContractKey($0) }
            let new = key(next[position]).map { ContractKey($0) }
            if old != new {
                keysMoved = true
                keys += [old, new].compactMap { $0 }
            } else if let new, firstPositions[new] == position {
                keys.append(new)
            }
        }
        if keysMoved {
            self = JoinIndex(next, key: key)
        } else {
            rows = next
        }
        return keys
    }
}
