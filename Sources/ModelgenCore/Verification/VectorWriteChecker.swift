/// Checks a vector's typed writes (`write: createMessage`) against the model's writes: a write
/// the model has, arguments it takes with values (or, for an update, changes) that fit, and every
/// argument it needs. Creates in vectors give `id`: a new one would differ from run to run.
enum VectorWriteChecker {
    static func problems(_ name: String, _ arguments: [(name: String, update: VectorFieldUpdate)], _ model: Model) -> [String] {
        guard let write = model.writes.first(where: { $0.name == name }) else {
            let hint = Hint.closest(to: name, in: model.writes.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            return ["the model has no write '\(name)'\(hint)"]
        }
        let keys = write.collection.pathParameters.map(\.name) + ["id"]
        var problems: [String] = []
        for (argument, update) in arguments {
            if keys.contains(argument) {
                guard case .value(.string) = update else { problems.append("'\(argument)' is a string"); continue }
                continue
            }
            if let option = write.kind.preconditions.first(where: { $0.rawValue == argument }) {
                if let problem = problem(update, for: option, of: write.collection, model) { problems.append(problem) }
                continue
            }
            let nested = write.nested.first { $0.name == argument }.map { Field(name: $0.name, key: $0.path.keys.joined(separator: "."), type: $0.type) }
            guard let field = write.fields.first(where: { $0.name == argument }) ?? nested else {
                let given = write.collection.fields.contains { $0.name == argument } ? "the server sets '\(argument)'" : "'\(name)' has no argument '\(argument)'"
                let options = write.kind.preconditions.map(\.rawValue)
                problems.append("\(given); it takes \(Hint.list(keys + write.fields.map(\.name) + write.nested.map(\.name) + options))")
                continue
            }
            if let problem = problem(update, for: field, in: write.kind, model) { problems.append(problem) }
        }
        let given = Set(arguments.map(\.name))
        let needed = keys + (write.kind == .create ? write.fields.filter { $0.defaultValue == nil && !$0.type.isOptional }.map(\.name) : [])
        for argument in needed where !given.contains(argument) {
            problems.append("write '\(name)' needs '\(argument)' in 'with'\(argument == "id" && write.kind == .create ? ": a new id would differ from run to run" : "")")
        }
        return problems
    }

    /// Why `update` is no value of the precondition option: a flag is true or false;
    /// `unchangedSince`, a document as read, its id and stored fields.
    private static func problem(_ update: VectorFieldUpdate, for option: WriteDefinition.Precondition, of collection: CollectionDefinition, _ model: Model) -> String? {
        switch update {
        case .value(.bool) where option.isFlag: nil
        case _ where option.isFlag: "'\(option.rawValue)' is true or false"
        case let .value(value) where VectorChecker.fits(value, .object(collection.name), in: model): nil
        default: "'\(option.rawValue)' is a document of \(collection.name) as read: a map of its 'id' and stored fields"
        }
    }

    /// Why `update` does not fit `field` in a write of `kind`, or nil when it does.
    private static func problem(_ update: VectorFieldUpdate, for field: Field, in kind: WriteDefinition.Kind, _ model: Model) -> String? {
        let type = field.type, changes = FieldChanges.of(type)
        switch update {
        case .value(.serverTimestamp):
            return kind != .create && changes.contains(.serverTimestamp) ? nil : "'\(field.name)' is \(type.schemaSpelling); a server timestamp does not fit"
        case let .value(value):
            return VectorChecker.fits(value, type, in: model) ? nil : "'\(field.name)' is \(type.schemaSpelling); \(CanonicalText.of(value)) does not fit"
        case _ where kind == .create:
            return "a create takes values; transforms are for updates and merges"
        case .delete:
            return changes.contains(.delete) ? nil : "'\(field.name)' is \(type.schemaSpelling); only an optional field can be deleted"
        case let .increment(operand):
            guard changes.contains(.increment) else { return "'\(field.name)' is \(type.schemaSpelling); only a number can be incremented" }
            return VectorChecker.fits(operand, type.nonOptional, in: model) ? nil : "'\(field.name)' is \(type.schemaSpelling); an increment by \(CanonicalText.of(operand)) does not fit"
        case let .arrayUnion(values), let .arrayRemove(values):
            guard case let .array(element) = type.nonOptional else { return "'\(field.name)' is \(type.schemaSpelling); only a list takes elements" }
            return values.allSatisfy({ VectorChecker.fits($0, element, in: model) }) ? nil : "'\(field.name)' is \(type.schemaSpelling); \(CanonicalText.of(.array(values))) does not fit"
        case let .keys(keys):
            guard case let .map(element) = type.nonOptional else { return "'\(field.name)' is \(type.schemaSpelling); only a map takes changes of its keys" }
            return keys.lazy.compactMap { key, update in keyProblem(update, of: Field(name: "\(field.name)[\(key)]", key: key, type: element), in: kind, model) }.first
        }
    }

    /// Why `update` does not fit a key of a map, `key` a field of the map's value type, or nil
    /// when it does: any key may be deleted.
    private static func keyProblem(_ update: VectorFieldUpdate, of key: Field, in kind: WriteDefinition.Kind, _ model: Model) -> String? {
        if case .delete = update { return nil }
        return problem(update, for: key, in: kind, model)
    }
}
