import Foundation
@testable import ModelgenAsync

/// Collects what a callback is called with.
final class Calls<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [T] = []
    func append(_ item: T) { lock.lock(); items.append(item); lock.unlock() }
    var all: [T] { lock.lock(); defer { lock.unlock() }; return items }
}

/// Subscribes to a stream and records what it emits, for assertions.
final class Recorder<Value: Sendable>: Sendable {
    private let events = Locked<(values: [Value], failure: (any Error)?, isFinished: Bool)>(([], nil, false))
    private let subscription = Locked<LiveSubscription?>(nil)

    init(_ stream: LiveStream<Value>) {
        let events = events
        subscription.withLock {
            $0 = stream.subscribe { event in
                events.withLock { events in
                    switch event {
                    case let .value(value): events.values.append(value)
                    case let .failure(error): (events.failure, events.isFinished) = (error, true)
                    case .finished: events.isFinished = true
                    }
                }
            }
        }
    }

    var values: [Value] { events.withLock { $0.values } }
    /// The error the stream failed with, if it did.
    var failure: (any Error)? { events.withLock { $0.failure } }
    /// Whether the stream finished or failed.
    var isFinished: Bool { events.withLock { $0.isFinished } }

    func cancel() {
        subscription.withLock { $0 }?.cancel()
    }
}

/// A stream whose subscribers receive what the test sends, as Combine's `PassthroughSubject`.
final class Subject<Element: Sendable>: Sendable {
    private let receivers = Locked<(next: Int, all: [Int: @Sendable (LiveStream<Element>.Event) -> Void])>((0, [:]))

    var stream: LiveStream<Element> {
        LiveStream { [receivers] receive in
            let id = receivers.withLock { receivers in
                receivers.next += 1
                receivers.all[receivers.next] = receive
                return receivers.next
            }
            return LiveSubscription { receivers.withLock { _ = $0.all.removeValue(forKey: id) } }
        }
    }

    /// How many subscriptions are active.
    var subscribers: Int { receivers.withLock { $0.all.count } }

    func send(_ value: Element) { send(.value(value)) }
    func fail(_ error: any Error) { send(.failure(error)) }
    func finish() { send(.finished) }

    private func send(_ event: LiveStream<Element>.Event) {
        let all = receivers.withLock { $0.all.sorted { $0.key < $1.key }.map(\.value) }
        all.forEach { $0(event) }
    }
}

/// A scheduler that queues work until the test runs it.
final class ManualScheduler: Sendable {
    private let queue = Locked<[@Sendable () -> Void]>([])

    var scheduler: StreamScheduler {
        StreamScheduler { [queue] work in queue.withLock { $0.append(work) } }
    }

    var pending: Int { queue.withLock { $0.count } }

    func runAll() {
        queue.withLock { queue in
            defer { queue = [] }
            return queue
        }.forEach { $0() }
    }
}

/// Every value of `stream`, iterated to its end.
func collect<Value>(_ stream: LiveStream<Value>) async throws -> [Value] {
    var values: [Value] = []
    for try await value in stream { values.append(value) }
    return values
}

/// Waits, on the caller's actor, until `condition` holds or two seconds have passed; whether it
/// holds.
@discardableResult
func eventually(isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<2_000 {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return condition()
}
