/// How one language spells the statements of a vector runner.
protocol RunnerLanguage {
    /// A stored value: `.int(5)`, `DocumentValue.IntValue(5L)`, `Value.int(5)`.
    func value(_ value: VectorValue) -> String
    /// A stream argument, typed by the parameter: `"r1"`, `4.5`, `listOf("a")`.
    func argument(_ value: VectorValue, as type: FieldType) -> String
    /// A `Timestamp` in the language.
    func timestamp(_ time: VectorValue.Time) -> String
    func path(_ segments: [String]) -> String
    func data(_ entries: [(key: String, value: VectorValue)]) -> String

    func set(_ path: [String], _ data: [(key: String, value: VectorValue)]) -> String
    func update(_ path: [String], _ fields: [(path: [String], value: VectorValue)]) -> String
    func delete(_ path: [String]) -> String
    /// Writes as they go inside a batch.
    func batchItem(_ action: VectorStep.Action) -> String
    func commit(_ items: [String]) -> String
    func fill(_ collection: [String], count: Int, width: Int) -> String
    func flush(_ time: VectorValue.Time?) -> String
    func subscribe(_ label: String, _ call: String, _ trace: String) -> String
    func cancel(_ label: String) -> String
    func fail(_ collection: [String], _ message: String) -> String
    /// `model.messages(roomId: "r1")`.
    func call(_ stream: StreamDefinition, _ arguments: [String]) -> String

    /// A closure from a stream's emission to its traced value.
    func traceOfList(element: String) -> String
    func traceOfDocument(type: String) -> String
    var traceOfCount: String { get }
    /// One function per collection and join type in `types` that turns a row into its traced
    /// value: the stored fields with `id`, or a map of the join's two sides.
    func tracingFunctions(for model: Model, types: Set<String>) -> [String]
}

extension RunnerLanguage {
    /// The row types the subscriptions of `steps` emit, with the types inside join rows.
    func tracedTypes(_ steps: [VectorStep], model: Model) -> Set<String> {
        var types: Set<String> = []
        func add(_ name: String) {
            guard types.insert(name).inserted, let join = model.joins.first(where: { $0.name == name }) else { return }
            for field in join.fields { if case let .object(inner) = field.type.nonOptional { add(inner) } }
        }
        for step in steps {
            guard case let .subscribe(_, name, _) = step.action, let stream = model.stream(named: NameCase.lowerCamel(name)) else { continue }
            switch stream.output {
            case let .list(element): add(element)
            case let .document(type): add(type)
            case .count: continue
            }
        }
        return types
    }

    /// The statements of one step (none for `expect`, which the runner checks outside).
    func statements(_ action: VectorStep.Action, model: Model) -> [String] {
        switch action {
        case let .set(path, data): return [set(path, data)]
        case let .update(path, fields): return [update(path, fields)]
        case let .delete(path): return [delete(path)]
        case let .batch(actions): return [commit(actions.map(batchItem))]
        case let .fill(collection, count): return [fill(collection, count: count, width: String(count - 1).count)]
        case let .flush(time): return [flush(time)]
        case let .subscribe(label, name, arguments):
            guard let stream = model.stream(named: name) else { return [] }
            let values = stream.parameters.map { parameter in
                argument(arguments.first { NameCase.lowerCamel($0.name) == parameter.name }?.value ?? .null, as: parameter.type)
            }
            let trace = switch stream.output {
            case let .list(element): traceOfList(element: element)
            case let .document(type): traceOfDocument(type: type)
            case .count: traceOfCount
            }
            return [subscribe(label, call(stream, values), trace)]
        case let .cancel(label): return [cancel(label)]
        case let .fail(collection, message): return [fail(collection, message)]
        case .expect: return []
        }
    }
}
