import Foundation

/// A declared write's check of a counter: the int `field` of the document at `counter`, which
/// the write changes by `step` in the same transaction, so that a cap holds under concurrent
/// writers (Firestore's write-time aggregation).
public struct CounterCheck: Sendable {
    let write: String
    let check: String
    let counter: [String]
    let field: String
    let step: Int
    let holds: @Sendable (Int) -> Bool

    /// - Parameters:
    ///   - write: The declared write's name, for the error.
    ///   - check: The check as the schema spells it (`Member[$uid].sentCount < 10`), for the error.
    ///   - counter: The path of the document holding the counter.
    ///   - field: The counter's stored key.
    ///   - step: What the write adds to the counter: 1 for a create, -1 for a delete.
    public init(
        _ write: String, _ check: String, counter: [String], field: String, step: Int, holds: @escaping @Sendable (Int) -> Bool
    ) {
        self.write = write
        self.check = check
        self.counter = counter
        self.field = field
        self.step = step
        self.holds = holds
    }

    /// The counter's value in `transaction`: 0 when the field is absent, as Firestore's
    /// increment counts it; fails when there is no document or the value is not an int.
    func value(in transaction: any DocumentTransaction) throws -> Int {
        guard let document = try transaction.get(counter) else { throw StoreError.notFound(counter) }
        guard let stored = document.data[field] else { return 0 }
        do {
            return try Int(documentValue: stored)
        } catch {
            throw error.inside(field)
        }
    }

    /// `write` as the counter counts it, a document more or less: a set only creates, and a
    /// delete only deletes what is there.
    func counted(_ write: DocumentWrite) -> DocumentWrite {
        switch write {
        case let .set(path, data, _): .set(path, data, mustNotExist: true)
        case let .delete(path, _, read): .delete(path, mustExist: true, unchangedSince: read)
        case .update, .merge: write
        }
    }
}

extension DocumentStore {
    /// Commits the write `make` returns in one transaction with `check`: reads the counter,
    /// fails with ``PreCheckError`` unless the check holds, then writes and changes the counter
    /// by its step; returns the document's id once the transaction has committed. A transaction
    /// per write: it needs the server, and fails offline, as Firestore's transactions do; it
    /// fails too with the store's errors (no counter document, a document already there for a
    /// create, none for a delete, contention) and with a ``ConstraintError``.
    public func commit(checking check: CounterCheck, _ make: @escaping @Sendable () throws -> DocumentWrite) async throws -> String {
        try await runTransaction { transaction in
            let value = try check.value(in: transaction)
            guard check.holds(value) else {
                throw PreCheckError(write: check.write, check: check.check, value: "\(value)")
            }
            let write = check.counted(try make())
            transaction.write(write)
            transaction.write(.update(check.counter, [FieldPath([check.field]): .increment(.int(Int64(check.step)))]))
            return write.path[write.path.count - 1]
        }
    }
}
