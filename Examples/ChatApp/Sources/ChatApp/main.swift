// A short chat session against an in-memory store, printing what the screen would show as it
// changes. An app would use FirestoreStore and the default background scheduler, and receive
// on the main queue; the immediate scheduler keeps this demo's output in order.
import ChatModel
import ModelgenRuntime

let store = InMemoryStore(clock: { Timestamp(seconds: 1_700_000_000) })
let chat = ChatModel(store: store, scheduler: .immediate)

// Messages take the server's time (here the store's clock, the same for all); ties go by id.
// `say` is the schema's declared write: it reads the member's count once, and refuses a fourth.
func say(_ id: String, _ uid: String, _ text: String) async {
    print("> \(uid) says \"\(text)\"")
    do {
        for try await _ in chat.say(roomId: "lobby", text: text, uid: uid, id: id).values {}
    } catch {
        print("  refused: \(error)")
    }
}

try await chat.commit(chat.createMember(roomId: "lobby", name: "Ann", id: "ann"))
let feed = ChatRoomFeed(model: chat, roomId: "lobby", uid: "ann") { print("  " + $0) }
await say("m1", "ann", "Hello!")
await say("m2", "bob", "Hi Ann")
print("> bob joins")
try await chat.commit(chat.createMember(roomId: "lobby", name: "Bob", id: "bob"))
await say("m3", "ann", "Welcome, Bob")
print("> Ann renames herself")
try await chat.commit(chat.updateMember(roomId: "lobby", id: "ann", name: .set("Annie")))
await say("m4", "ann", "Anyone there?")
await say("m5", "ann", "Hello?")
print("> Ann deletes her first message")
try await chat.commit(chat.deleteMessage(roomId: "lobby", id: "m1"))
feed.close()
print("listeners left: \(store.listenerCount)")
