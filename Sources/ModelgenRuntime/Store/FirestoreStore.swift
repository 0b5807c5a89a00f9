// A DocumentStore backed by Cloud Firestore, for apps that link the Firebase iOS SDK. It is
// compiled only where FirebaseFirestore can be imported, so not by this package's own tests.
#if canImport(FirebaseFirestore)
import FirebaseFirestore
import Foundation

/// A ``DocumentStore`` that reads and writes Cloud Firestore through the Firebase SDK.
///
/// Server timestamps that are written but not yet synced arrive as
/// ``DocumentValue/serverTimestamp``: null under Firestore's default behaviour, set under its
/// estimate, which is how a pending one is told apart from a stored null.
public final class FirestoreStore: DocumentStore, @unchecked Sendable {
    public let firestore: Firestore

    public init(firestore: Firestore = Firestore.firestore()) {
        self.firestore = firestore
    }

    public func addListener(
        to query: StoreQuery, _ listener: @escaping @Sendable (Result<QuerySnapshot, any Error>) -> Void
    ) -> ModelgenRuntime.ListenerRegistration {
        guard StoreError.isValid(query.collection, isCollection: true) else {
            listener(.failure(StoreError.invalidPath(query.collection)))
            return ModelgenRuntime.ListenerRegistration {}
        }
        let registration = firestoreQuery(query).addSnapshotListener { snapshot, error in
            if let error {
                listener(.failure(error))
            } else if let snapshot {
                let changes = snapshot.documentChanges.map(Self.change)
                listener(.success(QuerySnapshot(documents: snapshot.documents.map(Self.snapshot), changes: changes)))
            }
        }
        return ModelgenRuntime.ListenerRegistration { registration.remove() }
    }

    public func addListener(
        toDocument path: [String], _ listener: @escaping @Sendable (Result<ModelgenRuntime.DocumentSnapshot?, any Error>) -> Void
    ) -> ModelgenRuntime.ListenerRegistration {
        guard StoreError.isValid(path, isCollection: false) else {
            listener(.failure(StoreError.invalidPath(path)))
            return ModelgenRuntime.ListenerRegistration {}
        }
        let registration = firestore.document(path.joined(separator: "/")).addSnapshotListener { snapshot, error in
            if let error {
                listener(.failure(error))
            } else if let snapshot {
                listener(.success(snapshot.exists ? Self.snapshot(snapshot) : nil))
            }
        }
        return ModelgenRuntime.ListenerRegistration { registration.remove() }
    }

    public func getDocuments(_ query: StoreQuery) async throws -> [ModelgenRuntime.DocumentSnapshot] {
        guard StoreError.isValid(query.collection, isCollection: true) else { throw StoreError.invalidPath(query.collection) }
        return try await firestoreQuery(query).getDocuments().documents.map(Self.snapshot)
    }

    public func getDocument(_ path: [String]) async throws -> ModelgenRuntime.DocumentSnapshot? {
        guard StoreError.isValid(path, isCollection: false) else { throw StoreError.invalidPath(path) }
        let snapshot = try await firestore.document(path.joined(separator: "/")).getDocument()
        return snapshot.exists ? Self.snapshot(snapshot) : nil
    }

    public func commit(batch writes: [DocumentWrite], acknowledged: @escaping @Sendable ((any Error)?) -> Void) throws {
        guard writes.count <= maximumBatchSize else { throw StoreError.batchTooLarge(writes.count) }
        try Self.check(writes)
        let batch = firestore.batch()
        for write in writes {
            try perform(
                write, set: { batch.setData($0, forDocument: $1) }, update: { batch.updateData($0, forDocument: $1) },
                merge: { batch.setData($0, forDocument: $1, merge: true) }, delete: { batch.deleteDocument($0) }
            )
        }
        batch.commit { error in acknowledged(error) }
    }

    /// Runs `body` in the SDK's transaction, which retries it as Firestore does.
    public func runTransaction<T: Sendable>(_ body: @escaping @Sendable (any DocumentTransaction) throws -> T) async throws -> T {
        let outcome = Locked<T?>(nil)
        _ = try await firestore.runTransaction { transaction, errorPointer -> Any? in
            let adapter = FirestoreTransaction(store: self, transaction: transaction)
            do {
                let result = try body(adapter)
                try Self.check(adapter.writes)
                for write in adapter.writes {
                    try self.perform(
                        write, set: { transaction.setData($0, forDocument: $1) }, update: { transaction.updateData($0, forDocument: $1) },
                        merge: { transaction.setData($0, forDocument: $1, merge: true) }, delete: { transaction.deleteDocument($0) }
                    )
                }
                outcome.withLock { $0 = result }
            } catch {
                errorPointer?.pointee = error as NSError
            }
            return nil
        }
        guard let result = outcome.withLock({ $0 }) else { throw StoreError.contention(attempts: maximumTransactionAttempts) }
        return result
    }

    /// Refuses what the SDK would raise an exception for: a bad path, or overlapping fields.
    private static func check(_ writes: [DocumentWrite]) throws {
        if let invalid = writes.first(where: { !StoreError.isValid($0.path, isCollection: false) }) {
            throw StoreError.invalidPath(invalid.path)
        }
        for write in writes {
            switch write {
            case let .update(_, fields), let .merge(_, fields):
                if let (field, inner) = FieldUpdate.overlap(in: fields.keys) { throw StoreError.overlappingFields(field, inner) }
            case .set, .delete: continue
            }
        }
    }

    /// `write` as the SDK's call on a batch or a transaction.
    private func perform(
        _ write: DocumentWrite, set: ([String: Any], DocumentReference) -> Void, update: ([AnyHashable: Any], DocumentReference) -> Void,
        merge: ([String: Any], DocumentReference) -> Void, delete: (DocumentReference) -> Void
    ) throws {
        let reference = firestore.document(write.path.joined(separator: "/"))
        switch write {
        case let .set(_, data):
            set(data.mapValues(Self.firestoreValue), reference)
        case let .update(_, fields):
            var changes: [AnyHashable: Any] = [:]
            for (field, change) in fields { changes[Self.fieldPath(field)] = try Self.firestoreUpdate(change, at: field) }
            update(changes, reference)
        case let .merge(_, fields):
            var data: [String: Any] = [:]
            for (field, change) in fields { Self.nest(try Self.firestoreUpdate(change, at: field), at: field.keys[...], in: &data) }
            merge(data, reference)
        case .delete:
            delete(reference)
        }
    }

    /// The document at `path` read in the SDK's transaction.
    fileprivate func read(_ path: [String], in transaction: Transaction) throws -> ModelgenRuntime.DocumentSnapshot? {
        guard StoreError.isValid(path, isCollection: false) else { throw StoreError.invalidPath(path) }
        let snapshot = try transaction.getDocument(firestore.document(path.joined(separator: "/")))
        return snapshot.exists ? Self.snapshot(snapshot) : nil
    }

    private func firestoreQuery(_ query: StoreQuery) -> Query {
        var result: Query = firestore.collection(query.collection.joined(separator: "/"))
        if let filter = query.filter { result = result.whereFilter(Self.filter(filter)) }
        for order in query.orderBy { result = result.order(by: Self.fieldPath(order.field), descending: order.descending) }
        if let limit = query.limit { result = result.limit(to: limit) }
        return result
    }

    private static func filter(_ filter: QueryFilter) -> Filter {
        switch filter {
        case let .and(filters): return Filter.andFilter(filters.map(self.filter))
        case let .or(filters): return Filter.orFilter(filters.map(self.filter))
        case let .compare(field, op, value):
            let path = fieldPath(field), operand = firestoreValue(value)
            switch op {
            case .equal: return Filter.whereField(path, isEqualTo: operand)
            case .notEqual: return Filter.whereField(path, isNotEqualTo: operand)
            case .less: return Filter.whereField(path, isLessThan: operand)
            case .lessOrEqual: return Filter.whereField(path, isLessThanOrEqualTo: operand)
            case .greater: return Filter.whereField(path, isGreaterThan: operand)
            case .greaterOrEqual: return Filter.whereField(path, isGreaterThanOrEqualTo: operand)
            case .isIn: return Filter.whereField(path, in: operand as? [Any] ?? [])
            case .arrayContains: return Filter.whereField(path, arrayContains: operand)
            }
        }
    }

    private static func fieldPath(_ field: ModelgenRuntime.FieldPath) -> FirebaseFirestore.FieldPath {
        field == .documentID ? FirebaseFirestore.FieldPath.documentID() : FirebaseFirestore.FieldPath(field.keys)
    }

    private static func change(_ change: FirebaseFirestore.DocumentChange) -> ModelgenRuntime.DocumentChange {
        let document = snapshot(change.document)
        switch change.type {
        case .added: return .added(document, newIndex: Int(change.newIndex))
        case .removed: return .removed(document, oldIndex: Int(change.oldIndex))
        default: return .modified(document, oldIndex: Int(change.oldIndex), newIndex: Int(change.newIndex))
        }
    }

    private static func snapshot(_ snapshot: FirebaseFirestore.DocumentSnapshot) -> ModelgenRuntime.DocumentSnapshot {
        let stored = snapshot.data(with: .none) ?? [:]
        let estimated = snapshot.metadata.hasPendingWrites ? snapshot.data(with: .estimate) ?? [:] : [:]
        var data: DocumentData = [:]
        for (key, value) in stored {
            data[key] = documentValue(value, estimate: estimated[key])
        }
        return ModelgenRuntime.DocumentSnapshot(id: snapshot.documentID, data: data)
    }

    /// A Firestore value as a ``DocumentValue``; `estimate` is the same field read with
    /// estimated server timestamps, which tells a pending one from a stored null.
    private static func documentValue(_ value: Any, estimate: Any?) -> DocumentValue {
        switch value {
        case is NSNull:
            return estimate is FirebaseFirestore.Timestamp ? .serverTimestamp : .null
        case let number as NSNumber:
            if CFGetTypeID(number) == CFBooleanGetTypeID() { return .bool(number.boolValue) }
            return CFNumberIsFloatType(number) ? .double(number.doubleValue) : .int(number.int64Value)
        case let string as String:
            return .string(string)
        case let timestamp as FirebaseFirestore.Timestamp:
            return .timestamp(Timestamp(seconds: timestamp.seconds, nanoseconds: timestamp.nanoseconds))
        case let values as [Any]:
            let estimates = estimate as? [Any]
            return .array(values.enumerated().map { documentValue($0.element, estimate: estimates?[safe: $0.offset]) })
        case let fields as [String: Any]:
            let estimates = estimate as? [String: Any]
            return .map(fields.reduce(into: [:]) { $0[$1.key] = documentValue($1.value, estimate: estimates?[$1.key]) })
        case let reference as DocumentReference:
            return .string(reference.path)
        default:
            return .string(String(describing: value))
        }
    }

    private static func firestoreValue(_ value: DocumentValue) -> Any {
        switch value {
        case .null: return NSNull()
        case let .bool(value): return value
        case let .int(value): return value
        case let .double(value): return value
        case let .timestamp(value): return FirebaseFirestore.Timestamp(seconds: value.seconds, nanoseconds: value.nanoseconds)
        case let .string(value): return value
        case let .array(values): return values.map(firestoreValue)
        case let .map(fields): return fields.mapValues(firestoreValue)
        case .serverTimestamp: return FieldValue.serverTimestamp()
        }
    }

    /// Puts `value` at a path of keys in the nested data a set with merge takes.
    private static func nest(_ value: Any, at keys: ArraySlice<String>, in data: inout [String: Any]) {
        guard let first = keys.first else { return }
        guard keys.count > 1 else { return data[first] = value }
        var inner = data[first] as? [String: Any] ?? [:]
        nest(value, at: keys.dropFirst(), in: &inner)
        data[first] = inner
    }

    /// A field's update as the SDK takes it: a value or a `FieldValue` transform.
    private static func firestoreUpdate(_ update: FieldUpdate, at field: FieldPath) throws -> Any {
        switch update {
        case let .value(value): return firestoreValue(value)
        case .delete: return FieldValue.delete()
        case let .increment(.int(operand)): return FieldValue.increment(operand)
        case let .increment(.double(operand)): return FieldValue.increment(operand)
        case .increment: throw StoreError.notANumber(field)
        case let .arrayUnion(values): return FieldValue.arrayUnion(values.map(firestoreValue))
        case let .arrayRemove(values): return FieldValue.arrayRemove(values.map(firestoreValue))
        }
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

    init(store: FirestoreStore, transaction: Transaction) {
        self.store = store
        self.transaction = transaction
    }

    func get(_ path: [String]) throws -> ModelgenRuntime.DocumentSnapshot? {
        guard writes.isEmpty else { throw StoreError.readAfterWrite }
        return try store.read(path, in: transaction)
    }

    func write(_ write: DocumentWrite) {
        writes.append(write)
    }
}
#endif
