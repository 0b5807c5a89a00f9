extension Publisher where Failure == any Error {
    /// The rows by `orders` (ties keep their order), the first `limit` of them; emits only when
    /// they change. When few rows changed since the last array, only those are placed again
    /// (`IncrementalSort`).
    public func sortRows<Row: Equatable>(by orders: [RowOrder<Row>], limit: Int? = nil) -> AnyPublisher<[Row], any Error> where Output == [Row] {
        let upstream = self
        return Deferred {
            let sort = IncrementalSort(orders: orders, limit: limit)
            return upstream.compactMap(sort.update)
        }
        .eraseToAnyPublisher()
    }
}
