/// Checks a vector's steps against its model: streams that exist, arguments of the right
/// types, labels subscribed (or read) before they are cancelled or expected.
public enum VectorChecker {
    public static func problems(_ vector: Vector, _ model: Model) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var active: Set<String> = []
        var seen: Set<String> = []
        func error(_ message: String, _ step: VectorStep) {
            problems.append(.error(message, at: step.location))
        }
        for step in vector.steps {
            switch step.action {
            case let .subscribe(label, name, arguments), let .read(label, name, arguments):
                if label.isEmpty || label.contains(where: { $0.isWhitespace }) || ["decodeFailures", "decodeFailurePaths", "writeErrors", "listeners", "listenersOf"].contains(label) {
                    error("'\(label)' cannot be a label; use a name without spaces", step)
                } else if active.contains(label) {
                    error("label '\(label)' is already subscribed; cancel it first or choose another", step)
                }
                if step.action.streamUse?.once == false { active.insert(label) }
                seen.insert(label)
                let write = model.declaredWrites.first { $0.name == NameCase.lowerCamel(name) }
                guard let parameters = model.streams.first(where: { $0.name == NameCase.lowerCamel(name) })?.parameters ?? write?.methodParameters(in: model) else {
                    let hint = Hint.closest(to: name, in: model.streams.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                    error("the schema has no stream '\(name)'\(hint)", step)
                    continue
                }
                if step.action.streamUse?.once == true, write != nil {
                    error("'\(name)' is a write; subscribe to it instead of reading it", step)
                }
                for (argument, value) in arguments {
                    guard let parameter = parameters.first(where: { $0.name == NameCase.lowerCamel(argument) }) else {
                        error("stream '\(name)' has no parameter '\(argument)'; it takes \(Hint.list(parameters.map(\.name)))", step)
                        continue
                    }
                    if !fits(value, parameter.type, in: model) {
                        error("'\(argument)' is \(parameter.type.schemaSpelling); \(CanonicalText.of(value)) does not fit", step)
                    }
                }
                for parameter in parameters where !arguments.contains(where: { NameCase.lowerCamel($0.name) == parameter.name }) {
                    error("stream '\(name)' needs '\(parameter.name)' in 'with'", step)
                }
            case let .write(name, arguments):
                for problem in VectorWriteChecker.problems(name, arguments, model) { error(problem, step) }
            case let .batch(writes):
                for case let .write(name, arguments) in writes {
                    for problem in VectorWriteChecker.problems(name, arguments, model) { error(problem, step) }
                }
            case let .cancel(label):
                if active.remove(label) == nil { error("no subscription labelled '\(label)' to cancel", step) }
            case let .failSubscription(label, _):
                if !active.contains(label) { error("no subscription labelled '\(label)' to fail", step) }
            case let .transaction(transaction):
                if active.contains(transaction.label) || transaction.label.isEmpty || transaction.label.contains(where: \.isWhitespace) {
                    error("'\(transaction.label)' cannot label a transaction: it is empty, holds spaces or is subscribed", step)
                }
                seen.insert(transaction.label)
                for problem in transactionProblems(transaction, model) { error(problem, step) }
            case let .expect(expectations):
                for case let expectation in expectations {
                    let label: String
                    switch expectation.subject {
                    case let .emissions(name), let .listenersOf(name): label = name
                    default: continue
                    }
                    guard !seen.contains(label) else { continue }
                    problems.append(.error("no subscription labelled '\(label)' before this step", at: expectation.location))
                }
            default:
                continue
            }
        }
        return problems
    }

    /// A transaction's reads name collections, with the path's parameters and `id` as strings;
    /// its writes are the model's.
    private static func transactionProblems(_ transaction: VectorTransaction, _ model: Model) -> [String] {
        var problems: [String] = []
        for read in transaction.reads {
            guard let collection = model.collections.first(where: { $0.name == NameCase.upperCamel(read.collection) }) else {
                let hint = Hint.closest(to: read.collection, in: model.collections.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                problems.append("the schema has no collection '\(read.collection)'\(hint)")
                continue
            }
            let keys = collection.pathParameters.map(\.name) + ["id"]
            for (name, value) in read.arguments {
                if !keys.contains(name) { problems.append("a read of '\(collection.name)' takes \(Hint.list(keys)), not '\(name)'") }
                if case .string = value { continue }
                problems.append("'\(name)' is a string")
            }
            for key in keys where !read.arguments.contains(where: { $0.name == key }) {
                problems.append("a read of '\(collection.name)' needs '\(key)' in 'with'")
            }
        }
        for case let .write(name, arguments) in transaction.writes {
            problems += VectorWriteChecker.problems(name, arguments, model)
        }
        return problems
    }

    /// Whether a vector value can be passed as a parameter of `type`.
    static func fits(_ value: VectorValue, _ type: FieldType, in model: Model) -> Bool {
        if case .null = value { return type.isOptional }
        return switch (value, type.nonOptional) {
        case (.string, .string), (.int, .int), (.int, .double), (.double, .double), (.bool, .bool), (.timestamp, .timestamp),
             (.bytes, .bytes), (.geopoint, .geopoint): true
        // A reference's path is a document's of the collection: its literal segments, any parameters.
        case let (.reference(path), .reference(name)):
            model.collections.first { $0.name == name }.map { collection in
                path.count == collection.path.count + 1 && zip(collection.path, path).allSatisfy {
                    if case let .literal(text) = $0.0 { text == $0.1 } else { true }
                }
            } ?? false
        case let (.array(values), .array(element)): values.allSatisfy { fits($0, element, in: model) }
        case let (.map(entries), .map(value)): entries.allSatisfy { fits($0.value, value, in: model) }
        // A row (a cursor's) is a map of its id and stored fields, which the runner decodes as
        // the collection's type; a value of an embedded type is its stored map.
        case let (.map(entries), .object(name)) where model.collections.contains(where: { $0.name == name }):
            entries.contains { if $0.key == "id", case .string = $0.value { true } else { false } }
        case (.map, .object): true
        // A value of a string enum is one of its strings.
        case let (.string(text), .object(name)): model.enums.first { $0.name == name }?.values.contains(text) ?? false
        default: false
        }
    }
}
