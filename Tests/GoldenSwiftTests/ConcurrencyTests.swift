import Foundation
import GoldenChat
import ModelgenRuntime
import StreamRecorder
import Testing

/// The generated chat model used with Swift concurrency: every stream is an `AsyncSequence`
/// through `values` (Combine's, or OpenCombine's on Linux), and every stream has an async read.
@Suite struct ConcurrencyTests {
    let store = InMemoryStore()
    var model: ChatModel { ChatModel(store: store, scheduler: .background()) }
    let messages = ["chatrooms", "r1", "messages"], members = ["chatrooms", "r1", "members"]

    func post(_ id: String, by owner: String, at seconds: Int64) throws {
        try store.setData(["text": "hi", "ownerUid": .string(owner), "createdAt": .timestamp(Timestamp(seconds: seconds))], at: messages + [id])
    }

    /// Each value awaited from the sequence is the publisher's emission after the same write
    /// (each write changes the rows, so each makes one emission).
    @Test func anAsyncSequenceEmitsWhatThePublisherEmits() async throws {
        try await store.setData(["name": "Ann"], at: members + ["u1"])
        let model = ChatModel(store: store, scheduler: .immediate)
        let published = Recorder(model.messagesWithOwners(roomId: "r1"))
        var values = model.messagesWithOwners(roomId: "r1").values.makeAsyncIterator()
        var awaited = [try await values.next()]
        let writes: [() throws -> Void] = [
            { try post("m1", by: "u1", at: 1) },
            { try post("m2", by: "u2", at: 2) },
            { try store.setData(["name": "Anne"], at: members + ["u1"]) },
            { try store.deleteDocument(at: messages + ["m2"]) },
        ]
        for write in writes {
            try write()
            awaited.append(try await values.next())
        }
        #expect(awaited.map { $0 ?? [] } == published.values)
        #expect(published.values.map { $0.map { "\($0.message.id) \($0.owner?.name ?? "-")" } } == [[], ["m1 Ann"], ["m2 -", "m1 Ann"], ["m2 -", "m1 Anne"], ["m1 Anne"]])
    }

    @Test func cancellingTheTaskRemovesTheListeners() async throws {
        try post("m1", by: "u1", at: 1)
        let model = model
        let task = Task {
            var seen = 0
            for try await _ in model.messagesWithOwners(roomId: "r1").values { seen += 1 }
            return seen
        }
        while store.listenerCount < 2 { try await Task.sleep(for: .milliseconds(1)) }
        task.cancel()
        _ = try? await task.value
        #expect(store.listenerCount == 0)
    }

    @Test func aReadGivesTheValueWithoutListening() async throws {
        try await store.setData(["name": "Ann"], at: members + ["u1"])
        try post("m1", by: "u1", at: 1)
        try post("m2", by: "u2", at: 2)
        let rows = try await model.fetchMessagesWithOwners(roomId: "r1")
        #expect(rows.map { "\($0.message.id) \($0.owner?.name ?? "-")" } == ["m2 -", "m1 Ann"])
        let count = try await model.fetchSpeakCount(roomId: "r1", uid: "u1")
        let room = try await model.fetchRoom(id: "nowhere")
        #expect(count == 1)
        #expect(room == nil)
        #expect(store.listenerCount == 0)
        await #expect(throws: StoreError.invalidPath(["chatrooms", "a/b", "messages"])) {
            try await model.fetchMessages(roomId: "a/b")
        }
    }
}
