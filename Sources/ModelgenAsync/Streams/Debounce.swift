extension LiveStream where Element: ContractEquatable {
    /// The last value once `milliseconds` have passed without a new one, on `scheduler`'s clock;
    /// a value equal (under the contract) to the one it emitted before is left out. As Combine's
    /// `debounce`, a failure or finish is passed on at once (on `scheduler`, without waiting),
    /// and the value waiting then is dropped.
    public func debounced(milliseconds: Int, scheduler: StreamScheduler) -> LiveStream {
        LiveStream { receive in
            let debounce = Debounce(wait: .milliseconds(milliseconds), scheduler: scheduler, receive: receive)
            let upstream = subscribe { debounce.take($0) }
            return LiveSubscription {
                debounce.cancel()
                upstream.cancel()
            }
        }
        .removingDuplicates { Element.contractEqual($0, $1) }
    }
}

/// One subscription's debounce: the value waiting, as scheduled work to cancel.
private final class Debounce<Element: Sendable>: Sendable {
    private struct State {
        var isOver = false
        /// Counts the values taken: scheduled work emits only the last one.
        var generation = 0
        var waiting: Cancelling?

        /// Ends the debounce: returns the work waiting, to cancel.
        mutating func end() -> Cancelling? {
            isOver = true
            defer { waiting = nil }
            return waiting
        }
    }

    private let wait: StreamScheduler.Interval
    private let scheduler: StreamScheduler
    private let receive: @Sendable (LiveStream<Element>.Event) -> Void
    private let state = Locked(State())

    init(wait: StreamScheduler.Interval, scheduler: StreamScheduler, receive: @escaping @Sendable (LiveStream<Element>.Event) -> Void) {
        self.wait = wait
        self.scheduler = scheduler
        self.receive = receive
    }

    func take(_ event: LiveStream<Element>.Event) {
        guard case let .value(value) = event else {
            state.withLock { $0.end() }?.cancel()
            scheduler.run { [receive] in receive(event) }
            return
        }
        let (previous, generation) = state.withLock { state in
            state.generation += 1
            defer { state.waiting = nil }
            return (state.waiting, state.generation)
        }
        previous?.cancel()
        let scheduled = scheduler.delay(until: scheduler.now.advanced(by: wait), UncheckedAction { [self] in emit(value, generation: generation) })
        let isStale = state.withLock { state in
            guard !state.isOver, state.generation == generation else { return true }
            state.waiting = scheduled
            return false
        }
        if isStale { scheduled.cancel() }
    }

    func cancel() {
        state.withLock { $0.end() }?.cancel()
    }

    private func emit(_ value: Element, generation: Int) {
        let isDue = state.withLock { state in
            guard !state.isOver, state.generation == generation else { return false }
            state.waiting = nil
            return true
        }
        if isDue { receive(.value(value)) }
    }
}
