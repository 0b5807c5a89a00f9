// A short chat session against an in-memory store, printing what the screen would show as it
// changes. An app would use FirestoreStore and the default background scheduler, and receive
// on the main queue; the immediate scheduler keeps this demo's output in order.
import ChatModel
import ModelgenRuntime

let store = InMemoryStore(clock: { Timestamp(seconds: 1_700_000_000) })
let chat = ChatModel(store: store, scheduler: .immediate)
let members = ["chatrooms", "lobby", "members"], messages = ["chatrooms", "lobby", "messages"]

func say(_ id: String, _ uid: String, _ text: String, at seconds: Int64) throws {
    print("> \(uid) says \"\(text)\"")
    try store.setData(["text": .string(text), "ownerUid": .string(uid), "createdAt": .timestamp(Timestamp(seconds: seconds))], at: messages + [id])
}

try store.setData(["name": "Ann"], at: members + ["ann"])
let feed = ChatRoomFeed(model: chat, roomId: "lobby", uid: "ann") { print("  " + $0) }
try say("m1", "ann", "Hello!", at: 1)
try say("m2", "bob", "Hi Ann", at: 2)
print("> bob joins")
try store.setData(["name": "Bob"], at: members + ["bob"])
try say("m3", "ann", "Welcome, Bob", at: 3)
print("> Ann renames herself")
try store.updateData([["name"]: "Annie"], at: members + ["ann"])
print("> Ann deletes her first message")
try store.deleteDocument(at: messages + ["m1"])
feed.close()
print("listeners left: \(store.listenerCount)")
