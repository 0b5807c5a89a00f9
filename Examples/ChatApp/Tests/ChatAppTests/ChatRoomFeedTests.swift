import ChatModel
import Foundation
import ModelgenRuntime
import Testing

@Suite struct ChatRoomFeedTests {
    @Test func showsMessagesOwnersAndTheSpeakCountAsTheyChange() async throws {
        let store = InMemoryStore()
        let model = ChatModel(store: store, scheduler: .immediate)
        let lines = Lines()
        let feed = ChatRoomFeed(model: model, roomId: "r", uid: "ann") { lines.append($0) }
        try await model.commit(model.createMember(roomId: "r", name: "Ann", id: "ann"))
        try await model.commit(model.createMessage(roomId: "r", text: "hi", ownerUid: "ann", id: "m1"))
        try await model.commit(model.createMessage(roomId: "r", text: "yo", ownerUid: "bob", id: "m2"))
        try await model.commit(model.createMember(roomId: "r", name: "Bob", id: "bob"))
        #expect(lines.all == [
            "messages: none", "you have written 0",
            "messages: Ann: hi", "you have written 1",
            "messages: Ann: hi | ?: yo",
            "messages: Ann: hi | Bob: yo",
        ])
        feed.close()
        #expect(store.listenerCount == 0)
    }
}

/// The feed's lines, collected from its callback on whichever thread the streams emit on.
nonisolated final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    func append(_ line: String) { lock.withLock { lines.append(line) } }
}
