extension Publisher where Failure == any Error {
    /// The aggregate of the rows, or of those that match `isIncluded`; emits only when it changes
    /// (under the contract's equality: NaN equals NaN).
    public func aggregateRows<Row, State>(_ aggregate: Aggregate<Row, State>, where isIncluded: ((Row) -> Bool)? = nil) -> AnyPublisher<State.Output, any Error> where Output == [Row] {
        tryMap { try $0.aggregated(aggregate, where: isIncluded) }
            .removeDuplicates(by: State.Output.contractEqual)
            .eraseToAnyPublisher()
    }

    /// How many rows there are, or how many match `isIncluded`; emits only when it changes.
    public func countRows<Row>(where isIncluded: ((Row) -> Bool)? = nil) -> AnyPublisher<Int, any Error> where Output == [Row] {
        map { rows in isIncluded.map { rows.lazy.filter($0).count } ?? rows.count }.removeDuplicates().eraseToAnyPublisher()
    }
}

extension CollectionStream {
    /// Emits the aggregate of the query's documents that decode as `Row` and match `isIncluded`,
    /// on `scheduler`, whenever it changes. Kept from each snapshot's changes, so a write costs
    /// what it changed, not a pass over every row. Documents that do not decode are left out and
    /// reported as by ``publisher(store:query:scheduler:onDecodeFailure:)``.
    public static func aggregate<Row: DocumentRow, State>(
        _ aggregate: Aggregate<Row, State>,
        store: any DocumentStore,
        query: StoreQuery,
        scheduler: StreamScheduler,
        onDecodeFailure: @escaping DecodeFailureHandler,
        where isIncluded: @escaping @Sendable (Row) -> Bool = { _ in true }
    ) -> AnyPublisher<State.Output, any Error> {
        ListenerPublisher(
            listen: { store.addListener(to: query, $0) },
            scheduler: scheduler,
            makeTransform: {
                let aggregator = QueryAggregator(aggregate, collection: query.collection, onFailure: onDecodeFailure, where: isIncluded)
                return { aggregator.result(after: $0) }
            }
        )
        .tryMap { try $0.get() }
        .eraseToAnyPublisher()
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
    ) -> AnyPublisher<Int, any Error> {
        aggregate(Aggregate<Row, RowCount>.count, store: store, query: query, scheduler: scheduler, onDecodeFailure: onDecodeFailure, where: isIncluded)
    }
}
