/// The check a declared write makes first: the first value of a stream must pass `holds`.
public struct PreCheck<Value: Sendable>: Sendable {
    let write: String
    let check: String
    let value: LiveStream<Value>
    let holds: @Sendable (Value) -> Bool

    /// - Parameters:
    ///   - write: The declared write's name, for the error.
    ///   - check: The check as the schema spells it (`speakCount < 10`), for the error.
    public init(_ write: String, _ check: String, _ value: LiveStream<Value>, holds: @escaping @Sendable (Value) -> Bool) {
        self.write = write
        self.check = check
        self.value = value
        self.holds = holds
    }
}

extension DocumentStore {
    /// Commits the write `make` returns once subscribed and once the first value of
    /// `preCheck`'s stream holds (that stream is then cancelled): emits the document's id as
    /// soon as the write is applied locally, and finishes when the store acknowledges it. Fails,
    /// writing nothing, with ``PreCheckError``, with the stream's failure, with the error `make`
    /// throws (a ``ConstraintError``), or with the store's refusal; finishes, writing nothing,
    /// if the stream finishes without a value.
    public func written<Value>(
        after preCheck: PreCheck<Value>, _ make: @escaping @Sendable () throws -> DocumentWrite
    ) -> LiveStream<String> {
        preCheck.value.switchingOnFirst { value in
            guard preCheck.holds(value) else {
                return .failing(PreCheckError(write: preCheck.write, check: preCheck.check, value: "\(value)"))
            }
            return self.written(make)
        }
    }

    /// Commits the write `make` returns, once subscribed: emits the document's id as soon as the
    /// write is applied locally, then finishes when the store acknowledges it, or fails with the
    /// store's refusal. Fails, writing nothing, if `make` throws or the store refuses the write
    /// at once. Cancelling stops the events, not the write.
    public func written(_ make: @escaping @Sendable () throws -> DocumentWrite) -> LiveStream<String> {
        LiveStream { receive in
            let acknowledgement = Acknowledgement(receive)
            do {
                let write = try make()
                try self.commit(batch: [write]) { acknowledgement.settle($0) }
                acknowledgement.applied(id: write.path[write.path.count - 1])
            } catch {
                receive(.failure(error))
            }
            return LiveSubscription {}
        }
    }

    /// Commits the write `make` returns in one transaction with `check`, once subscribed (see
    /// ``DocumentStore/commit(checking:_:)``): emits the document's id once the transaction has
    /// committed, then finishes. Cancelling stops the events, not the transaction.
    public func written(
        after check: CounterCheck, _ make: @escaping @Sendable () throws -> DocumentWrite
    ) -> LiveStream<String> {
        LiveStream { receive in
            Task {
                do {
                    receive(.value(try await self.commit(checking: check, make)))
                    receive(.finished)
                } catch {
                    receive(.failure(error))
                }
            }
            return LiveSubscription {}
        }
    }
}

/// A commit's events: the id once the write is applied, then the acknowledgement's — which a
/// store may give while committing, before the id, when it waits for it.
private final class Acknowledgement: Sendable {
    private let receive: @Sendable (LiveStream<String>.Event) -> Void
    private let state = Locked<(isApplied: Bool, waiting: LiveStream<String>.Event?)>((false, nil))

    init(_ receive: @escaping @Sendable (LiveStream<String>.Event) -> Void) {
        self.receive = receive
    }

    func settle(_ error: (any Error)?) {
        let event: LiveStream<String>.Event = error.map { .failure($0) } ?? .finished
        let isApplied = state.withLock { state in
            if !state.isApplied { state.waiting = event }
            return state.isApplied
        }
        if isApplied { receive(event) }
    }

    func applied(id: String) {
        receive(.value(id))
        let waiting = state.withLock { state in
            state.isApplied = true
            defer { state.waiting = nil }
            return state.waiting
        }
        if let waiting { receive(waiting) }
    }
}

extension LiveStream {
    /// A stream that fails with `error` as soon as it is subscribed.
    static func failing(_ error: any Error) -> LiveStream {
        LiveStream { receive in
            receive(.failure(error))
            return LiveSubscription {}
        }
    }

    /// The stream `next` makes from this one's first value, which cancels this one; a failure
    /// before the first value is passed on, and a finish before it finishes.
    func switchingOnFirst<Output: Sendable>(_ next: @escaping @Sendable (Element) -> LiveStream<Output>) -> LiveStream<Output> {
        LiveStream<Output> { receive in
            let state = Locked(Switching())
            let first = subscribe { event in
                let (isFirst, first) = state.withLock { $0.takeFirst() }
                guard isFirst else { return }
                first?.cancel()
                switch event {
                case let .value(value):
                    let subscription = next(value).subscribe(receive)
                    if state.withLock({ $0.keep(subscription) }) { subscription.cancel() }
                case let .failure(error): receive(.failure(error))
                case .finished: receive(.finished)
                }
            }
            if state.withLock({ $0.keepFirst(first) }) { first.cancel() }
            return LiveSubscription {
                state.withLock { $0.cancel() }.forEach { $0.cancel() }
            }
        }
    }
}

/// The state of ``LiveStream/switchingOnFirst(_:)``'s subscription.
private struct Switching {
    private var tookFirst = false
    private var isCancelled = false
    private var first: LiveSubscription?
    private var next: LiveSubscription?

    /// Whether the event is the first one, and the first stream's subscription (if kept yet),
    /// to cancel.
    mutating func takeFirst() -> (isFirst: Bool, subscription: LiveSubscription?) {
        guard !tookFirst else { return (false, nil) }
        tookFirst = true
        defer { first = nil }
        return (true, first)
    }

    /// Keeps the first stream's subscription; true when it is to be cancelled at once.
    mutating func keepFirst(_ subscription: LiveSubscription) -> Bool {
        guard !tookFirst, !isCancelled else { return true }
        first = subscription
        return false
    }

    /// Keeps the next stream's subscription; true when it is to be cancelled at once.
    mutating func keep(_ subscription: LiveSubscription) -> Bool {
        guard !isCancelled else { return true }
        next = subscription
        return false
    }

    /// The subscriptions to cancel.
    mutating func cancel() -> [LiveSubscription] {
        isCancelled = true
        defer { (first, next) = (nil, nil) }
        return [first, next].compactMap { $0 }
    }
}
