extension LiveStream {
    /// The rows that match `isIncluded`, in order; emits only when they change.
    public func filterRows<Row: Equatable & Sendable>(_ isIncluded: @escaping @Sendable (Row) -> Bool) -> LiveStream<[Row]> where Element == [Row] {
        map { $0.filter(isIncluded) }.removingDuplicates(by: ==)
    }

    /// The first row for each value of `key`, in order (nil counts as one value; keys compare
    /// under the contract); emits only when the rows change.
    public func distinctRows<Row: Equatable & Sendable, Key: ContractEquatable & Sendable>(
        by key: @escaping @Sendable (Row) -> Key
    ) -> LiveStream<[Row]> where Element == [Row] {
        map { $0.distinctRows(by: key) }.removingDuplicates(by: ==)
    }

    /// Each row with the first row of `right` (in its order) whose key equals its key, or nil.
    /// A hash join: keys compare under the contract (strings by code point, no normalization).
    /// When only `right` changes, only the rows whose match changed are joined again.
    public func leftJoin<Row: Sendable, Right: Equatable & Sendable, Key: ContractEquatable & Sendable, Joined: Equatable & Sendable>(
        _ right: LiveStream<[Right]>,
        on leftKey: @escaping @Sendable (Row) -> Key?,
        equals rightKey: @escaping @Sendable (Right) -> Key?,
        into combine: @escaping @Sendable (Row, Right?) -> Joined
    ) -> LiveStream<[Joined]> where Element == [Row] {
        .latest(self, right) {
            let join = Locked(IncrementalJoin(leftKey: leftKey, rightKey: rightKey) { row, match in combine(row, match) })
            return { rows, matches, changed in join.withLock { $0.update(rows, matches, changed: changed) } }
        }
    }

    /// Like ``leftJoin(_:on:equals:into:)``, leaving out rows with no match.
    public func innerJoin<Row: Sendable, Right: Equatable & Sendable, Key: ContractEquatable & Sendable, Joined: Equatable & Sendable>(
        _ right: LiveStream<[Right]>,
        on leftKey: @escaping @Sendable (Row) -> Key?,
        equals rightKey: @escaping @Sendable (Right) -> Key?,
        into combine: @escaping @Sendable (Row, Right) -> Joined
    ) -> LiveStream<[Joined]> where Element == [Row] {
        .latest(self, right) {
            let join = Locked(IncrementalJoin(leftKey: leftKey, rightKey: rightKey) { row, match in match.map { combine(row, $0) } })
            return { rows, matches, changed in join.withLock { $0.update(rows, matches, changed: changed) } }
        }
    }
}
