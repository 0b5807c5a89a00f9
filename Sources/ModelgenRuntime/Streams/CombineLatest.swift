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
        CombineLatest(a, b) { { first, second, _ in (first, second) } }.receive(subscriber: subscriber)
    }
}

/// Which inputs of a ``CombineLatest`` changed since its transform last ran.
struct ChangedInputs: OptionSet {
    let rawValue: Int
    static let first = ChangedInputs(rawValue: 1)
    static let second = ChangedInputs(rawValue: 2)
}

/// ``CombineLatestPair`` through a transform made per subscription, which is told which inputs
/// changed since it last ran and returns nil to emit nothing; it runs only when there is demand.
struct CombineLatest<A: Publisher, B: Publisher, Output>: Publisher where A.Failure == B.Failure {
    typealias Failure = A.Failure
    typealias Transform = (A.Output, B.Output, ChangedInputs) -> Output?

    let a: A
    let b: B
    let makeTransform: () -> Transform

    init(_ a: A, _ b: B, makeTransform: @escaping () -> Transform) {
        self.a = a
        self.b = b
        self.makeTransform = makeTransform
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let inner = CombineLatestSubscription(downstream: AnySubscriber(subscriber), transform: makeTransform())
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

private final class CombineLatestSubscription<First, Second, Output, Failure: Error>: Subscription, @unchecked Sendable {
    typealias Downstream = AnySubscriber<Output, Failure>

    enum Value {
        case first(First)
        case second(Second)
    }

    private struct State {
        var downstream: Downstream?
        var upstreams: [Subscription?] = [nil, nil]
        var first: First?
        var second: Second?
        var changed: ChangedInputs = []
        var finished = [false, false]
        var demand = Subscribers.Demand.none
    }

    private let state: Locked<State>
    /// Serializes the transform and calls to the downstream subscriber; recursive because it
    /// may request more from inside `receive(_:)`.
    private let delivery = NSRecursiveLock()
    private let transform: (First, Second, ChangedInputs) -> Output?

    init(downstream: Downstream, transform: @escaping (First, Second, ChangedInputs) -> Output?) {
        state = Locked(State(downstream: downstream))
        self.transform = transform
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
        state.withLock { state in
            switch value {
            case let .first(first):
                state.first = first
                state.changed.insert(.first)
            case let .second(second):
                state.second = second
                state.changed.insert(.second)
            }
        }
        emitIfReady()
        return .none
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        delivery.lock()
        defer { delivery.unlock() }
        state.withLock { $0.demand += demand }
        emitIfReady()
    }

    /// Runs the transform and emits what it returns, when both inputs have a value, one has
    /// changed, and there is demand. Must hold `delivery`.
    private func emitIfReady() {
        let ready = state.withLock { state -> (Downstream, First, Second, ChangedInputs)? in
            guard let downstream = state.downstream, let first = state.first, let second = state.second,
                  !state.changed.isEmpty, state.demand > .none else { return nil }
            defer { state.changed = [] }
            return (downstream, first, second, state.changed)
        }
        guard let (downstream, first, second, changed) = ready, let output = transform(first, second, changed) else { return }
        state.withLock { $0.demand -= 1 }
        let more = downstream.receive(output)
        state.withLock { $0.demand += more }
    }

    func complete(_ completion: Subscribers.Completion<Failure>, side: Int) {
        delivery.lock()
        defer { delivery.unlock() }
        let (downstream, others) = state.withLock { state -> (Downstream?, [Subscription]) in
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

    func cancel() {
        let upstreams = state.withLock { state -> [Subscription] in
            state.downstream = nil
            defer { state.upstreams = [nil, nil]; state.first = nil; state.second = nil }
            return state.upstreams.compactMap { $0 }
        }
        upstreams.forEach { $0.cancel() }
    }
}
