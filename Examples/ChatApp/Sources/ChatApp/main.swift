// A short chat session against an in-memory store, printing what the screen would show as it
// changes. An app would use FirestoreStore and the default background scheduler, and receive
// on the main queue; the immediate scheduler keeps this demo's output in order.
import ChatModel
import ModelgenRuntime

let store = InMemoryStore(clock: { Timestamp(seconds: 1_700_000_000) })
let chat = ChatModel(store: store, scheduler: .immediate)

// Messages take the server's time (here the store's clock, the same for all); ties go by id.
func say(_ id: String, _ uid: String, _ text: String) async throws {
    print("> \(uid) says \"\(text)\"")
    try await chat.commit(chat.createMessage(roomId: "lobby", text: text, ownerUid: uid, id: id))
}

try await chat.commit(chat.createMember(roomId: "lobby", name: "Ann", id: "ann"))
let feed = ChatRoomFeed(model: chat, roomId: "lobby", uid: "ann") { print("  " + $0) }
try await say("m1", "ann", "Hello!")
try await say("m2", "bob", "Hi Ann")
print("> bob joins")
try await chat.commit(chat.createMember(roomId: "lobby", name: "Bob", id: "bob"))
try await say("m3", "ann", "Welcome, Bob")
print("> Ann renames herself")
try await chat.commit(chat.updateMember(roomId: "lobby", id: "ann", name: .set("Annie")))
print("> Ann deletes her first message")
try await chat.commit(chat.deleteMessage(roomId: "lobby", id: "m1"))
feed.close()
print("listeners left: \(store.listenerCount)")
