import Foundation
import GoldenChat
import ModelgenRuntime

/// The README's Swift example, compiled with the tests; ReadmeExampleTests checks that the README
/// shows these lines.
enum ReadmeExamples {
    static func swift() async throws {
        let store = InMemoryStore()                      // or FirestoreStore() in an app that links Firebase
        let chat = ChatModel(store: store)               // decodes on a background queue by default
        let cancellable = chat.messagesWithOwners(roomId: "r1")
            .sink(receiveCompletion: { print($0) }, receiveValue: { rows in
                for row in rows { print(row.owner?.name ?? "?", row.message.text) }
            })
        try await store.setData(["name": "Ann"], at: ["chatrooms", "r1", "members", "u1"])
        try await store.setData(["text": "hi", "ownerUid": "u1", "createdAt": .serverTimestamp],
                                at: ["chatrooms", "r1", "messages", "m1"])
        cancellable.cancel()                             // stops listening

        let rows = try await chat.fetchMessagesWithOwners(roomId: "r1")   // one read, no listener
        print(rows.count, Message(id: "m2", text: "hi", ownerUid: "u1"))   // defaults for the rest
        for try await rows in chat.messagesWithOwners(roomId: "r1").values {  // until the task is cancelled
            print(rows.count)
        }
    }
}
