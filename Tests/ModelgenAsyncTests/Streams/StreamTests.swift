import Foundation
import RuntimeTestSupport
import Testing
@testable import ModelgenAsync

@Suite struct CollectionStreamTests {
    func items(_ store: InMemoryStore, _ scheduler: StreamScheduler = .immediate, failures: Calls<DecodeFailure>? = nil) -> LiveStream<[Item]> {
        CollectionStream.stream(
            store: store, query: StoreQuery(collection: ["items"], orderBy: [.ascending(["n"])]),
            scheduler: scheduler, onDecodeFailure: { failures?.append($0) }
        )
    }

    @Test func decodesDropsBadDocumentsAndNeverRepeatsAValue() throws {
        let store = InMemoryStore()
        let failures = Calls<DecodeFailure>()
        let recorder = Recorder(items(store, failures: failures))
        try store.setData(["n": 2], at: ["items", "b"])
        try store.setData(["n": "one"], at: ["items", "a"])
        try store.setData(["n": 2, "extra": true], at: ["items", "b"])
        #expect(recorder.values == [[], [Item(id: "b", n: 2)]])
        #expect(failures.all == [DecodeFailure(path: ["items", "a"], error: DocumentDecodingError(path: ["n"], .wrongType(expected: "int", found: "string")))])
        recorder.cancel()
        #expect(store.listenerCount == 0)
    }

    @Test func listensOnlyOnceSubscribedAndDropsQueuedWorkOnCancel() throws {
        let store = InMemoryStore()
        let manual = ManualScheduler()
        let failures = Calls<DecodeFailure>()
        let stream = items(store, manual.scheduler, failures: failures)
        #expect(store.listenerCount == 0)
        let recorder = Recorder(stream)
        #expect(store.listenerCount == 1)
        try store.setData(["n": 1], at: ["items", "a"])
        #expect(manual.pending == 2 && recorder.values.isEmpty)
        manual.runAll()
        #expect(recorder.values == [[], [Item(id: "a", n: 1)]])
        try store.setData(["n": "two"], at: ["items", "a"])
        recorder.cancel()
        #expect(store.listenerCount == 0)
        manual.runAll()
        #expect(recorder.values.count == 2, "work queued before the cancel is dropped")
        #expect(failures.all.isEmpty, "nothing is decoded after the cancel")
    }

    @Test func eachSubscriptionHasItsOwnListener() throws {
        let store = InMemoryStore()
        let stream = items(store)
        let first = Recorder(stream), second = Recorder(stream)
        #expect(store.listenerCount == 2)
        try store.setData(["n": 1], at: ["items", "a"])
        first.cancel()
        try store.setData(["n": 2], at: ["items", "b"])
        #expect(first.values.map(\.count) == [0, 1])
        #expect(second.values.map(\.count) == [0, 1, 2])
        second.cancel()
        second.cancel()
        #expect(store.listenerCount == 0)
    }

    @Test func aListenerErrorEndsTheStream() throws {
        let store = InMemoryStore()
        let recorder = Recorder(items(store).countRows())
        store.failListeners(of: ["items"], with: StoreError.notFound(["items"]))
        try store.setData(["n": 1], at: ["items", "a"])
        #expect(recorder.values == [0])
        #expect(recorder.failure as? StoreError == .notFound(["items"]))
    }

    @Test func anInvalidQueryFailsWhenSubscribed() {
        let store = InMemoryStore()
        let invalid: LiveStream<[Item]> = CollectionStream.stream(store: store, query: StoreQuery(collection: ["a", ""]), scheduler: .immediate) { _ in }
        let recorder = Recorder(invalid)
        #expect(recorder.failure as? StoreError == .invalidPath(["a", ""]))
        #expect(recorder.values.isEmpty && store.listenerCount == 0)
    }

    @Test func documentStreams() throws {
        let store = InMemoryStore()
        let stream: LiveStream<Item?> = DocumentStream.stream(store: store, path: ["items", "a"], scheduler: .immediate) { _ in }
        let recorder = Recorder(stream)
        try store.setData(["n": 1], at: ["items", "a"])
        try store.setData(["n": "bad"], at: ["items", "a"])
        try store.setData(["n": "worse"], at: ["items", "a"])
        try store.deleteDocument(at: ["items", "a"])
        try store.setData(["n": 3], at: ["items", "a"])
        #expect(recorder.values == [nil, Item(id: "a", n: 1), nil, Item(id: "a", n: 3)], "nil twice in a row is emitted once")
        recorder.cancel()
        #expect(store.listenerCount == 0)
    }

    @Test func theBackgroundSchedulerDeliversOffTheCallingThread() async throws {
        let store = InMemoryStore()
        let threads = Calls<Bool>()
        let subscription = items(store, .background()).subscribe { _ in threads.append(Thread.isMainThread) }
        #expect(await eventually { !threads.all.isEmpty })
        #expect(threads.all == [false])
        subscription.cancel()
        #expect(store.listenerCount == 0)
    }
}

@Suite struct CombineLatestTests {
    @Test func emitsOnceBothHaveAValueThenOnEveryChange() {
        let a = Subject<Int>(), b = Subject<String>()
        let recorder = Recorder(combineLatest(a.stream, b.stream) { "\($0)\($1)" })
        a.send(1)
        a.send(2)
        b.send("x")
        a.send(3)
        b.send("y")
        #expect(recorder.values == ["2x", "3x", "3y"])
    }

    @Test func combinesManyInputsInTheirOrder() {
        let a = Subject<Int>(), b = Subject<Int>(), c = Subject<String?>(), d = Subject<Int>()
        let recorder = Recorder(combineLatest(a.stream, b.stream, c.stream, d.stream) { "\($0)\($1)\($2 ?? "nil")\($3)" })
        a.send(1)
        b.send(2)
        c.send(nil)
        #expect(recorder.values.isEmpty)
        d.send(4)
        c.send("x")
        b.send(5)
        #expect(recorder.values == ["12nil4", "12x4", "15x4"])
    }

    @Test func finishesWhenBothFinishOrOneFinishesEmpty() {
        let a = Subject<Int>(), b = Subject<Int>()
        let both = Recorder(combineLatest(a.stream, b.stream, into: +))
        a.send(1)
        b.send(2)
        a.finish()
        #expect(!both.isFinished)
        b.send(3)
        b.finish()
        #expect(both.values == [3, 4] && both.isFinished && both.failure == nil)

        let c = Subject<Int>(), d = Subject<Int>()
        let empty = Recorder(combineLatest(c.stream, d.stream, into: +))
        d.finish()
        #expect(empty.isFinished && empty.values.isEmpty)
        #expect(c.subscribers == 0, "the other input is cancelled")
    }

    @Test func theFirstErrorEndsItAndCancelsTheOtherInput() {
        let a = Subject<Int>(), b = Subject<Int>()
        let recorder = Recorder(combineLatest(a.stream, b.stream, into: +))
        a.send(1)
        b.send(1)
        #expect(b.subscribers == 1)
        a.fail(StoreError.notFound(["x"]))
        b.send(5)
        #expect(recorder.values == [2])
        #expect(recorder.failure as? StoreError == .notFound(["x"]))
        #expect(a.subscribers == 0 && b.subscribers == 0)
    }

    @Test func anInputThatFailsWhileSubscribingLeavesTheLaterOnesUnsubscribed() {
        let b = Subject<Int>()
        let recorder = Recorder(combineLatest(LiveStream<Int>.failing(StoreError.offline), b.stream, into: +))
        #expect(recorder.failure as? StoreError == .offline)
        #expect(b.subscribers == 0)
    }

    @Test func cancellingCancelsEveryInput() {
        let a = Subject<Int>(), b = Subject<Int>()
        let recorder = Recorder(combineLatest(a.stream, b.stream, into: +))
        #expect(a.subscribers == 1 && b.subscribers == 1)
        recorder.cancel()
        #expect(a.subscribers == 0 && b.subscribers == 0)
        a.send(1)
        b.send(1)
        #expect(recorder.values.isEmpty && !recorder.isFinished)
    }

    /// Inputs emitting on two threads at once: every emission combines values that were sent,
    /// one at a time, and the last combines the last of each.
    @Test func inputsOnDifferentThreadsAreCombinedOneAtATime() async {
        let a = Subject<Int>(), b = Subject<Int>()
        let inside = Locked(0)
        let overlapped = Locked(false)
        let recorder = Recorder(combineLatest(a.stream, b.stream) { x, y in
            if inside.withLock({ $0 += 1; return $0 }) > 1 { overlapped.withLock { $0 = true } }
            defer { inside.withLock { $0 -= 1 } }
            usleep(20)  // long enough for the other thread to come in, were it let in
            return x * 10_000 + y
        })
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let threads = DispatchGroup()
            for input in [a, b] {
                threads.enter()
                Thread.detachNewThread {
                    for value in 1...500 { input.send(value) }
                    threads.leave()
                }
            }
            threads.notify(queue: .global()) { done.resume() }
        }
        #expect(!overlapped.withLock { $0 }, "the transform never runs twice at once")
        #expect(recorder.values.last == 500 * 10_000 + 500)
        #expect(recorder.values.allSatisfy { (1...500).contains($0 / 10_000) && (1...500).contains($0 % 10_000) })
    }
}

@Suite struct RowOperatorTests {
    struct Person: Hashable { var id: String; var name: String }
    struct Post: Hashable { var owner: String? }
    struct Row: Hashable { var post: Post; var person: Person? }

    @Test func hashJoinMatchesTheFirstRowByCodePointKeys() {
        let posts = Subject<[Post]>(), people = Subject<[Person]>()
        let left = Recorder(posts.stream.leftJoin(people.stream, on: { $0.owner }, equals: { $0.id }, into: Row.init))
        let inner = Recorder(posts.stream.innerJoin(people.stream, on: { $0.owner }, equals: { $0.id }) { ($0.owner ?? "") + ":" + $1.name })
        posts.send([Post(owner: "\u{E9}"), Post(owner: "e\u{301}"), Post(owner: nil), Post(owner: "b")])
        people.send([Person(id: "e\u{301}", name: "first"), Person(id: "e\u{301}", name: "second"), Person(id: "b", name: "bee")])
        #expect(left.values.last?.map { $0.person?.name } == [nil, "first", nil, "bee"])
        #expect(inner.values == [["e\u{301}:first", "b:bee"]])
        people.send([Person(id: "e\u{301}", name: "first"), Person(id: "b", name: "bee"), Person(id: "zz", name: "new")])
        #expect(inner.values.count == 1, "an unchanged result is not emitted again")
    }

    @Test func filterAndCountEmitOnlyChanges() {
        let rows = Subject<[Int]>()
        let evens = Recorder(rows.stream.filterRows { $0 % 2 == 0 })
        let count = Recorder(rows.stream.countRows { $0 > 1 })
        let all = Recorder(rows.stream.countRows())
        rows.send([1, 2, 3])
        rows.send([1, 2, 5])
        rows.send([2, 4])
        rows.send([5])
        #expect(evens.values == [[2], [2, 4], []])
        #expect(count.values == [2, 1])
        #expect(all.values == [3, 2, 1])
    }

    @Test func operatorsPassTheEndOnAndCancelTheirInput() {
        let rows = Subject<[Int]>()
        let filtered = Recorder(rows.stream.filterRows { $0 > 0 }.sortRows(by: [.descending { $0 }]))
        rows.send([1, 2])
        rows.fail(StoreError.offline)
        #expect(filtered.values == [[2, 1]] && filtered.failure as? StoreError == .offline)
        let finished = Recorder(rows.stream.distinctRows { $0 })
        rows.finish()
        #expect(finished.isFinished && finished.failure == nil)
        let cancelled = Recorder(rows.stream.filterRows { $0 > 0 })
        #expect(rows.subscribers == 1)
        cancelled.cancel()
        #expect(rows.subscribers == 0)
    }
}
