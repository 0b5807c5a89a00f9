import Foundation

/// The most times a transaction runs unless told otherwise: Firestore's default `maxAttempts`.
public let maximumTransactionAttempts = 5

/// A transaction's reads and writes: every read before any write, as Firestore requires.
public protocol DocumentTransaction: AnyObject {
    /// The document at `path` now, or nil; throws ``StoreError/readAfterWrite`` after a write.
    func get(_ path: [String]) throws -> DocumentSnapshot?
    /// Buffers `write`, applied with the others when the transaction commits.
    func write(_ write: DocumentWrite)
}

extension DocumentTransaction {
    /// The document at `path` decoded as `Row`, or nil when there is none; throws the
    /// ``DocumentDecodingError`` when it does not decode.
    public func get<Row: DocumentCodable>(_: Row.Type, at path: [String]) throws -> Row? {
        guard let document = try get(path) else { return nil }
        return try Row(id: document.id, data: document.data)
    }
}

extension InMemoryStore {
    /// Runs `body` against this store as Firestore's server would: its reads are recorded, and
    /// its writes applied as one batch only if no document it read has a new version (Firestore
    /// compares update times: a document deleted and made again with the same data has changed);
    /// else it runs again, `maxAttempts` times at most. With `pendingWrites` (offline) it fails at
    /// once with ``StoreError/offline``.
    public func runTransaction<T: Sendable>(
        maxAttempts: Int, _ body: @escaping @Sendable (any DocumentTransaction) throws -> T
    ) async throws -> T {
        try StoreError.checkAttempts(maxAttempts)
        guard !pendingWrites else { throw StoreError.offline }
        for _ in 0..<maxAttempts {
            let transaction = InMemoryTransaction(store: self)
            let result = try body(transaction)
            let committed = try locked { () throws -> Bool in
                guard transaction.reads.allSatisfy({ version(at: $0.path) == $0.version }) else { return false }
                try apply(transaction.writes)
                return true
            }
            if committed { return result }
        }
        throw StoreError.contention(attempts: maxAttempts)
    }
}

/// One attempt of a transaction on an ``InMemoryStore``.
final class InMemoryTransaction: DocumentTransaction, @unchecked Sendable {
    private let store: InMemoryStore
    private let lock = NSLock()
    /// Each document read, as first read, and its version then, in order.
    private var recorded: [(path: [String], document: DocumentSnapshot?, version: Int?)] = []
    private var buffered: [DocumentWrite] = []

    init(store: InMemoryStore) {
        self.store = store
    }

    var reads: [(path: [String], document: DocumentSnapshot?, version: Int?)] { lock.withLock { recorded } }
    var writes: [DocumentWrite] { lock.withLock { buffered } }

    func get(_ path: [String]) throws -> DocumentSnapshot? {
        try lock.withLock {
            try FirestoreRules.check(path: path, isCollection: false)
            guard buffered.isEmpty else { throw StoreError.readAfterWrite }
            if let read = recorded.first(where: { Self.same($0.path, path) }) { return read.document }
            let (document, version) = store.locked { (store.document(at: path), store.version(at: path)) }
            recorded.append((path, document, version))
            return document
        }
    }

    func write(_ write: DocumentWrite) {
        lock.withLock { buffered.append(write) }
    }

    /// Whether two paths have the same code points, as the store tells documents apart.
    private static func same(_ a: [String], _ b: [String]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }
    }
}
