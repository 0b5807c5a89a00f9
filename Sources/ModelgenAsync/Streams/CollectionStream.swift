extension CollectionStream {
    /// Emits the query's rows, decoded on `scheduler`, whenever they change; documents that do
    /// not decode are left out and reported to `onDecodeFailure`, once per stored version.
    /// Cancelling removes the listener.
    public static func stream<Row: DocumentRow & Equatable>(
        store: any DocumentStore,
        query: StoreQuery,
        scheduler: StreamScheduler,
        onDecodeFailure: @escaping DecodeFailureHandler
    ) -> LiveStream<[Row]> {
        .listening({ store.addListener(to: query, $0) }, scheduler: scheduler) {
            let decoder = QueryDecoder<Row>(collection: query.collection, onFailure: onDecodeFailure)
            return { decoder.rows(after: $0).map { .success($0) } }
        }
    }
}

extension DocumentStream {
    /// Emits the document at `path`, decoded on `scheduler`, whenever it changes: nil when
    /// there is none or when it does not decode (reported to `onDecodeFailure`).
    public static func stream<Row: DocumentCodable & Equatable>(
        store: any DocumentStore,
        path: [String],
        scheduler: StreamScheduler,
        onDecodeFailure: @escaping DecodeFailureHandler
    ) -> LiveStream<Row?> {
        LiveStream<Row?>.listening({ store.addListener(toDocument: path, $0) }, scheduler: scheduler) {
            let decoder = DocumentDecoder<Row>(collection: Array(path.dropLast()), onFailure: onDecodeFailure)
            return { .success(decoder.row($0)) }
        }
        .removingDuplicates(by: ==)
    }
}
