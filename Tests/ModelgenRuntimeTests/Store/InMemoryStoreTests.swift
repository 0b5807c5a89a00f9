import Foundation
import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// Collects what a listener is called with.
final class Calls<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [T] = []
    func append(_ item: T) { lock.lock(); items.append(item); lock.unlock() }
    var all: [T] { lock.lock(); defer { lock.unlock() }; return items }
}

@Suite struct InMemoryStoreTests {
    let messages = ["rooms", "r1", "messages"]

    @Test func listenersHearTheCurrentStateThenEveryChange() throws {
        let store = InMemoryStore()
        try store.setData(["n": 1], at: messages + ["a"])
        let calls = Calls<[String]>()
        let registration = store.addListener(to: StoreQuery(collection: messages)) { calls.append((try? $0.get().documents.map(\.id)) ?? ["error"]) }
        try store.setData(["n": 2], at: messages + ["b"])
        try store.setData(["n": 2], at: messages + ["b"])
        try store.setData(["x": 1], at: ["rooms", "r2", "messages", "c"])
        try store.deleteDocument(at: messages + ["a"])
        registration.remove()
        try store.setData(["n": 3], at: messages + ["d"])
        #expect(calls.all == [["a"], ["a", "b"], ["b"]])
        #expect(store.listenerCount == 0)
    }

    @Test func listenersAreCalledInRegistrationOrderAndMaySeeEachOthersWrites() throws {
        let store = InMemoryStore()
        let calls = Calls<String>()
        let first = store.addListener(to: StoreQuery(collection: ["a"])) { result in
            let count = (try? result.get().documents.count) ?? -1
            calls.append("first \(count)")
            if count == 1 { try? store.setData([:], at: ["a", "second"]) }
        }
        let second = store.addListener(to: StoreQuery(collection: ["a"])) { calls.append("second \((try? $0.get().documents.count) ?? -1)") }
        try store.setData([:], at: ["a", "first"])
        #expect(calls.all == ["first 0", "second 0", "first 1", "first 2", "second 2"])
        first.remove()
        second.remove()
    }

    @Test func documentListeners() throws {
        let store = InMemoryStore()
        let calls = Calls<String>()
        let registration = store.addListener(toDocument: messages + ["a"]) { result in
            calls.append((try? result.get()).map { $0.map { DocumentValue.map($0.data).description } ?? "none" } ?? "error")
        }
        try store.setData(["n": 1], at: messages + ["a"])
        try store.setData(["n": 1], at: messages + ["b"])
        try store.updateData([["n"]: .value(2), ["o", "p"]: .value(true)], at: messages + ["a"])
        try store.deleteDocument(at: messages + ["a"])
        #expect(calls.all == ["none", "{n: 1}", "{n: 2, o: {p: true}}", "none"])
        registration.remove()
    }

    /// A batch of any size is one atomic commit, as Firestore has taken since 2023-03-29.
    @Test func batchesOfAnySizeAreAtomic() throws {
        let store = InMemoryStore()
        let counts = Calls<Int>()
        let registration = store.addListener(to: StoreQuery(collection: ["c"])) { counts.append((try? $0.get().documents.count) ?? -1) }
        let writes = (0..<1_200).map { DocumentWrite.set(["c", String(format: "%04d", $0)], ["i": .int(Int64($0))]) }
        try store.commit(batch: Array(writes.prefix(600))) { _ in }
        try store.commit(writes)
        #expect(counts.all == [0, 600, 1_200], "one snapshot per commit")
        #expect(throws: StoreError.notFound(["c", "missing"])) {
            try store.commit(batch: writes.map { .delete($0.path) } + [.set(["c", "new"], [:]), .update(["c", "missing"], [["a"]: .value(1)])]) { _ in }
        }
        #expect(try store.getDocument(["c", "new"]) == nil, "a failed batch changes nothing")
        #expect(try store.getDocuments(StoreQuery(collection: ["c"])).count == 1_200, "not even its 1,200 deletes")
        registration.remove()
    }

    @Test func invalidPathsAreRefused() {
        let store = InMemoryStore()
        #expect(throws: StoreError.invalidPath(["rooms", "a/b"])) { try store.setData([:], at: ["rooms", "a/b"]) }
        // A '/' followed by a combining mark is one Character with the mark, but still a '/' to
        // Firestore and to the Kotlin and TypeScript stores.
        #expect(throws: StoreError.invalidPath(["rooms", "a/\u{301}b"])) { try store.setData([:], at: ["rooms", "a/\u{301}b"]) }
        #expect(throws: StoreError.invalidPath(["rooms", ""])) { try store.getDocument(["rooms", ""]) }
        #expect(throws: StoreError.invalidPath(["rooms", "r1"])) { try store.getDocuments(StoreQuery(collection: ["rooms", "r1"])) }
        let calls = Calls<String>()
        _ = store.addListener(to: StoreQuery(collection: ["a", "b/c", "d"])) { calls.append("\($0)") }
        #expect(calls.all.count == 1 && calls.all[0].hasPrefix("failure"))
    }

    @Test func pendingServerTimestampsReadNilAndSortLastUntilFlushed() throws {
        let time = Timestamp(seconds: 1_000)
        let store = InMemoryStore(pendingWrites: true, clock: { time })
        try store.setData(["at": .timestamp(Timestamp(seconds: 5))], at: ["c", "old"])
        try store.setData(["at": .serverTimestamp], at: ["c", "new"])
        let query = StoreQuery(collection: ["c"], orderBy: [.ascending(["at"])])
        #expect(try store.getDocuments(query).map(\.id) == ["old", "new"])
        #expect(try store.getDocument(["c", "new"])?.data["at"] == .serverTimestamp)
        store.flushPendingWrites()
        #expect(try store.getDocument(["c", "new"])?.data["at"] == .timestamp(time))
        let immediate = InMemoryStore(clock: { time })
        try immediate.setData(["at": .serverTimestamp], at: ["c", "x"])
        #expect(try immediate.getDocument(["c", "x"])?.data["at"] == .timestamp(time))
    }

    @Test func failingListenersEndsThem() throws {
        let store = InMemoryStore()
        let calls = Calls<String>()
        _ = store.addListener(to: StoreQuery(collection: ["c"])) { result in
            if case let .failure(error) = result { calls.append("\(error)") } else { calls.append("ok") }
        }
        _ = store.addListener(to: StoreQuery(collection: ["other"])) { _ in calls.append("other") }
        store.failListeners(of: ["c"], with: StoreError.notFound(["c"]))
        try store.setData([:], at: ["c", "a"])
        #expect(calls.all == ["ok", "other", "no document at 'c'"])
        #expect(store.listenerCount == 1)
    }

    @Test func eightThreadsWritingConcurrentlyLoseNothing() throws {
        let store = InMemoryStore()
        let seen = Calls<Int>()
        let registration = store.addListener(to: StoreQuery(collection: ["c"])) { seen.append((try? $0.get().documents.count) ?? -1) }
        let done = DispatchGroup()
        for thread in 0..<8 {
            done.enter()
            Thread {
                for index in 0..<100 {
                    try? store.setData(["thread": .int(Int64(thread))], at: ["c", "\(thread)-\(index)"])
                    if index % 25 == 0 { _ = try? store.getDocuments(StoreQuery(collection: ["c"], limit: 3)) }
                }
                done.leave()
            }.start()
        }
        done.wait()
        #expect(try store.getDocuments(StoreQuery(collection: ["c"])).count == 800)
        #expect(seen.all.last == 800)
        #expect(seen.all == seen.all.sorted(), "each listener call sees a state at least as new as the one before")
        registration.remove()
    }
}

@Suite struct ExactKeyTests {
    @Test func idsAndPathsThatDifferOnlyByNormalizationAreDifferentDocuments() throws {
        let store = InMemoryStore()
        try store.setData(["n": 1], at: ["c", "\u{E9}"])
        try store.setData(["n": 2], at: ["c", "e\u{301}"])
        try store.setData(["n": 3], at: ["r", "\u{E9}", "m", "x"])
        #expect(try store.getDocuments(StoreQuery(collection: ["c"])).map(\.data["n"]) == [2, 1], "e + U+0301 sorts before U+00E9")
        #expect(try store.getDocument(["c", "\u{E9}"])?.data["n"] == 1)
        #expect(try store.getDocuments(StoreQuery(collection: ["r", "e\u{301}", "m"])).isEmpty)
        let calls = Calls<Int>()
        let registration = store.addListener(to: StoreQuery(collection: ["r", "e\u{301}", "m"])) { calls.append((try? $0.get().documents.count) ?? -1) }
        try store.setData(["n": 4], at: ["r", "\u{E9}", "m", "y"])
        #expect(calls.all == [0], "a write to the other spelling's collection is not this listener's")
        registration.remove()
    }

    @Test func storedKeysAreLookedUpExactly() {
        let document = DocumentSnapshot(id: "d", data: ["\u{E9}": 1])
        #expect(QueryEngine.value(at: ["e\u{301}"], in: document) == nil)
        #expect(QueryEngine.value(at: ["\u{E9}"], in: document) == 1)
        #expect(throws: DocumentDecodingError(path: ["e\u{301}"], .missing)) {
            let _: Int = try FieldReader(document.data).decode("e\u{301}")
        }
    }

    @Test func oneBatchReadsTheClockOnce() throws {
        let ticks = Calls<Int>()
        let store = InMemoryStore(clock: { ticks.append(1); return Timestamp(seconds: Int64(ticks.all.count)) })
        try store.commit([.set(["c", "a"], ["t": .serverTimestamp]), .set(["c", "b"], ["t": .serverTimestamp])])
        #expect(try store.getDocument(["c", "a"])?.data["t"] == store.getDocument(["c", "b"])?.data["t"])
        #expect(ticks.all.count == 1)
    }
}
