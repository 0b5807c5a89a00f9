// A DocumentStore backed by Cloud Firestore, for apps that link the Firebase iOS SDK
// (FirebaseFirestore 10.24.0 or later: `Filter` and `or` queries came in 10.7.0, inequalities on
// several fields in 10.24.0; older versions raise for those). The package's `Firestore` trait
// adds the SDK to this target; without it FirebaseFirestore cannot be imported and the module is
// empty. This package's own tests type-check it against a declaration-only description of the
// SDK calls it makes (Tests/FirestoreSDK/swift).
#if canImport(FirebaseFirestore)
import FirebaseFirestore
import Foundation
import ModelgenRuntimeCore

/// A ``DocumentStore`` that reads and writes Cloud Firestore through the Firebase SDK.
///
/// The SDK raises an Objective-C exception, which Swift cannot catch and which ends the app, for
/// arguments it refuses; so every query and write is first checked by ``FirestoreRules``, as the
/// in-memory store checks it, and fails with the same ``StoreError``. A limit below 1 is answered
/// as the in-memory store answers it, with no document.
///
/// Server timestamps that are written but not yet synced arrive as
/// ``DocumentValue/serverTimestamp``: null under Firestore's default behaviour, set under its
/// estimate, which is how a pending one is told apart from a stored null.
public final class FirestoreStore: DocumentStore, @unchecked Sendable {
    public let firestore: Firestore

    public init(firestore: Firestore = Firestore.firestore()) {
        self.firestore = firestore
    }

    // MARK: Reading

    public func addListener(
        to query: StoreQuery, _ listener: @escaping @Sendable (Result<ModelgenRuntimeCore.QuerySnapshot, any Error>) -> Void
    ) -> ModelgenRuntimeCore.ListenerRegistration {
        let planned: Query?
        do {
            planned = try firestoreQuery(query)
        } catch {
            listener(.failure(error))
            return ModelgenRuntimeCore.ListenerRegistration {}
        }
        guard let planned else {
            // A limit below 1: no document, and nothing can change that; one empty snapshot, as the in-memory store sends.
            listener(.success(ModelgenRuntimeCore.QuerySnapshot(documents: [], changes: [])))
            return ModelgenRuntimeCore.ListenerRegistration {}
        }
        let registration = SDKRegistration(planned.addSnapshotListener { snapshot, error in
            if let error {
                listener(.failure(error))
            } else if let snapshot {
                let changes = snapshot.documentChanges.map(Self.change)
                listener(.success(ModelgenRuntimeCore.QuerySnapshot(documents: snapshot.documents.map(Self.snapshot), changes: changes)))
            }
        })
        return ModelgenRuntimeCore.ListenerRegistration { registration.remove() }
    }

    public func addListener(
        toDocument path: [String], _ listener: @escaping @Sendable (Result<ModelgenRuntimeCore.DocumentSnapshot?, any Error>) -> Void
    ) -> ModelgenRuntimeCore.ListenerRegistration {
        do {
            try FirestoreRules.check(path: path, isCollection: false)
        } catch {
            listener(.failure(error))
            return ModelgenRuntimeCore.ListenerRegistration {}
        }
        let registration = SDKRegistration(document(path).addSnapshotListener { snapshot, error in
            if let error {
                listener(.failure(error))
            } else if let snapshot {
                listener(.success(snapshot.exists ? Self.snapshot(snapshot) : nil))
            }
        })
        return ModelgenRuntimeCore.ListenerRegistration { registration.remove() }
    }

    public func getDocuments(_ query: StoreQuery) async throws -> [ModelgenRuntimeCore.DocumentSnapshot] {
        guard let planned = try firestoreQuery(query) else { return [] }
        return try await planned.getDocuments().documents.map(Self.snapshot)
    }

    public func getDocument(_ path: [String]) async throws -> ModelgenRuntimeCore.DocumentSnapshot? {
        try FirestoreRules.check(path: path, isCollection: false)
        let snapshot = try await document(path).getDocument()
        return snapshot.exists ? Self.snapshot(snapshot) : nil
    }

    /// The document at `path` read in the SDK's transaction.
    fileprivate func read(_ path: [String], in transaction: Transaction) throws -> ModelgenRuntimeCore.DocumentSnapshot? {
        try FirestoreRules.check(path: path, isCollection: false)
        let snapshot = try transaction.getDocument(document(path))
        return snapshot.exists ? Self.snapshot(snapshot) : nil
    }

    // MARK: Writing

    /// Commits the writes as the SDK's batch; with a create-only, must-exist or unchanged-since
    /// write among them, as its transaction, which reads those documents first (the SDKs have no
    /// preconditions of their own) and commits only if they are still as read. Such a commit
    /// needs the server — offline it fails, as every Firestore transaction does — and listeners
    /// see it only once the server has applied it.
    public func commit(batch writes: [DocumentWrite], acknowledged: @escaping @Sendable ((any Error)?) -> Void) throws {
        // Every write is checked and converted before the batch holds any.
        try FirestoreRules.checkSize(of: writes)
        let converted = try writes.map(sdkWrite)
        guard Preconditions.paths(writes).isEmpty else {
            firestore.runTransaction({ transaction, errorPointer -> Any? in
                let attempt = FirestoreTransaction(store: self, transaction: transaction)
                for write in writes { attempt.write(write) }
                do { try attempt.commit() } catch { errorPointer?.pointee = error as NSError }
                return nil
            }, completion: { _, error in acknowledged(error) })
            return
        }
        let batch = firestore.batch()
        for write in converted {
            switch write {
            case let .set(data, reference): batch.setData(data, forDocument: reference)
            case let .update(fields, reference): batch.updateData(fields, forDocument: reference)
            case let .merge(data, reference): batch.setData(data, forDocument: reference, merge: true)
            case let .delete(reference): batch.deleteDocument(reference)
            }
        }
        batch.commit { error in acknowledged(error) }
    }

    /// Runs `body` in the SDK's transaction, which retries it as Firestore does, at most
    /// `maxAttempts` times (its `TransactionOptions`).
    public func runTransaction<T: Sendable>(
        maxAttempts: Int, _ body: @escaping @Sendable (any DocumentTransaction) throws -> T
    ) async throws -> T {
        try StoreError.checkAttempts(maxAttempts)
        let options = TransactionOptions()
        options.maxAttempts = maxAttempts
        let outcome = Locked<T?>(nil)
        // The SDK's async runTransaction takes no options: its block API, wrapped as that one is.
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            firestore.runTransaction(with: options, block: { transaction, errorPointer -> Any? in
                let attempt = FirestoreTransaction(store: self, transaction: transaction)
                do {
                    let result = try body(attempt)
                    try attempt.commit()
                    outcome.withLock { $0 = result }
                } catch {
                    errorPointer?.pointee = error as NSError
                }
                return nil
            }, completion: { _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            })
        }
        guard let result = outcome.withLock({ $0 }) else { throw StoreError.contention(attempts: maxAttempts) }
        return result
    }

    /// A write as the SDK takes it, on a batch or a transaction (which share no type).
    enum SDKWrite {
        case set([String: Any], DocumentReference)
        case update([AnyHashable: Any], DocumentReference)
        case merge([String: Any], DocumentReference)
        case delete(DocumentReference)
    }

    /// `write` checked by ``FirestoreRules`` and converted. An update names fields by path (not
    /// dotted strings), so a key holding a '.' stays one key.
    func sdkWrite(_ write: DocumentWrite) throws -> SDKWrite {
        try FirestoreRules.check(write)
        switch write {
        case let .set(_, data, _):
            return .set(data.mapValues(sdkValue), document(write.path))
        case let .update(_, fields, _):
            var changes: [AnyHashable: Any] = [:]
            for (field, change) in fields { changes[Self.fieldPath(field)] = try sdkUpdate(change, at: field) }
            return .update(changes, document(write.path))
        case let .merge(_, fields):
            var data: [String: Any] = [:]
            for (field, change) in fields { Self.nest(try sdkUpdate(change, at: field), at: field.keys[...], in: &data) }
            return .merge(data, document(write.path))
        case .delete:
            return .delete(document(write.path))
        }
    }

    /// Puts `value` at a path of keys in the nested data a set with merge takes.
    static func nest(_ value: Any, at keys: ArraySlice<String>, in data: inout [String: Any]) {
        guard let first = keys.first else { return }
        guard keys.count > 1 else { return data[first] = value }
        var inner = data[first] as? [String: Any] ?? [:]
        nest(value, at: keys.dropFirst(), in: &inner)
        data[first] = inner
    }

    /// A field's update as the SDK takes it: a value or a `FieldValue` transform.
    func sdkUpdate(_ update: FieldUpdate, at field: ModelgenRuntimeCore.FieldPath) throws -> Any {
        switch update {
        case let .value(value): sdkValue(value)
        case .delete: FieldValue.delete()
        case let .increment(.int(operand)): FieldValue.increment(operand)
        case let .increment(.double(operand)): FieldValue.increment(operand)
        case .increment: throw StoreError.notANumber(field)
        case let .arrayUnion(values): FieldValue.arrayUnion(values.map(sdkValue))
        case let .arrayRemove(values): FieldValue.arrayRemove(values.map(sdkValue))
        }
    }

    static func change(_ change: FirebaseFirestore.DocumentChange) -> ModelgenRuntimeCore.DocumentChange {
        let document = snapshot(change.document)
        // An index the change has no use for is NSNotFound (NSIntegerMax).
        switch change.type {
        case .added: return .added(document, newIndex: Int(clamping: change.newIndex))
        case .removed: return .removed(document, oldIndex: Int(clamping: change.oldIndex))
        case .modified: return .modified(document, oldIndex: Int(clamping: change.oldIndex), newIndex: Int(clamping: change.newIndex))
        }
    }

    static func snapshot(_ snapshot: FirebaseFirestore.DocumentSnapshot) -> ModelgenRuntimeCore.DocumentSnapshot {
        let stored = snapshot.data(with: .none) ?? [:]
        let estimated = snapshot.metadata.hasPendingWrites ? snapshot.data(with: .estimate) ?? [:] : [:]
        var data: DocumentData = [:]
        for (key, value) in stored {
            data[key] = documentValue(value, estimate: estimated[key])
        }
        let parent = snapshot.reference.path.split(separator: "/").dropLast().map(String.init)
        return ModelgenRuntimeCore.DocumentSnapshot(id: snapshot.documentID, data: data, parent: parent)
    }

    /// A Firestore value as a ``DocumentValue``; `estimate` is the same field read with
    /// estimated server timestamps, which tells a pending one from a stored null.
    static func documentValue(_ value: Any, estimate: Any?) -> DocumentValue {
        switch value {
        case is NSNull:
            return estimate is FirebaseFirestore.Timestamp ? .serverTimestamp : .null
        case let number as NSNumber:
            // The SDK reads booleans as @YES/@NO (type "c"), integers as int64_t ("q") and doubles as
            // double ("d") (FSTUserDataWriter.mm), and writes an NSNumber by the same codes
            // (FSTUserDataReader.mm, parseScalarValue: "B", "c", "C" a boolean; "f", "d" a double).
            switch String(cString: number.objCType) {
            case "c", "B", "C": return .bool(number.boolValue)
            case "d", "f": return .double(number.doubleValue)
            default: return .int(number.int64Value)
            }
        case let string as String:
            return .string(string)
        case let timestamp as FirebaseFirestore.Timestamp:
            return .timestamp(ModelgenRuntimeCore.Timestamp(seconds: timestamp.seconds, nanoseconds: timestamp.nanoseconds))
        case let bytes as Data:
            return .bytes(bytes)
        case let point as FirebaseFirestore.GeoPoint:
            return .geoPoint(ModelgenRuntimeCore.GeoPoint(latitude: point.latitude, longitude: point.longitude))
        case let values as [Any]:
            let estimates = estimate as? [Any]
            return .array(values.enumerated().map { documentValue($0.element, estimate: estimates?[safe: $0.offset]) })
        case let fields as [String: Any]:
            let estimates = estimate as? [String: Any]
            return .map(fields.reduce(into: [:]) { $0[$1.key] = documentValue($1.value, estimate: estimates?[$1.key]) })
        case let reference as DocumentReference:
            return .reference(reference.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init))
        default:
            return .string(String(describing: value))
        }
    }

    func document(_ path: [String]) -> DocumentReference {
        firestore.document(path.joined(separator: "/"))
    }
}

/// The SDK's registration of a listener, for the `@Sendable` closure that removes it: the SDK
/// removes a listener under a mutex (core/src/api/query_listener_registration.cc, Remove), so from
/// any thread.
private final class SDKRegistration: @unchecked Sendable {
    private let registration: any FirebaseFirestore.ListenerRegistration

    init(_ registration: any FirebaseFirestore.ListenerRegistration) {
        self.registration = registration
    }

    func remove() {
        registration.remove()
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}

/// One attempt of a transaction in the SDK: reads go to the SDK's transaction, writes wait for
/// the body to return.
private final class FirestoreTransaction: DocumentTransaction {
    private let store: FirestoreStore
    private let transaction: Transaction
    private(set) var writes: [DocumentWrite] = []
    /// Each document read, as read: its data, nil where there was none; keyed by its exact path
    /// (Swift's `String` equality would make two ids differing in Unicode normalization one).
    private var found: [ContractKey<String>: DocumentData?] = [:]

    init(store: FirestoreStore, transaction: Transaction) {
        self.store = store
        self.transaction = transaction
    }

    func get(_ path: [String]) throws -> ModelgenRuntimeCore.DocumentSnapshot? {
        guard writes.isEmpty else { throw StoreError.readAfterWrite }
        let document = try store.read(path, in: transaction)
        found[ContractKey(path.joined(separator: "/"))] = .some(document?.data)
        return document
    }

    func write(_ write: DocumentWrite) {
        writes.append(write)
    }

    /// Checks the writes' preconditions against their documents, as read or read now, then
    /// hands the writes to the SDK's transaction. Every write is checked and converted before
    /// the transaction holds any.
    func commit() throws {
        try FirestoreRules.checkSize(of: writes)
        try Preconditions.check(writes) { path in try found[ContractKey(path.joined(separator: "/"))] ?? store.read(path, in: transaction)?.data }
        for write in try writes.map(store.sdkWrite) {
            switch write {
            case let .set(data, reference): transaction.setData(data, forDocument: reference)
            case let .update(fields, reference): transaction.updateData(fields, forDocument: reference)
            case let .merge(data, reference): transaction.setData(data, forDocument: reference, merge: true)
            case let .delete(reference): transaction.deleteDocument(reference)
            }
        }
    }
}
#endif
