extension LiveStream {
    /// The rows by `orders` (ties keep their order), the first `limit` of them; emits only when
    /// they change. When few rows changed since the last array, only those are placed again
    /// (`IncrementalSort`, told which by the join above it).
    public func sortRows<Row: Equatable & Sendable>(by orders: [RowOrder<Row>], limit: Int? = nil) -> LiveStream<[Row]> where Element == [Row] {
        transformed {
            let sort = Locked(IncrementalSort(orders: orders, limit: limit))
            return { rows in sort.withLock { $0.update(rows) }.map { .success($0) } }
        }
    }
}
