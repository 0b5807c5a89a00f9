import GoldenChatAsync
import ModelgenAsync
import Testing

/// The generated chat model over Swift concurrency (Tests/Goldens/chat/swift-async), driven as an
/// app drives it: streams iterated with `for try await`, declared writes awaited, a `LiveValue`
/// observed. The streams' rules are the vectors' (`modelgen verify --lang swift-async`); these
/// check what only iteration shows: listening while iterated, and the listeners going with it.
@Suite struct ChatAsyncTests {
    let store = InMemoryStore()
    var chat: ChatModel { ChatModel(store: store, scheduler: .immediate) }

    @Test func anIteratedStreamSeesEachChangeAndStopsListeningWhenTheTaskIsCancelled() async throws {
        let rows = chat.messages(roomId: "r1").makeAsyncIterator()
        #expect(store.listenerCount == 0, "nothing listens before the first value is asked for")
        #expect(try await rows.next() == [])
        #expect(store.listenerCount == 1)
        try await chat.commit(chat.createMessage(roomId: "r1", text: "hi", ownerUid: "u1", id: "m1"))
        #expect(try await rows.next()?.map(\.text) == ["hi"])

        let reading = Task { [chat] in
            for try await _ in chat.messagesWithOwners(roomId: "r1") {}
        }
        try await eventually { store.listenerCount == 3 }  // messages, members, and the first iteration's
        reading.cancel()
        _ = await reading.result
        #expect(store.listenerCount == 1)
    }

    @Test func breakingOutOfAnIterationRemovesItsListeners() async throws {
        for try await room in chat.room(id: "lobby") {
            #expect(room == nil)
            break
        }
        #expect(store.listenerCount == 0)
    }

    @Test func aListenerErrorIsThrownByTheIteration() async throws {
        let rows = chat.messages(roomId: "r1").makeAsyncIterator()
        _ = try await rows.next()
        store.failListeners(of: ["chatrooms", "r1", "messages"], with: Refused())
        await #expect(throws: Refused.self) { try await rows.next() }
        #expect(store.listenerCount == 0)
    }

    @Test func aDeclaredWriteYieldsItsIdThenEnds() async throws {
        try await chat.commit(chat.createMember(roomId: "r1", name: "Ann", id: "u1"))
        var ids: [String] = []
        for try await id in chat.sendMessage(roomId: "r1", text: "hi", uid: "u1", id: "m1") { ids.append(id) }
        #expect(ids == ["m1"])
        #expect(try await chat.fetchMembers(roomId: "r1").map(\.sentCount) == [1])
        #expect(try await chat.fetchMessages(roomId: "r1").map(\.id) == ["m1"])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor @Test func aLiveValueHoldsTheLatestValueWhileItsTaskRuns() async throws {
        let chat = chat, store = store
        let room = LiveValue<Room?>()
        #expect(room.isLoading && room.value == nil)
        let observing = Task { await room.observe(chat.room(id: "lobby")) }
        try await eventually { !room.isLoading }
        #expect(room.value == .some(nil))
        try await chat.commit(chat.createRoom(name: "Lobby", id: "lobby"))
        try await eventually { room.value??.name == "Lobby" }
        observing.cancel()
        await observing.value
        #expect(store.listenerCount == 0)
        #expect(room.error == nil)
    }
}

struct Refused: Error {}

/// Waits, yielding, until `condition` holds; fails after many tries instead of hanging.
func eventually(isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool) async throws {
    for _ in 0..<100_000 where !condition() {
        await Task.yield()
    }
    try #require(condition())
}
