import Foundation
import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// Commits completing on acknowledgement, and `written`: a write as a publisher.
@Suite struct WrittenTests {
    /// Subscribes to `publisher`, recording `id …`, `done` and `error …` in order.
    func record(_ publisher: AnyPublisher<String, any Error>, into events: Calls<String>) -> AnyCancellable {
        publisher.sink(
            receiveCompletion: { completion in
                if case let .failure(error) = completion { events.append("error \(error)") } else { events.append("done") }
            },
            receiveValue: { events.append("id \($0)") }
        )
    }

    @Test func aPendingStoreAcknowledgesCommitsOnFlush() throws {
        let store = InMemoryStore(pendingWrites: true)
        let acknowledged = Calls<String>()
        try store.commit(batch: [.set(["c", "a"], ["n": 1])]) { _ in acknowledged.append("a") }
        try store.commit(batch: [.set(["c", "b"], ["t": .serverTimestamp])]) { _ in acknowledged.append("b") }
        #expect(try store.getDocument(["c", "a"]) != nil, "applied locally before the acknowledgement")
        #expect(acknowledged.all.isEmpty)
        store.flushPendingWrites(at: Timestamp(seconds: 5))
        #expect(acknowledged.all == ["a", "b"])
        store.flushPendingWrites()
        #expect(acknowledged.all == ["a", "b"], "each batch is acknowledged once")
    }

    @Test func commitBatchAppliesAtOnceAndReturnsOnAcknowledgement() async throws {
        let store = InMemoryStore(pendingWrites: true)
        let writes = (0..<1_001).map { DocumentWrite.set(["c", String(format: "%04d", $0)], ["i": .int(Int64($0))]) }
        let committed = Task { try await store.commitBatch(writes) }
        while try store.getDocument(["c", "1000"]) == nil { await Task.yield() }
        store.flushPendingWrites()
        try await committed.value
        #expect(try store.getDocuments(StoreQuery(collection: ["c"])).count == 1_001)
    }

    @Test func writtenEmitsTheIdThenFinishesOnAcknowledgement() throws {
        let store = InMemoryStore(pendingWrites: true)
        let events = Calls<String>()
        let subscription = record(store.written { .set(["c", "m1"], ["text": "hi"]) }, into: events)
        #expect(events.all == ["id m1"])
        #expect(try store.getDocument(["c", "m1"])?.data == ["text": "hi"])
        store.flushPendingWrites()
        #expect(events.all == ["id m1", "done"])
        subscription.cancel()

        let online = InMemoryStore()
        let now = Calls<String>()
        _ = record(online.written { .delete(["c", "m1"]) }, into: now)
        #expect(now.all == ["id m1", "done"], "acknowledged while committing")
    }

    @Test func writtenIsColdAndWritesNothingWhenRefused() throws {
        let store = InMemoryStore()
        let events = Calls<String>()
        let publisher = store.written { .update(["c", "missing"], [["n"]: .value(1)]) }
        #expect(events.all.isEmpty)
        _ = record(publisher, into: events)
        #expect(events.all == ["error no document at 'c/missing'"])
        let thrown = Calls<String>()
        _ = record(store.written { throw ConstraintError(violations: ["'text' must have at least 1 character"]) }, into: thrown)
        #expect(thrown.all == ["error 'text' must have at least 1 character"])
    }

    @Test func aPreCheckReadsItsStreamOnceAndRefusesWhenItFails() throws {
        let store = InMemoryStore()
        let count = CurrentValueSubject<Int, any Error>(1)
        let check = PreCheck("sendMessage", "count < 2", count.eraseToAnyPublisher()) { $0 < 2 }
        let first = Calls<String>()
        _ = record(store.written(after: check) { .set(["c", "m1"], [:]) }, into: first)
        #expect(first.all == ["id m1", "done"])
        count.send(2)
        let second = Calls<String>()
        _ = record(store.written(after: check) { .set(["c", "m2"], [:]) }, into: second)
        #expect(second.all == ["error 'sendMessage' needs count < 2, but it is 2"])
        #expect(try store.getDocument(["c", "m2"]) == nil)
        let failing = Calls<String>()
        let broken = PreCheck("sendMessage", "count < 2", Fail<Int, any Error>(error: StoreError.invalidPath(["x"])).eraseToAnyPublisher()) { _ in true }
        _ = record(store.written(after: broken) { .set(["c", "m3"], [:]) }, into: failing)
        #expect(failing.all == ["error invalid path 'x': segments must be non-empty and hold no '/'"])
    }
}

