import GoldenChatAsync
import ModelgenAsync
#if canImport(SwiftUI)
import SwiftUI
#endif

/// The README's Swift concurrency examples, compiled with the tests; ReadmeExampleTests checks
/// that the README shows these lines. The SwiftUI view builds where SwiftUI exists.
enum ReadmeExamples {
    static func swiftAsync() async throws {
        let store = InMemoryStore()                      // or FirestoreStore() from ModelgenFirestore
        let chat = ChatModel(store: store)               // decodes on a background queue by default
        let reading = Task {
            for try await rows in chat.messagesWithOwners(roomId: "r1") {  // listens while iterated
                for row in rows { print(row.owner?.name ?? "?", row.message.text) }
            }
        }
        try await chat.commit(chat.createMember(roomId: "r1", name: "Ann", id: "u1"))
        for try await id in chat.sendMessage(roomId: "r1", text: "hi", uid: "u1") { print("sent", id) }
        reading.cancel()                                 // stops listening
    }
}

#if canImport(SwiftUI)
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct RoomScreenView: View {
    let chat: ChatModel
    @State private var rows = LiveValue<[MessageWithOwner]>()

    var body: some View {
        List(rows.value ?? [], id: \.message.id) { row in
            Text("\(row.owner?.name ?? "?"): \(row.message.text)")
        }
        .overlay { if rows.isLoading { ProgressView() } }
        .task { await rows.observe(chat.messagesWithOwners(roomId: "r1")) }
    }
}
#endif
