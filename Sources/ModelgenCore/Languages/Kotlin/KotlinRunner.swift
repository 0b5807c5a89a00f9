import Foundation

/// Vector runners in Kotlin, over the Kotlin runtime and the runner's `Trace` (`Runtimes/verify/kotlin`).
extension KotlinLanguage {
    var runner: RunnerTable { flavour.runner(Self.runnerTable) }

    private static let runnerTable = RunnerTable(
        writeCalls: WriteCalls(
            call: "model.$name(%)", named: "$name = $value", set: "$type.set(%)", delete: "$type.delete",
            serverTimestamp: "$type.serverTimestamp", increment: "$type.increment(%)", arrayUnion: "$type.arrayUnion(%)",
            arrayRemove: "$type.arrayRemove(%)", keys: "FieldChange.keys(%)", keyEntry: "$key to $change"
        ),
        virtualScheduler: "trace.virtualTime()",
        subscribe: "trace.subscribe($label, $call) $trace", read: "trace.read($label, $call) $trace",
        scenario: ScenarioSpelling(
            value: "arguments.value($index, $codec)", row: "arguments.row($index) { id, data -> $type.decode(id, data) }",
            optionalRow: "arguments.optionalRow($index) { id, data -> $type.decode(id, data) }",
            given: "arguments.given($name, $codec)", givenOr: "arguments.valueOr($name, $codec, $default)", optionalOr: "arguments.valueOr($name, $codec, $default)", optional: "arguments.value($name, $codec)",
            id: "(arguments.value(\"id\", Codecs.string) ?: DocumentIds.make())", change: "arguments.change($name, $codec)",
            flag: "(arguments.value($name, $codec) ?: false)", unchangedSince: "arguments.row($name) { id, data -> $type.decode(id, data) }",
            transactionBody: "body(transaction)"
        ),
        traceList: "{ rows -> DocumentValue.ArrayValue(rows.map { traced(it) }) }",
        traceDocument: "{ document -> if (document.isPresent) traced(document.get()) else DocumentValue.Null }",
        traceCount: "{ count -> DocumentValue.IntValue(count.toLong()) }",
        traceValue: "{ value -> $codec.encode(value) }",
        traceOptionalValue: "{ value -> if (value.isPresent) $codec.encode(value.get()) else DocumentValue.Null }",
        traceGroups: "{ groups -> DocumentValue.ArrayValue(groups.map { DocumentValue.MapValue(mapOf(\"key\" to $keyCodec.encode(it.key), \"value\" to $codec.encode(it.value))) }) }",
        traceID: "{ id -> DocumentValue.StringValue(id) }",
        tracedCollection: "private fun traced(value: $type): DocumentValue = row($type.encode(value), value.id)",
        tracedJoin: "private fun traced(value: $type): DocumentValue = DocumentValue.MapValue(mapOf($left, $right))",
        joinSide: "$key to traced(value.$member)", optionalJoinSide: "$key to (value.$member?.let { traced(it) } ?: DocumentValue.Null)",
        traceRecord: "{ record -> traced(record) }", tracedRecord: "private fun traced(value: $type): DocumentValue = DocumentValue.MapValue(mapOf(%))",
        recordMember: "$key to $value",
        memberTraces: MemberTraces(
            rows: "DocumentValue.ArrayValue(%.map { traced(it) })", document: "(%?.let { traced(it) } ?: DocumentValue.Null)",
            count: "DocumentValue.IntValue(%.toLong())", value: "$codec.encode(%)", optionalValue: "(%?.let { $codec.encode(it) } ?: DocumentValue.Null)",
            groups: "DocumentValue.ArrayValue(%.map { DocumentValue.MapValue(mapOf(\"key\" to $keyCodec.encode(it.key), \"value\" to $codec.encode(it.value))) })",
            record: "traced(%)"
        ),
        transactions: TransactionCalls(
            open: "trace.transaction($label, model.runTransaction$options { transaction ->", close: "})", maxAttempts: "(%)",
            read: "transaction.$getter(%)?.let { traced(it) } ?: DocumentValue.Null", subscribeToEnd: "trace.subscribeToEnd($label, $call) $trace"
        )
    )

    func scenarioTable(_ frame: ScenarioTableFrame) -> [String] {
        let (modelType, transactionType) = (frame.modelType, frame.transactionType)
        let uses = frame.uses.flatMap { use in [(key: "subscribe \(use.name)", value: use.subscribe), (key: "read \(use.name)", value: use.read)] }
        let scheduler = "if (virtualTime) \(runner.virtualScheduler) else \(flavour.runnerScheduler)"
        let body = frame.tracing + (frame.tracing.isEmpty ? [] : [""]) + [
            "internal object Table : ScenarioTable<\(modelType), \(transactionType)> {",
            "    override fun model(store: LabelledStore, virtualTime: Boolean, trace: Trace) =",
            "        \(modelType)(store, \(scheduler)) { trace.decodeFailure(it) }",
            "",
            "    override fun use(model: \(modelType), stream: String, label: String, once: Boolean, arguments: ScenarioArguments, trace: Trace) {",
        ] + Lines.indented(scenarioWhen("(if (once) \"read \" else \"subscribe \") + stream", uses, otherwise: "no stream $stream"), by: "        ") + [
            "    }",
            "",
            "    override fun write(model: \(modelType), name: String, arguments: ScenarioArguments): DocumentWrite =",
        ] + Lines.indented(scenarioWhen("name", frame.writes.map { (key: $0.name, value: $0.write) }, otherwise: "no write $name"), by: "        ") + [
            "",
            "    override fun transaction(model: \(modelType), label: String, maxAttempts: Int, trace: Trace, body: (\(transactionType)) -> Unit) {",
        ] + Lines.indented(frame.transaction, by: "        ") + [
            "    }",
            "",
            "    override fun read(transaction: \(transactionType), collection: String, arguments: ScenarioArguments): DocumentValue =",
        ] + Lines.indented(scenarioWhen("collection", frame.reads.map { (key: $0.collection, value: $0.read) }, otherwise: "no collection $collection"), by: "        ") + [
            "",
            "    override fun give(write: DocumentWrite, transaction: \(transactionType)) = transaction.write(write)",
            "}",
        ]
        let names = Self.imports.merging(flavour.runnerImports) { first, _ in first }
            .merging(["ScenarioTable": "vectors", "ScenarioArguments": "vectors", "LabelledStore": "vectors", "DocumentIds": "modelgen.runtime"]) { first, _ in first }
            .merging(Dictionary(frame.modelNames.map { ($0, frame.modelModule) }) { first, _ in first }) { first, _ in first }
        let imports = SymbolScanner(body.joined(separator: "\n")).used(Array(names.keys)).map { "import \(names[$0]!).\($0)" }.sorted()
        return ["// Generated by modelgen verify for \(frame.schema). Do not edit.", "package \(frame.module)", ""] + imports + [""] + body
    }

    /// A `when` over `subject`: a branch per key giving its value, and an error saying `otherwise` for any other.
    private func scenarioWhen(_ subject: String, _ branches: [(key: String, value: String)], otherwise: String) -> [String] {
        ["when (\(subject)) {"] + branches.map { "    \(strings.quoted($0.key)) -> \($0.value)" }
            + ["    else -> throw IllegalArgumentException(\"\(otherwise)\")", "}"]
    }

    /// The packages of the names a runner may use.
    private static let imports: [String: String] = [
        "DocumentValue": "modelgen.runtime", "DocumentWrite": "modelgen.runtime", "FieldPath": "modelgen.runtime", "FieldUpdate": "modelgen.runtime", "FieldChange": "modelgen.runtime", "KeyChange": "modelgen.runtime",
        "InMemoryStore": "modelgen.runtime", "Timestamp": "modelgen.runtime", "Bytes": "modelgen.runtime", "GeoPoint": "modelgen.runtime", "Codecs": "modelgen.runtime",
        "Trace": "vectors", "row": "vectors",
    ]
}
