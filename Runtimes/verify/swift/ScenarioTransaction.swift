// A scenario's transaction, run as a compiled runner runs it: the model's `runTransaction`, whose
// body traces the attempt's reads, makes another client's writes in the first attempts, and gives
// the typed writes to the transaction. Copied verbatim into each run.
import ModelgenRuntimeCore

/// A transaction step: `{"op": "transaction", "label": …, "reads": […], "writes": […],
/// "concurrent": […], "contention": N, "maxAttempts": N}` (the last one when given).
struct ScenarioTransaction: Decodable, Sendable {
    /// A document read through the getter of `collection`, its path parameters and id by position.
    struct Read: Decodable, Sendable {
        var collection: String
        var arguments: [ScenarioValue]
    }

    var label: String
    var reads: [Read]
    /// The model's typed writes, given to the transaction.
    var writes: [ScenarioStep]
    /// Another client's writes, committed in each of the first `contention` attempts.
    var concurrent: [ScenarioStep]
    var contention: Int
    var maxAttempts: Int?

    /// Runs the transaction to its end, traced as `label`; an error of the interpreter's own
    /// ends the scenario once the trace has taken it.
    func run<Table>(_ context: ScenarioContext<Table>) throws {
        let attempts = Attempts(), own = OwnError()
        context.table.transaction(context.model, label: label, maxAttempts: maxAttempts ?? maximumTransactionAttempts, context.trace) { transaction in
            try own.noting { try attempt(transaction, number: attempts.next(), context) }
        }
        try own.rethrow()
    }

    /// Attempt `number`: its reads traced as one emission, another client's writes when it is
    /// one of the first `contention`, then the typed writes given to the transaction.
    private func attempt<Table>(_ transaction: Table.Transaction, number: Int, _ context: ScenarioContext<Table>) throws {
        let values = try reads.map { read in
            try context.table.read(transaction, read.collection, ScenarioArguments(values: read.arguments.map(\.value)))
        }
        context.trace.emit(label, .array(values))
        if !concurrent.isEmpty, number <= contention { try context.store.commit(concurrent.map { try $0.storeWrite }) }
        for write in writes { context.table.give(try write.typedWrite(context), to: transaction) }
    }
}
