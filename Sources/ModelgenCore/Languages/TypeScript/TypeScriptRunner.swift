/// Vector runner statements in TypeScript, over the TypeScript runtime and the runner's `Trace`.
struct TypeScriptRunner: RunnerSpelling {
    private let typescript = TypeScriptLanguage()

    func value(_ value: VectorValue) -> String {
        switch value {
        case .null: "DocumentValue.null"
        case let .bool(value): "DocumentValue.bool(\(value))"
        case let .int(value): "DocumentValue.int(\(value))"
        case let .double(value): "DocumentValue.double(\(number(value)))"
        case let .timestamp(time): "DocumentValue.timestamp(\(timestamp(time)))"
        case let .string(text): "DocumentValue.string(\(typescript.strings.quoted(text)))"
        case let .array(values): "DocumentValue.array([\(values.map(self.value).joined(separator: ", "))])"
        case let .map(entries): "DocumentValue.map(\(data(entries)))"
        case .serverTimestamp: "DocumentValue.serverTimestamp"
        }
    }

    private func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        return "\(value)"
    }

    func timestamp(_ time: VectorValue.Time) -> String {
        "new Timestamp(\(time.seconds), \(time.nanoseconds))"
    }

    func argument(_ value: VectorValue, as type: FieldType) -> String {
        switch (value, type.nonOptional) {
        case let (.array(values), .array(element)): "[\(values.map { argument($0, as: element) }.joined(separator: ", "))]"
        case let (.double(number), _): self.number(number)
        case let (.timestamp(time), _): timestamp(time)
        case let (.string(text), _): typescript.strings.quoted(text)
        case let (.int(number), _): "\(number)"
        case let (.bool(flag), _): "\(flag)"
        default: "null"
        }
    }

    func path(_ segments: [String]) -> String {
        "[" + segments.map(typescript.strings.quoted).joined(separator: ", ") + "]"
    }

    func data(_ entries: [(key: String, value: VectorValue)]) -> String {
        "new Map<string, DocumentValue>([" + entries.map { "[\(typescript.strings.quoted($0.key)), \(value($0.value))]" }.joined(separator: ", ") + "])"
    }

    private func fields(_ fields: [(path: [String], value: VectorValue)]) -> String {
        "[" + fields.map { "[\(path($0.path)), \(value($0.value))]" }.joined(separator: ", ") + "]"
    }

    func set(_ path: [String], _ data: [(key: String, value: VectorValue)]) -> String {
        "trace.attempt(() => store.setData(\(self.data(data)), \(self.path(path))));"
    }

    func update(_ path: [String], _ fields: [(path: [String], value: VectorValue)]) -> String {
        "trace.attempt(() => store.updateData(\(self.fields(fields)), \(self.path(path))));"
    }

    func delete(_ path: [String]) -> String {
        "trace.attempt(() => store.deleteDocument(\(self.path(path))));"
    }

    func batchItem(_ action: VectorStep.Action) -> String {
        switch action {
        case let .set(path, data): "{ kind: \"set\", path: \(self.path(path)), data: \(self.data(data)) }"
        case let .update(path, fields): "{ kind: \"update\", path: \(self.path(path)), fields: \(self.fields(fields)) }"
        case let .delete(path): "{ kind: \"delete\", path: \(self.path(path)) }"
        default: ""
        }
    }

    func commit(_ items: [String]) -> String {
        "trace.attempt(() => store.commit([\(items.joined(separator: ", "))]));"
    }

    func fill(_ collection: [String], count: Int, width: Int) -> String {
        "trace.attempt(() => store.commit(range(\(count)).map((index): DocumentWrite => ({ kind: \"set\", path: [...\(path(collection)), paddedIndex(index, \(width))], data: new Map([[\"n\", DocumentValue.int(index)]]) }))));"
    }

    func flush(_ time: VectorValue.Time?) -> String {
        time.map { "store.flushPendingWrites(\(timestamp($0)));" } ?? "store.flushPendingWrites();"
    }

    func subscribe(_ label: String, _ call: String, _ trace: String) -> String {
        "trace.subscribe(\(typescript.strings.quoted(label)), \(call), \(trace));"
    }

    func cancel(_ label: String) -> String {
        "trace.cancel(\(typescript.strings.quoted(label)));"
    }

    func fail(_ collection: [String], _ message: String) -> String {
        "store.failListeners(\(path(collection)), new Error(\(typescript.strings.quoted(message))));"
    }

    func call(_ stream: StreamDefinition, _ arguments: [String]) -> String {
        "model.\(TypeScriptNames.property(stream.name))(\(arguments.joined(separator: ", ")))"
    }

    func traceOfList(element: String) -> String { "(rows) => DocumentValue.array(rows.map(traced\(element)))" }
    func traceOfDocument(type: String) -> String { "(document) => (document === null ? DocumentValue.null : traced\(type)(document))" }
    var traceOfCount: String { "(count) => DocumentValue.int(count)" }

    func tracingFunctions(for model: Model, types: Set<String>) -> [String] {
        model.collections.filter { types.contains($0.name) }.map { collection in
            "function traced\(collection.name)(value: \(TypeScriptNames.type(collection.name))): DocumentValue { return row(\(TypeScriptNames.type(collection.name)).encode(value), value.id); }"
        } + model.joins.filter { types.contains($0.name) }.map { join in
            guard case let .object(leftType) = join.left.type, case let .object(rightType) = join.right.type.nonOptional else { return "" }
            let left = "[\(typescript.strings.quoted(join.left.name)), traced\(leftType)(value.\(TypeScriptNames.property(join.left.name)))]"
            let rightValue = "value.\(TypeScriptNames.property(join.right.name))"
            let right = join.right.type.isOptional
                ? "[\(typescript.strings.quoted(join.right.name)), \(rightValue) === null ? DocumentValue.null : traced\(rightType)(\(rightValue))]"
                : "[\(typescript.strings.quoted(join.right.name)), traced\(rightType)(\(rightValue))]"
            return "function traced\(join.name)(value: \(TypeScriptNames.type(join.name))): DocumentValue { return DocumentValue.map(new Map<string, DocumentValue>([\(left), \(right)])); }"
        }
    }

    func stepStatement(_ number: Int) -> String { "trace.step(\(number));" }
    let listenersStatement = "trace.listeners(store.listenerCount);"

    func program(_ frame: RunnerFrame) -> [String] {
        let body = frame.tracing + (frame.tracing.isEmpty ? [] : [""]) + [
            "export function run(trace: Trace): void {",
            "  const store = new InMemoryStore({ pendingWrites: \(frame.pendingWrites), clock: () => \(frame.clock) });",
        ] + (frame.usesModel ? ["  const model = new \(frame.modelType)(store, queueScheduler, trace.decodeFailure);"] : [])
            + Lines.indented(frame.statements, by: "  ") + ["}"]
        return ["// Generated by modelgen verify from \(frame.file). Do not edit."] + imports(for: body, frame: frame) + [""] + body
    }

    /// The imports of the names the runner uses: from RxJS, the runtime, the support file and the model.
    private func imports(for body: [String], frame: RunnerFrame) -> [String] {
        let groups: [(names: [String], module: String, typeOnly: Bool)] = [
            (["queueScheduler"], "rxjs", false),
            (["DocumentValue", "InMemoryStore", "Timestamp"], "./runtime/index.js", false),
            (["DocumentWrite"], "./runtime/index.js", true),
            (["paddedIndex", "range", "row", "Trace"], "./support.js", false),
            (frame.modelNames.map(TypeScriptNames.type), "./\(frame.module).js", false),
        ]
        let used = Set(SymbolScanner(body.joined(separator: "\n")).used(groups.flatMap(\.names)))
        return groups.compactMap { group in TypeScriptImports.line(group.names.filter(used.contains), from: group.module, typeOnly: group.typeOnly) }
    }
}
