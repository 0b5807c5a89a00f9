import RuntimeTestSupport
import Testing
@testable import ModelgenAsync
@testable import ModelgenRuntimeCore

/// `written`: a write as a live stream.
@Suite struct WrittenTests {
    /// Subscribes to `stream`, recording `id …`, `done` and `error …` in order.
    func record(_ stream: LiveStream<String>, into events: Calls<String>) -> LiveSubscription {
        stream.subscribe { event in
            switch event {
            case let .value(id): events.append("id \(id)")
            case .finished: events.append("done")
            case let .failure(error): events.append("error \(error)")
            }
        }
    }

    @Test func writtenEmitsTheIdThenFinishesOnAcknowledgement() throws {
        let store = InMemoryStore(pendingWrites: true)
        let events = Calls<String>()
        _ = record(store.written { .set(["c", "m1"], ["text": "hi"]) }, into: events)
        #expect(events.all == ["id m1"])
        #expect(try store.getDocument(["c", "m1"])?.data == ["text": "hi"])
        store.flushPendingWrites()
        #expect(events.all == ["id m1", "done"])

        let online = InMemoryStore()
        let now = Calls<String>()
        _ = record(online.written { .delete(["c", "m1"]) }, into: now)
        #expect(now.all == ["id m1", "done"], "acknowledged while committing")
    }

    @Test func cancellingStopsTheEventsNotTheWrite() throws {
        let store = InMemoryStore(pendingWrites: true)
        let events = Calls<String>()
        let subscription = record(store.written { .set(["c", "m1"], ["text": "hi"]) }, into: events)
        subscription.cancel()
        store.flushPendingWrites()
        #expect(events.all == ["id m1"])
        #expect(try store.getDocument(["c", "m1"]) != nil)
    }

    @Test func writtenIsColdAndWritesNothingWhenRefused() throws {
        let store = InMemoryStore()
        let events = Calls<String>()
        let made = Calls<Int>()
        let stream = store.written {
            made.append(1)
            return .update(["c", "missing"], [["n"]: .value(1)])
        }
        #expect(made.all.isEmpty, "nothing happens before a subscriber")
        _ = record(stream, into: events)
        _ = record(stream, into: events)
        #expect(made.all.count == 2, "each subscription writes")
        #expect(events.all == ["error no document at 'c/missing'", "error no document at 'c/missing'"])
        let thrown = Calls<String>()
        _ = record(store.written { throw ConstraintError(violations: ["'text' must have at least 1 character"]) }, into: thrown)
        #expect(thrown.all == ["error 'text' must have at least 1 character"])
    }

    @Test func aPreCheckReadsItsStreamOnceAndRefusesWhenItFails() throws {
        let store = InMemoryStore()
        let query = StoreQuery(collection: ["c"])
        let count = CollectionStream.count(of: Item.self, store: store, query: query, scheduler: .immediate, onDecodeFailure: { _ in })
        let check = PreCheck("sendMessage", "count < 2", count) { $0 < 2 }
        let first = Calls<String>()
        _ = record(store.written(after: check) { .set(["c", "m1"], ["n": 1]) }, into: first)
        #expect(first.all == ["id m1", "done"])
        #expect(store.listenerCount == 0, "the check's stream is cancelled after its first value")
        _ = record(store.written(after: check) { .set(["c", "m2"], ["n": 2]) }, into: Calls<String>())
        let third = Calls<String>()
        _ = record(store.written(after: check) { .set(["c", "m3"], ["n": 3]) }, into: third)
        #expect(third.all == ["error 'sendMessage' needs count < 2, but it is 2"])
        #expect(try store.getDocument(["c", "m3"]) == nil)
        #expect(store.listenerCount == 0)

        let failing = Calls<String>()
        let broken = PreCheck("sendMessage", "count < 2", LiveStream<Int>.failing(StoreError.invalidPath(["x"]))) { _ in true }
        _ = record(store.written(after: broken) { .set(["c", "m4"], [:]) }, into: failing)
        #expect(failing.all == ["error invalid path 'x': segments must be non-empty and hold no '/'"])
        let empty = Calls<String>()
        let finished = PreCheck("sendMessage", "count < 2", LiveStream<Int> { $0(.finished); return LiveSubscription {} }) { _ in true }
        _ = record(store.written(after: finished) { .set(["c", "m5"], [:]) }, into: empty)
        #expect(empty.all == ["done"], "no value to check: nothing written")
        #expect(try store.getDocument(["c", "m5"]) == nil)
    }

    @Test func aPreCheckWaitsForItsFirstValue() throws {
        let store = InMemoryStore()
        let manual = ManualScheduler()
        let count = CollectionStream.count(of: Item.self, store: store, query: StoreQuery(collection: ["c"]), scheduler: manual.scheduler, onDecodeFailure: { _ in })
        let events = Calls<String>()
        let subscription = record(store.written(after: PreCheck("w", "count < 1", count) { $0 < 1 }) { .set(["c", "m1"], [:]) }, into: events)
        #expect(events.all.isEmpty && store.listenerCount == 1)
        manual.runAll()
        #expect(events.all == ["id m1", "done"])
        #expect(store.listenerCount == 0)
        manual.runAll()
        subscription.cancel()

        let cancelled = Calls<String>()
        let before = record(store.written(after: PreCheck("w", "count < 9", count) { $0 < 9 }) { .set(["c", "m2"], [:]) }, into: cancelled)
        before.cancel()
        #expect(store.listenerCount == 0)
        manual.runAll()
        #expect(cancelled.all.isEmpty)
        #expect(try store.getDocument(["c", "m2"]) == nil, "cancelled before the check: nothing written")
    }
}
