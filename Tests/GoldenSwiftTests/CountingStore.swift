import Foundation
import ModelgenRuntime

/// Wraps an ``InMemoryStore`` and counts how often it calls listeners, per collection.
final class CountingStore: DocumentStore, @unchecked Sendable {
    let base = InMemoryStore()
    private let lock = NSLock()
    private var counts: [[String]: Int] = [:]

    func deliveries(to collection: [String]) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return counts[collection] ?? 0
    }

    private func count(_ collection: [String]) {
        lock.lock()
        counts[collection, default: 0] += 1
        lock.unlock()
    }

    func addListener(to query: StoreQuery, _ listener: @escaping @Sendable (Result<QuerySnapshot, any Error>) -> Void) -> ListenerRegistration {
        base.addListener(to: query) { [self] in count(query.collection); listener($0) }
    }

    func addListener(toDocument path: [String], _ listener: @escaping @Sendable (Result<DocumentSnapshot?, any Error>) -> Void) -> ListenerRegistration {
        base.addListener(toDocument: path) { [self] in count(Array(path.dropLast())); listener($0) }
    }

    func getDocuments(_ query: StoreQuery) throws -> [DocumentSnapshot] { try base.getDocuments(query) }
    func getDocument(_ path: [String]) throws -> DocumentSnapshot? { try base.getDocument(path) }
    func commit(batch writes: [DocumentWrite], acknowledged: @escaping @Sendable ((any Error)?) -> Void) throws {
        try base.commit(batch: writes, acknowledged: acknowledged)
    }

    func runTransaction<T: Sendable>(maxAttempts: Int, _ body: @escaping @Sendable (any DocumentTransaction) throws -> T) async throws -> T {
        try await base.runTransaction(maxAttempts: maxAttempts, body)
    }
}

/// Collects decode failures.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [DecodeFailure] = []
    var all: [DecodeFailure] { lock.lock(); defer { lock.unlock() }; return items }
    func record(_ failure: DecodeFailure) { lock.lock(); items.append(failure); lock.unlock() }
}

/// Collects what callbacks are called with.
final class Calls<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [T] = []
    var all: [T] { lock.lock(); defer { lock.unlock() }; return items }
    func append(_ item: T) { lock.lock(); items.append(item); lock.unlock() }
}
