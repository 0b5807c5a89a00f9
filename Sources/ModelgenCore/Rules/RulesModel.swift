/// The rules of one model: a function per embedded type and per collection references point
/// into, a `match` per collection, and one over every parent per collection group it reads.
struct RulesModel {
    /// How the validator functions are named across the models of one file.
    struct Names {
        var type: (Model, String) -> String
        var reference: (Model, String) -> String
    }

    let model: Model
    let names: Names
    /// The field checks, knowing this model's function names and enums.
    private let expressions: RulesExpressions

    init(model: Model, names: Names) {
        self.model = model
        self.names = names
        expressions = RulesExpressions(
            typeFunctions: Dictionary(uniqueKeysWithValues: model.types.map { ($0.name, names.type(model, $0.name)) }),
            referenceFunctions: Dictionary(uniqueKeysWithValues: model.collections.map { ($0.name, names.reference(model, $0.name)) }),
            enums: Dictionary(uniqueKeysWithValues: model.enums.map { ($0.name, $0.values) })
        )
    }

    /// A function of the rules file, by name: kept only where something calls it, as the rules
    /// compiler warns about a function nothing calls.
    struct Function {
        var name: String
        var lines: [String]
    }

    /// The functions that check embedded values and references.
    var functions: [Function] {
        model.types.map { Function(name: names.type(model, $0.name), lines: typeFunction($0)) }
            + referenced.map { Function(name: names.reference(model, $0.name), lines: referenceFunction($0)) }
    }

    /// The `match` of each collection, then of each collection group.
    var matches: [[String]] {
        model.collections.map { RulesCollection(collection: $0, model: model, expressions: expressions).match }
            + groups.map { groupMatch($0.0, streams: $0.1) }
    }

    private var source: String { model.schemaFileName }

    /// `isAttachment(value)`: a map of the type's keys, each of its type; a key a value must have
    /// is read whether or not it is there, and a missing one fails the check.
    private func typeFunction(_ type: TypeDefinition) -> [String] {
        let value = "value"
        var checks = [
            "value is map",
            "value.keys().hasOnly(\(RulesExpressions.list(type.fields.map(\.key))))",
        ]
        for field in type.fields {
            let check = expressions.fieldCheck(field, in: value)
            checks.append(field.type.isOptional ? "(\(check))" : field.defaultValue == nil ? check : "(!(\(RulesExpressions.string(field.key)) in value) || \(check))")
        }
        return Self.comment(type.name, type.doc) + Self.function(names.type(model, type.name), parameters: "value", checks)
    }

    /// `isUserReference(value)`: a reference to a document of the collection, in this database.
    private func referenceFunction(_ collection: CollectionDefinition) -> [String] {
        // `/databases/(default)/documents/rooms/r1/members/m1`: segment 3 on are the collection's path.
        var path = "/databases/$(database)/documents"
        for (position, segment) in collection.path.enumerated() {
            switch segment {
            case let .literal(text): path += "/" + (RulesCollection.isPlain(text) ? text : "$(\(RulesExpressions.string(text)))")
            case .parameter: path += "/$(value[\(position + 3)])"
            }
            if position == collection.path.count - 1 { path += "/$(value[\(position + 4)])" }
        }
        return ["// A reference to a document of \(collection.name) (\(source):\(collection.line))."]
            + Self.function(names.reference(model, collection.name), parameters: "value", ["value is path", "value == \(path)"])
    }

    /// The collections that `reference<…>` fields point into, in the schema's order.
    private var referenced: [CollectionDefinition] {
        var names: Set<String> = []
        func visit(_ type: FieldType) {
            switch type {
            case let .reference(name): names.insert(name)
            case let .optional(inner), let .array(inner), let .map(inner): visit(inner)
            default: break
            }
        }
        for field in model.types.flatMap(\.fields) + model.collections.flatMap(\.fields) { visit(field.type) }
        return model.collections.filter { names.contains($0.name) }
    }

    /// The collections `group: true` streams read, with those streams' names.
    private var groups: [(CollectionDefinition, [String])] {
        model.collections.compactMap { collection in
            let streams = Self.groupStreams(of: collection, in: model)
            return streams.isEmpty ? nil : (collection, streams)
        }
    }

    /// The `group: true` streams that read `collection`.
    static func groupStreams(of collection: CollectionDefinition, in model: Model) -> [String] {
        model.streams.compactMap { stream in
            guard case let .query(query) = stream.kind, query.isCollectionGroup, query.collection == collection.name else { return nil }
            return stream.name
        }
    }

    static func isReadAsGroup(_ collection: CollectionDefinition, in model: Model) -> Bool {
        !groupStreams(of: collection, in: model).isEmpty
    }

    private func groupMatch(_ collection: CollectionDefinition, streams: [String]) -> [String] {
        guard let last = collection.path.last else { return [] }
        let read = collection.access?.read
        let (segments, guards) = RulesCollection.matchPath([last])
        let condition = (guards + [RulesCollection.condition(read?.condition ?? .signedIn, operation: "read", collection: collection, model: model)]).joined(separator: " && ")
        return [
            "// \(collection.name) documents under any parent, as \(streams.joined(separator: ", ")) read them: as \(collection.name) is read.",
            "match /{path=**}/\(segments[0])/{id} {",
            "  allow read: if \(condition);  // \(source):\(read?.line ?? collection.line)",
            "}",
        ]
    }

    /// `// Attachment: A file attached to a message.`
    static func comment(_ name: String, _ doc: String?) -> [String] {
        let lines = (doc ?? "").split(separator: "\n").map(String.init)
        return ["// \(name)" + (lines.first.map { ": " + $0 } ?? ".")] + lines.dropFirst().map { "// " + $0 }
    }

    /// `function name(parameters) { return a && b; }`, one check a line.
    static func function(_ name: String, parameters: String, _ checks: [String]) -> [String] {
        var lines = ["function \(name)(\(parameters)) {"]
        for (index, check) in checks.enumerated() {
            let last = index == checks.count - 1
            lines.append((index == 0 ? "  return " : "    && ") + check + (last ? ";" : ""))
        }
        return lines + ["}"]
    }
}
