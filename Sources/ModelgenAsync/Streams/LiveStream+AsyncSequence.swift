extension LiveStream {
    /// A stream ends with any error: a store's, a decoder's, an aggregate's.
    public typealias Failure = any Error

    /// An iterator that subscribes when first asked for a value (not when made).
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(self)
    }

    /// Iterates a stream's subscription through an `AsyncThrowingStream` that keeps the newest
    /// value only: a value waits while the iteration is busy, and a newer one replaces it (as
    /// the Combine layer's latest value waits without demand). A finish or failure is never
    /// lost: the waiting value comes first, then the end. Ending the iteration — `break`, the
    /// task cancelled, the iterator released — cancels the subscription, removing its store
    /// listeners.
    /// One task iterates it, as every `AsyncIterator` of the standard library: it is not
    /// `Sendable`.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// The stream's failure, thrown from ``next()``.
        public typealias Failure = any Error

        private let iteration: Iteration<Element>

        init(_ stream: LiveStream) {
            iteration = Iteration(stream)
        }

        /// The next value, or nil once the stream finished or the task is cancelled (a value
        /// already waiting comes first); throws the stream's failure.
        public func next() async throws -> Element? {
            guard var events = iteration.events() else { return nil }
            return try await events.next()
        }

        /// ``next()`` without leaving the caller's actor.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
        public func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
            guard var events = iteration.events() else { return nil }
            return try await events.next(isolation: actor)
        }
    }
}

/// One iteration of a stream: the subscription, started by the first `next()`, and the events
/// it buffers. The subscription is cancelled when the buffered stream terminates: when the
/// iteration's task is cancelled, or its iterators are all released (`break`).
private final class Iteration<Element: Sendable> {
    private typealias Events = AsyncThrowingStream<Element, any Error>

    private enum State {
        case idle(LiveStream<Element>)
        case listening(Events.Iterator)
    }

    private let state: Locked<State>

    init(_ stream: LiveStream<Element>) {
        state = Locked(.idle(stream))
    }

    /// The buffered events, subscribing first if need be; nil when the task is cancelled
    /// before it subscribed.
    func events() -> AsyncThrowingStream<Element, any Error>.Iterator? {
        state.withLock { state in
            switch state {
            case let .listening(events):
                return events
            case let .idle(stream):
                guard !Task.isCancelled else { return nil }
                let events = Self.listen(to: stream).makeAsyncIterator()
                state = .listening(events)
                return events
            }
        }
    }

    private static func listen(to stream: LiveStream<Element>) -> Events {
        let (events, continuation) = Events.makeStream(bufferingPolicy: .bufferingNewest(1))
        let subscription = stream.subscribe { event in
            switch event {
            case let .value(value): continuation.yield(value)
            case let .failure(error): continuation.finish(throwing: error)
            case .finished: continuation.finish()
            }
        }
        continuation.onTermination = { _ in subscription.cancel() }
        return events
    }
}

@available(*, unavailable)
extension LiveStream.AsyncIterator: Sendable {}
