/// Declared writes (`writes:`): names apart from every other member, a collection, values that
/// fit their fields, and a check that compares a count stream with a number.
extension Validation {
    mutating func resolveWrites(streams: [StreamDefinition]) -> [DeclaredWrite] {
        checkNestedFieldNames()
        var taken = ["commit": "the method that commits the model's writes", "runTransaction": "the method that runs the model's transactions"]
        for stream in streams {
            taken[stream.name] = "stream '\(stream.name)'"
            taken[stream.readName] = "the one-shot read of stream '\(stream.name)'"
        }
        for collection in collections {
            for kind in WriteDefinition.Kind.allCases { taken[kind.rawValue + collection.name] = "the \(kind.rawValue) of collection '\(collection.name)'" }
        }
        var writes: [DeclaredWrite] = []
        for syntax in schema.writes {
            guard checkName(syntax.name, what: "write name") else { continue }
            let name = NameCase.lowerCamel(syntax.name.value)
            if let other = taken[name] {
                diagnostics.error("write '\(syntax.name.value)' has the name of \(other); choose another name", at: syntax.name.location)
                continue
            }
            taken[name] = "write '\(syntax.name.value)'"
            if let write = resolveWrite(syntax, name: name, streams: streams) { writes.append(write) }
        }
        return writes
    }

    /// An update's parameter for a field inside an embedded value (`coverUrl` for `cover.url`)
    /// may not take the name of another of its parameters.
    private mutating func checkNestedFieldNames() {
        for syntax in schema.collections {
            guard let collection = collectionsByName[NameCase.upperCamel(syntax.object.name.value)] else { continue }
            var taken = Set(collection.fields.map(\.name) + collection.pathParameters.map(\.name) + ["id"])
            for nested in collection.nestedFields(of: collection.fields, types: types) {
                guard !taken.insert(nested.name).inserted else { continue }
                let outer = nested.path.steps[0].name
                let location = syntax.object.fields.first { NameCase.lowerCamel($0.name.value) == outer }?.name.location ?? syntax.object.name.location
                diagnostics.error(
                    "field '\(outer)' gives updates the parameter '\(nested.name)' for '\(nested.path.names.joined(separator: "."))', which another parameter already has; rename one",
                    at: location
                )
            }
        }
    }

    private mutating func resolveWrite(_ syntax: WriteSyntax, name: String, streams: [StreamDefinition]) -> DeclaredWrite? {
        guard let kind = WriteDefinition.Kind(rawValue: syntax.kind.value), let collection = collection(syntax.collection) else { return nil }
        var parameters = collection.pathParameters
        let errors = diagnostics.diagnostics.count
        let values = syntax.values.compactMap { resolveValue($0.field, $0.value, of: collection, kind: kind, parameters: &parameters, write: name) }
        if kind == .delete, let first = syntax.values.first {
            diagnostics.error("a delete sets no fields; '\(first.field.value)' cannot be set", at: first.field.location)
        }
        if kind == .update, syntax.values.isEmpty {
            diagnostics.error("update '\(syntax.name.value)' sets no field; give them in 'set'", at: syntax.kind.location)
        }
        if kind == .create { checkRequiredFields(of: collection, setBy: Set(syntax.values.map { NameCase.lowerCamel($0.field.value) }), syntax: syntax) }
        let check = syntax.check.flatMap { check in
            syntax.counter.map { resolveCounterCheck(check, of: $0, in: syntax, parameters: &parameters, write: name) }
                ?? resolveCheck(check, streams: streams, parameters: &parameters, write: name)
        }
        guard diagnostics.diagnostics.count == errors else { return nil }
        return DeclaredWrite(
            name: name, doc: syntax.doc, kind: kind, collection: collection.name, parameters: parameters,
            values: values.map { Self.typed($0, as: parameters) }, check: check
        )
    }

    /// `value` with its parameter's type as the write's parameters settled it: a parameter that
    /// sets an optional field is not optional where another use needed its value.
    private static func typed(_ value: DeclaredValue, as parameters: [Parameter]) -> DeclaredValue {
        guard case let .parameter(parameter) = value.value, let settled = parameters.first(where: { $0.name == parameter.name }) else { return value }
        var value = value
        value.value = .parameter(settled)
        return value
    }

    /// A value set in a field the caller may set, fitting its type.
    private mutating func resolveValue(
        _ fieldName: Located<String>, _ value: Located<WriteValueSyntax>, of collection: CollectionDefinition,
        kind: WriteDefinition.Kind, parameters: inout [Parameter], write: String
    ) -> DeclaredValue? {
        guard let field = collection.fields.first(where: { $0.name == NameCase.lowerCamel(fieldName.value) }) else {
            if skipped.fields[collection.name]?.contains(NameCase.lowerCamel(fieldName.value)) == true { return nil }
            let hint = Hint.closest(to: fieldName.value, in: collection.fields.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            diagnostics.error("collection '\(collection.name)' has no field '\(fieldName.value)'\(hint)", at: fieldName.location)
            return nil
        }
        if !field.serverTimestamp.isEmpty {
            diagnostics.error("'\(fieldName.value)' is set by the server; a write cannot set it", at: fieldName.location)
            return nil
        }
        if collection.pathParameters.contains(where: { $0.name == field.name }) {
            diagnostics.error("'\(fieldName.value)' stores the path's parameter of that name; a write cannot set it", at: fieldName.location)
            return nil
        }
        switch value.value {
        case let .parameter(name):
            return DeclaredValue(field: field.name, value: parameter(name, field.type, at: value.location, into: &parameters, write: write), change: .set)
        case .literal(.null) where field.type.isOptional:
            return DeclaredValue(field: field.name, value: .literal(.null, field.type), change: .set)
        case let .literal(literal):
            guard let typed = checkDefault(Located(literal, at: value.location), for: field.type, field: fieldName.value, what: "value") else { return nil }
            if let broken = Self.broken(field.constraints, by: typed) {
                diagnostics.error("value of '\(fieldName.value)' breaks its '\(broken)'", at: value.location)
            }
            return DeclaredValue(field: field.name, value: .literal(typed, field.type), change: .set)
        case .serverTimestamp:
            guard kind == .update, field.type == .optional(.timestamp) else {
                let reason = kind == .update ? "'\(fieldName.value)' is not a timestamp?" : "a create writes the server's time only in fields declared 'serverTimestamp: create'"
                diagnostics.error("serverTimestamp() is for updates of timestamp? fields; \(reason)", at: value.location)
                return nil
            }
            return DeclaredValue(field: field.name, value: .literal(.null, field.type), change: .serverTimestamp)
        case let .increment(operand):
            let number = field.type.nonOptional
            guard kind == .update, number == .int || number == .double else {
                let reason = kind == .update ? "'\(fieldName.value)' is \(field.type.schemaSpelling)" : "a create has no stored number to add to"
                diagnostics.error("increment() is for updates of int and double fields; \(reason)", at: value.location)
                return nil
            }
            switch operand {
            case let .parameter(name):
                return DeclaredValue(field: field.name, value: parameter(name, number, at: value.location, into: &parameters, write: write), change: .increment)
            case let .literal(literal):
                guard let typed = checkDefault(Located(literal, at: value.location), for: number, field: fieldName.value, what: "increment") else { return nil }
                return DeclaredValue(field: field.name, value: .literal(typed, number), change: .increment)
            }
        }
    }

    /// `$name` as a parameter of `type`, added to the write's.
    private mutating func parameter(_ name: String, _ type: FieldType, at location: SourceLocation, into parameters: inout [Parameter], write: String) -> Operand {
        let parameter = Parameter(name: NameCase.lowerCamel(name), type: type)
        merge(parameter, into: &parameters, at: location, write: write)
        return .parameter(parameter)
    }

    /// A create must set every field without a default that the caller gives (a default
    /// written but refused, already reported, counts as one).
    private mutating func checkRequiredFields(of collection: CollectionDefinition, setBy set: Set<String>, syntax: WriteSyntax) {
        let paths = Set(collection.pathParameters.map(\.name))
        let written = schema.collections.first { NameCase.upperCamel($0.object.name.value) == collection.name }?.object.fields ?? []
        let defaulted = Set(written.filter { $0.defaultValue != nil }.map { NameCase.lowerCamel($0.name.value) })
        let missing = collection.fields.filter {
            !$0.type.isOptional && !defaulted.contains($0.name) && $0.serverTimestamp.isEmpty && !paths.contains($0.name) && !set.contains($0.name)
        }
        guard !missing.isEmpty else { return }
        let names = missing.map { "'\($0.name)'" }
        diagnostics.error("create '\(syntax.name.value)' must set \(names.joined(separator: ", ")): \(names.count == 1 ? "it has" : "they have") no default", at: syntax.kind.location)
    }

    /// `count < 10`, `count <= $limit`: a count stream on the left, an int on the right. The
    /// stream's parameters become the write's.
    private mutating func resolveCheck(_ syntax: PredicateSyntax, streams: [StreamDefinition], parameters: inout [Parameter], write: String) -> PreCheckDefinition? {
        guard case let .comparison(left, op, right) = syntax, case let .field(path) = left.kind, path.count == 1,
              !op.value.takesList, op.value != .contains else {
            diagnostics.error("a check compares a count stream with a number, like 'speakCount < 10'", at: Self.location(of: syntax))
            return nil
        }
        guard let stream = streams.first(where: { $0.name == NameCase.lowerCamel(path[0]) }) else {
            let hint = Hint.closest(to: path[0], in: streams.filter { $0.output == .count }.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            diagnostics.error("unknown stream '\(path[0])'\(hint)", at: left.location)
            return nil
        }
        guard stream.output == .count else {
            diagnostics.error("stream '\(path[0])' emits \(stream.output.summary), not a count; a check compares a count stream with a number", at: left.location)
            return nil
        }
        guard let operand = checkOperand(right, parameters: &parameters, write: write) else { return nil }
        for parameter in stream.parameters { merge(parameter, into: &parameters, at: left.location, write: write) }
        return PreCheckDefinition(stream: stream.name, op: op.value, operand: operand, text: "\(stream.name) \(op.value.rawValue) \(Self.spelled(operand))")
    }

    /// What a count or a counter is compared with: an int, or a `$parameter`, an int of the write's.
    mutating func checkOperand(_ right: OperandSyntax, parameters: inout [Parameter], write: String) -> Operand? {
        switch right.kind {
        case let .literal(.int(number)):
            return .literal(.int(number), .int)
        case let .parameter(name):
            let parameter = Parameter(name: NameCase.lowerCamel(name), type: .int)
            merge(parameter, into: &parameters, at: right.location, write: write)
            return .parameter(parameter)
        default:
            diagnostics.error("a count is compared with an int or a '$parameter'", at: right.location)
            return nil
        }
    }

    /// A check's operand as the schema writes it: `10`, `$limit`.
    static func spelled(_ operand: Operand) -> String {
        switch operand {
        case let .parameter(parameter): "$" + parameter.name
        case let .literal(.int(number), _): "\(number)"
        default: ""
        }
    }

    /// Adds `parameter` unless present or named `id`, which the write's own parameter has. Only
    /// a parameter setting an optional field is optional, and a value fits there too: where
    /// another use needs one (a check's `assignee == $assignee`, a required field), it takes it.
    mutating func merge(_ parameter: Parameter, into parameters: inout [Parameter], at location: SourceLocation, write: String) {
        if parameter.name == "id" {
            diagnostics.error("'$id' would hide the write's own 'id' parameter; choose another name", at: location)
            return
        }
        if let index = parameters.firstIndex(where: { $0.name == parameter.name }), parameters[index].type != parameter.type,
           parameters[index].type.nonOptional == parameter.type.nonOptional {
            parameters[index].type = parameter.type.nonOptional
            return
        }
        merge(parameter, into: &parameters, at: location, of: "write '\(write)'")
    }

    static func location(of predicate: PredicateSyntax) -> SourceLocation {
        switch predicate {
        case let .comparison(left, _, _): left.location
        case let .and(left, _), let .or(left, _): location(of: left)
        case let .not(_, at): at
        }
    }
}
