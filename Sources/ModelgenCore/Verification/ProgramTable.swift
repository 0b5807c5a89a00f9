/// How a language writes the statements of a vector's compiled runner program, as patterns:
/// `%` stands for the one thing that goes in, `$name` for a named one. Only the Swift runner on
/// Firestore's emulator runs vectors so (``VectorVerification``); the program is printed over
/// this table and the language's ``RunnerTable``.
struct ProgramTable: Sendable {
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
    /// A 64-bit integer in code.
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
    /// A commit of the model's typed writes (`%`), which goes through the store as the model's
    /// own commits do, so that on the emulator they are sent as a signed-in user under the
    /// schema's security rules.
    var modelCommit: String
    /// One commit of `$count` documents `$collection/0…` holding `{ n: index }`, ids `$width` digits wide.
    var fill: String
    var flush: String
    var flushAt: String
    /// The virtual clock moved on by `$milliseconds`, and what runs the work due after each step
    /// of a vector that advances time.
    var advance: String
    var settleTime: String
    var cancel: String
    /// Listener errors on the collection `$path` with `$message`.
    var fail: String
    /// Listener errors on the listeners of the subscription `$label` only, with `$message`.
    var failSubscription: String
    var step: String
    var listeners: String
    var transactions: ProgramTransactions
    /// How a program too long for one function is split.
    var splitting: RunnerSplitting
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

/// How a program runs a vector's transaction, beside ``TransactionCalls``: a counter of attempts
/// (`$counter`), each attempt's reads traced as one emission (`%` the reads), another client's
/// writes (`%`) in the first `$count` attempts, and a typed write (`%`) given to the transaction.
struct ProgramTransactions: Sendable {
    var counter: String
    var emit: String
    var concurrently: String
    var write: String
    /// Another client's writes (`%`) in the first `$count` attempts of the model's next
    /// transactions (a counted declared write's), between each attempt's reads and its commit.
    var interleave: String
}

/// How a program too long for one function is split: its steps into `part` functions of the
/// store, the model and the trace, and a long batch's writes into functions returning a share
/// of them each.
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
