import ChatModelAsync
import ModelgenAsync
import Testing

/// The model the build plugin wrote over Swift concurrency: a stream iterated, then left.
@Suite struct RoomSummaryTests {
    @Test func theFirstLineOfARoomIsReadByIteratingItsStream() async throws {
        let store = InMemoryStore()
        let chat = ChatModel(store: store, scheduler: .immediate)
        try await chat.commit(
            chat.createMember(roomId: "r1", name: "Ann", id: "u1"),
            chat.createMessage(roomId: "r1", text: "hi", ownerUid: "u1", id: "m1")
        )
        #expect(try await RoomSummary.firstLine(of: chat, roomId: "r1") == "Ann: hi")
        #expect(store.listenerCount == 0)
    }
}
