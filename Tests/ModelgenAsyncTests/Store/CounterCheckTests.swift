import Testing
@testable import ModelgenAsync
@testable import ModelgenRuntimeCore

/// `written(after: CounterCheck)`: a declared write and its counter in one transaction, so that
/// a cap holds under concurrent writers.
@Suite struct CounterCheckTests {
    let counter = ["rooms", "r1", "members", "u1"]
    let messages = ["rooms", "r1", "messages"]

    /// The check of `sendMessage`: at most `cap` messages, counted by `sentCount`.
    func check(cap: Int = 2, step: Int = 1) -> CounterCheck {
        CounterCheck("sendMessage", "Member[$uid].sentCount < \(cap)", counter: counter, field: "sentCount", step: step) { $0 < cap }
    }

    /// Iterates the counted write to its end: `id …`, `done`, `error …`.
    func outcome(_ stream: LiveStream<String>) async -> [String] {
        var events: [String] = []
        do {
            for try await id in stream { events.append("id \(id)") }
            events.append("done")
        } catch {
            events.append("error \(error)")
        }
        return events
    }

    /// Expects the counted write's events, to its end.
    func expect(_ stream: LiveStream<String>, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) async {
        let events = await outcome(stream)
        #expect(events == expected, sourceLocation: sourceLocation)
    }

    func sentCount(_ store: InMemoryStore) throws -> DocumentValue? {
        try store.getDocument(counter)?.data["sentCount"]
    }

    @Test func itWritesAndCountsInOneCommitWhileTheCheckHolds() async throws {
        let store = InMemoryStore()
        try await store.setData(["sentCount": 1], at: counter)
        let snapshots = Calls<Int>()
        let listener = store.addListener(to: StoreQuery(collection: messages)) { snapshots.append((try? $0.get().documents.count) ?? -1) }
        defer { listener.remove() }
        let written = store.written(after: check()) { .set(self.messages + ["m1"], ["text": "hi"]) }
        try await Task.sleep(nanoseconds: 10_000_000)
        #expect(try store.getDocument(messages + ["m1"]) == nil, "nothing happens before a subscriber")
        await expect(written, ["id m1", "done"])
        #expect(try sentCount(store) == 2)
        #expect(snapshots.all == [0, 1])
        await expect(store.written(after: check()) { .set(self.messages + ["m2"], ["text": "more"]) }, ["error 'sendMessage' needs Member[$uid].sentCount < 2, but it is 2"])
        #expect(try store.getDocument(messages + ["m2"]) == nil)
        #expect(try sentCount(store) == 2)
    }

    @Test func anAbsentFieldCountsZeroAndAnythingButAnIntFails() async throws {
        let store = InMemoryStore()
        try await store.setData(["name": "Ann"], at: counter)
        await expect(store.written(after: check()) { .set(self.messages + ["m1"], [:]) }, ["id m1", "done"])
        #expect(try sentCount(store) == 1)
        try await store.setData(["sentCount": "one"], at: counter)
        await expect(store.written(after: check()) { .set(self.messages + ["m2"], [:]) }, ["error 'sentCount' should be int but is string"])
        #expect(try store.getDocument(messages + ["m2"]) == nil)
    }

    @Test func itFailsWritingNothingWithoutACounterOrWithAConstraintBroken() async throws {
        let store = InMemoryStore()
        await expect(store.written(after: check()) { .set(self.messages + ["m1"], [:]) }, ["error no document at 'rooms/r1/members/u1'"])
        try await store.setData(["sentCount": 0], at: counter)
        let broken = store.written(after: check()) { throw ConstraintError(violations: ["'text' must have at least 1 character"]) }
        await expect(broken, ["error 'text' must have at least 1 character"])
        #expect(try sentCount(store) == 0)
    }

    @Test func aCreateOnlyCreatesAndADeleteOnlyDeletesSoTheCountCountsDocuments() async throws {
        let store = InMemoryStore()
        try await store.setData(["sentCount": 1], at: counter)
        try await store.setData(["text": "hi"], at: messages + ["m1"])
        await expect(store.written(after: check()) { .set(self.messages + ["m1"], ["text": "again"]) }, ["error a document already exists at 'rooms/r1/messages/m1'"])
        let unsend = CounterCheck("unsend", "Member[$uid].sentCount > 0", counter: counter, field: "sentCount", step: -1) { $0 > 0 }
        await expect(store.written(after: unsend) { .delete(self.messages + ["m9"]) }, ["error no document at 'rooms/r1/messages/m9'"])
        #expect(try sentCount(store) == 1)
        await expect(store.written(after: unsend) { .delete(self.messages + ["m1"]) }, ["id m1", "done"])
        #expect(try sentCount(store) == 0)
        #expect(try store.getDocument(messages + ["m1"]) == nil)
    }

    @Test func anotherWritersCommitBetweenTheReadAndTheCommitMakesItReadAgainAndRefuse() async throws {
        let store = InMemoryStore()
        try await store.setData(["sentCount": 1], at: counter)
        let attempts = Calls<Int>()
        let written = store.written(after: check()) {
            attempts.append(attempts.all.count + 1)
            if attempts.all.count == 1 {
                // Another client's sendMessage commits what its own transaction writes: its message and the count.
                try store.commit(batch: [
                    .set(self.messages + ["other"], ["text": "first"], mustNotExist: true),
                    .update(self.counter, [["sentCount"]: .increment(1)]),
                ]) { _ in }
            }
            return .set(self.messages + ["m1"], ["text": "late"])
        }
        await expect(written, ["error 'sendMessage' needs Member[$uid].sentCount < 2, but it is 2"])
        #expect(attempts.all == [1], "the second attempt read the cap and wrote nothing")
        #expect(try sentCount(store) == 2)
        #expect(try store.getDocuments(StoreQuery(collection: messages)).map(\.id) == ["other"])
    }

    @Test func manyConcurrentWritersNeverExceedTheCap() async throws {
        let store = InMemoryStore()
        try await store.setData(["sentCount": 0], at: counter)
        let outcomes = await withTaskGroup(of: [String].self) { group in
            for index in 0..<10 {
                group.addTask { await self.outcome(store.written(after: self.check(cap: 3)) { .set(self.messages + ["m\(index)"], [:]) }) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0.last == "done" }.count == 3)
        #expect(outcomes.allSatisfy { $0.last == "done" || $0.first?.hasPrefix("error 'sendMessage' needs") == true || $0.first?.hasPrefix("error a transaction gave up") == true })
        #expect(try sentCount(store) == 3)
        #expect(try store.getDocuments(StoreQuery(collection: messages)).count == 3)
    }

    @Test func itFailsOffline() async throws {
        let store = InMemoryStore(pendingWrites: true)
        try store.commit(batch: [.set(counter, ["sentCount": 0])]) { _ in }  // applied locally; never acknowledged offline
        await expect(store.written(after: check()) { .set(self.messages + ["m1"], [:]) }, ["error \(StoreError.offline)"])
        #expect(try store.getDocument(messages + ["m1"]) == nil)
    }
}
