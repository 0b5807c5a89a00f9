import Foundation

/// A publisher over a store listener: it adds the listener on the first demand, runs a
/// transform (made per subscription by `makeTransform`) on each snapshot on the scheduler and
/// emits what it returns unless that is nil, and removes the listener on cancel, when work
/// still queued on the scheduler is dropped. With no demand, the latest value waits.
struct ListenerPublisher<Snapshot: Sendable, Output: Sendable>: Publisher {
    typealias Failure = any Error
    typealias Listen = @Sendable (@escaping @Sendable (Result<Snapshot, any Error>) -> Void) -> ListenerRegistration

    let listen: Listen
    let scheduler: StreamScheduler
    let makeTransform: @Sendable () -> @Sendable (Snapshot) -> Output?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
        let subscription = ListenerSubscription(subscriber: AnySubscriber(subscriber), publisher: self)
        subscriber.receive(subscription: subscription)
    }
}

private final class ListenerSubscription<Snapshot: Sendable, Output: Sendable>: Subscription, @unchecked Sendable {
    typealias Downstream = AnySubscriber<Output, any Error>

    private struct State {
        var downstream: Downstream?
        var demand = Subscribers.Demand.none
        var started = false
        var registration: ListenerRegistration?
        var waiting: Output?
    }

    private let publisher: ListenerPublisher<Snapshot, Output>
    private let transform: @Sendable (Snapshot) -> Output?
    private let state: Locked<State>
    /// Serializes calls to the downstream subscriber; recursive because it may request more
    /// from inside `receive(_:)`.
    private let delivery = NSRecursiveLock()

    init(subscriber: Downstream, publisher: ListenerPublisher<Snapshot, Output>) {
        self.publisher = publisher
        transform = publisher.makeTransform()
        state = Locked(State(downstream: subscriber))
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        let (start, waiting) = state.withLock { state -> (Bool, Output?) in
            guard state.downstream != nil else { return (false, nil) }
            state.demand += demand
            let start = !state.started
            state.started = true
            let waiting = state.waiting
            state.waiting = nil
            return (start, waiting)
        }
        if let waiting { deliver(waiting) }
        guard start else { return }
        let registration = publisher.listen { [weak self] result in
            guard let self else { return }
            publisher.scheduler.run { [weak self] in self?.handle(result) }
        }
        let cancelled = state.withLock { state -> Bool in
            guard state.downstream != nil else { return true }
            state.registration = registration
            return false
        }
        if cancelled { registration.remove() }
    }

    func cancel() {
        state.withLock { state -> ListenerRegistration? in
            state.downstream = nil
            state.waiting = nil
            defer { state.registration = nil }
            return state.registration
        }?.remove()
    }

    private func handle(_ result: Result<Snapshot, any Error>) {
        guard state.withLock({ $0.downstream != nil }) else { return }
        switch result {
        case let .success(snapshot):
            if let value = transform(snapshot) { deliver(value) }
        case let .failure(error):
            let (downstream, registration) = state.withLock { state in
                defer { state.downstream = nil; state.registration = nil }
                return (state.downstream, state.registration)
            }
            registration?.remove()
            delivery.lock()
            downstream?.receive(completion: .failure(error))
            delivery.unlock()
        }
    }

    private func deliver(_ value: Output) {
        delivery.lock()
        defer { delivery.unlock() }
        let downstream = state.withLock { state -> Downstream? in
            guard let downstream = state.downstream else { return nil }
            guard state.demand > .none else {
                state.waiting = value
                return nil
            }
            state.demand -= 1
            return downstream
        }
        guard let downstream else { return }
        let more = downstream.receive(value)
        state.withLock { $0.demand += more }
    }
}
