import Foundation

/// Kotlin over kotlinx-coroutines `Flow` (`--lang kotlin-flow`): live streams are cold `Flow`s,
/// cancelled with their collector's scope; one-shot reads, `commit` and `runTransaction` are
/// `suspend` functions; declared writes are `Flow<String>`s; a missing document is null. The
/// model's scheduler is a `CoroutineDispatcher` that streams and reads work on and debounce on.
/// Its runtime layer is `Runtimes/kotlin-flow/`.
struct FlowFlavour: KotlinFlavour {
    let name = "kotlin-flow"
    let displayName = "Kotlin (Flow)"
    let runtimeLayer = "kotlin-flow"
    let stream = "Flow<%>"
    let document = "%?"
    let scheduler = (type: "CoroutineDispatcher", value: "Dispatchers.Default")
    let schedulerDoc = "Where streams and reads decode and derive their values, and streams debounce; collectors and callers get the values in their own context."

    let imports: [String: String] = [
        "Flow": "kotlinx.coroutines.flow", "Dispatchers": "kotlinx.coroutines", "CoroutineDispatcher": "kotlinx.coroutines",
        "combineLatest": "modelgen.runtime", "combineReads": "modelgen.runtime", "reading": "modelgen.runtime",
    ]

    let reservedTypes: Set<String> = ["Flow", "Dispatchers", "CoroutineDispatcher"]

    /// `suspend fun fetchRoom(id: String): Room? = reading(scheduler) {`, the body, `}`: the read
    /// runs on the model's scheduler, and returns in the caller's context.
    func readMethod(name: String, parameters: [String], output: StreamOutput, scheduler: String, body: [String], in kotlin: KotlinLanguage) -> [String] {
        let signature = "suspend fun \(name)(\(parameters.joined(separator: ", "))): \(kotlin.emission(output)) = reading(\(scheduler)) {"
        return [signature] + Lines.indented(body, by: kotlin.syntax.indent) + ["}"]
    }

    /// The runtime's `combineLatest` of the members' flows, making the record.
    func combineStream(_ combine: CombineParts, in kotlin: KotlinLanguage) -> [String] {
        let arguments = combine.members.map { [$0.call] }
        return Lines.appending(" " + combiner(combine), to: Lines.list("combineLatest(", arguments, ")", indent: kotlin.syntax.indent))
    }

    /// The runtime's `combineReads` of one read of each member, each a suspending lambda.
    func combineRead(_ combine: CombineParts, in kotlin: KotlinLanguage) -> [String] {
        let arguments = combine.members.map { ["{ \($0.call) }"] }
        return Lines.appending(" " + combiner(combine), to: Lines.list("combineReads(", arguments, ")", indent: kotlin.syntax.indent))
    }

    /// The runtime's `JoinRows` of the two sides' reads, each a suspending lambda, read at once.
    func joinRead(_ join: JoinParts, in kotlin: KotlinLanguage) -> [String] {
        let arguments = [["{ \(join.left) }"], ["{ \(join.right) }"], [join.leftKey], [join.rightKey], ["::\(kotlin.typeName(join.row.name))"]]
        return Lines.list("JoinRows.\(join.inner ? "inner" : "left")(", arguments, ")", indent: kotlin.syntax.indent)
    }

    /// `{ room, messages -> RoomView(room, messages) }`: a missing document is null already.
    private func combiner(_ combine: CombineParts) -> String {
        let locals = combine.members.map(\.local).joined(separator: ", ")
        return "{ \(locals) -> \(combine.type)(\(locals)) }"
    }

    func commit(doc: [String], listDoc: [String]) -> [String] {
        doc + ["suspend fun commit(vararg writes: DocumentWrite): Unit = commit(writes.asList())", ""]
            + listDoc + ["suspend fun commit(writes: List<DocumentWrite>): Unit = store.commitBatch(writes)"]
    }

    func transactionMethod(doc: [String], type: String) -> [String] {
        doc + [
            "suspend fun <T : Any> runTransaction(maxAttempts: Int = MAXIMUM_TRANSACTION_ATTEMPTS, body: (\(type)) -> T): T =",
            "    store.runTransaction(maxAttempts) { body(\(type)(it)) }",
        ]
    }

    /// A read and a transaction are suspending calls, run by the trace in a lambda; a missing
    /// document or value is null, not an empty `Optional`.
    func runner(_ table: RunnerTable) -> RunnerTable {
        var table = table
        table.read = "trace.read($label, { $call }) $trace"
        table.traceDocument = "{ document -> if (document != null) traced(document) else DocumentValue.Null }"
        table.traceOptionalValue = "{ value -> if (value != null) $codec.encode(value) else DocumentValue.Null }"
        table.transactions.open = "trace.transaction($label) { model.runTransaction$options { transaction ->"
        table.transactions.close = "} }"
        return table
    }

    let runnerScheduler = "Dispatchers.Unconfined"
    let runnerImports = ["Dispatchers": "kotlinx.coroutines"]

    /// kotlinx-coroutines' core, taken out of the compiler's wheel (which carries it unrelocated)
    /// into a jar of its own beside the compiler's jar, once (``CoroutinesJar``); none for a
    /// compiler on the `PATH`.
    func libraries(compilerJar: String?) -> ToolchainStatus<[String]> {
        guard let compilerJar else { return .missing(install: librariesHint) }
        return CoroutinesJar.beside(compilerJar: compilerJar, jarTool: ProcessRunner.find("jar"))
    }

    let librariesHint = "kotlinx-coroutines comes with the Kotlin compiler's wheel (\(ToolchainCache.installHint))"
}
