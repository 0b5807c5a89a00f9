import ModelgenRuntime
import Foundation

/// Subscribes to a publisher and records what it emits, for assertions.
public final class Recorder<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Value] = []
    private var finished: Subscribers.Completion<any Error>?
    private var cancellable: AnyCancellable?

    public init(_ publisher: some Publisher<Value, any Error>) {
        cancellable = publisher.sink(
            receiveCompletion: { [weak self] completion in self?.locked { $0.finished = completion } },
            receiveValue: { [weak self] value in self?.locked { $0.recorded.append(value) } }
        )
    }

    private func locked<T>(_ body: (Recorder) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(self)
    }

    public var values: [Value] { locked { $0.recorded } }
    public var last: Value? { values.last }

    /// The error the stream failed with, if it did.
    public var failure: (any Error)? {
        locked {
            if case let .failure(error)? = $0.finished { return error }
            return nil
        }
    }

    public var isFinished: Bool { locked { $0.finished != nil } }

    public func cancel() {
        cancellable?.cancel()
    }
}
