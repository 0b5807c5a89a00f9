/// The reactive library a Kotlin output is written over: how its streams, reads, commits,
/// declared writes and transactions are spelled, what it imports, and how a vector runner drives
/// it. Everything else — types, codecs, queries, writes, the runtime's core — is the Kotlin
/// language's, the same in every flavour. Each flavour is a folder of `Languages/`
/// (`KotlinRxJava/`, `KotlinFlow/`) with a runtime layer of its own under `Runtimes/`, and a line
/// of ``Language/all``.
protocol KotlinFlavour: Sendable {
    /// The `--lang` name: `kotlin` for the default flavour, `kotlin-flow`.
    var name: String { get }
    /// The output's name in messages: `Kotlin`, `Kotlin (Flow)`.
    var displayName: String { get }
    /// The folder of `Runtimes/` holding the flavour's layer over the runtime's core.
    var runtimeLayer: String { get }
    /// A live stream's type: `Observable<%>`.
    var stream: String { get }
    /// What a document stream emits where the document may be missing: `Optional<%>`, `%?`.
    var document: String { get }
    /// The model's scheduler parameter: its type and default value.
    var scheduler: (type: String, value: String) { get }
    /// The scheduler parameter's doc comment: where the streams' work runs and where they emit.
    var schedulerDoc: String { get }
    /// The packages of the library's names that generated code may use, by name.
    var imports: [String: String] { get }
    /// Names of the library (and the flavour's layer) that generated code names unqualified.
    var reservedTypes: Set<String> { get }

    /// A one-shot read's method of the model around its `body` (which reads, decodes and derives
    /// its value): `fun fetchRoom(id: String): Maybe<Room> =` and the body, indented; `scheduler`
    /// is the model's scheduler as the body names it.
    func readMethod(name: String, parameters: [String], output: StreamOutput, scheduler: String, body: [String], in kotlin: KotlinLanguage) -> [String]
    /// A combine stream: its members' streams combined into its record, whenever one emits.
    func combineStream(_ combine: CombineParts, in kotlin: KotlinLanguage) -> [String]
    /// A combine's read: every member read once (each reporting its decode failures) before the
    /// first failing one, in the record's order, fails the read.
    func combineRead(_ combine: CombineParts, in kotlin: KotlinLanguage) -> [String]
    /// A join's read: both sides read at once, joined by the runtime's `JoinRows`.
    func joinRead(_ join: JoinParts, in kotlin: KotlinLanguage) -> [String]
    /// The model's `commit` of a list of writes and of writes given one by one.
    func commit(doc: [String], listDoc: [String]) -> [String]
    /// The model's `runTransaction`, whose body takes a `type`.
    func transactionMethod(doc: [String], type: String) -> [String]

    /// The flavour's entries of the vector runners' table, over the language's.
    func runner(_ table: RunnerTable) -> RunnerTable
    /// A runner's model scheduler in a vector that does not advance time.
    var runnerScheduler: String { get }
    /// The packages of the names a runner may use beyond the runtime's and the trace's.
    var runnerImports: [String: String] { get }
    /// The jars the flavour's compiled code needs beside Kotlin's standard library, given the
    /// jar of the Kotlin compiler from its wheel (nil for a compiler on the `PATH`); when one is
    /// missing here, why, and how to get it.
    func libraries(compilerJar: String?) -> ToolchainStatus<[String]>
    /// How to install what ``libraries(compilerJar:)`` finds.
    var librariesHint: String { get }
}
