import Foundation
import ModelgenRuntime

/// One attempt of a transaction against the emulator, as the Firebase SDKs make it
/// (firebase-js-sdk core/transaction.ts): each read records the document's update time, or
/// that there was none; the writes then carry those as preconditions.
final class EmulatorTransaction: DocumentTransaction, @unchecked Sendable {
    private let client: EmulatorClient
    private let lock = NSLock()
    /// Each document read, as first read: its update time, nil for none.
    private var reads: [(path: [String], document: DocumentSnapshot?, updateTime: String?)] = []
    private var buffered: [DocumentWrite] = []

    init(client: EmulatorClient) {
        self.client = client
    }

    var writes: [DocumentWrite] { lock.withLock { buffered } }

    func get(_ path: [String]) throws -> DocumentSnapshot? {
        try lock.withLock {
            guard buffered.isEmpty else { throw StoreError.readAfterWrite }
            if let read = reads.first(where: { $0.path == path }) { return read.document }
            let found = try client.get([path])[0]
            reads.append((path, found?.document, found?.updateTime))
            return found?.document
        }
    }

    func write(_ write: DocumentWrite) {
        lock.withLock { buffered.append(write) }
    }

    /// The writes with the preconditions of the reads, then a `verify` of each document read
    /// and not written (firebase-js-sdk core/transaction.ts, `commit`).
    func commitWrites() throws -> [JSON] {
        try lock.withLock {
            let json = EmulatorWrites(values: client.values)
            var written: [[String]] = []
            var writes = try buffered.map { write in
                written.append(write.path)
                guard let read = reads.first(where: { $0.path == write.path }) else { return json.json(write) }
                if case .update = write, read.updateTime == nil { throw StoreError.notFound(write.path) }
                return json.json(write, precondition: Self.precondition(read.updateTime))
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
}
