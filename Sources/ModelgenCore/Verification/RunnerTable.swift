/// How a language traces a model's streams, reads and transactions in the table of a scenario
/// runner (and the Swift program of a vector on the emulator), as patterns: `%` stands for the
/// one thing that goes in, `$name` for a named one. ``RunnerSpelling`` prints from it.
struct RunnerTable: Sendable {
    /// A call of one of the model's typed writes, which declared writes print too.
    var writeCalls: WriteCalls
    /// After a declared write's subscription: lets acknowledgements complete their streams where
    /// they do so later (a promise's callbacks); nil where they do so at once.
    var settle: String? = nil
    /// The model's scheduler on the trace's virtual clock, for a vector that advances time.
    var virtualScheduler: String
    /// A subscription `$label` to `$call`, its emissions traced by `$trace`.
    var subscribe: String
    /// A one-shot read, run to its end: `$label`, `$call` (the read) and `$trace` go in.
    var read: String
    /// How the scenario table takes a step's arguments from the interpreter.
    var scenario: ScenarioSpelling
    /// Closures tracing an emission: rows of `$element`, a document of `$type`, a count, an
    /// aggregate's value and an optional one (encoded by `$codec`, the runtime's codec of its type).
    var traceList: String
    var traceDocument: String
    var traceCount: String
    var traceValue: String
    var traceOptionalValue: String
    /// A grouped aggregate's groups, each a map of its `key` (encoded by `$keyCodec`) and its `value` (by `$codec`).
    var traceGroups: String
    /// The id a declared write emits.
    var traceID: String
    /// Functions tracing a row: of a collection (`$type` spelled, `$name` as the schema names
    /// it), and of a join row, a map of its `$left` and `$right` sides, each a side of `$key`
    /// for the row's `$member`, of `$element`.
    var tracedCollection: String
    var tracedJoin: String
    var joinSide: String
    var optionalJoinSide: String
    /// A closure tracing a combine's record of `$type` (`$name` as the schema names it), the
    /// function tracing it, a map of its members (`%`), and one member: `$key` and its `$value`.
    var traceRecord: String
    var tracedRecord: String
    var recordMember: String
    var memberTraces: MemberTraces
    /// A transaction of the model, traced attempt by attempt.
    var transactions: TransactionCalls
}

/// How a runner traces a record's member (`%`, each place it appears) by what its stream emits: rows of `$element`, a
/// document of `$element` or nothing, a count, an aggregate's value or an optional one (`$codec`
/// encodes it), a record of `$element`.
struct MemberTraces: Sendable {
    var rows: String
    var document: String
    var count: String
    var value: String
    var optionalValue: String
    var groups: String
    var record: String
}

/// How a runner calls a typed write of the model (`$name`, its arguments in `%`) and spells a
/// field's change (`%` is the value, the operand or the elements; `$type` the type whose
/// factory makes it, `FieldChange` or, for a key of a map, `KeyChange`).
struct WriteCalls: Sendable {
    var call: String
    /// A named argument, `$name` and `$value`; nil where arguments go by position, a create's
    /// fields and an update's changes in one object of `objectEntry`s.
    var named: String?
    var objectEntry = "$name: $value"
    var set: String
    var delete: String
    var serverTimestamp: String
    var increment: String
    var arrayUnion: String
    var arrayRemove: String
    /// Changes of keys of a map (`%` the entries, or `noKeys`), each `$key` to its `$change`.
    var keys: String
    var keyEntry: String
    var noKeys = ""

    /// The spelling of a change, made by `type`'s factory.
    func spelling(_ change: KeyPath<WriteCalls, String>, by type: String = "FieldChange") -> String {
        self[keyPath: change].filling(["type": type])
    }
}

/// How a runner runs a transaction of the model: the transaction `$label` opened and closed
/// around its body, and a read through the getter `$getter` (`%` its arguments) of a row of
/// `$type` (as named for tracing: `$name`), traced.
struct TransactionCalls: Sendable {
    /// The call's start and end, `$options` in one of them standing for the most attempts given
    /// (`maxAttempts`, filling its `%`), or nothing.
    var open: String
    var close: String
    var maxAttempts: String
    var read: String
    /// A subscription `$label` to a counted declared write `$call` (traced by `$trace`), waited
    /// for to its end: its transaction runs in a task, or a promise.
    var subscribeToEnd: String
}
