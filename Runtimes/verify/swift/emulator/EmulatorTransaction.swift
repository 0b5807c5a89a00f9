import Foundation
import ModelgenRuntimeCore

/// One attempt of a transaction against the emulator, as the Firebase SDKs make it
/// (firebase-js-sdk core/transaction.ts): each read records the document's update time, or
/// that there was none; the writes then carry those as preconditions.
final class EmulatorTransaction: DocumentTransaction, @unchecked Sendable {
    private let client: EmulatorClient
    private let lock = NSLock()
    /// Each document read, as first read: its update time, nil for none.
    private var reads: [(path: [String], document: DocumentSnapshot?, updateTime: String?)] = []
    private var buffered: [DocumentWrite] = []

    init(client: EmulatorClient, writes: [DocumentWrite] = []) {
        self.client = client
        buffered = writes
    }

    var writes: [DocumentWrite] { lock.withLock { buffered } }

    func get(_ path: [String]) throws -> DocumentSnapshot? {
        try lock.withLock {
            guard buffered.isEmpty else { throw StoreError.readAfterWrite }
            return try read(path)
        }
    }

    /// The document at `path` as first read, read now if it was not. Must hold the lock.
    private func read(_ path: [String]) throws -> DocumentSnapshot? {
        if let read = reads.first(where: { Self.same($0.path, path) }) { return read.document }
        let found = try client.get([path])[0]
        reads.append((path, found?.document, found?.updateTime))
        return found?.document
    }

    func write(_ write: DocumentWrite) {
        lock.withLock { buffered.append(write) }
    }

    /// The writes, the first of each document read carrying the read as its precondition, then a
    /// `verify` of each document read and not written (firebase-js-sdk core/transaction.ts,
    /// `precondition` and `commit`). A first write that the read already refuses — an update or a
    /// must-exist delete of a document that was not there, a create-only set of one that was, an
    /// unchanged-since write of one that reads otherwise — fails before anything is sent. The
    /// documents of conditional writes are read as their turn comes, as the Firestore adapters
    /// read them (the client SDKs have no preconditions).
    func commitWrites() throws -> [JSON] {
        try lock.withLock {
            let json = EmulatorWrites(values: client.values)
            var preconditions = Preconditions()
            var written: [[String]] = []
            var writes = try buffered.map { write in
                defer { written.append(write.path) }
                try preconditions.check(write) { path in try read(path)?.data }
                guard !written.contains(where: { Self.same($0, write.path) }), let read = reads.first(where: { Self.same($0.path, write.path) }) else {
                    return json.json(write)
                }
                switch write {
                case .update where read.updateTime == nil: throw StoreError.notFound(write.path)
                default: return json.json(write, precondition: Self.precondition(read.updateTime))
                }
            }
            for read in reads where !written.contains(read.path) {
                writes.append(json.verify(read.path, precondition: Self.precondition(read.updateTime)))
            }
            return writes
        }
    }

    private static func precondition(_ updateTime: String?) -> JSON {
        updateTime.map { .object([("updateTime", .string($0))]) } ?? .object([("exists", .bool(false))])
    }

    /// Whether two paths are one document's: segment by segment, exactly (Swift's `String`
    /// equality would make two ids differing in Unicode normalization one, as Firestore does not).
    private static func same(_ a: [String], _ b: [String]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { ContractKey($0) == ContractKey($1) }
    }
}
