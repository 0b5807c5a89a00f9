/// A document database modelled on Firestore's client API: listen to queries and documents,
/// read them once, and write in atomic batches.
public protocol DocumentStore: AnyObject, Sendable {
    /// Calls `listener` with the query's documents now and after every change to them, with
    /// the changes, until the registration is removed; an error ends the listening.
    func addListener(
        to query: StoreQuery, _ listener: @escaping @Sendable (Result<QuerySnapshot, any Error>) -> Void
    ) -> ListenerRegistration

    /// Calls `listener` with the document at `path` (nil when there is none) now and after
    /// every change to it.
    func addListener(
        toDocument path: [String], _ listener: @escaping @Sendable (Result<DocumentSnapshot?, any Error>) -> Void
    ) -> ListenerRegistration

    func getDocuments(_ query: StoreQuery) async throws -> [DocumentSnapshot]
    func getDocument(_ path: [String]) async throws -> DocumentSnapshot?

    /// Applies the writes atomically, all or none, now, as a Firestore client applies them to
    /// what its listeners see, and calls `acknowledged` once the store has them (`nil`) or has
    /// refused them. Throws, applying nothing and never calling `acknowledged`, when the store
    /// refuses the batch at once. A batch holds any number of writes: Firestore has taken
    /// commits of any size since 2023-03-29 (its release notes), up to its request size.
    func commit(batch writes: [DocumentWrite], acknowledged: @escaping @Sendable ((any Error)?) -> Void) throws

    /// Runs `body` as a Firestore transaction and returns its result: its reads see the documents
    /// as they are, its writes are applied together when it returns, and only if no document it
    /// read changed meanwhile; else `body` runs again, up to `maxAttempts` times in all (Firestore's
    /// `TransactionOptions.maxAttempts`; fewer than 1 is refused with
    /// ``StoreError/invalidAttempts(_:)``). An error `body` throws ends it, writing nothing.
    func runTransaction<T: Sendable>(maxAttempts: Int, _ body: @escaping @Sendable (any DocumentTransaction) throws -> T) async throws -> T
}

extension DocumentStore {
    /// Runs `body` as a Firestore transaction of at most ``maximumTransactionAttempts`` attempts.
    public func runTransaction<T: Sendable>(_ body: @escaping @Sendable (any DocumentTransaction) throws -> T) async throws -> T {
        try await runTransaction(maxAttempts: maximumTransactionAttempts, body)
    }
}

/// One write of a batch.
public enum DocumentWrite: Hashable, Sendable {
    /// Replaces the document at the path (segments) with the data; with `mustNotExist`, only
    /// creates it: fails if there is one (Firestore's create, its `exists: false` precondition).
    case set([String], DocumentData, mustNotExist: Bool = false)
    /// Changes fields of an existing document; fails if there is none, or if one field named is
    /// another's or inside it (`a` and `a.b`), as Firestore refuses; with `unchangedSince`, fails
    /// unless the document still reads as it was read.
    case update([String], [FieldPath: FieldUpdate], unchangedSince: ReadDocument? = nil)
    /// Sets the given fields, creating the document if there is none and keeping its other
    /// fields, as Firestore's set with merge: a map value is merged key by key.
    case merge([String], [FieldPath: FieldUpdate])
    /// Deletes the document, if there is one; with `mustExist`, fails if there is none
    /// (Firestore's `exists: true` precondition); with `unchangedSince`, unless it still reads as
    /// it was read.
    case delete([String], mustExist: Bool = false, unchangedSince: ReadDocument? = nil)

    public var path: [String] {
        switch self {
        case let .set(path, _, _), let .update(path, _, _), let .merge(path, _), let .delete(path, _, _): path
        }
    }

    /// Whether the write has a precondition of its own on its document: it creates only, deletes
    /// only what exists, or changes only what still reads as it was read.
    public var isConditional: Bool {
        switch self {
        case let .set(_, _, mustNotExist): mustNotExist
        case let .delete(_, mustExist, unchangedSince): mustExist || unchangedSince != nil
        case let .update(_, _, unchangedSince): unchangedSince != nil
        case .merge: false
        }
    }

    /// The document as read that the write requires its document still to be, if any.
    public var unchangedSince: ReadDocument? {
        switch self {
        case let .update(_, _, read), let .delete(_, _, read): read
        case .set, .merge: nil
        }
    }
}

/// Why a store refused a request.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A path segment is empty or holds a `/`.
    case invalidPath([String])
    /// A write names a document by an id Firestore does not take ("Constraints on
    /// collections, documents, and fields"): `.`, `..`, one of the form `__.*__`, or one longer
    /// than 1,500 bytes, as the document's id or as one of its path's.
    case reservedID([String])
    case notFound([String])
    /// A create-only write of a document that exists.
    case alreadyExists([String])
    /// An `unchangedSince` write of a document that no longer reads as it was read.
    case changedSinceRead([String])
    /// One update names a field and a field inside it.
    case overlappingFields(FieldPath, FieldPath)
    /// An increment by something else than an int or a double.
    case notANumber(FieldPath)
    /// A transaction read a document after it wrote one.
    case readAfterWrite
    /// A transaction whose reads changed before each of its attempts could commit.
    case contention(attempts: Int)
    /// A transaction allowed fewer than one attempt.
    case invalidAttempts(Int)
    /// A transaction on a client whose writes are pending: it needs the server.
    case offline
    /// A field Firestore cannot name: with no name or an empty one, or, written, one that begins
    /// and ends with `__` (as the document id's `__name__` does).
    case invalidField(FieldPath)
    /// A value Firestore cannot take where it is: an array directly inside an array (but in an
    /// `in` list), a server timestamp inside an array or in a query, or a timestamp outside the
    /// years 1 to 9999.
    case unsupportedValue(FieldPath)
    /// A filter beside an earlier one Firestore does not run it with: a second `!=` or `not-in`,
    /// or `not-in` with `!=`, `in` or `array-contains-any`.
    case conflictingFilters(QueryOperator, QueryOperator)
    /// An `in`, `not-in` or `array-contains-any` filter whose value is not a list, or an empty one.
    case emptyList(QueryOperator, FieldPath)
    /// A list longer than Firestore takes: 30 values for `in` and `array-contains-any`, 10 for `not-in`.
    case tooManyValues(QueryOperator, FieldPath, limit: Int)
    /// A query with a `not-in` filter and an `or`, which Firestore's server refuses.
    case notInWithOr
    /// Two `array-contains` or `array-contains-any` filters joined by `and`, which Firestore's server refuses.
    case twoArrayContains
    /// A filter of more than 30 disjunctions in disjunctive normal form, `in` and
    /// `array-contains-any` counting one per value, which Firestore's server refuses.
    case tooManyDisjunctions
    /// One field twice in a query's `orderBy`.
    case fieldOrderedTwice(FieldPath)
    /// A key after the document id in a query's order, the inequalities' fields included.
    case orderAfterDocumentID
    /// An `==` or `in` on the document id beside an inequality on another field and none on the id.
    case documentIDEqualityWithInequality
    /// A document a commit would leave larger than Firestore stores (1,048,576 bytes).
    case documentTooLarge([String])
    /// A commit's writes come to more than the 10 MiB Firestore takes in one request.
    case requestTooLarge
    /// A string or bytes value longer than Firestore stores (1,048,487 bytes).
    case valueTooLarge(FieldPath)
    /// A value of maps and arrays nested more than 20 levels deep.
    case tooDeep(FieldPath)
    /// A field path longer than Firestore takes (1,500 bytes, its names joined by dots).
    case fieldPathTooLong(FieldPath)
    /// A filter on the document id with something that cannot be an id (a non-empty string
    /// holding no '/'), or an `array-contains(-any)` one.
    case invalidDocumentIDFilter
    /// A collection-group query that compares the document id (a filter or a cursor), which
    /// Firestore takes only as a whole document path.
    case documentIDInCollectionGroup
    /// A query with both a `limit` and a `limitToLast`.
    case twoLimits
    /// A `limitToLast` query with no `orderBy`, which Firestore refuses.
    case limitToLastWithoutOrder
    /// A cursor with more values than the query has `orderBy` keys.
    case cursorTooLong(values: Int, orderKeys: Int)
    /// A cursor whose value for the document id is not a plain id (a non-empty string holding no '/').
    case invalidDocumentIDCursor

    /// Whether a path is well formed: collection paths have an odd number of segments, document
    /// paths an even one, and no segment is empty or holds a '/' (which would address another document).
    public static func isValid(_ path: [String], isCollection: Bool) -> Bool {
        !path.isEmpty && path.count % 2 == (isCollection ? 1 : 0) && path.allSatisfy { !$0.isEmpty && !$0.unicodeScalars.contains("/") }
    }

    public var description: String {
        switch self {
        case let .invalidPath(path): "invalid path \(path.map { "'\($0)'" }.joined(separator: "/")): segments must be non-empty and hold no '/'"
        case let .reservedID(path):
            "invalid path \(path.map { "'\($0)'" }.joined(separator: "/")): Firestore takes no id that is '.' or '..', matches __.*__, or is longer than 1,500 bytes"
        case let .notFound(path): "no document at '\(path.joined(separator: "/"))'"
        case let .alreadyExists(path): "a document already exists at '\(path.joined(separator: "/"))'"
        case let .changedSinceRead(path): "the document at '\(path.joined(separator: "/"))' has changed since it was read"
        case let .overlappingFields(field, inner): "one update cannot change both '\(field)' and '\(inner)'"
        case let .notANumber(field): "'\(field)' can only be incremented by an int or a double"
        case .readAfterWrite: "a transaction must read every document before it writes any"
        case let .contention(attempts):
            "a transaction gave up after \(attempts) \(attempts == 1 ? "attempt" : "attempts"): a document it read changed each time"
        case let .invalidAttempts(attempts): "a transaction runs at least once; maxAttempts was \(attempts)"
        case .offline: "a transaction needs the server, and this store's writes are pending"
        case let .invalidField(field): "invalid field '\(field)': names must be non-empty, and written ones must not begin and end with '__'"
        case let .unsupportedValue(field):
            "'\(field)' holds what Firestore cannot take there: an array directly inside an array, a server timestamp inside an array or in a query, or a timestamp outside the years 1 to 9999"
        case let .conflictingFilters(op, earlier) where op == earlier: "a query can have at most one '\(op.rawValue)' filter"
        case let .conflictingFilters(op, earlier): "a query cannot have both '\(op.rawValue)' and '\(earlier.rawValue)' filters"
        case let .emptyList(op, field): "the '\(op.rawValue)' filter on '\(field)' needs a non-empty list"
        case let .tooManyValues(op, field, limit): "the '\(op.rawValue)' filter on '\(field)' takes at most \(limit) values"
        case .notInWithOr: "a query with a 'not-in' filter cannot use 'or'"
        case .twoArrayContains: "a query can have one 'array-contains' or 'array-contains-any' filter in each 'or' branch, not two joined by 'and'"
        case .tooManyDisjunctions: "a query's filter makes more than the 30 disjunctions Firestore runs ('in' and 'array-contains-any' count one per value)"
        case let .fieldOrderedTwice(field): "a query cannot order by '\(field)' twice"
        case .orderAfterDocumentID: "a query's order cannot have a key after the document id (an inequality's field is ordered after the keys given)"
        case .documentIDEqualityWithInequality: "a query with '==' or 'in' on the document id cannot have an inequality on another field unless it has one on the id"
        case .requestTooLarge: "the commit is larger than the 10,485,760 bytes (10 MiB) Firestore takes in one request"
        case let .documentTooLarge(path): "the document at '\(path.joined(separator: "/"))' would be larger than the 1,048,576 bytes Firestore stores"
        case let .valueTooLarge(field): "'\(field)' holds a string or bytes longer than the 1,048,487 bytes Firestore stores in one value"
        case let .tooDeep(field): "'\(field)' nests maps and arrays deeper than the 20 levels Firestore stores"
        case let .fieldPathTooLong(field): "the field path '\(field)' is longer than the 1,500 bytes Firestore takes"
        case .invalidDocumentIDFilter: "a filter on the document id takes non-empty strings holding no '/', and cannot be 'array-contains'"
        case .documentIDInCollectionGroup: "a collection-group query compares the document id with whole document paths, not ids; filter on a stored field"
        case .twoLimits: "a query takes 'limit' or 'limitToLast', not both"
        case .limitToLastWithoutOrder: "a query with 'limitToLast' needs an 'orderBy'"
        case let .cursorTooLong(values, orderKeys): "a cursor takes at most one value per 'orderBy' key: \(values) values for \(orderKeys) keys"
        case .invalidDocumentIDCursor: "a cursor's value for the document id must be a non-empty string holding no '/'"
        }
    }
}

extension DocumentStore {
    /// Applies the writes atomically, all or none, and returns once the store has acknowledged
    /// them: offline, not before the client is back online.
    public func commitBatch(_ writes: [DocumentWrite]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            do {
                try commit(batch: writes) { error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                }
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    public func setData(_ data: DocumentData, at path: [String]) async throws {
        try await commitBatch([.set(path, data)])
    }

    public func updateData(_ fields: [FieldPath: FieldUpdate], at path: [String]) async throws {
        try await commitBatch([.update(path, fields)])
    }

    public func deleteDocument(at path: [String]) async throws {
        try await commitBatch([.delete(path)])
    }
}

/// The handle of a listener; `remove()` stops it. Removing twice does nothing.
public final class ListenerRegistration: Sendable {
    private let state: Locked<(@Sendable () -> Void)?>

    public init(remove: @escaping @Sendable () -> Void) {
        state = Locked(remove)
    }

    public func remove() {
        state.withLock { action in
            let run = action
            action = nil
            return run
        }?()
    }
}

extension StoreError {
    /// Throws ``invalidAttempts(_:)`` for fewer than one attempt, as Firestore's SDKs refuse it.
    public static func checkAttempts(_ maxAttempts: Int) throws {
        guard maxAttempts >= 1 else { throw StoreError.invalidAttempts(maxAttempts) }
    }
}
