/// One-shot reads: a stream's value read once, by the same rules as the stream. A store query or
/// a document is the store's get (Firestore's `getDocuments` / `getDocument`), decoded as the
/// stream decodes it; a derived stream's value is computed from one read of each input.
extension CollectionStream {
    /// The query's rows, read once, in the query's order; documents that do not decode are left
    /// out and reported to `onDecodeFailure`, as the stream does.
    public static func fetch<Row: DocumentRow>(
        store: any DocumentStore,
        query: StoreQuery,
        onDecodeFailure: @escaping DecodeFailureHandler
    ) async throws -> [Row] {
        let documents = try await store.getDocuments(query)
        var decoder = ReportingDecoder<Row>(collection: query.collection, onFailure: onDecodeFailure)
        return documents.compactMap { decoder.decode($0) }
    }

    /// How many of the query's documents decode as `Row` and match `isIncluded`, read once.
    public static func fetchCount<Row: DocumentRow>(
        of _: Row.Type,
        store: any DocumentStore,
        query: StoreQuery,
        onDecodeFailure: @escaping DecodeFailureHandler,
        where isIncluded: (Row) -> Bool = { _ in true }
    ) async throws -> Int {
        let rows: [Row] = try await fetch(store: store, query: query, onDecodeFailure: onDecodeFailure)
        return rows.lazy.filter(isIncluded).count
    }
}

extension DocumentStream {
    /// The document at `path`, read once: nil when there is none or when it does not decode
    /// (reported to `onDecodeFailure`).
    public static func fetch<Row: DocumentCodable>(
        store: any DocumentStore,
        path: [String],
        onDecodeFailure: @escaping DecodeFailureHandler
    ) async throws -> Row? {
        guard let document = try await store.getDocument(path) else { return nil }
        var decoder = ReportingDecoder<Row>(collection: Array(path.dropLast()), onFailure: onDecodeFailure)
        return decoder.decode(document)
    }
}

/// Joins of rows read once, by the rules of the streams' `leftJoin` and `innerJoin`: each row
/// with the first row of `right` (in its order) whose key equals its key under the contract.
/// Both sides are read at the same time.
public enum JoinRows {
    public static func left<Row: Sendable, Right: Equatable & Sendable, Key: ContractEquatable, Joined: Equatable>(
        _ left: @autoclosure @Sendable () async throws -> [Row],
        _ right: @autoclosure @Sendable () async throws -> [Right],
        on leftKey: @escaping (Row) -> Key?,
        equals rightKey: @escaping (Right) -> Key?,
        into combine: @escaping (Row, Right?) -> Joined
    ) async throws -> [Joined] {
        async let rows = left()
        async let matches = right()
        let join = IncrementalJoin(leftKey: leftKey, rightKey: rightKey) { row, match in combine(row, match) }
        return try await join.update(rows, matches, changed: [.first, .second])?.0 ?? []
    }

    /// Like ``left(_:_:on:equals:into:)``, leaving out rows with no match.
    public static func inner<Row: Sendable, Right: Equatable & Sendable, Key: ContractEquatable, Joined: Equatable>(
        _ left: @autoclosure @Sendable () async throws -> [Row],
        _ right: @autoclosure @Sendable () async throws -> [Right],
        on leftKey: @escaping (Row) -> Key?,
        equals rightKey: @escaping (Right) -> Key?,
        into combine: @escaping (Row, Right) -> Joined
    ) async throws -> [Joined] {
        async let rows = left()
        async let matches = right()
        let join = IncrementalJoin(leftKey: leftKey, rightKey: rightKey) { row, match in match.map { combine(row, $0) } }
        return try await join.update(rows, matches, changed: [.first, .second])?.0 ?? []
    }
}
