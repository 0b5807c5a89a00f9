import Foundation

/// The latest values of two publishers, once both have emitted and again whenever either does.
///
/// One implementation for every platform (OpenCombine has none), so tests on Linux run the code
/// that ships. Upstream demand is unlimited (snapshot streams); with no downstream demand the
/// latest pair waits. It finishes when both inputs have finished, or at once when one finishes
/// without a value; the first error cancels the other input and is passed on.
public struct CombineLatestPair<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
    public typealias Output = (A.Output, B.Output)
    public typealias Failure = A.Failure

    let a: A
    let b: B

    public init(_ a: A, _ b: B) {
        self.a = a
        self.b = b
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let inner = CombineLatestSubscription<A.Output, B.Output, Failure>(downstream: AnySubscriber(subscriber))
        subscriber.receive(subscription: inner)
        a.subscribe(AnySubscriber(
            receiveSubscription: { inner.attach($0, side: 0) },
            receiveValue: { inner.receive(.first($0)) },
            receiveCompletion: { inner.complete($0, side: 0) }
        ))
        b.subscribe(AnySubscriber(
            receiveSubscription: { inner.attach($0, side: 1) },
            receiveValue: { inner.receive(.second($0)) },
            receiveCompletion: { inner.complete($0, side: 1) }
        ))
    }
}

private final class CombineLatestSubscription<First, Second, Failure: Error>: Subscription, @unchecked Sendable {
    enum Value {
        case first(First)
        case second(Second)
    }

    private struct State {
        var downstream: AnySubscriber<(First, Second), Failure>?
        var upstreams: [Subscription?] = [nil, nil]
        var first: First?
        var second: Second?
        var finished = [false, false]
        var demand = Subscribers.Demand.none
        var waiting = false
    }

    private let state: Locked<State>
    private let delivery = NSRecursiveLock()

    init(downstream: AnySubscriber<(First, Second), Failure>) {
        state = Locked(State(downstream: downstream))
    }

    func attach(_ subscription: Subscription, side: Int) {
        let active = state.withLock { state -> Bool in
            guard state.downstream != nil else { return false }
            state.upstreams[side] = subscription
            return true
        }
        if active { subscription.request(.unlimited) } else { subscription.cancel() }
    }

    func receive(_ value: Value) -> Subscribers.Demand {
        delivery.lock()
        defer { delivery.unlock() }
        let ready = state.withLock { state -> (AnySubscriber<(First, Second), Failure>, (First, Second))? in
            guard state.downstream != nil else { return nil }
            switch value {
            case let .first(first): state.first = first
            case let .second(second): state.second = second
            }
            guard let first = state.first, let second = state.second else { return nil }
            guard state.demand > .none else {
                state.waiting = true
                return nil
            }
            state.demand -= 1
            state.waiting = false
            return (state.downstream!, (first, second))
        }
        guard let (downstream, pair) = ready else { return .none }
        let more = downstream.receive(pair)
        state.withLock { $0.demand += more }
        return .none
    }

    func complete(_ completion: Subscribers.Completion<Failure>, side: Int) {
        delivery.lock()
        defer { delivery.unlock() }
        let (downstream, others) = state.withLock { state -> (AnySubscriber<(First, Second), Failure>?, [Subscription]) in
            guard let downstream = state.downstream else { return (nil, []) }
            state.finished[side] = true
            let hasValue = side == 0 ? state.first != nil : state.second != nil
            let done: Bool = if case .failure = completion { true } else { !hasValue || state.finished.allSatisfy { $0 } }
            guard done else { return (nil, []) }
            state.downstream = nil
            defer { state.upstreams = [nil, nil] }
            return (downstream, state.upstreams.enumerated().compactMap { $0.offset == side ? nil : $0.element })
        }
        guard let downstream else { return }
        others.forEach { $0.cancel() }
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        delivery.lock()
        defer { delivery.unlock() }
        let ready = state.withLock { state -> (AnySubscriber<(First, Second), Failure>, (First, Second))? in
            guard state.downstream != nil else { return nil }
            state.demand += demand
            guard state.waiting, let first = state.first, let second = state.second else { return nil }
            state.waiting = false
            state.demand -= 1
            return (state.downstream!, (first, second))
        }
        guard let (downstream, pair) = ready else { return }
        let more = downstream.receive(pair)
        state.withLock { $0.demand += more }
    }

    func cancel() {
        let upstreams = state.withLock { state -> [Subscription] in
            state.downstream = nil
            defer { state.upstreams = [nil, nil]; state.first = nil; state.second = nil }
            return state.upstreams.compactMap { $0 }
        }
        upstreams.forEach { $0.cancel() }
    }
}
