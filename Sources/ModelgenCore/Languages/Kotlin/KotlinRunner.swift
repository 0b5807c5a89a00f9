/// Vector runner statements in Kotlin, over the Kotlin runtime and the runner's `Trace`.
struct KotlinRunner: RunnerSpelling {
    private let kotlin = KotlinLanguage()

    func value(_ value: VectorValue) -> String {
        switch value {
        case .null: "DocumentValue.Null"
        case let .bool(value): "DocumentValue.BoolValue(\(value))"
        case let .int(value): "DocumentValue.IntValue(\(long(value)))"
        case let .double(value): "DocumentValue.DoubleValue(\(double(value)))"
        case let .timestamp(time): "DocumentValue.TimestampValue(\(timestamp(time)))"
        case let .string(text): "DocumentValue.StringValue(\(kotlin.strings.quoted(text)))"
        case let .array(values): "DocumentValue.ArrayValue(listOf(\(values.map(self.value).joined(separator: ", "))))"
        case let .map(entries): "DocumentValue.MapValue(\(data(entries)))"
        case .serverTimestamp: "DocumentValue.ServerTimestamp"
        }
    }

    private func long(_ value: Int64) -> String {
        value == .min ? "Long.MIN_VALUE" : "\(value)L"
    }

    private func double(_ value: Double) -> String {
        if value.isNaN { return "Double.NaN" }
        if value.isInfinite { return value < 0 ? "Double.NEGATIVE_INFINITY" : "Double.POSITIVE_INFINITY" }
        return KotlinLanguage.double(value)
    }

    func timestamp(_ time: VectorValue.Time) -> String {
        "Timestamp(\(long(time.seconds)), \(time.nanoseconds))"
    }

    func argument(_ value: VectorValue, as type: FieldType) -> String {
        switch (value, type.nonOptional) {
        case let (.array(values), .array(element)): "listOf(\(values.map { argument($0, as: element) }.joined(separator: ", ")))"
        case let (.int(number), .double): "\(number).0"
        case let (.double(number), _): double(number)
        case let (.timestamp(time), _): timestamp(time)
        case let (.string(text), _): kotlin.strings.quoted(text)
        case let (.int(number), _): long(number)
        case let (.bool(flag), _): "\(flag)"
        default: "null"
        }
    }

    func path(_ segments: [String]) -> String {
        "listOf(" + segments.map(kotlin.strings.quoted).joined(separator: ", ") + ")"
    }

    func data(_ entries: [(key: String, value: VectorValue)]) -> String {
        entries.isEmpty ? "emptyMap()" : "mapOf(" + entries.map { "\(kotlin.strings.quoted($0.key)) to \(value($0.value))" }.joined(separator: ", ") + ")"
    }

    private func fields(_ fields: [(path: [String], value: VectorValue)]) -> String {
        "mapOf(" + fields.map { "FieldPath(\(path($0.path))) to \(value($0.value))" }.joined(separator: ", ") + ")"
    }

    func set(_ path: [String], _ data: [(key: String, value: VectorValue)]) -> String {
        "trace.attempt { store.setData(\(self.data(data)), \(self.path(path))) }"
    }

    func update(_ path: [String], _ fields: [(path: [String], value: VectorValue)]) -> String {
        "trace.attempt { store.updateData(\(self.fields(fields)), \(self.path(path))) }"
    }

    func delete(_ path: [String]) -> String {
        "trace.attempt { store.deleteDocument(\(self.path(path))) }"
    }

    func batchItem(_ action: VectorStep.Action) -> String {
        switch action {
        case let .set(path, data): "DocumentWrite.Set(\(self.path(path)), \(self.data(data)))"
        case let .update(path, fields): "DocumentWrite.Update(\(self.path(path)), \(self.fields(fields)))"
        case let .delete(path): "DocumentWrite.Delete(\(self.path(path)))"
        default: ""
        }
    }

    func commit(_ items: [String]) -> String {
        "trace.attempt { store.commit(listOf(\(items.joined(separator: ", ")))) }"
    }

    func fill(_ collection: [String], count: Int, width: Int) -> String {
        "trace.attempt { store.commit((0 until \(count)).map { DocumentWrite.Set(\(path(collection)) + paddedIndex(it, \(width)), mapOf(\"n\" to DocumentValue.IntValue(it.toLong()))) }) }"
    }

    func flush(_ time: VectorValue.Time?) -> String {
        time.map { "store.flushPendingWrites(\(timestamp($0)))" } ?? "store.flushPendingWrites()"
    }

    func subscribe(_ label: String, _ call: String, _ trace: String) -> String {
        "trace.subscribe(\(kotlin.strings.quoted(label)), \(call)) \(trace)"
    }

    func cancel(_ label: String) -> String {
        "trace.cancel(\(kotlin.strings.quoted(label)))"
    }

    func fail(_ collection: [String], _ message: String) -> String {
        "store.failListeners(\(path(collection)), VectorError(\(kotlin.strings.quoted(message))))"
    }

    func call(_ stream: StreamDefinition, _ arguments: [String]) -> String {
        "model.\(KotlinNames.identifier(stream.name))(\(arguments.joined(separator: ", ")))"
    }

    func traceOfList(element: String) -> String { "{ rows -> DocumentValue.ArrayValue(rows.map { traced(it) }) }" }
    func traceOfDocument(type: String) -> String { "{ document -> if (document.isPresent) traced(document.get()) else DocumentValue.Null }" }
    var traceOfCount: String { "{ count -> DocumentValue.IntValue(count.toLong()) }" }

    func tracingFunctions(for model: Model, types: Set<String>) -> [String] {
        model.collections.filter { types.contains($0.name) }.map { collection in
            let name = KotlinNames.identifier(collection.name)
            return "private fun traced(value: \(name)): DocumentValue = row(\(name).encode(value), value.id)"
        } + model.joins.filter { types.contains($0.name) }.map { join in
            let left = "\(kotlin.strings.quoted(join.left.name)) to traced(value.\(KotlinNames.identifier(join.left.name)))"
            let right = join.right.type.isOptional
                ? "\(kotlin.strings.quoted(join.right.name)) to (value.\(KotlinNames.identifier(join.right.name))?.let { traced(it) } ?: DocumentValue.Null)"
                : "\(kotlin.strings.quoted(join.right.name)) to traced(value.\(KotlinNames.identifier(join.right.name)))"
            return "private fun traced(value: \(KotlinNames.identifier(join.name))): DocumentValue = DocumentValue.MapValue(mapOf(\(left), \(right)))"
        }
    }

    func stepStatement(_ number: Int) -> String { "trace.step(\(number))" }
    let listenersStatement = "trace.listeners(store.listenerCount)"

    func program(_ frame: RunnerFrame) -> [String] {
        let body = frame.tracing + (frame.tracing.isEmpty ? [] : [""]) + [
            "fun run(trace: Trace) {",
            "    val store = InMemoryStore(\(frame.pendingWrites)) { \(frame.clock) }",
        ] + (frame.usesModel ? ["    val model = \(frame.modelType)(store, Schedulers.trampoline()) { trace.decodeFailure(it) }"] : [])
            + Lines.indented(frame.statements, by: "    ") + ["}"]
        let imports = SymbolScanner(body.joined(separator: "\n")).used(Array(Self.imports.keys)).map { "import \(Self.imports[$0]!).\($0)" }.sorted()
        return ["// Generated by modelgen verify from \(frame.file). Do not edit.", "package \(frame.module)", ""] + imports + [""] + body
    }

    /// The packages of the names a runner may use.
    private static let imports: [String: String] = [
        "DocumentValue": "modelgen.runtime", "DocumentWrite": "modelgen.runtime", "FieldPath": "modelgen.runtime",
        "InMemoryStore": "modelgen.runtime", "Timestamp": "modelgen.runtime", "Schedulers": "io.reactivex.rxjava3.schedulers",
        "Trace": "vectors", "VectorError": "vectors", "paddedIndex": "vectors", "row": "vectors",
    ]
}
