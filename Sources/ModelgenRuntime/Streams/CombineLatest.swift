import Foundation

/// The latest value of each input, combined by `combine`: once every input has emitted, and
/// again whenever one does (a combine stream's record).
///
/// One implementation for every platform (OpenCombine has no `combineLatest`), so tests on
/// Linux run the code that ships. Upstream demand is unlimited (snapshot streams); with no
/// downstream demand the latest values wait. It finishes when every input has finished, or at
/// once when one finishes without a value; the first error cancels the other inputs and is
/// passed on.
public func combineLatest<each Input, Combined>(
    _ inputs: repeat AnyPublisher<each Input, any Error>,
    into combine: @escaping (repeat each Input) -> Combined
) -> AnyPublisher<Combined, any Error> {
    var publishers: [AnyPublisher<Any, any Error>] = []
    for input in repeat each inputs {
        publishers.append(input.map { $0 as Any }.eraseToAnyPublisher())
    }
    return CombineLatest(publishers) {
        { values, _ in
            var remaining = values[...]
            // The pack expands left to right, taking the values in the inputs' order.
            func next<Value>(_: Value.Type) -> Value { remaining.removeFirst() as! Value }
            return (combine(repeat next((each Input).self)), nil)
        }
    }
    .eraseToAnyPublisher()
}

/// The latest values of its inputs through a transform made per subscription, which is told
/// which inputs changed since it last ran and returns nil to emit nothing; it runs only when
/// there is demand. A ``RowPatch`` it returns is handed over while the value is received.
struct CombineLatest<Output>: Publisher {
    typealias Failure = any Error
    typealias Transform = ([Any], ChangedInputs) -> (Output, RowPatch?)?

    let inputs: [AnyPublisher<Any, any Error>]
    let makeTransform: () -> Transform

    init(_ inputs: [AnyPublisher<Any, any Error>], makeTransform: @escaping () -> Transform) {
        self.inputs = inputs
        self.makeTransform = makeTransform
    }

    /// Two inputs, whose values the transform takes as they are.
    init<A: Publisher, B: Publisher>(_ a: A, _ b: B, makeTransform: @escaping () -> (A.Output, B.Output, ChangedInputs) -> (Output, RowPatch?)?)
    where A.Failure == any Error, B.Failure == any Error {
        self.init([a.map { $0 as Any }.eraseToAnyPublisher(), b.map { $0 as Any }.eraseToAnyPublisher()]) {
            let transform = makeTransform()
            return { values, changed in transform(values[0] as! A.Output, values[1] as! B.Output, changed) }
        }
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let inner = CombineLatestSubscription(downstream: AnySubscriber(subscriber), inputs: inputs.count, transform: makeTransform())
        subscriber.receive(subscription: inner)
        for (index, input) in inputs.enumerated() {
            input.subscribe(AnySubscriber(
                receiveSubscription: { inner.attach($0, input: index) },
                receiveValue: { inner.receive($0, input: index) },
                receiveCompletion: { inner.complete($0, input: index) }
            ))
        }
    }
}

private final class CombineLatestSubscription<Output>: Subscription, @unchecked Sendable {
    typealias Downstream = AnySubscriber<Output, any Error>

    private struct State {
        var downstream: Downstream?
        var upstreams: [Subscription?]
        var values: [Any?]
        var changed: ChangedInputs = []
        var finished: [Bool]
        var demand = Subscribers.Demand.none
    }

    private let state: Locked<State>
    /// Serializes the transform and calls to the downstream subscriber; recursive because it
    /// may request more from inside `receive(_:)`.
    private let delivery = NSRecursiveLock()
    private let transform: CombineLatest<Output>.Transform

    init(downstream: Downstream, inputs: Int, transform: @escaping CombineLatest<Output>.Transform) {
        let none = [Any?](repeating: nil, count: inputs)
        state = Locked(State(downstream: downstream, upstreams: none.map { _ in nil }, values: none, finished: none.map { _ in false }))
        self.transform = transform
    }

    func attach(_ subscription: Subscription, input: Int) {
        let active = state.withLock { state -> Bool in
            guard state.downstream != nil else { return false }
            state.upstreams[input] = subscription
            return true
        }
        if active { subscription.request(.unlimited) } else { subscription.cancel() }
    }

    func receive(_ value: Any, input: Int) -> Subscribers.Demand {
        delivery.lock()
        defer { delivery.unlock() }
        state.withLock { state in
            state.values[input] = value
            state.changed.insert(ChangedInputs(input: input))
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

    /// Runs the transform and emits what it returns, when every input has a value, one has
    /// changed, and there is demand. Must hold `delivery`.
    private func emitIfReady() {
        let ready = state.withLock { state -> (Downstream, [Any], ChangedInputs)? in
            guard let downstream = state.downstream, !state.changed.isEmpty, state.demand > .none else { return nil }
            let values = state.values.compactMap { $0 }
            guard values.count == state.values.count else { return nil }
            defer { state.changed = [] }
            return (downstream, values, state.changed)
        }
        guard let (downstream, values, changed) = ready, let (output, patch) = transform(values, changed) else { return }
        state.withLock { $0.demand -= 1 }
        let more = RowPatch.$handedOver.withValue(patch) { downstream.receive(output) }
        state.withLock { $0.demand += more }
    }

    func complete(_ completion: Subscribers.Completion<any Error>, input: Int) {
        delivery.lock()
        defer { delivery.unlock() }
        let (downstream, others) = state.withLock { state -> (Downstream?, [Subscription]) in
            guard let downstream = state.downstream else { return (nil, []) }
            state.finished[input] = true
            let hasValue = state.values[input] != nil
            let done: Bool = if case .failure = completion { true } else { !hasValue || state.finished.allSatisfy { $0 } }
            guard done else { return (nil, []) }
            state.downstream = nil
            defer { state.upstreams = state.upstreams.map { _ in nil } }
            return (downstream, state.upstreams.enumerated().compactMap { $0.offset == input ? nil : $0.element })
        }
        guard let downstream else { return }
        others.forEach { $0.cancel() }
        downstream.receive(completion: completion)
    }

    func cancel() {
        let upstreams = state.withLock { state -> [Subscription] in
            state.downstream = nil
            defer {
                state.upstreams = state.upstreams.map { _ in nil }
                state.values = state.values.map { _ in nil }
            }
            return state.upstreams.compactMap { $0 }
        }
        upstreams.forEach { $0.cancel() }
    }
}
