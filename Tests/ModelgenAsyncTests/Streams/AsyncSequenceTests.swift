import RuntimeTestSupport
import Testing
@testable import ModelgenAsync

/// A `LiveStream` iterated as an `AsyncSequence`: it listens from the first `next()` until the
/// iteration ends, keeps the newest value while the iteration is busy, and never loses its end.
@Suite struct AsyncSequenceTests {
    func items(_ store: InMemoryStore) -> LiveStream<[Item]> {
        CollectionStream.stream(store: store, query: StoreQuery(collection: ["items"], orderBy: [.ascending(["n"])]), scheduler: .immediate) { _ in }
    }

    @Test func iterationSeesValuesAndSubscribesOnTheFirstNext() async throws {
        let store = InMemoryStore()
        let iterator = items(store).makeAsyncIterator()
        #expect(store.listenerCount == 0, "making the iterator does not subscribe")
        #expect(try await iterator.next() == [])
        #expect(store.listenerCount == 1)
        try await store.setData(["n": 1], at: ["items", "a"])
        #expect(try await iterator.next() == [Item(id: "a", n: 1)])
    }

    @Test func theNewestValueWaitsAndReplacesTheOneBefore() async throws {
        let store = InMemoryStore()
        let iterator = items(store).makeAsyncIterator()
        #expect(try await iterator.next() == [])
        try await store.setData(["n": 1], at: ["items", "a"])
        try await store.setData(["n": 2], at: ["items", "b"])
        try await store.setData(["n": 3], at: ["items", "c"])
        #expect(try await iterator.next()?.map(\.n) == [1, 2, 3], "the values between were dropped")
    }

    @Test func breakingRemovesTheListener() async throws {
        let store = InMemoryStore()
        try await store.setData(["n": 1], at: ["items", "a"])
        var seen: [Int] = []
        for try await rows in items(store) {
            seen.append(rows.count)
            #expect(store.listenerCount == 1)
            if rows.count == 2 { break }
            try await store.setData(["n": 2], at: ["items", "b"])
        }
        #expect(seen == [1, 2])
        #expect(store.listenerCount == 0)
    }

    @Test func releasingTheIteratorRemovesTheListener() async throws {
        let store = InMemoryStore()
        var iterator: LiveStream<[Item]>.AsyncIterator? = items(store).makeAsyncIterator()
        _ = try await iterator?.next()
        #expect(store.listenerCount == 1)
        iterator = nil
        #expect(store.listenerCount == 0)
    }

    @Test func cancellingTheTaskEndsTheIterationAndRemovesTheListener() async throws {
        let store = InMemoryStore()
        let seen = Calls<Int>()
        let task = Task {
            for try await rows in items(store) { seen.append(rows.count) }
            return "ended"
        }
        #expect(await eventually { seen.all == [0] })
        #expect(store.listenerCount == 1)
        task.cancel()
        #expect(try await task.value == "ended")
        #expect(store.listenerCount == 0)
        try await store.setData(["n": 1], at: ["items", "a"])
        #expect(seen.all == [0])
    }

    @Test func cancellingATaskWaitingForAValueRemovesTheListenerAtOnce() async throws {
        let store = InMemoryStore()
        let stream = items(store)
        let waiting = Task { () -> [Item]? in
            let iterator = stream.makeAsyncIterator()
            _ = try await iterator.next()
            let next = try await iterator.next()
            #expect(store.listenerCount == 0, "while the iterator is still held")
            return next
        }
        #expect(await eventually { store.listenerCount == 1 })
        try await Task.sleep(nanoseconds: 10_000_000)
        waiting.cancel()
        #expect(try await waiting.value == nil)
    }

    @Test func aTaskCancelledBeforeIteratingNeitherListensNorWrites() async throws {
        let store = InMemoryStore()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            let rows = try await collect(items(store))
            let ids = try await collect(store.written { .set(["items", "m1"], ["n": 1]) })
            return (rows, ids)
        }
        let (rows, ids) = try await task.value
        #expect(rows.isEmpty && ids.isEmpty)
        #expect(try store.getDocument(["items", "m1"]) == nil)
        #expect(store.listenerCount == 0)
    }

    @Test func aFailureIsThrownFromNext() async throws {
        let store = InMemoryStore()
        let iterator = items(store).makeAsyncIterator()
        #expect(try await iterator.next() == [])
        store.failListeners(of: ["items"], with: StoreError.notFound(["items"]))
        await #expect(throws: StoreError.notFound(["items"])) { try await iterator.next() }
        #expect(store.listenerCount == 0)
    }

    @Test func theEndComesAfterTheValueWaiting() async throws {
        let subject = Subject<Int>()
        let iterator = subject.stream.makeAsyncIterator()
        let sending = Task { if await eventually({ subject.subscribers == 1 }) { subject.send(1) } }
        #expect(try await iterator.next() == 1)
        await sending.value
        subject.send(2)
        subject.send(3)
        subject.finish()
        #expect(try await iterator.next() == 3)
        #expect(try await iterator.next() == nil)
        #expect(try await iterator.next() == nil, "and stays ended")

        let failing = Subject<Int>()
        let failingIterator = failing.stream.makeAsyncIterator()
        let failingSending = Task { if await eventually({ failing.subscribers == 1 }) { failing.send(1) } }
        #expect(try await failingIterator.next() == 1)
        await failingSending.value
        failing.send(2)
        failing.fail(StoreError.offline)
        #expect(failing.subscribers == 0)
        #expect(try await failingIterator.next() == 2)
        await #expect(throws: StoreError.offline) { try await failingIterator.next() }
    }

    @Test func aDeclaredWriteYieldsTheIdThenEndsOnAcknowledgement() async throws {
        let store = InMemoryStore(pendingWrites: true)
        let iterator = store.written { .set(["items", "m1"], ["n": 1]) }.makeAsyncIterator()
        #expect(try await iterator.next() == "m1")
        let ended = Locked(false)
        let end = Task {
            defer { ended.withLock { $0 = true } }
            return try await iterator.next()
        }
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(!ended.withLock { $0 }, "the end waits for the acknowledgement")
        store.flushPendingWrites()
        #expect(try await end.value == nil)

        let online = InMemoryStore()
        #expect(try await collect(online.written { .set(["items", "m2"], ["n": 2]) }) == ["m2"], "acknowledged while committing")
    }
}
