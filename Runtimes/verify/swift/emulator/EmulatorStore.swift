import Foundation
import ModelgenRuntimeCore

/// The store of a vector run against Firestore's emulator (`FIRESTORE_EMULATOR_HOST`), in a
/// project of its own: writes and reads go to the emulator as the Firebase SDKs send them, and
/// after each write every listener's query runs again, reporting when its result changed.
///
/// With the schema's security rules (the file `MODELGEN_RULES` names, as `modelgen rules` writes
/// them), the model's writes and transactions are sent as a signed-in user, whom the rules must
/// let through, and the vector's own writes to the store as the Admin SDKs, past the rules. With
/// `MODELGEN_OUTSIDERS_REFUSED` set too (no collection of the schema lets a signed-out client
/// write), each of the model's commits is first sent signed out, which the rules must refuse.
///
/// With `pendingWrites`, commits are acknowledged on ``flushPendingWrites(at:)``, as a client's
/// are when it comes back online, and transactions fail at once. What the emulator cannot be
/// asked ends the run as skipped (`skip REASON`): server timestamps (the emulator's clock is not
/// the vector's, and it sets them at once).
public final class EmulatorStore: DocumentStore, @unchecked Sendable {
    private let client: EmulatorClient
    private let lock = NSRecursiveLock()
    private var listeners: [Int: Listener] = [:]
    private var nextListenerID = 0
    private let pendingWrites: Bool
    /// The token the model's writes are sent with: a signed-in user's under the schema's rules.
    private let modelToken: String
    /// Whether the rules must refuse the model's writes from a client that is not signed in.
    private let outsidersRefused = ProcessInfo.processInfo.environment["MODELGEN_OUTSIDERS_REFUSED"] != nil
    /// With `pendingWrites`, the acknowledgements of the commits since the last flush.
    private var unacknowledged: [@Sendable ((any Error)?) -> Void] = []

    private final class Listener: @unchecked Sendable {
        /// Whether it reads the documents of the collection at a path.
        let reads: ([String]) -> Bool
        /// Runs the listener's read again and calls it when the result changed.
        let refresh: () -> Void
        let fail: (any Error) -> Void

        init(reads: @escaping ([String]) -> Bool, refresh: @escaping () -> Void, fail: @escaping (any Error) -> Void) {
            (self.reads, self.refresh, self.fail) = (reads, refresh, fail)
        }
    }

    public init(pendingWrites: Bool, clock: @escaping @Sendable () -> Timestamp) {
        guard let host = ProcessInfo.processInfo.environment["FIRESTORE_EMULATOR_HOST"] else { Self.skip("FIRESTORE_EMULATOR_HOST is not set") }
        let project = "verify-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        client = EmulatorClient(host: host, project: project)
        Self.wiped = client
        atexit { EmulatorStore.wiped?.wipe() }
        self.pendingWrites = pendingWrites
        modelToken = Self.loadRules(into: client) ? Self.userToken : EmulatorClient.admin
    }

    /// An unsigned token of a signed-in user, as the emulator takes it (`alg: none`).
    static let userToken = ["{\"alg\":\"none\"}", "{\"sub\":\"verifier\",\"user_id\":\"verifier\"}"].map {
        Data($0.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }.joined(separator: ".") + "."

    /// Loads the rules `MODELGEN_RULES` names, if any; a rules file the emulator finds fault with
    /// fails the run.
    private static func loadRules(into client: EmulatorClient) -> Bool {
        guard let path = ProcessInfo.processInfo.environment["MODELGEN_RULES"] else { return false }
        do {
            try client.load(rules: try String(contentsOfFile: path, encoding: .utf8))
            return true
        } catch {
            FileHandle.standardError.write(Data("the security rules at \(path) do not load: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The client whose project is wiped when the runner exits.
    nonisolated(unsafe) private static var wiped: EmulatorClient?

    /// Ends the run: what it would check next, the emulator cannot be asked.
    static func skip(_ reason: String) -> Never {
        print("skip \(reason)")
        fflush(nil)
        exit(0)
    }

    public var listenerCount: Int { lock.withLock { listeners.count } }

    public func addListener(to query: StoreQuery, _ listener: @escaping @Sendable (Result<QuerySnapshot, any Error>) -> Void) -> ListenerRegistration {
        let last = Box<[DocumentSnapshot]?>(nil)
        let reads: ([String]) -> Bool = query.isCollectionGroup ? { $0.last == query.collection.first } : { $0 == query.collection }
        return add(reads: reads) { [client] in
            let documents = try client.run(query)
            guard last.value.map({ $0 != documents }) ?? true else { return }
            let changes = SnapshotChanges.between(last.value ?? [], documents)
            last.value = documents
            listener(.success(QuerySnapshot(documents: documents, changes: changes)))
        } fail: { listener(.failure($0)) }
    }

    public func addListener(toDocument path: [String], _ listener: @escaping @Sendable (Result<DocumentSnapshot?, any Error>) -> Void) -> ListenerRegistration {
        let last = Box<DocumentSnapshot??>(nil)
        return add(reads: { $0 == Array(path.dropLast()) }) { [client] in
            let document = try client.get([path])[0]?.document
            guard last.value.map({ $0 != document }) ?? true else { return }
            last.value = .some(document)
            listener(.success(document))
        } fail: { listener(.failure($0)) }
    }

    /// Registers a listener that `read`s now and after each write; an error ends it.
    private func add(reads: @escaping ([String]) -> Bool, _ read: @escaping () throws -> Void, fail: @escaping (any Error) -> Void) -> ListenerRegistration {
        lock.withLock {
            nextListenerID += 1
            let id = nextListenerID
            let listener = Listener(reads: reads, refresh: { [weak self] in
                do { try read() } catch {
                    self?.remove(id)
                    fail(error)
                }
            }, fail: fail)
            listeners[id] = listener
            listener.refresh()
            return ListenerRegistration { [weak self] in self?.remove(id) }
        }
    }

    private func remove(_ id: Int) {
        lock.withLock { _ = listeners.removeValue(forKey: id) }
    }

    /// Runs every listener's read again, in the order they were added; one removed meanwhile is left out.
    private func deliver() {
        lock.withLock {
            for id in listeners.keys.sorted() { listeners[id]?.refresh() }
        }
    }

    public func getDocuments(_ query: StoreQuery) throws -> [DocumentSnapshot] { try client.run(query) }
    public func getDocument(_ path: [String]) throws -> DocumentSnapshot? { try client.get([path])[0]?.document }

    /// Sends the writes as one commit; with an unchanged-since write among them, as a
    /// transaction's one attempt, as the Firestore adapters commit such a batch: its documents
    /// are read and checked, and the writes carry their update times as preconditions.
    public func commit(batch writes: [DocumentWrite], acknowledged: @escaping @Sendable ((any Error)?) -> Void) throws {
        let json = try writes.contains { $0.unchangedSince != nil }
            ? EmulatorTransaction(client: client, writes: writes).commitWrites()
            : writes.map { EmulatorWrites(values: client.values).json($0) }
        let outsiderError = outsidersRefused ? try refuseOutsider(json, writes) : nil
        try send(json, checking: writes, as: modelToken)
        if let outsiderError, outsiderError.status != "PERMISSION_DENIED" {
            // Refused signed out for another reason, yet written signed in: the rules went unasked.
            FileHandle.standardError.write(Data("the model's writes failed signed out with \(outsiderError) but not signed in: \(writes)\n".utf8))
            exit(1)
        }
        if pendingWrites { lock.withLock { unacknowledged.append(acknowledged) } } else { acknowledged(nil) }
    }

    /// Sends the writes as one commit, and tells the listeners.
    public func commit(_ writes: [DocumentWrite]) throws {
        try send(writes.map { EmulatorWrites(values: client.values).json($0) }, checking: writes)
    }

    /// Sends the writes signed out, which the rules must refuse (or Firestore, for a reason the
    /// model's own commit must then meet too); the error. A commit let through fails the run, as
    /// it has changed the store.
    private func refuseOutsider(_ writes: [JSON], _ documentWrites: [DocumentWrite]) throws -> EmulatorError {
        do {
            try send(writes, checking: documentWrites, as: EmulatorClient.signedOut)
        } catch let error as EmulatorError {
            return error
        }
        FileHandle.standardError.write(Data("the security rules let a client that is not signed in make the model's writes \(documentWrites)\n".utf8))
        exit(1)
    }

    func send(_ writes: [JSON], checking documentWrites: [DocumentWrite], as token: String = EmulatorClient.admin) throws {
        if documentWrites.contains(where: \.holdsServerTimestamp) { Self.skip("a server timestamp (the emulator's clock is not the vector's)") }
        try lock.withLock {
            try client.commit(writes, as: token)
            deliver()
        }
    }

    public func setData(_ data: DocumentData, at path: [String]) throws { try commit([.set(path, data)]) }
    public func updateData(_ fields: [FieldPath: FieldUpdate], at path: [String]) throws { try commit([.update(path, fields)]) }
    public func deleteDocument(at path: [String]) throws { try commit([.delete(path)]) }

    /// Acknowledges every commit since the last flush, in order (their server timestamps would
    /// be set now: a run that writes one is skipped).
    public func flushPendingWrites(at time: Timestamp? = nil) {
        let acknowledged = lock.withLock {
            defer { unacknowledged = [] }
            return unacknowledged
        }
        for acknowledge in acknowledged { acknowledge(nil) }
    }

    /// Ends every listener that reads `collection` with `error`, as when Firestore ends a
    /// listener (a refused read); they are removed.
    public func failListeners(of collection: [String], with error: any Error) {
        lock.withLock {
            for id in listeners.keys.sorted() {
                guard let listener = listeners[id], listener.reads(collection) else { continue }
                listeners[id] = nil
                listener.fail(error)
            }
        }
    }

    /// Runs `body` as the Firebase SDKs run a transaction: its reads record each document's
    /// update time, and its writes commit with those as preconditions (a read document not
    /// written is verified); a commit refused for them runs `body` again, `maxAttempts` times at most.
    public func runTransaction<T: Sendable>(
        maxAttempts: Int, _ body: @escaping @Sendable (any DocumentTransaction) throws -> T
    ) async throws -> T {
        try StoreError.checkAttempts(maxAttempts)
        guard !pendingWrites else { throw StoreError.offline }
        for _ in 0..<maxAttempts {
            let transaction = EmulatorTransaction(client: client)
            let result = try body(transaction)
            do {
                try send(try transaction.commitWrites(), checking: transaction.writes, as: modelToken)
                return result
            } catch let error as EmulatorError where ["ABORTED", "FAILED_PRECONDITION", "ALREADY_EXISTS"].contains(error.status) {
                continue
            }
        }
        throw StoreError.contention(attempts: maxAttempts)
    }
}

/// A value shared by a listener's reads.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
