/// The operators the others are made of.
extension LiveStream {
    /// The values through a transform made per subscription (which may keep state between
    /// values): nil emits nothing, a failure ends the stream and cancels this one.
    func transformed<Output: Sendable>(
        _ makeTransform: @escaping @Sendable () -> @Sendable (Element) -> Result<Output, any Error>?
    ) -> LiveStream<Output> {
        LiveStream<Output> { receive in
            let transform = makeTransform()
            return subscribe { event in
                switch event {
                case let .value(value):
                    switch transform(value) {
                    case let .success(output)?: receive(.value(output))
                    case let .failure(error)?: receive(.failure(error))
                    case nil: break
                    }
                case let .failure(error): receive(.failure(error))
                case .finished: receive(.finished)
                }
            }
        }
    }

    /// Each value through `transform`, as a live stream: what a view shows from a stream, which a
    /// ``LiveValue`` observes (`AsyncSequence`'s `map`, with an `async` transform, makes a
    /// sequence of another type).
    public func map<Output: Sendable>(_ transform: @escaping @Sendable (Element) -> Output) -> LiveStream<Output> {
        transformed { { .success(transform($0)) } }
    }

    /// The values, leaving out each one `equal` to the one emitted before it.
    func removingDuplicates(by equal: @escaping @Sendable (Element, Element) -> Bool) -> LiveStream {
        transformed {
            let last = Locked<Element?>(nil)
            return { value in
                last.withLock { last in
                    if let previous = last, equal(previous, value) { return nil }
                    last = value
                    return .success(value)
                }
            }
        }
    }
}
