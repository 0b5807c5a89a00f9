/// Vector runner statements in Swift, over ModelgenRuntime and the runner's `Trace`.
struct SwiftRunner: RunnerSpelling {
    private let swift = SwiftLanguage()

    func value(_ value: VectorValue) -> String {
        switch value {
        case .null: ".null"
        case let .bool(value): ".bool(\(value))"
        case let .int(value): ".int(\(value))"
        case let .double(value): ".double(\(double(value)))"
        case let .timestamp(time): ".timestamp(\(timestamp(time)))"
        case let .string(text): ".string(\(swift.strings.quoted(text)))"
        case let .array(values): ".array([\(values.map(self.value).joined(separator: ", "))])"
        case let .map(entries): ".map(\(data(entries)))"
        case .serverTimestamp: ".serverTimestamp"
        }
    }

    private func double(_ value: Double) -> String {
        if value.isNaN { return ".nan" }
        if value.isInfinite { return value < 0 ? "-.infinity" : ".infinity" }
        return SwiftLanguage.double(value)
    }

    func timestamp(_ time: VectorValue.Time) -> String {
        "Timestamp(seconds: \(time.seconds), nanoseconds: \(time.nanoseconds))"
    }

    func argument(_ value: VectorValue, as type: FieldType) -> String {
        switch (value, type.nonOptional) {
        case let (.array(values), .array(element)): "[\(values.map { argument($0, as: element) }.joined(separator: ", "))]"
        case let (.int(number), .double): "\(number).0"
        case let (.double(number), _): double(number)
        case let (.timestamp(time), _): timestamp(time)
        case let (.string(text), _): swift.strings.quoted(text)
        case let (.int(number), _): "\(number)"
        case let (.bool(flag), _): "\(flag)"
        default: "nil"
        }
    }

    func path(_ segments: [String]) -> String {
        "[" + segments.map(swift.strings.quoted).joined(separator: ", ") + "]"
    }

    func data(_ entries: [(key: String, value: VectorValue)]) -> String {
        entries.isEmpty ? "[:]" : "[" + entries.map { "\(swift.strings.quoted($0.key)): \(value($0.value))" }.joined(separator: ", ") + "]"
    }

    private func fields(_ fields: [(path: [String], value: VectorValue)]) -> String {
        "[" + fields.map { "FieldPath(\(path($0.path))): \(value($0.value))" }.joined(separator: ", ") + "]"
    }

    func set(_ path: [String], _ data: [(key: String, value: VectorValue)]) -> String {
        "trace.attempt { try store.setData(\(self.data(data)), at: \(self.path(path))) }"
    }

    func update(_ path: [String], _ fields: [(path: [String], value: VectorValue)]) -> String {
        "trace.attempt { try store.updateData(\(self.fields(fields)), at: \(self.path(path))) }"
    }

    func delete(_ path: [String]) -> String {
        "trace.attempt { try store.deleteDocument(at: \(self.path(path))) }"
    }

    func batchItem(_ action: VectorStep.Action) -> String {
        switch action {
        case let .set(path, data): ".set(\(self.path(path)), \(self.data(data)))"
        case let .update(path, fields): ".update(\(self.path(path)), \(self.fields(fields)))"
        case let .delete(path): ".delete(\(self.path(path)))"
        default: ""
        }
    }

    func commit(_ items: [String]) -> String {
        "trace.attempt { try store.commit([\(items.joined(separator: ", "))]) }"
    }

    func fill(_ collection: [String], count: Int, width: Int) -> String {
        "trace.attempt { try store.commit((0..<\(count)).map { .set(\(path(collection)) + [paddedIndex($0, \(width))], [\"n\": .int(Int64($0))]) }) }"
    }

    func flush(_ time: VectorValue.Time?) -> String {
        time.map { "store.flushPendingWrites(at: \(timestamp($0)))" } ?? "store.flushPendingWrites()"
    }

    func subscribe(_ label: String, _ call: String, _ trace: String) -> String {
        "trace.subscribe(\(swift.strings.quoted(label)), \(call), \(trace))"
    }

    func cancel(_ label: String) -> String {
        "trace.cancel(\(swift.strings.quoted(label)))"
    }

    func fail(_ collection: [String], _ message: String) -> String {
        "store.failListeners(of: \(path(collection)), with: VectorError(\(swift.strings.quoted(message))))"
    }

    func call(_ stream: StreamDefinition, _ arguments: [String]) -> String {
        let labelled = zip(stream.parameters, arguments).map { "\(SwiftNames.identifier($0.name)): \($1)" }
        return "model.\(SwiftNames.identifier(stream.name))(\(labelled.joined(separator: ", ")))"
    }

    func traceOfList(element: String) -> String { "{ .array($0.map { traced($0) }) }" }
    func traceOfDocument(type: String) -> String { "{ $0.map { traced($0) } ?? .null }" }
    var traceOfCount: String { "{ .int(Int64($0)) }" }

    func tracingFunctions(for model: Model, types: Set<String>) -> [String] {
        model.collections.filter { types.contains($0.name) }.map { collection in
            "func traced(_ value: \(SwiftNames.identifier(collection.name))) -> DocumentValue { row(value.documentData, id: value.id) }"
        } + model.joins.filter { types.contains($0.name) }.map { join in
            let left = "\(swift.strings.quoted(join.left.name)): traced(value.\(SwiftNames.identifier(join.left.name)))"
            let right = join.right.type.isOptional
                ? "\(swift.strings.quoted(join.right.name)): value.\(SwiftNames.identifier(join.right.name)).map { traced($0) } ?? .null"
                : "\(swift.strings.quoted(join.right.name)): traced(value.\(SwiftNames.identifier(join.right.name)))"
            return "func traced(_ value: \(SwiftNames.identifier(join.name))) -> DocumentValue { .map([\(left), \(right)]) }"
        }
    }

    func stepStatement(_ number: Int) -> String { "trace.step(\(number))" }
    let listenersStatement = "trace.listeners(store.listenerCount)"

    func program(_ frame: RunnerFrame) -> [String] {
        ["// Generated by modelgen verify from \(frame.file). Do not edit.", "import ModelgenRuntime", "import VerifySupport", ""]
            + frame.tracing + (frame.tracing.isEmpty ? [] : [""]) + [
                "public func run(_ trace: Trace) {",
                "    let store = InMemoryStore(pendingWrites: \(frame.pendingWrites), clock: { \(frame.clock) })",
            ] + (frame.usesModel ? ["    let model = \(frame.modelType)(store: store, scheduler: .immediate, onDecodeFailure: trace.decodeFailure)"] : [])
            + Lines.indented(frame.statements, by: "    ") + ["}"]
    }
}
