import Foundation

/// The latest value of each input, combined by `combine`: once every input has emitted, and
/// again whenever one does (a combine stream's record).
///
/// It finishes when every input has finished, or at once when one finishes without a value;
/// the first failure cancels the other inputs and is passed on. Inputs may emit on different
/// threads: their values are combined one at a time.
public func combineLatest<each Input: Sendable, Combined: Sendable>(
    _ inputs: repeat LiveStream<each Input>,
    into combine: @escaping @Sendable (repeat each Input) -> Combined
) -> LiveStream<Combined> {
    var streams: [LiveStream<any Sendable>] = []
    for input in repeat each inputs {
        streams.append(input.map { $0 })
    }
    return .latest(of: streams) {
        { values, _ in
            var remaining = values[...]
            // The pack expands left to right, taking the values in the inputs' order.
            func next<Value>(_: Value.Type) -> Value { remaining.removeFirst() as! Value }
            return (combine(repeat next((each Input).self)), nil)
        }
    }
}

extension LiveStream {
    /// The latest values of the inputs through a transform made per subscription, told which
    /// inputs changed since it last ran; it returns nil to emit nothing. A ``RowPatch`` it
    /// returns is handed over while the value is received (to a sort below a join).
    typealias LatestTransform = @Sendable (_ values: [any Sendable], _ changed: ChangedInputs) -> (Element, RowPatch?)?

    static func latest(of inputs: [LiveStream<any Sendable>], makeTransform: @escaping @Sendable () -> LatestTransform) -> LiveStream {
        LiveStream { receive in
            let latest = Latest(inputs: inputs.count, transform: makeTransform(), receive: receive)
            latest.start(inputs)
            return LiveSubscription { latest.cancel() }
        }
    }

    /// Two inputs, whose values the transform takes as they are.
    static func latest<A: Sendable, B: Sendable>(
        _ a: LiveStream<A>, _ b: LiveStream<B>,
        makeTransform: @escaping @Sendable () -> @Sendable (A, B, ChangedInputs) -> (Element, RowPatch?)?
    ) -> LiveStream {
        latest(of: [a.map { $0 }, b.map { $0 }]) {
            let transform = makeTransform()
            return { values, changed in transform(values[0] as! A, values[1] as! B, changed) }
        }
    }
}

/// One subscription to the latest values of its inputs.
private final class Latest<Output: Sendable>: Sendable {
    private struct State {
        var isOver = false
        var upstreams: [LiveSubscription?]
        var values: [(any Sendable)?]
        var changed: ChangedInputs = []
        var finished: [Bool]

        /// Ends the subscription: returns the inputs' subscriptions, to cancel.
        mutating func end() -> [LiveSubscription] {
            isOver = true
            values = values.map { _ in nil }
            defer { upstreams = upstreams.map { _ in nil } }
            return upstreams.compactMap { $0 }
        }
    }

    private let state: Locked<State>
    /// Serializes the transform and what it emits; recursive because a subscriber may make an
    /// input emit again while it receives.
    private let serial = NSRecursiveLock()
    private let transform: LiveStream<Output>.LatestTransform
    private let receive: @Sendable (LiveStream<Output>.Event) -> Void

    init(inputs: Int, transform: @escaping LiveStream<Output>.LatestTransform, receive: @escaping @Sendable (LiveStream<Output>.Event) -> Void) {
        state = Locked(State(
            upstreams: Array(repeating: nil, count: inputs), values: Array(repeating: nil, count: inputs),
            finished: Array(repeating: false, count: inputs)
        ))
        self.transform = transform
        self.receive = receive
    }

    /// Subscribes to the inputs in order, unless one ended the subscription while it started.
    func start(_ inputs: [LiveStream<any Sendable>]) {
        for (index, input) in inputs.enumerated() {
            guard !state.withLock({ $0.isOver }) else { return }
            let subscription = input.subscribe { [self] event in
                switch event {
                case let .value(value): take(value, input: index)
                case let .failure(error): end(.failure(error), input: index)
                case .finished: end(.finished, input: index)
                }
            }
            let isOver = state.withLock { state in
                if !state.isOver { state.upstreams[index] = subscription }
                return state.isOver
            }
            if isOver { subscription.cancel() }
        }
    }

    private func take(_ value: any Sendable, input: Int) {
        serial.lock()
        defer { serial.unlock() }
        let ready = state.withLock { state -> ([any Sendable], ChangedInputs)? in
            guard !state.isOver else { return nil }
            state.values[input] = value
            state.changed.insert(ChangedInputs(input: input))
            let values = state.values.compactMap { $0 }
            guard values.count == state.values.count else { return nil }
            defer { state.changed = [] }
            return (values, state.changed)
        }
        guard let (values, changed) = ready, let (output, patch) = transform(values, changed) else { return }
        RowPatch.$handedOver.withValue(patch) { receive(.value(output)) }
    }

    /// Ends the subscription when the input's end ends it: cancels the inputs (not holding
    /// `serial`, which an input delivering on another thread may wait for while it holds its
    /// store's lock, which removing a listener takes), then passes the end on after any value
    /// being emitted.
    private func end(_ event: LiveStream<Output>.Event, input: Int) {
        let others = state.withLock { state -> [LiveSubscription]? in
            guard !state.isOver else { return nil }
            state.finished[input] = true
            let ends = event.isFailure || state.values[input] == nil || state.finished.allSatisfy { $0 }
            guard ends else { return nil }
            return state.end()
        }
        guard let others else { return }
        others.forEach { $0.cancel() }
        serial.lock()
        defer { serial.unlock() }
        receive(event)
    }

    func cancel() {
        state.withLock { $0.end() }.forEach { $0.cancel() }
    }
}
