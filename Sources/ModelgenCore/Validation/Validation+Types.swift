extension Validation {
    static let builtinTypes: [String: FieldType] = [
        "string": .string, "int": .int, "double": .double, "bool": .bool, "timestamp": .timestamp,
        "bytes": .bytes, "geopoint": .geopoint,
    ]

    mutating func resolveType(_ syntax: ObjectSyntax) -> TypeDefinition {
        if syntax.fields.isEmpty, skipped.fields[NameCase.upperCamel(syntax.name.value)] == nil {
            diagnostics.error("type '\(syntax.name.value)' has no fields; an embedded type needs at least one", at: syntax.name.location)
        }
        return TypeDefinition(
            name: NameCase.upperCamel(syntax.name.value), doc: syntax.doc,
            fields: resolveFields(syntax.fields, owner: syntax.name.value, isCollection: false)
        )
    }

    mutating func resolveFields(_ fields: [FieldSyntax], owner: String, isCollection: Bool) -> [Field] {
        var names: [String: Located<String>] = [:]
        var keys: [String: Located<String>] = [:]
        var result: [Field] = []
        for syntax in fields {
            let name = NameCase.lowerCamel(syntax.name.value)
            guard checkName(syntax.name, what: "field name") else {
                skipped.fields[NameCase.upperCamel(owner), default: []].insert(name)
                continue
            }
            if isCollection, name == "id" {
                diagnostics.error("'id' is every document's id and is always present; it cannot be declared as a field", at: syntax.name.location)
                continue
            }
            if isCollection, let kind = WriteDefinition.Kind.allCases.first(where: { $0 != .delete && $0.preconditions.map(\.rawValue).contains(name) }) {
                diagnostics.error("field name '\(name)' is an option of the collection's typed \(kind.rawValue); choose another name (the stored key can stay: 'key: \(syntax.name.value)')", at: syntax.name.location)
                skipped.fields[NameCase.upperCamel(owner), default: []].insert(name)
                continue
            }
            if let reason = reserved.fields[name] {
                diagnostics.error("field name '\(name)' is \(reason); choose another name (the stored key can stay: 'key: \(syntax.name.value)')", at: syntax.name.location)
                skipped.fields[NameCase.upperCamel(owner), default: []].insert(name)
                continue
            }
            if let first = names[name] {
                diagnostics.error("field '\(syntax.name.value)' of '\(owner)' collides with field '\(first.value)': both become '\(name)'", at: syntax.name.location)
                continue
            }
            names[name] = syntax.name
            let key = syntax.key ?? syntax.name
            if key.value.isEmpty || (key.value.hasPrefix("__") && key.value.hasSuffix("__")) {
                diagnostics.error("storage key '\(key.value)' is not allowed; Firestore reserves empty keys and keys like '__name__'", at: key.location)
            } else if let first = keys[key.value] {
                diagnostics.error("fields '\(first.value)' and '\(syntax.name.value)' of '\(owner)' are both stored under key '\(key.value)'", at: key.location)
            }
            keys[key.value] = syntax.name
            guard let type = resolveFieldType(syntax.type) else {
                skipped.fields[NameCase.upperCamel(owner), default: []].insert(name)
                continue
            }
            var field = Field(name: name, key: key.value, type: type, defaultValue: nil, doc: syntax.doc)
            if let defaultValue = syntax.defaultValue {
                field.defaultValue = checkDefault(defaultValue, for: type, field: syntax.name.value)
            }
            field.serverTimestamp = checkServerTimestamp(syntax, type: type)
            if isCollection {
                field.constraints = checkConstraints(syntax, type: type)
            } else if let first = syntax.constraints.first {
                diagnostics.error("constraints are checked by a collection's typed writes; declare '\(first.rule.value)' on a field of a collection, not of embedded type '\(owner)'", at: first.rule.location)
            }
            result.append(field)
        }
        return result
    }

    /// `serverTimestamp: create` or `[create, update]`, on a `timestamp?` field only: it reads as
    /// nil until the server has set it.
    private mutating func checkServerTimestamp(_ syntax: FieldSyntax, type: FieldType) -> [ServerTimestamp] {
        guard let first = syntax.serverTimestamp.first else { return [] }
        guard type == .optional(.timestamp) else {
            diagnostics.error("'serverTimestamp' is for a 'timestamp?' field: it reads as nil until the server has set it; '\(syntax.name.value)' is \(type.schemaSpelling)", at: first.location)
            return []
        }
        return syntax.serverTimestamp.compactMap { timing in
            guard let value = ServerTimestamp(rawValue: timing.value) else {
                diagnostics.error("unknown 'serverTimestamp' value '\(timing.value)'; use 'create', 'update' or '[create, update]'", at: timing.location)
                return nil
            }
            return value
        }
    }

    private mutating func resolveFieldType(_ syntax: Located<TypeSyntax>) -> FieldType? {
        func resolve(_ type: TypeSyntax) -> FieldType? {
            switch type {
            case let .array(element):
                guard let resolved = resolve(element) else { return nil }
                if case .array = resolved.nonOptional {
                    diagnostics.error("Firestore cannot store a list directly inside a list ('\(FieldType.array(resolved).schemaSpelling)'); hold the inner lists in an embedded type's field", at: syntax.location)
                    return nil
                }
                return .array(resolved)
            case let .map(value): return resolve(value).map(FieldType.map)
            case let .reference(name):
                guard let resolved = typeNames[name], collectionNames.contains(resolved) else {
                    if skipped.types.contains(NameCase.upperCamel(name)) { return nil }
                    let hint = Hint.closest(to: name, in: collectionNames.sorted()).map { "; did you mean '\($0)'?" } ?? ""
                    diagnostics.error("'reference<\(name)>' names no collection; a reference points to a document of one\(hint)", at: syntax.location)
                    return nil
                }
                let typeName = ReferenceType.name(of: resolved)
                if typeNames.values.contains(typeName) || reserved.types.contains(typeName) {
                    diagnostics.error("'reference<\(name)>' needs the type name '\(typeName)' for its values, which is taken; rename the type that has it", at: syntax.location)
                    return nil
                }
                referenceTypeNames.insert(typeName)
                return .reference(resolved)
            case let .optional(wrapped): return resolve(wrapped).map(FieldType.optional)
            case let .named(name):
                if let builtin = Self.builtinTypes[name] { return builtin }
                guard let resolved = typeNames[name] else {
                    if skipped.types.contains(NameCase.upperCamel(name)) { return nil }
                    let candidates = Array(Self.builtinTypes.keys) + Array(typeNames.keys)
                    let hint = Hint.closest(to: name, in: candidates.sorted()).map { "; did you mean '\($0)'?" }
                        ?? "; use string, int, double, bool, timestamp, bytes, geopoint, reference<Collection>, or a type from 'types:'"
                    diagnostics.error("unknown type '\(name)'\(hint)", at: syntax.location)
                    return nil
                }
                if collectionNames.contains(resolved) {
                    diagnostics.error("'\(name)' is a collection; a field can hold a reference<\(name)> to one of its documents, a type from 'types:' or a document id (string)", at: syntax.location)
                    return nil
                }
                return .object(resolved)
            }
        }
        return resolve(syntax.value)
    }

    /// The default (or a declared write's value, `what`) as the field's type: an int for a
    /// double field becomes a double.
    mutating func checkDefault(_ value: Located<Literal>, for type: FieldType, field: String, what: String = "default value") -> Literal? {
        let expected = type.nonOptional
        switch (value.value, expected) {
        case (.null, _):
            diagnostics.error("'default: null' is redundant: an optional field is already null when missing; a required one cannot be null", at: value.location)
        case (.bool, .bool), (.string, .string), (.emptyList, .array), (.emptyMap, .map):
            return value.value
        case let (.int(number), .int):
            if checkIntRange(number, at: value.location) { return value.value }
        case let (.int(number), .double):
            return .double(Double(number))
        case (.double, .double):
            return value.value
        case let (_, .object(name)) where enumValuesByName[name] != nil:
            guard let problem = Self.enumLiteralProblem(value.value, values: enumValuesByName[name]!, enumName: name) else { return value.value }
            diagnostics.error(problem, at: value.location)
        default:
            diagnostics.error("\(what) \(LiteralDescription.describe(value.value)) does not fit field '\(field)' of type \(type.schemaSpelling)", at: value.location)
        }
        return nil
    }

    /// Ints must fit a JavaScript number exactly: ±(2^53 − 1).
    mutating func checkIntRange(_ value: Int64, at location: SourceLocation) -> Bool {
        guard let problem = Self.intRangeProblem(value, at: location) else { return true }
        diagnostics.append(problem)
        return false
    }

    static func intRangeProblem(_ value: Int64, at location: SourceLocation) -> Diagnostic? {
        guard value.magnitude > (1 << 53) - 1 else { return nil }
        return .error("\(value) is outside the int range ±(2^53 − 1), which every language can hold exactly", at: location)
    }

    /// Reports embedded types that contain themselves without a list or map in between, which
    /// no value type could hold.
    mutating func checkEmbeddingCycles() {
        let byName = Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func directObjects(_ type: FieldType) -> String? {
            switch type {
            case let .object(name): name
            case let .optional(wrapped): directObjects(wrapped)
            default: nil
            }
        }
        for (syntax, type) in zip(schema.types.filter { $0.values == nil }, types) {
            var visited: Set<String> = []
            var frontier = type.fields.compactMap { directObjects($0.type) }
            while let next = frontier.popLast() {
                if next == type.name {
                    diagnostics.error("type '\(syntax.name.value)' contains itself; hold it in a list ('[\(type.name)]') or a map instead", at: syntax.name.location)
                    break
                }
                guard visited.insert(next).inserted, let fields = byName[next]?.fields else { continue }
                frontier += fields.compactMap { directObjects($0.type) }
            }
        }
    }
}

/// How literals are spelled in messages.
enum LiteralDescription {
    static func describe(_ literal: Literal) -> String {
        switch literal {
        case .null: "null"
        case let .bool(value): "\(value)"
        case let .int(value): "\(value)"
        case let .double(value): "\(value)"
        case let .string(value): StringLiteralStyle.schema.quoted(value)
        case .emptyList: "[]"
        case .emptyMap: "{}"
        }
    }
}
