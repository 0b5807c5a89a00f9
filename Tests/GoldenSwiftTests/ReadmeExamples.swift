import Foundation
import GoldenChat
import GoldenShops
import ModelgenRuntime

/// The README's Swift example, compiled with the tests; ReadmeExampleTests checks that the README
/// shows these lines.
enum ReadmeExamples {
    static func swift() async throws {
        let store = InMemoryStore()                      // or FirestoreStore() from ModelgenFirestore (see "On Firestore")
        let chat = ChatModel(store: store)               // decodes on a background queue by default
        let cancellable = chat.messagesWithOwners(roomId: "r1")
            .sink(receiveCompletion: { print($0) }, receiveValue: { rows in
                for row in rows { print(row.owner?.name ?? "?", row.message.text) }
            })
        try await chat.commit(                            // typed writes, in one atomic batch
            chat.createMember(roomId: "r1", name: "Ann", id: "u1"),
            chat.createMessage(roomId: "r1", text: "hi", ownerUid: "u1", id: "m1")  // createdAt: the server's time
        )
        try await chat.commit(chat.updateMessage(roomId: "r1", id: "m1", likeCount: .increment(1)))
        let draft = try chat.createMessage(roomId: "r1", text: "yo", ownerUid: "u1")  // a new id: draft.documentID
        cancellable.cancel()                             // stops listening

        let rows = try await chat.fetchMessagesWithOwners(roomId: "r1")   // one read, no listener
        print(rows.count, draft, Message(id: "m2", text: "hi", ownerUid: "u1"))   // defaults for the rest
        for try await rows in chat.messagesWithOwners(roomId: "r1").values {  // until the task is cancelled
            print(rows.count)
        }
    }

    static func createOnly(_ chat: ChatModel) async throws {
        try await chat.commit(chat.createRoom(name: "Lobby", id: "lobby", mustNotExist: true))
    }

    static func unchangedSince(_ chat: ChatModel) async throws {
        if let room = try await chat.fetchRoom(id: "lobby") {
            try await chat.commit(chat.updateRoom(id: "lobby", name: .set("Hall"), unchangedSince: room))
        }
    }

    static func commitList(_ chat: ChatModel) async throws {
        let messages = try await chat.fetchMessages(roomId: "r1")
        try await chat.commit(messages.map { chat.deleteMessage(roomId: "r1", id: $0.id) })   // all or none
    }

    static func keys(_ shops: ShopsModel) async throws {
        try await shops.commit(shops.updateShop(id: "s1", openingHours: .keys(["sun": .set("closed"), "mon": .delete])))
        try await shops.commit(shops.updateShop(id: "s1", addressCity: .set("Kyoto")))
    }

    static func counted(_ chat: ChatModel) async throws -> Bool {
        for try await id in chat.sendMessage(roomId: "r1", text: "hi", uid: "u1").values { print("sent", id) }
        let named = try await chat.runTransaction(maxAttempts: 2) { try $0.getRoom(id: "lobby") != nil }
        return named
    }

    static func mainQueue(_ chat: ChatModel) -> AnyCancellable {
        #if canImport(Combine)
        let main = DispatchQueue.main                     // Combine's scheduler
        #else
        let main = DispatchQueue.main.ocombine            // OpenCombine's (Linux), from import ModelgenRuntime
        #endif
        let screen = chat.messagesWithOwners(roomId: "r1")   // keep it while the screen shows
            .receive(on: main)                            // emissions on the main queue, for the UI
            .sink(receiveCompletion: { _ in }, receiveValue: { rows in print(rows.count) })
        return screen
    }
}
