/// How a language writes the statements of a vector runner, as patterns: `%` stands for the one
/// thing that goes in, `$name` for a named one. ``RunnerSpelling`` prints every statement from it.
struct RunnerTable: Sendable {
    /// Stored values by kind; `%` is the value, the elements or the data.
    var null: String
    var bool: String
    var int: String
    var double: String
    var timestamp: String
    var string: String
    var array: String
    var map: String
    var serverTimestamp: String
    /// Stored bytes and a stored geopoint; `%` is the typed value (``typedBytes``, ``typedGeoPoint``).
    var bytes: String
    var geopoint: String
    /// A stored reference; `%` is its path, a list of segments.
    var reference: String
    /// A double in code, NaN, the infinities and −0 included.
    var number: @Sendable (Double) -> String
    /// A 64-bit integer in code: `5`, `5L`, `Long.MIN_VALUE`.
    var long: @Sendable (Int64) -> String
    /// A `Timestamp` of `$seconds` and `$nanoseconds`.
    var time: String
    /// The language's bytes, of the bytes joined in `%`, each as ``byte`` writes it.
    var typedBytes: String
    var byte: @Sendable (UInt8) -> String = { "\($0)" }
    /// The runtime's `GeoPoint` of `$latitude` and `$longitude`.
    var typedGeoPoint: String
    /// A document's data: each `$key` and `$value`, joined in `%`.
    var entry: String
    var data: String
    var emptyData: String
    /// A `map<T>` argument of typed values, its `entry`s joined in `%`.
    var typedMap: String
    /// A value of the embedded type `$type` decoded from its stored map `%`.
    var embedded: String
    /// A row of the collection `$type` decoded from its id `$id` and stored data `$data`.
    var row: String
    /// An update's fields: each field `$path` and `$value`, joined in `%`.
    var fieldEntry: String
    var fields: String
    /// A field's update: a value (`%`) to set, or a transform of the stored value.
    var fieldUpdates: FieldUpdates
    /// A call of one of the model's typed writes.
    var writeCalls: WriteCalls
    /// A write the trace attempts (`%`), so that a refused one is traced rather than thrown.
    var attempt: String
    /// Writes of `$path` with `$data` or `$fields`, alone and in a batch (`commit`, joined in `%`).
    var set: String
    var update: String
    var delete: String
    var batchSet: String
    var batchUpdate: String
    var batchDelete: String
    var commit: String
    /// A commit of the model's typed writes (`%`), where it differs from ``commit``: the Swift
    /// runner's goes through the store as the model's own commits do, so that on the emulator
    /// they are sent as a signed-in user under the schema's security rules.
    var modelCommit: String?
    /// One commit of `$count` documents `$collection/0…` holding `{ n: index }`, ids `$width` digits wide.
    var fill: String
    var flush: String
    var flushAt: String
    /// After a flush or a declared write's subscription: lets acknowledgements complete their
    /// streams where they do so later (a promise's callbacks); nil where they do so at once.
    var settle: String? = nil
    var virtualTime: VirtualTimeCalls
    /// A subscription `$label` to `$call`, its emissions traced by `$trace`.
    var subscribe: String
    /// A one-shot read, run to its end: `$label`, `$call` (the read) and `$trace` go in.
    var read: String
    var cancel: String
    /// Listener errors on the collection `$path` with `$message`.
    var fail: String
    /// Listener errors on the listeners of the subscription `$label` only, with `$message`.
    var failSubscription: String
    /// How the scenario table takes a step's arguments from the interpreter.
    var scenario: ScenarioSpelling
    var step: String
    var listeners: String
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
    /// How a program too long for one function is split.
    var splitting: RunnerSplitting
    /// An int beyond ±(2^53 − 1) as the store receives it from another client (`receive`), where
    /// the language's own value refuses it; nil where `int` holds it.
    var receivedWideInt: String? = nil
}

/// How a runner runs a vector that advances time: the model's scheduler on the trace's virtual
/// clock, the clock moved on by `$milliseconds`, and what runs the work due after each step (nil
/// where the scheduler runs it at once).
struct VirtualTimeCalls: Sendable {
    var scheduler: String
    var advance: String
    var settle: String?
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

/// How a runner too long for one function (a JVM method holds at most 64 KB of code) is split:
/// its steps into `part` functions of the store, the model and the trace, and a long batch's
/// writes into functions returning a share of them each.
struct RunnerSplitting: Sendable {
    /// A part's first line: `$number`, and `$model`, ``modelParameter`` where the program has a model.
    var partHeader: String
    /// The model as a part's parameter, of `$type`.
    var modelParameter: String
    /// The call of part `$number`, `$model` being `, model` where the program has one.
    var partCall: String
    /// A function `$name` returning the writes `%`.
    var writesFunction: String
    /// The call of writes function `$name`; the commit of such calls (`%`), joined by `writesSeparator`.
    var writesCall: String
    var writesSeparator: String
    var commitWrites: String
}

/// How a runner writes an update's field: a value to set, or Firestore's field transforms
/// (`%` is the value, the operand or the elements).
struct FieldUpdates: Sendable {
    var value: String
    var delete: String
    var increment: String
    var arrayUnion: String
    var arrayRemove: String
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

/// How a runner runs a transaction of the model: a counter of attempts (`$counter`), the
/// transaction `$label` opened and closed around its body, each attempt's reads traced as one
/// emission (`%` the reads), a read through the getter `$getter` (`%` its arguments) of a row
/// of `$type` (as named for tracing: `$name`), another client's writes (`%`) in the first
/// `$count` attempts, and a typed write (`%`) given to the transaction.
struct TransactionCalls: Sendable {
    var counter: String
    /// The call's start and end, `$options` in one of them standing for the most attempts given
    /// (`maxAttempts`, filling its `%`), or nothing.
    var open: String
    var close: String
    var maxAttempts: String
    var emit: String
    var read: String
    var concurrently: String
    var write: String
    /// Another client's writes (`%`) in the first `$count` attempts of the model's next
    /// transactions (a counted declared write's), between each attempt's reads and its commit.
    var interleave: String
    /// A subscription `$label` to a counted declared write `$call` (traced by `$trace`), waited
    /// for to its end: its transaction runs in a task, or a promise.
    var subscribeToEnd: String
}
