import Foundation

/// The check a declared write makes first: the first value of a stream must pass `holds`.
public struct PreCheck<Value> {
    let write: String
    let check: String
    let value: AnyPublisher<Value, any Error>
    let holds: @Sendable (Value) -> Bool

    /// - Parameters:
    ///   - write: The declared write's name, for the error.
    ///   - check: The check as the schema spells it (`speakCount < 10`), for the error.
    public init(_ write: String, _ check: String, _ value: AnyPublisher<Value, any Error>, holds: @escaping @Sendable (Value) -> Bool) {
        self.write = write
        self.check = check
        self.value = value
        self.holds = holds
    }
}

extension DocumentStore {
    /// Commits the write `make` returns, once subscribed (and once `preCheck` holds, if given):
    /// emits the document's id as soon as the write is applied locally, and finishes when the
    /// store acknowledges it. Fails, writing nothing, with ``PreCheckError``, with the error
    /// `make` throws (a ``ConstraintError``), or with the store's refusal.
    public func written<Value>(
        after preCheck: PreCheck<Value>, _ make: @escaping @Sendable () throws -> DocumentWrite
    ) -> AnyPublisher<String, any Error> {
        preCheck.value.first()
            .tryMap { value in
                guard preCheck.holds(value) else {
                    throw PreCheckError(write: preCheck.write, check: preCheck.check, value: "\(value)")
                }
            }
            .flatMap { self.written(make) }
            .eraseToAnyPublisher()
    }

    /// Commits the write `make` returns, once subscribed: emits the document's id as soon as the
    /// write is applied locally, and finishes when the store acknowledges it.
    public func written(_ make: @escaping @Sendable () throws -> DocumentWrite) -> AnyPublisher<String, any Error> {
        Deferred { () -> AnyPublisher<String, any Error> in
            let acknowledgement = Acknowledgement()
            let write: DocumentWrite
            do {
                write = try make()
                try self.commit(batch: [write], acknowledged: acknowledgement.settle)
            } catch {
                return Fail(error: error).eraseToAnyPublisher()
            }
            return Just(write.path[write.path.count - 1]).setFailureType(to: (any Error).self)
                .append(acknowledgement.subject)
                .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }
}

/// A commit's acknowledgement as a publisher that only completes. Its subject, which is
/// thread-safe, passes its completion on to subscribers that come after it finished.
private final class Acknowledgement: @unchecked Sendable {
    let subject = PassthroughSubject<String, any Error>()

    @Sendable func settle(_ error: (any Error)?) {
        subject.send(completion: error.map { .failure($0) } ?? .finished)
    }
}

extension DocumentStore {
    /// Commits the write `make` returns in one transaction with `check`, once subscribed (see
    /// ``DocumentStore/commit(checking:_:)``): emits the document's id once the transaction has
    /// committed, then finishes.
    public func written(
        after check: CounterCheck, _ make: @escaping @Sendable () throws -> DocumentWrite
    ) -> AnyPublisher<String, any Error> {
        Deferred {
            Future { promise in
                let outcome = Promise(promise)
                Task {
                    do {
                        outcome.fulfil(.success(try await self.commit(checking: check, make)))
                    } catch {
                        outcome.fulfil(.failure(error))
                    }
                }
            }
        }
        .eraseToAnyPublisher()
    }
}

/// A `Future`'s promise, handed to the task that fulfils it.
private final class Promise: @unchecked Sendable {
    private let promise: Future<String, any Error>.Promise

    init(_ promise: @escaping Future<String, any Error>.Promise) {
        self.promise = promise
    }

    func fulfil(_ result: Result<String, any Error>) {
        promise(result)
    }
}
