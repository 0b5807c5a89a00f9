import Foundation

/// A cold live stream: nothing happens until it is subscribed to, and each subscription runs
/// on its own (its own store listener, its own decoder), as SQLDelight's `Query` with listeners.
///
/// A subscriber is handed values, then at most one failure or finish, synchronously in the
/// context that produced them — a store stream's on the model's ``StreamScheduler``, a declared
/// write's where the store commits and acknowledges it — one at a time; nothing after a failure
/// or a finish, nor once its subscription is cancelled (but for an event another thread was
/// already handing over). Iterated as an `AsyncSequence`, it
/// listens while iterated (see ``AsyncIterator``).
public struct LiveStream<Element: Sendable>: AsyncSequence, Sendable {
    /// What a stream hands its subscriber.
    public enum Event: Sendable {
        case value(Element)
        /// The stream ended with an error; nothing follows.
        case failure(any Error)
        /// The stream ended; nothing follows.
        case finished
    }

    private let start: @Sendable (_ receive: @escaping @Sendable (Event) -> Void) -> LiveSubscription

    /// A stream that runs `subscribe` for each subscriber: it starts producing events, hands
    /// them to `receive`, and returns the subscription that stops producing them.
    public init(_ subscribe: @escaping @Sendable (_ receive: @escaping @Sendable (Event) -> Void) -> LiveSubscription) {
        start = subscribe
    }

    /// Starts the stream for `receive`, which is handed its events until the returned
    /// subscription is cancelled. A failure or finish cancels what produced it.
    public func subscribe(_ receive: @escaping @Sendable (Event) -> Void) -> LiveSubscription {
        let delivery = Delivery(receive)
        delivery.attach(start { delivery.send($0) })
        return LiveSubscription { delivery.cancel() }
    }
}

extension LiveStream.Event {
    /// Whether nothing follows this event.
    var isLast: Bool {
        if case .value = self { false } else { true }
    }

    var isFailure: Bool {
        if case .failure = self { true } else { false }
    }
}

/// The handle of a subscription to a ``LiveStream``: `cancel()` ends it — removing its store
/// listeners — and no event starts being delivered after it returns (one another thread was
/// handing over may still arrive). Cancelling twice does
/// nothing. It is not cancelled when released: a subscription runs until cancelled or ended.
public final class LiveSubscription: Sendable {
    private let action: Locked<(@Sendable () -> Void)?>

    /// A subscription that runs `cancel` when first cancelled.
    public init(_ cancel: @escaping @Sendable () -> Void) {
        action = Locked(cancel)
    }

    /// Ends the subscription; does nothing the second time.
    public func cancel() {
        action.withLock { action in
            defer { action = nil }
            return action
        }?()
    }
}

/// One subscriber's end of a stream: it passes events on one at a time, and none after a
/// failure, a finish or a cancel; a failure or finish first cancels what produced it, so that a
/// subscriber told of the end finds its store listeners removed.
private final class Delivery<Element: Sendable>: Sendable {
    private let receive: @Sendable (LiveStream<Element>.Event) -> Void
    /// Serializes deliveries; recursive because a subscriber may make its stream emit again
    /// (a write to the store it listens to) while it receives.
    private let serial = NSRecursiveLock()
    private let state = Locked<(isOver: Bool, upstream: LiveSubscription?)>((false, nil))

    init(_ receive: @escaping @Sendable (LiveStream<Element>.Event) -> Void) {
        self.receive = receive
    }

    /// Keeps what produces the events, to cancel it; cancels it at once if the subscription
    /// already ended (a stream that ends while it starts).
    func attach(_ upstream: LiveSubscription) {
        let isOver = state.withLock { state in
            if !state.isOver { state.upstream = upstream }
            return state.isOver
        }
        if isOver { upstream.cancel() }
    }

    func send(_ event: LiveStream<Element>.Event) {
        guard event.isLast else {
            serial.lock()
            defer { serial.unlock() }
            if state.withLock({ !$0.isOver }) { receive(event) }
            return
        }
        // The end: what produced it is cancelled before the serial lock is taken, since
        // cancelling removes store listeners under the store's lock, which a thread delivering
        // a value may hold while it waits for this one.
        let (passes, upstream) = state.withLock { state -> (Bool, LiveSubscription?) in
            guard !state.isOver else { return (false, nil) }
            state.isOver = true
            defer { state.upstream = nil }
            return (true, state.upstream)
        }
        guard passes else { return }
        upstream?.cancel()
        serial.lock()
        defer { serial.unlock() }
        receive(event)
    }

    func cancel() {
        state.withLock { state in
            state.isOver = true
            defer { state.upstream = nil }
            return state.upstream
        }?.cancel()
    }
}
