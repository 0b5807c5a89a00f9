extension LiveStream {
    /// A stream over a store listener: each subscription adds a listener, runs a transform
    /// (made per subscription by `makeTransform`) on each snapshot on `scheduler`, emits what it
    /// returns unless that is nil, and ends with the listener's error or the transform's.
    /// Cancelling removes the listener, and work still queued on the scheduler is dropped.
    static func listening<Snapshot: Sendable>(
        _ listen: @escaping @Sendable (_ listener: @escaping @Sendable (Result<Snapshot, any Error>) -> Void) -> ListenerRegistration,
        scheduler: StreamScheduler,
        makeTransform: @escaping @Sendable () -> @Sendable (Snapshot) -> Result<Element, any Error>?
    ) -> LiveStream {
        LiveStream { receive in
            let transform = makeTransform()
            let isActive = Locked(true)
            let registration = listen { result in
                scheduler.run {
                    guard isActive.withLock({ $0 }) else { return }
                    switch result.map(transform) {
                    case let .success(.success(value)?): receive(.value(value))
                    case let .success(.failure(error)?), let .failure(error): receive(.failure(error))
                    case .success(nil): break
                    }
                }
            }
            return LiveSubscription {
                isActive.withLock { $0 = false }
                registration.remove()
            }
        }
    }
}
