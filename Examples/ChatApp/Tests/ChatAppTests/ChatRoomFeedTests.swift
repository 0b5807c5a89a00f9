import ChatModel
import ModelgenRuntime
import Testing

@Suite struct ChatRoomFeedTests {
    @Test func showsMessagesOwnersAndTheSpeakCountAsTheyChange() throws {
        let store = InMemoryStore()
        var lines: [String] = []
        let feed = ChatRoomFeed(model: ChatModel(store: store, scheduler: .immediate), roomId: "r", uid: "ann") { lines.append($0) }
        try store.setData(["name": "Ann"], at: ["chatrooms", "r", "members", "ann"])
        try store.setData(["text": "hi", "ownerUid": "ann", "createdAt": .timestamp(Timestamp(seconds: 1))], at: ["chatrooms", "r", "messages", "m1"])
        try store.setData(["text": "yo", "ownerUid": "bob", "createdAt": .timestamp(Timestamp(seconds: 2))], at: ["chatrooms", "r", "messages", "m2"])
        try store.setData(["name": "Bob"], at: ["chatrooms", "r", "members", "bob"])
        #expect(lines == [
            "messages: none", "you have written 0",
            "messages: Ann: hi", "you have written 1",
            "messages: Ann: hi | ?: yo",
            "messages: Ann: hi | Bob: yo",
        ])
        feed.close()
        #expect(store.listenerCount == 0)
    }
}
