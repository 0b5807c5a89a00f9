extension LiveStream {
    /// The aggregate of the rows, or of those that match `isIncluded`; emits only when it changes
    /// (under the contract's equality: NaN equals NaN). An int sum out of range ends the stream.
    public func aggregateRows<Row: Sendable, State>(
        _ aggregate: Aggregate<Row, State>, where isIncluded: (@Sendable (Row) -> Bool)? = nil
    ) -> LiveStream<State.Output> where Element == [Row] {
        transformed { { rows in Result { try rows.aggregated(aggregate, where: isIncluded) } } }
            .removingDuplicates { State.Output.contractEqual($0, $1) }
    }

    /// How many rows there are, or how many match `isIncluded`; emits only when it changes.
    public func countRows<Row: Sendable>(where isIncluded: (@Sendable (Row) -> Bool)? = nil) -> LiveStream<Int> where Element == [Row] {
        map { rows in isIncluded.map { rows.lazy.filter($0).count } ?? rows.count }.removingDuplicates(by: ==)
    }
}

extension CollectionStream {
    /// Emits the aggregate of the query's documents that decode as `Row` and match `isIncluded`,
    /// on `scheduler`, whenever it changes. Kept from each snapshot's changes, so a write costs
    /// what it changed, not a pass over every row. Documents that do not decode are left out and
    /// reported as by ``stream(store:query:scheduler:onDecodeFailure:)``.
    public static func aggregate<Row: DocumentRow, State>(
        _ aggregate: Aggregate<Row, State>,
        store: any DocumentStore,
        query: StoreQuery,
        scheduler: StreamScheduler,
        onDecodeFailure: @escaping DecodeFailureHandler,
        where isIncluded: @escaping @Sendable (Row) -> Bool = { _ in true }
    ) -> LiveStream<State.Output> {
        .listening({ store.addListener(to: query, $0) }, scheduler: scheduler) {
            let aggregator = QueryAggregator(aggregate, collection: query.collection, onFailure: onDecodeFailure, where: isIncluded)
            return { aggregator.result(after: $0) }
        }
    }

    /// Emits how many of the query's documents decode as `Row` and match `isIncluded`: the
    /// ``aggregate(_:store:query:scheduler:onDecodeFailure:where:)`` ``Aggregate/count``.
    public static func count<Row: DocumentRow>(
        of _: Row.Type,
        store: any DocumentStore,
        query: StoreQuery,
        scheduler: StreamScheduler,
        onDecodeFailure: @escaping DecodeFailureHandler,
        where isIncluded: @escaping @Sendable (Row) -> Bool = { _ in true }
    ) -> LiveStream<Int> {
        aggregate(Aggregate<Row, RowCount>.count, store: store, query: query, scheduler: scheduler, onDecodeFailure: onDecodeFailure, where: isIncluded)
    }
}
