import ModelgenAsync

/// A room's messages as one line of text, read from the first value of its live stream: the loop
/// returns at once, which ends the iteration and removes the stream's listeners.
nonisolated public enum RoomSummary {
    public static func firstLine(of model: ChatModel, roomId: String) async throws -> String {
        for try await rows in model.messagesWithOwners(roomId: roomId) {
            return rows.map { "\($0.owner?.name ?? "?"): \($0.message.text)" }.joined(separator: " | ")
        }
        return ""
    }
}
