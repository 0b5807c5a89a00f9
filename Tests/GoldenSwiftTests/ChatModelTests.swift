import Foundation
import GoldenChat
import ModelgenRuntime
import StreamRecorder
import Testing

/// The generated chat model (Tests/Goldens/chat/swift), driven through an in-memory store.
@Suite struct ChatModelTests {
    let store = CountingStore()
    let failures = FailureLog()
    var model: ChatModel { ChatModel(store: store, scheduler: .immediate, onDecodeFailure: failures.record) }
    let messages = ["chatrooms", "r1", "messages"], members = ["chatrooms", "r1", "members"]

    func post(_ id: String, by owner: String, _ text: String = "hi", at seconds: Int64 = 0, likes: Int64 = 0) throws {
        try store.base.setData(["text": .string(text), "ownerUid": .string(owner), "createdAt": .timestamp(Timestamp(seconds: seconds)), "like_count": .int(likes)], at: messages + [id])
    }

    /// The initialiser applies the schema's defaults as Kotlin's constructor and TypeScript's
    /// `make` do (ChatDriver.kt, chat-driver.ts).
    @Test func valuesAreMadeWithTheSchemasDefaults() {
        #expect(Message(id: "m1", text: "hi", ownerUid: "u1") == Message(id: "m1", text: "hi", ownerUid: "u1", createdAt: nil, attachments: [], likeCount: 0))
        #expect(Attachment(url: "a.png") == Attachment(url: "a.png", width: nil))
    }

    @Test func speakCountFollowsAddsDeletesAndEdits() async throws {
        let count = Recorder(model.speakCount(roomId: "r1", uid: "u1"))
        try post("m1", by: "u1")
        try post("m2", by: "u2")
        try post("m2", by: "u1", "edited to be mine")
        try post("m1", by: "u1", "text changes, count does not")
        try await model.commit(model.deleteMessage(roomId: "r1", id: "m1"))
        try await model.commit([model.updateMessage(roomId: "r1", id: "m2", ownerUid: .set("u3"))])  // a list commits as well
        #expect(count.values == [0, 1, 2, 1, 0])
    }

    /// Typed writes: a create with the schema's defaults and the server's timestamp (pending
    /// until flushed), updates with transforms, a delete; the same in ChatDriver.kt and chat-driver.ts.
    @Test func typedWritesCreateChangeAndDeleteMessages() async throws {
        let fresh = try model.createMessage(roomId: "r1", text: "hi", ownerUid: "u1")
        #expect(fresh.documentID.count == 20 && fresh.documentID.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        #expect(fresh == .set(messages + [fresh.documentID], ["text": "hi", "ownerUid": "u1", "createdAt": .serverTimestamp, "attachments": [], "like_count": 0]))
        let pending = InMemoryStore(pendingWrites: true)
        let model = ChatModel(store: pending, scheduler: .immediate)
        let list = Recorder(model.messages(roomId: "r1"))
        // The store's own commit applies at once; the model's waits for the acknowledgement, which
        // a store with pending writes gives on flush.
        try pending.commit([model.createMessage(roomId: "r1", text: "hi", ownerUid: "u1", id: "m1")])
        try pending.commit([model.updateMessage(roomId: "r1", id: "m1", attachments: .arrayUnion([Attachment(url: "a.png")]), likeCount: .increment(2))])
        try pending.commit([model.updateMessage(roomId: "r1", id: "m1", text: .set("edited"), likeCount: .increment(1))])
        pending.flushPendingWrites(at: Timestamp(seconds: 9))
        try pending.commit([model.deleteMessage(roomId: "r1", id: "m1")])
        let a = [Attachment(url: "a.png")]
        #expect(list.values == [
            [],
            [Message(id: "m1", text: "hi", ownerUid: "u1")],
            [Message(id: "m1", text: "hi", ownerUid: "u1", attachments: a, likeCount: 2)],
            [Message(id: "m1", text: "edited", ownerUid: "u1", attachments: a, likeCount: 3)],
            [Message(id: "m1", text: "edited", ownerUid: "u1", createdAt: Timestamp(seconds: 9), attachments: a, likeCount: 3)],
            [],
        ])
        await #expect(throws: StoreError.notFound(messages + ["m1"])) { try await model.commit(model.updateMessage(roomId: "r1", id: "m1", text: .set("gone"))) }
    }

    /// sendMessage reads the member's sentCount, writes and counts in one transaction: the id once
    /// committed, then finished; at 10, nothing is written; offline, it fails. The same in
    /// ChatDriver.kt and chat-driver.ts.
    @Test func sendMessageCountsInOneTransaction() async throws {
        let store = InMemoryStore()
        let model = ChatModel(store: store, scheduler: .immediate)
        try store.commit([model.createMember(roomId: "r1", name: "Ann", sentCount: 9, id: "u1"), model.createMember(roomId: "r1", name: "Bob", id: "u2")])
        var sent: [String] = []
        for try await id in model.sendMessage(roomId: "r1", text: "hi", uid: "u1", id: "m1").values { sent.append(id) }
        #expect(sent == ["m1"] && store.listenerCount == 0)
        #expect(try store.getDocument(members + ["u1"])?.data["sentCount"] == 10 && store.getDocument(messages + ["m1"]) != nil)
        let failures = Calls<String>()
        for (text, uid, id) in [("eleventh", "u1", "m11"), ("", "u2", "m12")] {
            do {
                for try await _ in model.sendMessage(roomId: "r1", text: text, uid: uid, id: id).values {}
            } catch {
                failures.append("\(type(of: error)): \(error)")
            }
        }
        #expect(failures.all == ["PreCheckError: 'sendMessage' needs Member[$uid].sentCount < 10, but it is 10", "ConstraintError: 'text' must have at least 1 character"])
        #expect(try store.getDocument(messages + ["m11"]) == nil && store.getDocument(messages + ["m12"]) == nil, "nothing written")
        #expect(try store.getDocument(members + ["u2"])?.data["sentCount"] == 0)
        let offline = ChatModel(store: InMemoryStore(pendingWrites: true), scheduler: .immediate)
        await #expect(throws: StoreError.offline) { for try await _ in offline.sendMessage(roomId: "r1", text: "hi", uid: "u1").values {} }
    }

    /// A transaction reads a message through its typed getter and doubles its likes; a change
    /// by another client after the first read runs it again. The same in ChatDriver.kt and chat-driver.ts.
    @Test func aTransactionReadsTypedAndRunsAgainAfterAChange() async throws {
        let store = InMemoryStore()
        let model = ChatModel(store: store, scheduler: .immediate)
        try store.commit([model.createMessage(roomId: "r1", text: "hi", ownerUid: "u1", likeCount: 2, id: "m1")])
        let seen = Calls<Int>()
        let doubled = try await model.runTransaction { transaction -> Int in
            let likes = try transaction.getMessage(roomId: "r1", id: "m1")?.likeCount ?? 0
            seen.append(likes)
            if seen.all.count == 1 { try store.updateData([["like_count"]: .increment(1)], at: messages + ["m1"]) }
            transaction.write(try model.updateMessage(roomId: "r1", id: "m1", likeCount: .set(likes * 2)))
            return likes * 2
        }
        #expect(seen.all == [2, 3] && doubled == 6)
        #expect(try store.getDocument(messages + ["m1"])?.data["like_count"] == 6)
        #expect(try await model.runTransaction { try $0.getRoom(id: "nowhere") } == nil)
    }

    @Test func joinFollowsAMemberRenameWithoutResendingMessages() throws {
        try store.base.setData(["name": "Ann"], at: members + ["u1"])
        try post("m1", by: "u1", at: 1)
        try post("m2", by: "ghost", at: 2)
        let rows = Recorder(model.messagesWithOwners(roomId: "r1"))
        #expect(rows.last?.map(\.message.id) == ["m2", "m1"])
        #expect(rows.last?.map { $0.owner?.name } == [nil, "Ann"])
        let messageDeliveries = store.deliveries(to: messages)
        try store.base.setData(["name": "Anne"], at: members + ["u1"])
        #expect(rows.values.count == 2)
        #expect(rows.last?.map { $0.owner?.name } == [nil, "Anne"])
        #expect(store.deliveries(to: messages) == messageDeliveries, "the messages listener was not called again")
        try store.base.setData(["name": "Gus"], at: members + ["ghost"])
        #expect(rows.last?.map { $0.owner?.name } == ["Gus", "Anne"])
    }

    @Test func aWrongTypedDocumentIsDroppedAndReported() throws {
        let list = Recorder(model.messages(roomId: "r1"))
        try post("good", by: "u1")
        let now = DocumentValue.timestamp(Timestamp(seconds: 1))
        try store.base.setData(["text": 5, "ownerUid": "u1", "createdAt": now], at: messages + ["bad"])
        try store.base.setData(["text": "no owner", "createdAt": now], at: messages + ["worse"])
        try store.base.setData(["text": "no createdAt: not in the ordered query at all"], at: messages + ["unordered"])
        #expect(list.last?.map(\.id) == ["good"])
        #expect(failures.all.map(\.description) == [
            "chatrooms/r1/messages/bad: 'text' should be string but is int",
            "chatrooms/r1/messages/worse: 'ownerUid' is missing",
        ])
    }

    @Test func stringsThatDifferOnlyByNormalizationAreDifferentKeys() throws {
        let composed = "\u{E9}", decomposed = "e\u{301}"
        try store.base.setData(["name": "composed"], at: members + [composed])
        try post("m1", by: decomposed, at: 1)
        try post("m2", by: composed, at: 2)
        let rows = Recorder(model.messagesWithOwners(roomId: "r1"))
        let mine = Recorder(model.myMessages(roomId: "r1", uid: composed))
        #expect(rows.last?.map { $0.owner?.name } == ["composed", nil])
        #expect(mine.last?.map(\.id) == ["m2"])
    }

    @Test func cancellingRemovesEveryListener() throws {
        let rows = Recorder(model.messagesWithOwners(roomId: "r1")), count = Recorder(model.speakCount(roomId: "r1", uid: "u"))
        let room = Recorder(model.room(id: "r1")), recent = Recorder(model.recent(roomId: "r1"))
        #expect(store.base.listenerCount == 5)
        rows.cancel()
        count.cancel()
        room.cancel()
        recent.cancel()
        #expect(store.base.listenerCount == 0)
    }

    @Test func aListenerErrorEndsDerivedStreams() throws {
        let rows = Recorder(model.messagesWithOwners(roomId: "r1"))
        let count = Recorder(model.speakCount(roomId: "r1", uid: "u"))
        store.base.failListeners(of: members, with: StoreError.notFound(members))
        #expect(rows.failure as? StoreError == .notFound(members))
        #expect(count.failure == nil)
        #expect(store.base.listenerCount == 1, "the join's messages listener is removed too; speakCount's stays")
    }

    @Test func roomIsOneDocument() throws {
        let room = Recorder(model.room(id: "r1"))
        try store.base.setData(["name": "Lobby"], at: ["chatrooms", "r1"])
        try store.base.setData(["name": "Other"], at: ["chatrooms", "r2"])
        try store.base.deleteDocument(at: ["chatrooms", "r1"])
        #expect(room.values == [nil, Room(id: "r1", name: "Lobby"), nil])
    }

    @Test func recentIsAStoreQueryWhereUndecodableDocumentsKeepTheirPlace() throws {
        for index in 0..<120 { try post(String(format: "m%03d", index), by: "u", at: Int64(index), likes: Int64(index % 2 == 0 ? 10 : 9)) }
        try store.base.setData(["like_count": 99, "createdAt": .timestamp(Timestamp(seconds: 1_000))], at: messages + ["broken"])
        let recent = Recorder(model.recent(roomId: "r1"))
        #expect(recent.last?.count == 49, "the broken newest document takes one of the 50 places, then is left out")
        #expect(recent.last?.first?.id == "m118")
        #expect(recent.last?.last?.id == "m022")
        #expect(recent.last?.allSatisfy { $0.likeCount >= 10 } == true)
        #expect(failures.all.map(\.path) == [messages + ["broken"]])
    }

    @Test func pendingServerTimestampsDecodeAsNilAndSortNewestFirst() throws {
        let pending = InMemoryStore(pendingWrites: true, clock: { Timestamp(seconds: 500) })
        let model = ChatModel(store: pending, scheduler: .immediate)
        let list = Recorder(model.messages(roomId: "r1"))
        try pending.setData(["text": "old", "ownerUid": "u", "createdAt": .timestamp(Timestamp(seconds: 10))], at: messages + ["old"])
        try pending.setData(["text": "new", "ownerUid": "u", "createdAt": .serverTimestamp], at: messages + ["new"])
        #expect(list.last?.map(\.id) == ["new", "old"])
        #expect(list.last?.first?.createdAt == nil)
        pending.flushPendingWrites()
        #expect(list.last?.first?.createdAt == Timestamp(seconds: 500))
        #expect(list.values.count == 4)
    }

    @Test func typesRoundTripThroughTheStore() throws {
        let message = Message(id: "m1", text: "hello", ownerUid: "u1", createdAt: Timestamp(seconds: 3), attachments: [Attachment(url: "a.png", width: 20, preview: Data([1, 255]))], likeCount: 4)
        try store.base.setData(message.documentData, at: messages + [message.id])
        #expect(try store.base.getDocument(messages + ["m1"])?.data["like_count"] == 4)
        let list = Recorder(model.messages(roomId: "r1"))
        #expect(list.last == [message])
        #expect(Message(id: "x", text: "\u{E9}", ownerUid: "") != Message(id: "x", text: "e\u{301}", ownerUid: ""))
    }
}
