import Observation
import RuntimeTestSupport
import Testing
@testable import ModelgenAsync

/// `LiveValue`: a stream's latest value on the main actor, for SwiftUI, observed while a task runs.
@MainActor @Suite struct LiveValueTests {
    func items(_ store: InMemoryStore) -> LiveStream<[Item]> {
        CollectionStream.stream(store: store, query: StoreQuery(collection: ["items"]), scheduler: .background()) { _ in }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func followsTheStreamThenHoldsItsError() async throws {
        let store = InMemoryStore()
        let live = LiveValue<[Item]>()
        #expect(live.isLoading && live.value == nil && live.error == nil)
        let observing = Task { await live.observe(items(store)) }
        #expect(await eventually { !live.isLoading })
        #expect(live.value == [])
        try await store.setData(["n": 1], at: ["items", "a"])
        #expect(await eventually { live.value == [Item(id: "a", n: 1)] })
        store.failListeners(of: ["items"], with: StoreError.notFound(["items"]))
        await observing.value
        #expect(live.error as? StoreError == .notFound(["items"]))
        #expect(live.value == [Item(id: "a", n: 1)] && !live.isLoading)
        #expect(store.listenerCount == 0)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func cancellingTheTaskStopsObservingAndRemovesTheListener() async throws {
        let store = InMemoryStore()
        let live = LiveValue<[Item]>()
        let observing = Task { await live.observe(items(store)) }
        #expect(await eventually { live.value == [] })
        #expect(store.listenerCount == 1)
        observing.cancel()
        await observing.value
        #expect(store.listenerCount == 0)
        try await store.setData(["n": 1], at: ["items", "a"])
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(live.value == [] && live.error == nil)
    }

    /// A view's `.task(id:)` starts observing the new id's stream before the old task has
    /// ended: the old stream's values must not show as the new one's.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aLaterObservationTakesOver() async throws {
        let old = InMemoryStore(), new = InMemoryStore()
        let live = LiveValue<[Item]>()
        let first = Task { await live.observe(items(old)) }
        #expect(await eventually { live.value == [] })
        let second = Task { await live.observe(items(new)) }
        #expect(await eventually { new.listenerCount == 1 && !live.isLoading })
        try await new.setData(["n": 2], at: ["items", "b"])
        #expect(await eventually { live.value == [Item(id: "b", n: 2)] })
        try await old.setData(["n": 1], at: ["items", "a"])
        #expect(await eventually { old.listenerCount == 0 }, "the old stream ends at its next value")
        #expect(live.value == [Item(id: "b", n: 2)])
        second.cancel()
        await first.value
        await second.value
    }

    /// What a view shows is often a value made from a stream's: `map` keeps it a live stream,
    /// which a `LiveValue` observes.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aMappedStreamIsObserved() async throws {
        let store = InMemoryStore()
        let count = LiveValue<String>()
        let observing = Task { await count.observe(items(store).map { "\($0.count) items" }) }
        #expect(await eventually { count.value == "0 items" })
        try await store.setData(["n": 1], at: ["items", "a"])
        #expect(await eventually { count.value == "1 items" })
        observing.cancel()
        await observing.value
        #expect(store.listenerCount == 0)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aValueChangeIsObservable() async throws {
        let store = InMemoryStore()
        let live = LiveValue<[Item]>()
        let observing = Task { await live.observe(items(store)) }
        #expect(await eventually { live.value == [] })
        let changed = Locked(false)
        withObservationTracking { _ = live.value } onChange: { changed.withLock { $0 = true } }
        try await store.setData(["n": 1], at: ["items", "a"])
        #expect(await eventually { changed.withLock { $0 } })
        observing.cancel()
        await observing.value
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aFinishedStreamIsNoLongerLoadingAndANewStreamClearsTheError() async {
        let live = LiveValue<Int>()
        await live.observe(LiveStream { $0(.finished); return LiveSubscription {} })
        #expect(!live.isLoading && live.value == nil && live.error == nil)
        await live.observe(.failing(StoreError.offline))
        #expect(!live.isLoading && live.error as? StoreError == .offline)
        let values = Subject<Int>()
        let observing = Task { await live.observe(values.stream) }
        #expect(await eventually { values.subscribers == 1 })
        #expect(live.isLoading && live.error == nil, "loading the new stream")
        values.send(7)
        #expect(await eventually { live.value == 7 })
        #expect(!live.isLoading)
        values.finish()
        await observing.value
    }
}
