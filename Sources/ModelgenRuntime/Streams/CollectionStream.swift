extension CollectionStream {
    /// Emits the query's rows, decoded on `scheduler`, whenever they change; documents that do
    /// not decode are left out and reported to `onDecodeFailure`, once per stored version.
    /// Cancelling removes the listener.
    public static func publisher<Row: DocumentRow & Equatable>(
        store: any DocumentStore,
        query: StoreQuery,
        scheduler: StreamScheduler,
        onDecodeFailure: @escaping DecodeFailureHandler
    ) -> AnyPublisher<[Row], any Error> {
        ListenerPublisher(
            listen: { store.addListener(to: query, $0) },
            scheduler: scheduler,
            makeTransform: {
                let decoder = QueryDecoder<Row>(collection: query.collection, onFailure: onDecodeFailure)
                return { decoder.rows(after: $0) }
            }
        )
        .eraseToAnyPublisher()
    }
}

extension DocumentStream {
    /// Emits the document at `path`, decoded on `scheduler`, whenever it changes: nil when
    /// there is none or when it does not decode (reported to `onDecodeFailure`).
    public static func publisher<Row: DocumentCodable & Equatable>(
        store: any DocumentStore,
        path: [String],
        scheduler: StreamScheduler,
        onDecodeFailure: @escaping DecodeFailureHandler
    ) -> AnyPublisher<Row?, any Error> {
        ListenerPublisher(
            listen: { store.addListener(toDocument: path, $0) },
            scheduler: scheduler,
            makeTransform: {
                let decoder = DocumentDecoder<Row>(collection: Array(path.dropLast()), onFailure: onDecodeFailure)
                return { .some(decoder.row($0)) }
            }
        )
        .removeDuplicates()
        .eraseToAnyPublisher()
    }
}
