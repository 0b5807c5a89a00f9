import Foundation
import RuntimeTestSupport
import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// Transactions on the in-memory store: reads recorded, writes applied together, retried when
/// what they read changed, as Firestore's are.
@Suite struct TransactionTests {
    let path = ["c", "a"]

    @Test func aTransactionReadsThenWritesInOneSnapshot() async throws {
        let store = InMemoryStore(clock: { Timestamp(seconds: 7) })
        try store.commit([.set(path, ["n": 1])])
        let snapshots = Calls<Int>()
        let registration = store.addListener(to: StoreQuery(collection: ["c"])) { _ in snapshots.append(1) }
        let read = try await store.runTransaction { transaction -> DocumentValue? in
            let value = try transaction.get(path)?.data["n"]
            transaction.write(.update(path, [["n"]: .increment(1), ["t"]: .value(.serverTimestamp)]))
            transaction.write(.set(["c", "b"], [:]))
            return value
        }
        #expect(read == 1)
        #expect(try store.getDocument(path)?.data == ["n": 2, "t": .timestamp(Timestamp(seconds: 7))])
        #expect(snapshots.all.count == 2, "the first snapshot, then one for the whole transaction")
        registration.remove()
    }

    @Test func aChangeToWhatItReadRunsItAgain() async throws {
        let store = InMemoryStore()
        try store.commit([.set(path, ["n": 1])])
        let seen = Calls<DocumentValue?>()
        try await store.runTransaction { transaction in
            let value = try transaction.get(path)?.data["n"]
            seen.append(value)
            if seen.all.count == 1 { try store.updateData([["n"]: .value(10)], at: path) }  // another client
            transaction.write(.update(path, [["m"]: .value(value ?? .null)]))
        }
        #expect(seen.all == [1, 10])
        #expect(try store.getDocument(path)?.data == ["n": 10, "m": 10])
    }

    @Test func aDocumentThatAppearsMeanwhileCountsAsAChange() async throws {
        let store = InMemoryStore()
        let runs = Calls<Int>()
        try await store.runTransaction { transaction in
            _ = try transaction.get(path)
            runs.append(1)
            if runs.all.count == 1 { try store.setData([:], at: path) }
        }
        #expect(runs.all.count == 2)
    }

    /// Firestore compares versions (update times), not data: a document deleted and made again
    /// with the same data meanwhile has changed; one set again to what it held has not (its
    /// update time stays, as the emulator answers).
    @Test func aDocumentMadeAgainWithTheSameDataCountsAsAChange() async throws {
        let store = InMemoryStore()
        try store.commit([.set(path, ["n": 1])])
        let runs = Calls<Int>()
        try await store.runTransaction { transaction in
            _ = try transaction.get(path)
            runs.append(1)
            if runs.all.count == 1 { try store.commit([.delete(path)]); try store.commit([.set(path, ["n": 1])]) }
            if runs.all.count == 2 { try store.commit([.set(path, ["n": 1])]) }
        }
        #expect(runs.all.count == 2)
    }

    @Test func aChangeOnEveryAttemptGivesUpAfterFive() async throws {
        let store = InMemoryStore()
        try store.commit([.set(path, ["n": 0])])
        let runs = Calls<Int>()
        await #expect(throws: StoreError.contention(attempts: 5)) {
            try await store.runTransaction { transaction in
                _ = try transaction.get(path)
                runs.append(1)
                try store.updateData([["n"]: .increment(1)], at: path)
                transaction.write(.set(["c", "b"], [:]))
            }
        }
        #expect(runs.all.count == 5 && StoreError.contention(attempts: 5).description == "a transaction gave up after 5 attempts: a document it read changed each time")
        #expect(try store.getDocument(["c", "b"]) == nil)
    }

    @Test func maxAttemptsBoundsTheRunsAndBelowOneIsRefused() async throws {
        let store = InMemoryStore()
        try store.commit([.set(path, ["n": 0])])
        let runs = Calls<Int>()
        let contended: @Sendable (any DocumentTransaction) throws -> Void = { transaction in
            _ = try transaction.get(path)
            runs.append(1)
            try store.updateData([["n"]: .increment(1)], at: path)
        }
        await #expect(throws: StoreError.contention(attempts: 2)) { try await store.runTransaction(maxAttempts: 2, contended) }
        #expect(runs.all.count == 2)
        try await store.runTransaction(maxAttempts: 1) { runs.append(Int(try $0.get(path) == nil ? 0 : 1)) }
        #expect(runs.all.count == 3, "one attempt runs the function once")
        for attempts in [0, -1] {
            await #expect(throws: StoreError.invalidAttempts(attempts)) { try await store.runTransaction(maxAttempts: attempts, contended) }
        }
        #expect(runs.all.count == 3, "a refused transaction never runs its function")
        #expect(StoreError.invalidAttempts(0).description == "a transaction runs at least once; maxAttempts was 0")
        #expect(StoreError.contention(attempts: 1).description == "a transaction gave up after 1 attempt: a document it read changed each time")
    }

    @Test func whatEndsATransactionWritesNothing() async throws {
        let store = InMemoryStore()
        let runs = Calls<Int>()
        await #expect(throws: StoreError.readAfterWrite) {
            try await store.runTransaction { transaction in
                transaction.write(.set(["c", "b"], [:]))
                _ = try transaction.get(path)
            }
        }
        await #expect(throws: StoreError.notFound(path)) {
            try await store.runTransaction { transaction in
                runs.append(1)
                transaction.write(.set(["c", "b"], [:]))
                transaction.write(.update(path, [["n"]: .value(1)]))
            }
        }
        await #expect(throws: ConstraintError(violations: ["no"])) {
            try await store.runTransaction { transaction in
                transaction.write(.set(["c", "b"], [:]))
                throw ConstraintError(violations: ["no"])
            }
        }
        #expect(runs.all.count == 1, "a refused write is not retried")
        #expect(try store.getDocument(["c", "b"]) == nil)
        await #expect(throws: StoreError.offline) {
            try await InMemoryStore(pendingWrites: true).runTransaction { _ in runs.append(1) }
        }
        #expect(runs.all.count == 1, "offline, the body never runs")
    }

    @Test func typedReadsDecode() async throws {
        struct Item: DocumentCodable {
            var id: String
            var n: Int
            init(id: String, data: DocumentData) throws(DocumentDecodingError) {
                self.id = id
                n = try FieldReader(data).decode("n")
            }
            var documentData: DocumentData { ["n": .int(Int64(n))] }
        }
        let store = InMemoryStore()
        try store.commit([.set(path, ["n": 3])])
        let items = try await store.runTransaction { transaction in
            [try transaction.get(Item.self, at: path)?.n, try transaction.get(Item.self, at: ["c", "none"])?.n]
        }
        #expect(items == [3, nil])
    }
}
