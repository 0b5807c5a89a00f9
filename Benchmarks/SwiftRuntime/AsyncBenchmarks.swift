import AsyncModels
import Benchmark
import Models

/// The chat model over Swift concurrency re-emitting its join after one change, beside the
/// seeds' nested find and the Combine model's re-emit (in RuntimeBenchmarks.swift): the
/// `LiveStream` layer's own cost, subscribed as the runners and `LiveValue` subscribe.
func asyncBenchmarks() {
    let live = AsyncChatFixture()
    Benchmark("swift-async: join, re-emit after one member changes", closure: { benchmark in
        for _ in benchmark.scaledIterations {
            try live.renameOneMember()
        }
    }, setup: { try live.start() }, teardown: { try live.stop() })
}

/// 10,000 messages by 1,000 members, joined live by the async model's `messagesWithOwners`.
final class AsyncChatFixture: @unchecked Sendable {
    private(set) var rows: [AsyncModels.MessageWithOwner] = []
    private var store = InMemoryStore()
    private var subscription: LiveSubscription?
    private var renames = 0

    func start() throws {
        store = try Fixtures.chatRoom(messages: 10_000, members: 1_000)
        renames = 0
        let model = AsyncModels.ChatModel(store: store, scheduler: .immediate)
        subscription = model.messagesWithOwners(roomId: Fixtures.roomId).subscribe { event in
            if case let .value(rows) = event { self.rows = rows }
        }
        guard rows.count == 10_000, rows.allSatisfy({ $0.owner?.id == $0.message.ownerUid }) else {
            throw BenchmarkFailure(description: "the async join does not pair each message with its owner")
        }
    }

    /// Renames member 7, who wrote every 1,000th message.
    func renameOneMember() throws {
        renames += 1
        try store.setData(["name": .string("Renamed \(renames)")], at: ["chatrooms", Fixtures.roomId, "members", Fixtures.memberId(7)])
    }

    /// Checks that the last rename reached every row of member 7 and no other.
    func stop() throws {
        let renamed = rows.filter { $0.owner?.name.hasPrefix("Renamed") == true }
        if renames > 0, renamed.count != 10 || renamed.contains(where: { $0.owner?.name != "Renamed \(renames)" }) {
            throw BenchmarkFailure(description: "the async join did not follow the renames")
        }
        subscription?.cancel()
        subscription = nil
        guard store.listenerCount == 0 else { throw BenchmarkFailure(description: "listeners left behind") }
    }
}
