/// How one language spells a vector's runner program: the statements of its steps, and the
/// program around them. ``RunnerSpelling/program(_:model:module:)`` puts them together, the
/// same way for every language.
protocol RunnerSpelling {
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

    /// The statement that marks the start of step `number`, and the one that traces the store's listeners after it.
    func stepStatement(_ number: Int) -> String
    var listenersStatement: String { get }
    /// The program: its `run` function over `store` (and `model`, where a step subscribes) and the steps' statements.
    func program(_ frame: RunnerFrame) -> [String]
}

/// What a runner program is made of, printed.
struct RunnerFrame {
    /// The vector file, named in the program's header.
    var file: String
    /// The module (package, file) the program is in.
    var module: String
    var modelType: String
    /// The model type, the collections' and the join rows' types, as the schema names them.
    var modelNames: [String]
    var pendingWrites: Bool
    /// The time the store's clock gives, printed.
    var clock: String
    var usesModel: Bool
    var tracing: [String]
    /// The statements of every step, in order.
    var statements: [String]
}

extension RunnerSpelling {
    /// The runner program of `vector`, whose schema is `model`.
    func program(_ vector: Vector, model: Model, module: String) -> [String] {
        let statements = vector.steps.enumerated().flatMap { index, step in
            [stepStatement(index + 1)] + self.statements(step.action, model: model) + [listenersStatement]
        }
        return program(RunnerFrame(
            file: vector.file, module: module, modelType: model.typeName,
            modelNames: [model.typeName] + model.collections.map(\.name) + model.joins.map(\.name), pendingWrites: vector.pendingWrites,
            clock: timestamp(vector.clock), usesModel: vector.steps.contains { if case .subscribe = $0.action { true } else { false } },
            tracing: tracingFunctions(for: model, types: tracedTypes(vector.steps, model: model)), statements: statements
        ))
    }

    /// The row types the subscriptions of `steps` emit, with the types inside join rows.
    func tracedTypes(_ steps: [VectorStep], model: Model) -> Set<String> {
        var types: Set<String> = []
        func add(_ name: String) {
            guard types.insert(name).inserted, let join = model.joins.first(where: { $0.name == name }) else { return }
            for field in join.fields { if case let .object(inner) = field.type.nonOptional { add(inner) } }
        }
        for step in steps {
            guard case let .subscribe(_, name, _) = step.action, let stream = model.streams.first(where: { $0.name == NameCase.lowerCamel(name) }) else { continue }
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
            guard let stream = model.streams.first(where: { $0.name == name }) else { return [] }
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
