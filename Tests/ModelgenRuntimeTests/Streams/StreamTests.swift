import Foundation
import RuntimeTestSupport
import StreamRecorder
import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

@Suite struct CollectionStreamTests {
    func items(_ store: InMemoryStore, _ scheduler: StreamScheduler = .immediate, failures: Calls<DecodeFailure>? = nil) -> AnyPublisher<[Item], any Error> {
        CollectionStream.publisher(
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
        let publisher = items(store, manual.scheduler)
        #expect(store.listenerCount == 0)
        let recorder = Recorder(publisher)
        #expect(store.listenerCount == 1)
        try store.setData(["n": 1], at: ["items", "a"])
        #expect(manual.pending == 2 && recorder.values.isEmpty)
        manual.runAll()
        #expect(recorder.values == [[], [Item(id: "a", n: 1)]])
        try store.setData(["n": 2], at: ["items", "a"])
        recorder.cancel()
        #expect(store.listenerCount == 0)
        manual.runAll()
        #expect(recorder.values.count == 2, "work queued before the cancel is dropped")
    }

    @Test func aListenerErrorEndsTheStream() throws {
        let store = InMemoryStore()
        let recorder = Recorder(items(store).map { $0.count })
        store.failListeners(of: ["items"], with: StoreError.notFound(["items"]))
        #expect(recorder.values == [0])
        #expect(recorder.failure as? StoreError == .notFound(["items"]))
    }

    @Test func honoursDemandKeepingTheLatestValue() throws {
        let store = InMemoryStore()
        let subscriber = DemandSubscriber<[Item]>()
        items(store).subscribe(subscriber)
        #expect(store.listenerCount == 0, "no demand, no listener")
        subscriber.request(1)
        try store.setData(["n": 1], at: ["items", "a"])
        try store.setData(["n": 2], at: ["items", "b"])
        #expect(subscriber.values.map(\.count) == [0])
        subscriber.request(1)
        #expect(subscriber.values.map(\.count) == [0, 2])
        subscriber.cancel()
        #expect(store.listenerCount == 0)
    }

    @Test func documentStreams() throws {
        let store = InMemoryStore()
        let recorder = Recorder(DocumentStream.publisher(store: store, path: ["items", "a"], scheduler: .immediate, onDecodeFailure: { _ in }) as AnyPublisher<Item?, any Error>)
        try store.setData(["n": 1], at: ["items", "a"])
        try store.setData(["n": "bad"], at: ["items", "a"])
        try store.deleteDocument(at: ["items", "a"])
        try store.setData(["n": 3], at: ["items", "a"])
        #expect(recorder.values == [nil, Item(id: "a", n: 1), nil, Item(id: "a", n: 3)])
    }

    @Test func theBackgroundSchedulerDeliversOffTheCallingThread() async throws {
        let store = InMemoryStore()
        let threads = Calls<Bool>()
        let cancellable = items(store, .background()).sink(receiveCompletion: { _ in }, receiveValue: { _ in threads.append(Thread.isMainThread) })
        for _ in 0..<100 where threads.all.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(threads.all == [false])
        cancellable.cancel()
    }
}

/// A subscriber that requests values only when told to.
final class DemandSubscriber<Input>: Subscriber, @unchecked Sendable {
    typealias Failure = any Error
    private let lock = NSLock()
    private var subscription: Subscription?
    private var received: [Input] = []

    var values: [Input] { lock.lock(); defer { lock.unlock() }; return received }

    func receive(subscription: Subscription) { lock.lock(); self.subscription = subscription; lock.unlock() }
    func receive(_ input: Input) -> Subscribers.Demand { lock.lock(); received.append(input); lock.unlock(); return .none }
    func receive(completion: Subscribers.Completion<any Error>) {}
    func request(_ count: Int) { lock.lock(); let subscription = self.subscription; lock.unlock(); subscription?.request(.max(count)) }
    func cancel() { subscription?.cancel() }
}

@Suite struct CombineLatestTests {
    @Test func emitsOnceBothHaveAValueThenOnEveryChange() {
        let a = PassthroughSubject<Int, any Error>(), b = PassthroughSubject<String, any Error>()
        let recorder = Recorder(combineLatest(a.eraseToAnyPublisher(), b.eraseToAnyPublisher()) { "\($0)\($1)" })
        a.send(1)
        a.send(2)
        b.send("x")
        a.send(3)
        b.send("y")
        #expect(recorder.values == ["2x", "3x", "3y"])
    }

    @Test func combinesManyInputsInTheirOrder() {
        let a = PassthroughSubject<Int, any Error>(), b = PassthroughSubject<Int, any Error>()
        let c = PassthroughSubject<String?, any Error>(), d = PassthroughSubject<Int, any Error>()
        let recorder = Recorder(combineLatest(a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher(), d.eraseToAnyPublisher()) {
            "\($0)\($1)\($2 ?? "nil")\($3)"
        })
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
        let a = PassthroughSubject<Int, any Error>(), b = PassthroughSubject<Int, any Error>()
        let both = Recorder(combineLatest(a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), into: +))
        a.send(1)
        b.send(2)
        a.send(completion: .finished)
        #expect(!both.isFinished)
        b.send(3)
        b.send(completion: .finished)
        #expect(both.values == [3, 4] && both.isFinished && both.failure == nil)

        let c = PassthroughSubject<Int, any Error>(), d = PassthroughSubject<Int, any Error>()
        let empty = Recorder(combineLatest(c.eraseToAnyPublisher(), d.eraseToAnyPublisher(), into: +))
        d.send(completion: .finished)
        #expect(empty.isFinished && empty.values.isEmpty)
    }

    @Test func theFirstErrorEndsItAndCancelsTheOtherInput() {
        var cancelled = false
        let a = PassthroughSubject<Int, any Error>(), b = PassthroughSubject<Int, any Error>()
        let recorder = Recorder(combineLatest(a.eraseToAnyPublisher(), b.handleEvents(receiveCancel: { cancelled = true }).eraseToAnyPublisher(), into: +))
        a.send(1)
        b.send(1)
        a.send(completion: .failure(StoreError.notFound(["x"])))
        b.send(5)
        #expect(recorder.values == [2])
        #expect(recorder.failure as? StoreError == .notFound(["x"]))
        #expect(cancelled)
    }

    @Test func respectsDemand() {
        let a = PassthroughSubject<Int, any Error>(), b = PassthroughSubject<Int, any Error>()
        let subscriber = DemandSubscriber<(Int, Int)>()
        combineLatest(a.eraseToAnyPublisher(), b.eraseToAnyPublisher()) { ($0, $1) }.subscribe(subscriber)
        a.send(1)
        b.send(1)
        #expect(subscriber.values.isEmpty)
        subscriber.request(1)
        a.send(2)
        a.send(3)
        #expect(subscriber.values.map(\.0) == [1])
        subscriber.request(5)
        #expect(subscriber.values.map(\.0) == [1, 3])
    }
}

@Suite struct RowOperatorTests {
    struct Person: Hashable { var id: String; var name: String }
    struct Post: Hashable { var owner: String? }
    struct Row: Hashable { var post: Post; var person: Person? }

    @Test func hashJoinMatchesTheFirstRowByCodePointKeys() {
        let posts = PassthroughSubject<[Post], any Error>(), people = PassthroughSubject<[Person], any Error>()
        let left = Recorder(posts.leftJoin(people, on: { $0.owner }, equals: { $0.id }, into: Row.init))
        let inner = Recorder(posts.innerJoin(people, on: { $0.owner }, equals: { $0.id }) { ($0.owner ?? "") + ":" + $1.name })
        posts.send([Post(owner: "\u{E9}"), Post(owner: "e\u{301}"), Post(owner: nil), Post(owner: "b")])
        people.send([Person(id: "e\u{301}", name: "first"), Person(id: "e\u{301}", name: "second"), Person(id: "b", name: "bee")])
        #expect(left.values.last?.map { $0.person?.name } == [nil, "first", nil, "bee"])
        #expect(inner.values == [["e\u{301}:first", "b:bee"]])
        people.send([Person(id: "e\u{301}", name: "first"), Person(id: "b", name: "bee"), Person(id: "zz", name: "new")])
        #expect(inner.values.count == 1, "an unchanged result is not emitted again")
    }

    @Test func filterAndCountEmitOnlyChanges() {
        let rows = PassthroughSubject<[Int], any Error>()
        let evens = Recorder(rows.filterRows { $0 % 2 == 0 })
        let count = Recorder(rows.countRows { $0 > 1 })
        rows.send([1, 2, 3])
        rows.send([1, 2, 5])
        rows.send([2, 4])
        rows.send([5])
        #expect(evens.values == [[2], [2, 4], []])
        #expect(count.values == [2, 1])
    }
}
