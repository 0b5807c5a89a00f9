import Foundation
import ModelgenRuntime

/// The data the runtime benchmarks run on, written through the generated types.
public enum Fixtures {
    public static let roomId = "r1"
    public static let shopId = "s1"

    /// The id of member `index`: `u0000`, `u0001`, …
    public static func memberId(_ index: Int) -> String {
        "u" + String(repeating: "0", count: max(0, 4 - String(index).count)) + String(index)
    }

    /// A store holding a room with `members` members and `messages` messages, message `i`
    /// written by member `i % members`, newest first by `createdAt`.
    public static func chatRoom(messages: Int, members: Int) throws -> InMemoryStore {
        let store = InMemoryStore()
        let room = ["chatrooms", roomId]
        var writes = (0..<members).map { index in
            DocumentWrite.set(room + ["members", memberId(index)], Member(id: memberId(index), name: "Member \(index)").documentData)
        }
        writes += (0..<messages).map { index in
            let message = Message(
                id: "m\(index)", text: "Message \(index)", ownerUid: memberId(index % members),
                createdAt: Timestamp(seconds: 1_700_000_000 + Int64(index))
            )
            return .set(room + ["messages", message.id], message.documentData)
        }
        try store.commit(writes)
        return store
    }

    /// A store holding a shop with `reviews` reviews, review `i` giving `i % 5 + 1` stars.
    public static func shop(reviews: Int) throws -> InMemoryStore {
        let store = InMemoryStore()
        try store.commit((0..<reviews).map { index in
            let review = Review(
                id: "r\(index)", userId: memberId(index % 1_000), stars: index % 5 + 1,
                createdAt: Timestamp(seconds: 1_700_000_000 + Int64(index))
            )
            return .set(["shops", shopId, "reviews", review.id], review.documentData)
        })
        return store
    }
}
