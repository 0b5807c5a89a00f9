import Foundation
import ModelgenRuntime

/// What a chat screen shows, as lines of text: the messages with their authors, and how many
/// the signed-in member has written. Each line is given to `show` when what it shows changes, on
/// the thread the stream emits on: the feed is `nonisolated` in this app whose default isolation
/// is the main actor (a view would receive on the main queue instead).
nonisolated public final class ChatRoomFeed {
    private var subscriptions: [AnyCancellable] = []

    public init(model: ChatModel, roomId: String, uid: String, show: @escaping @Sendable (String) -> Void) {
        subscriptions.append(model.messagesWithOwners(roomId: roomId).sink(
            receiveCompletion: { if case let .failure(error) = $0 { show("error: \(error)") } },
            receiveValue: { rows in
                show("messages: " + (rows.isEmpty ? "none" : rows.map { "\($0.owner?.name ?? "?"): \($0.message.text)" }.joined(separator: " | ")))
            }
        ))
        subscriptions.append(model.speakCount(roomId: roomId, uid: uid).sink(
            receiveCompletion: { _ in },
            receiveValue: { show("you have written \($0)") }
        ))
    }

    /// Stops listening; the store's listeners are removed.
    public func close() {
        subscriptions.forEach { $0.cancel() }
        subscriptions = []
    }
}
