import Foundation
import GoldenChat
import ModelgenRuntime
import StreamRecorder
import Testing

/// Contract item 7 on the generated model, as ChatDriver.kt and chat-driver.ts check it in
/// Kotlin and TypeScript: streams work in the background by default, and a cancel drops the
/// work already queued.
@Suite struct ThreadingTests {
    /// By default a stream decodes and emits on a background queue, not on the thread that subscribed.
    @Test func streamsRunInTheBackgroundByDefault() async throws {
        let threads = ThreadLog()
        let subscriber = pthread_self()
        let cancellable = ChatModel(store: InMemoryStore()).speakCount(roomId: "r1", uid: "u1")
            .sink(receiveCompletion: { _ in }, receiveValue: { _ in threads.record() })
        for _ in 0..<100 where threads.all.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(threads.all.count == 1)
        #expect(threads.all.allSatisfy { pthread_equal($0, subscriber) == 0 })
        cancellable.cancel()
    }

    /// Two rooms each get a message that does not decode; only the room still subscribed when
    /// the scheduler runs decodes its snapshot and reports the failure.
    @Test func cancellingDropsQueuedWork() throws {
        let store = InMemoryStore()
        let queue = ManualScheduler()
        let reported = FailureLog()
        let model = ChatModel(store: store, scheduler: queue.scheduler, onDecodeFailure: reported.record)
        let kept = Recorder(model.messages(roomId: "r1")), cancelled = Recorder(model.messages(roomId: "r2"))
        for room in ["r1", "r2"] {
            try store.setData(["text": .int(5), "ownerUid": .string("u1"), "createdAt": .timestamp(Timestamp(seconds: 0))], at: ["chatrooms", room, "messages", "bad"])
        }
        cancelled.cancel()
        queue.runAll()
        #expect(reported.all.map { "\($0)" } == ["chatrooms/r1/messages/bad: 'text' should be string but is int"])
        kept.cancel()
    }
}

/// The threads values arrived on.
final class ThreadLog: @unchecked Sendable {
    private let lock = NSLock()
    private var threads: [pthread_t] = []
    var all: [pthread_t] { lock.lock(); defer { lock.unlock() }; return threads }
    func record() { lock.lock(); threads.append(pthread_self()); lock.unlock() }
}
