// The Swift concurrency flavour's subscriptions of the vector runners' trace. Copied verbatim
// into each run. The runner subscribes through `LiveStream`'s listener, which delivers on the
// model's scheduler as the store's listeners call it, so that a vector's steps and emissions keep
// one order; iterating a stream (`for try await`) goes through the same listener.
import Dispatch
import ModelgenAsync

extension Trace {
    /// Subscribes to `stream` as `label`, tracing each value and its end.
    public func subscribe<Output>(
        _ label: String, _ stream: LiveStream<Output>, _ traced: @escaping (Output) -> DocumentValue, ended: (@Sendable () -> Void)? = nil
    ) {
        let traced = UncheckedTrace(traced)
        opening(label) {
            let subscription = stream.subscribe { event in
                switch event {
                case let .value(value): self.emitted(label, traced.trace(value))
                case let .failure(error): self.ended(label, error); ended?()
                case .finished: self.ended(label, nil); ended?()
                }
            }
            return subscription.cancel
        }
    }

    /// Subscribes as ``subscribe(_:_:_:ended:)`` does, and waits for the stream's end: a counted
    /// declared write's transaction runs in a task.
    public func subscribeToEnd<Output>(_ label: String, _ stream: LiveStream<Output>, _ traced: @escaping (Output) -> DocumentValue) {
        let ended = DispatchSemaphore(value: 0)
        subscribe(label, stream, traced) { ended.signal() }
        ended.wait()
    }
}

/// A runner's tracing closure, called on the model's scheduler (the runner's one thread or its
/// virtual time).
private struct UncheckedTrace<Output>: @unchecked Sendable {
    let trace: (Output) -> DocumentValue

    init(_ trace: @escaping (Output) -> DocumentValue) {
        self.trace = trace
    }
}
