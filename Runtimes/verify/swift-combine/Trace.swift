// The Combine flavour's subscriptions of the vector runners' trace. Copied verbatim into each run.
import Dispatch
import ModelgenRuntime

extension Trace {
    /// Subscribes to `stream` as `label`, tracing each value and its end.
    public func subscribe<Output>(
        _ label: String, _ stream: AnyPublisher<Output, any Error>, _ traced: @escaping (Output) -> DocumentValue, ended: (@Sendable () -> Void)? = nil
    ) {
        opening(label) {
            let subscription = stream.sink(
                receiveCompletion: { completion in
                    if case let .failure(error) = completion { self.ended(label, error) } else { self.ended(label, nil) }
                    ended?()
                },
                receiveValue: { self.emitted(label, traced($0)) }
            )
            return subscription.cancel
        }
    }

    /// Subscribes as ``subscribe(_:_:_:ended:)`` does, and waits for the stream's end: a counted
    /// declared write's transaction runs in a task.
    public func subscribeToEnd<Output>(_ label: String, _ stream: AnyPublisher<Output, any Error>, _ traced: @escaping (Output) -> DocumentValue) {
        let ended = DispatchSemaphore(value: 0)
        subscribe(label, stream, traced) { ended.signal() }
        ended.wait()
    }
}
