import Foundation

/// A ``DocumentStore`` held in memory, with Firestore's query semantics: for tests, previews
/// and offline demos.
///
/// It is safe to use from any thread. Listeners are called synchronously, in the order they
/// were added: first when added, then after each write or batch that changes what they see. A
/// listener may write to the store; listeners after it then see the newest state once.
///
/// With `pendingWrites` it is a Firestore client that has not synced yet: a
/// ``DocumentValue/serverTimestamp`` written stays pending — it reads as nil and sorts after
/// every timestamp — and committed batches stay unacknowledged, until ``flushPendingWrites(at:)``.
public final class InMemoryStore: DocumentStore, @unchecked Sendable {
    private let lock = NSRecursiveLock()
    /// Collection path → document id → document, keyed by exact code points (Swift's `String`
    /// keys would merge ids that differ only by Unicode normalization).
    private var collections: [ContractKey<String>: [ContractKey<String>: DocumentSnapshot]] = [:]
    /// Each document's version: a new one whenever its data changes or it is created, as
    /// Firestore gives a document a new update time (a write that changes nothing keeps it).
    private var versions: [DocumentKey: Int] = [:]
    private var lastVersion = 0
    private var listeners: [Listener] = []
    private var nextListenerID = 0
    let pendingWrites: Bool
    /// With `pendingWrites`, the acknowledgements of the batches committed since the last flush.
    private var unacknowledged: [@Sendable ((any Error)?) -> Void] = []
    private let clock: @Sendable () -> Timestamp

    /// A registered listener; its state is guarded by the store's lock.
    private final class Listener: @unchecked Sendable {
        let id: Int
        /// Whether it sees the documents of the collection at a path (its segments joined by '/').
        let reads: (ContractKey<String>) -> Bool
        /// Takes in a change to a document of the collection, before `deliver`.
        let record: (_ old: DocumentSnapshot?, _ new: DocumentSnapshot?) -> Void
        let deliver: () -> Void
        let fail: (any Error) -> Void
        var isRemoved = false

        init(
            id: Int, reads: @escaping (ContractKey<String>) -> Bool, record: @escaping (DocumentSnapshot?, DocumentSnapshot?) -> Void,
            deliver: @escaping () -> Void, fail: @escaping (any Error) -> Void
        ) {
            self.id = id
            self.reads = reads
            self.record = record
            self.deliver = deliver
            self.fail = fail
        }
    }

    /// - Parameters:
    ///   - pendingWrites: Keep server timestamps pending until ``flushPendingWrites(at:)``.
    ///   - clock: The time server timestamps are set to.
    public init(pendingWrites: Bool = false, clock: @escaping @Sendable () -> Timestamp = { .now }) {
        self.pendingWrites = pendingWrites
        self.clock = clock
    }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: Reading

    public func getDocuments(_ query: StoreQuery) throws -> [DocumentSnapshot] {
        try FirestoreRules.check(query)
        return locked { results(of: query) }
    }

    public func getDocument(_ path: [String]) throws -> DocumentSnapshot? {
        try FirestoreRules.check(path: path, isCollection: false)
        return locked { document(at: path) }
    }

    /// How many listeners are active: zero once every stream has been cancelled.
    public var listenerCount: Int {
        locked { listeners.count }
    }

    private func results(of query: StoreQuery) -> [DocumentSnapshot] {
        QueryEngine.run(query, over: documents(readBy: query))
    }

    /// The documents of the collection `query` reads, or of every collection of its group.
    private func documents(readBy query: StoreQuery) -> [DocumentSnapshot] {
        guard query.isCollectionGroup else { return Array((collections[Self.key(query.collection)] ?? [:]).values) }
        let reads = Self.reader(of: query)
        return collections.filter { reads($0.key) }.flatMap(\.value.values)
    }

    /// Whether a collection, by key, holds documents `query` reads: its collection, or for a
    /// group every collection whose last segment is the group's id. Segments hold no '/', and
    /// UTF-8 bytes compare as code points do.
    private static func reader(of query: StoreQuery) -> (ContractKey<String>) -> Bool {
        guard query.isCollectionGroup, let id = query.collection.first else {
            let collection = key(query.collection)
            return { $0 == collection }
        }
        let alone = Array(id.utf8), last = Array(("/" + id).utf8)
        return { key in
            let bytes = key.value.utf8
            return bytes.elementsEqual(alone) || (bytes.count > last.count && bytes.suffix(last.count).elementsEqual(last))
        }
    }

    func document(at path: [String]) -> DocumentSnapshot? {
        document(at: Self.documentKey(path))
    }

    /// The version of the document at `path` (see `versions`), or nil when there is none.
    func version(at path: [String]) -> Int? {
        versions[Self.documentKey(path)]
    }

    private func document(at key: DocumentKey) -> DocumentSnapshot? {
        collections[key.collection]?[key.id]
    }

    /// Where a document is: its collection path and id, by exact code points.
    private struct DocumentKey: Hashable {
        var collection: ContractKey<String>
        var id: ContractKey<String>

        var path: String { collection.value + "/" + id.value }
    }

    private static func documentKey(_ path: [String]) -> DocumentKey {
        DocumentKey(collection: key(path.dropLast()), id: ContractKey(path[path.count - 1]))
    }

    /// A collection path as a key; segments hold no '/', so joining them is exact.
    private static func key(_ collection: some Collection<String>) -> ContractKey<String> {
        ContractKey(collection.joined(separator: "/"))
    }

    // MARK: Listening

    public func addListener(
        to query: StoreQuery, _ listener: @escaping @Sendable (Result<QuerySnapshot, any Error>) -> Void
    ) -> ListenerRegistration {
        do {
            try FirestoreRules.check(query)
        } catch {
            listener(.failure(error))
            return ListenerRegistration {}
        }
        // The view and the changes it has not taken in yet, guarded by the store's lock.
        var view: QueryView?
        var pending: [(old: DocumentSnapshot?, new: DocumentSnapshot?)] = []
        return register(
            reads: Self.reader(of: query),
            record: { pending.append(($0, $1)) },
            fail: { listener(.failure($0)) }
        ) { [unowned self] in
            guard let view else {
                let first = QueryView(query, over: documents(readBy: query))
                view = first
                listener(.success(QuerySnapshot(documents: first.documents, changes: first.documents.enumerated().map { .added($1, newIndex: $0) })))
                return
            }
            let changes = pending.flatMap { view.update(from: $0.old, to: $0.new) }
            pending = []
            if !changes.isEmpty { listener(.success(QuerySnapshot(documents: view.documents, changes: changes))) }
        }
    }

    public func addListener(
        toDocument path: [String], _ listener: @escaping @Sendable (Result<DocumentSnapshot?, any Error>) -> Void
    ) -> ListenerRegistration {
        do {
            try FirestoreRules.check(path: path, isCollection: false)
        } catch {
            listener(.failure(error))
            return ListenerRegistration {}
        }
        var last: DocumentSnapshot??
        let collection = Self.key(path.dropLast())
        return register(reads: { $0 == collection }, record: { _, _ in }, fail: { listener(.failure($0)) }) { [unowned self] in
            let current = document(at: path)
            guard last == nil || current != last! else { return }
            last = current
            listener(.success(current))
        }
    }

    /// Adds a listener and delivers the current state to it at once.
    private func register(
        reads: @escaping (ContractKey<String>) -> Bool,
        record: @escaping (DocumentSnapshot?, DocumentSnapshot?) -> Void,
        fail: @escaping (any Error) -> Void,
        deliver: @escaping () -> Void
    ) -> ListenerRegistration {
        let entry = locked {
            nextListenerID += 1
            let entry = Listener(id: nextListenerID, reads: reads, record: record, deliver: deliver, fail: fail)
            listeners.append(entry)
            entry.deliver()
            return entry
        }
        return ListenerRegistration { [weak self] in
            self?.locked {
                entry.isRemoved = true
                self?.listeners.removeAll { $0.id == entry.id }
            }
        }
    }

    /// Lets every listener of the changed collections see the new state, in registration order.
    private func notify(_ changed: Set<ContractKey<String>>) {
        for listener in listeners where !listener.isRemoved && changed.contains(where: listener.reads) {
            listener.deliver()
        }
    }

    /// Ends every listener that reads `collection` (its queries, its documents, and collection
    /// groups holding it) with `error`, as when Firestore refuses a listener; they are removed.
    public func failListeners(of collection: [String], with error: any Error) {
        let collection = Self.key(collection)
        locked {
            let failing = listeners.filter { $0.reads(collection) }
            listeners.removeAll { $0.reads(collection) }
            for listener in failing {
                listener.isRemoved = true
                listener.fail(error)
            }
        }
    }

    // MARK: Writing

    /// Applies the writes atomically and notifies listeners once, then acknowledges them:
    /// at once, or with `pendingWrites` on the next ``flushPendingWrites(at:)``.
    public func commit(batch writes: [DocumentWrite], acknowledged: @escaping @Sendable ((any Error)?) -> Void) throws {
        let waits = try locked {
            try apply(writes)
            if pendingWrites { unacknowledged.append(acknowledged) }
            return pendingWrites
        }
        if !waits { acknowledged(nil) }
    }

    /// Applies the writes atomically, then notifies listeners once. Must hold the lock.
    func apply(_ writes: [DocumentWrite]) throws {
        try FirestoreRules.checkSize(of: writes)
        for write in writes { try FirestoreRules.check(write) }
        // The time server timestamps take: none while writes stay pending.
        let serverTime = pendingWrites ? nil : clock()
        // Each written document's new state (nil: deleted), in the order first written.
        var staged: [DocumentKey: DocumentSnapshot?] = [:]
        var order: [DocumentKey] = []
        var preconditions = Preconditions()
        for write in writes {
            let id = write.path[write.path.count - 1]
            let key = Self.documentKey(write.path)
            if staged[key] == nil { order.append(key) }
            let current = staged[key] ?? document(at: key)
            // Each precondition in its write's turn, as Firestore reports the first write it refuses.
            try preconditions.check(write) { document(at: Self.documentKey($0))?.data }
            switch write {
            case let .set(_, data, _):
                staged[key] = DocumentSnapshot(id: id, data: data.mapValues { $0.stored(serverTime: serverTime) }, parent: Array(write.path.dropLast()))
            case let .update(_, fields, _), let .merge(_, fields):
                let merging = if case .merge = write { true } else { false }
                guard var document = current ?? (merging ? DocumentSnapshot(id: id, data: [:], parent: Array(write.path.dropLast())) : nil) else { throw StoreError.notFound(write.path) }
                for (field, update) in fields {
                    let update = Self.stored(update, serverTime: serverTime)
                    if merging { try document.data.merge(update, at: field) } else { try document.data.apply(update, at: field) }
                }
                staged[key] = document
            case .delete:
                staged[key] = .some(nil)
            }
        }
        for key in order { if let document = staged[key]! { try DocumentLimits.check(document) } }
        store(order.map { ($0, staged[$0]!) })
    }

    /// Replaces the document at `path`, now; nothing waits for an acknowledgement.
    public func setData(_ data: DocumentData, at path: [String]) throws {
        try commit([.set(path, data)])
    }

    /// Changes fields of the document at `path`, now; throws if there is none.
    public func updateData(_ fields: [FieldPath: FieldUpdate], at path: [String]) throws {
        try commit([.update(path, fields)])
    }

    /// Deletes the document at `path`, now.
    public func deleteDocument(at path: [String]) throws {
        try commit([.delete(path)])
    }

    /// Applies the writes atomically, now; nothing waits for an acknowledgement.
    public func commit(_ writes: [DocumentWrite]) throws {
        try locked { try apply(writes) }
    }

    /// Sets every pending server timestamp to `time` (the clock's time by default), as when
    /// the writes reach the server, notifies listeners, then acknowledges every batch committed
    /// since the last flush, in order.
    public func flushPendingWrites(at time: Timestamp? = nil) {
        let acknowledged = locked {
            let now = time ?? clock()
            var updates: [(DocumentKey, DocumentSnapshot?)] = []
            for (collection, documents) in collections {
                for (id, document) in documents where DocumentValue.map(document.data).containsServerTimestamp {
                    var stored = document
                    stored.data = document.data.mapValues { $0.stored(serverTime: now) }
                    updates.append((DocumentKey(collection: collection, id: id), stored))
                }
            }
            store(updates.sorted { CodePoints.compare($0.0.path, $1.0.path) < 0 })
            defer { unacknowledged = [] }
            return unacknowledged
        }
        for acknowledge in acknowledged { acknowledge(nil) }
    }

    /// Stores documents (nil: deleted), lets each changed one's listeners take in the change,
    /// then notifies them. Must hold the lock.
    private func store(_ documents: [(DocumentKey, DocumentSnapshot?)]) {
        var changed: Set<ContractKey<String>> = []
        for (key, document) in documents {
            let old = self.document(at: key)
            guard old != document else { continue }
            collections[key.collection, default: [:]][key.id] = document
            lastVersion += 1
            versions[key] = document == nil ? nil : lastVersion
            changed.insert(key.collection)
            for listener in listeners where !listener.isRemoved && listener.reads(key.collection) {
                listener.record(old, document)
            }
        }
        notify(changed)
    }

    /// An update as stored: timestamps to whole microseconds, and server timestamps set to
    /// `serverTime` unless it is nil (an array removal's elements match stored values as given).
    private static func stored(_ update: FieldUpdate, serverTime: Timestamp?) -> FieldUpdate {
        switch update {
        case let .value(value): .value(value.stored(serverTime: serverTime))
        case let .arrayUnion(values): .arrayUnion(values.map { $0.stored(serverTime: serverTime) })
        case let .arrayRemove(values): .arrayRemove(values.map { $0.stored(serverTime: nil) })
        case .delete, .increment: update
        }
    }

}

extension DocumentValue {
    var containsServerTimestamp: Bool {
        switch self {
        case .serverTimestamp: true
        case let .array(values): values.contains { $0.containsServerTimestamp }
        case let .map(fields): fields.values.contains { $0.containsServerTimestamp }
        default: false
        }
    }

    /// The value as Firestore stores it: timestamps rounded down to whole microseconds ("When
    /// stored in Cloud Firestore, precise only to microseconds; any additional precision is
    /// rounded down": firebase.google.com/docs/firestore/manage-data/data-types), and server
    /// timestamps set to `serverTime` unless it is nil.
    func stored(serverTime: Timestamp?) -> DocumentValue {
        switch self {
        case let .timestamp(time): .timestamp(time.truncatedToMicroseconds)
        case .serverTimestamp: serverTime.map { .timestamp($0.truncatedToMicroseconds) } ?? self
        case let .array(values): .array(values.map { $0.stored(serverTime: serverTime) })
        case let .map(fields): .map(fields.mapValues { $0.stored(serverTime: serverTime) })
        case .null, .bool, .int, .double, .string, .bytes, .reference, .geoPoint: self
        }
    }
}
