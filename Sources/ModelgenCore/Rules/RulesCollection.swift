/// The `match` of one collection: its access, and functions that check a created document and
/// a change against the collection's fields.
struct RulesCollection {
    let collection: CollectionDefinition
    let model: Model
    let expressions: RulesExpressions

    var match: [String] {
        let (segments, guards) = Self.matchPath(collection.path)
        var lines = RulesModel.comment("\(collection.name) (\(model.schemaFileName):\(collection.line))", collection.doc)
        lines.append("match /\(segments.joined(separator: "/"))/{id} {")
        let allows = allows(guards: guards)
        lines += allows.map { "  " + $0 }
        let functions = [("validCreate", validCreate), ("validUpdate", validUpdate), ("validFields", validFields)] + elementFunctions
        var calling = allows.joined(separator: "\n")
        for (name, function) in functions where SecurityRules.calls(calling, name) {
            calling += "\n" + function.joined(separator: "\n")
            lines += [""] + function.map { "  " + $0 }
        }
        return lines + ["}"]
    }

    /// The segments of a `match` path, and the conditions that pin a collection id the rules
    /// language cannot write in a path (`we"ird $seg`), matched by a wildcard `{segment0}`.
    static func matchPath(_ path: [PathSegment]) -> (segments: [String], guards: [String]) {
        var guards: [String] = []
        let segments = path.enumerated().map { position, segment -> String in
            switch segment {
            case let .parameter(name): return "{\(variable(name))}"
            case let .literal(text):
                if isPlain(text) { return text }
                var wildcard = "segment\(position)"
                while path.contains(.parameter(wildcard)) { wildcard += "_" }
                guards.append("\(wildcard) == \(RulesExpressions.string(text))")
                return "{\(wildcard)}"
            }
        }
        return (segments, guards)
    }

    /// Whether a collection id can be written as it is in a rules path.
    static func isPlain(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.~".contains($0)) }
    }

    private func allows(guards: [String]) -> [String] {
        // A create with a given id over a document that is there replaces it: Firestore checks
        // that as an update, which may then hold a new document whole.
        let validations = [
            "create": "validCreate(request.resource.data)",
            "update": "(validUpdate(request.resource.data, resource.data) || validCreate(request.resource.data))",
        ]
        let access = collection.access
        let rules: [(String, AccessRule?)] = [("read", access?.read), ("create", access?.create), ("update", access?.update), ("delete", access?.delete)]
        return rules.map { operation, rule in
            let condition = rule?.condition ?? .signedIn
            var parts = guards + [Self.condition(condition, operation: operation, collection: collection, model: model)]
            if condition == .never { parts = ["false"] } else if let validation = validations[operation] { parts.append(validation) }
            if parts.count > 1 { parts.removeAll { $0 == "true" } }
            let expression = parts.joined(separator: " && ")
            let place = "\(model.schemaFileName):\(rule?.line ?? collection.line)" + (rule == nil ? ", no access declared" : "")
            return "allow \(operation): if \(expression);  // \(place)"
        }
    }

    private var validCreate: [String] {
        let required = collection.fields.filter { !$0.type.isOptional && $0.defaultValue == nil }
        var checks = ["data.keys().hasOnly(\(RulesExpressions.list(collection.fields.map(\.key))))"]
        if !required.isEmpty { checks.append("data.keys().hasAll(\(RulesExpressions.list(required.map(\.key))))") }
        if !collection.fields.isEmpty { checks.append("validFields(data, data.keys())") }
        return ["// On create: only the fields of \(collection.name), each without a default present."]
            + RulesModel.function("validCreate", parameters: "data", checks)
    }

    private var validUpdate: [String] {
        let fixed = Set(collection.fields.filter { $0.serverTimestamp == [.create] }.map(\.key))
        let changeable = collection.fields.filter { !fixed.contains($0.key) }
        var checks = ["data.diff(before).affectedKeys().hasOnly(\(RulesExpressions.list(changeable.map(\.key))))"]
        for field in collection.fields where field.serverTimestamp.contains(.update) {
            checks.append("\(RulesExpressions.member(field.key, of: "data")) == request.time")
        }
        if !changeable.isEmpty { checks.append("validFields(data, data.diff(before).affectedKeys())") }
        let fixedNote = fixed.isEmpty ? "" : ", never \(collection.fields.filter { fixed.contains($0.key) }.map(\.name).joined(separator: ", "))"
        return ["// On update: only the fields a client may change\(fixedNote)."]
            + RulesModel.function("validUpdate", parameters: "data, before", checks)
    }

    private var validFields: [String] {
        let parameters = Set(collection.pathParameters.map(\.name))
        let checks = collection.fields.map { field -> String in
            let value = RulesExpressions.member(field.key, of: "data")
            let check = if parameters.contains(field.name) {
                "\(value) == \(Self.variable(field.name))"
            } else if !field.serverTimestamp.isEmpty {
                "\(value) == request.time"
            } else {
                expressions.fieldCheck(field, in: "data")
            }
            return "(!(\(RulesExpressions.string(field.key)) in keys) || \(check))"
        }
        return ["// Each field that `keys` names holds what the schema allows."]
            + RulesModel.function("validFields", parameters: "data, keys", checks)
    }

    /// A function per list field whose elements the rules check one by one.
    private var elementFunctions: [(String, [String])] {
        collection.fields.compactMap { field in
            let checks = expressions.elementChecks(field)
            guard !checks.isEmpty else { return nil }
            let name = RulesExpressions.elementsFunction(field)
            let comment = "// Each element of `\(field.key)`, one by one: the rules language has no loop."
            return (name, [comment] + RulesModel.function(name, parameters: "list", checks))
        }
    }

    /// The access condition as a rules expression, for `operation` on a document of `collection`.
    static func condition(_ condition: AccessCondition, operation: String, collection: CollectionDefinition, model: Model) -> String {
        switch condition {
        case .public: return "true"
        case .signedIn: return "signedIn()"
        case .never: return "false"
        case let .rule(text): return "(\(text))"
        case let .member(name):
            guard let members = model.collections.first(where: { $0.name == name }), let path = collection.memberPath(of: members) else { return "false" }
            let segments = path.map { segment in
                switch segment {
                case let .literal(text): isPlain(text) ? text : "$(\(RulesExpressions.string(text)))"
                case let .parameter(name): "$(\(name == "id" ? "id" : variable(name)))"
                case .uid: "$(request.auth.uid)"
                }
            }
            return "signedIn() && exists(/databases/$(database)/documents/\(segments.joined(separator: "/")))"
        case let .owner(name):
            if name == "id" || collection.pathParameters.contains(where: { $0.name == name }) {
                return "signedIn() && request.auth.uid == \(name == "id" ? "id" : variable(name))"
            }
            let key = collection.fields.first { $0.name == name }?.key ?? name
            let stored = "\(RulesExpressions.member(key, of: "resource.data")) == request.auth.uid"
            // A read or a delete of a document that is not there has no owner to compare with.
            let storedOrNone = "(resource == null || \(stored))"
            let written = "\(RulesExpressions.member(key, of: "request.resource.data")) == request.auth.uid"
            switch operation {
            case "create": return "signedIn() && \(written)"
            case "update": return "signedIn() && \(stored) && \(written)"
            default: return "signedIn() && \(storedOrNone)"
            }
        }
    }

    /// A path parameter's variable in a `match`: its name, unless the rules language has one.
    static func variable(_ name: String) -> String {
        reserved.contains(name) ? name + "Parameter" : name
    }

    private static let reserved: Set<String> = RulesExpressions.keywords.union([
        "database", "request", "resource", "path", "math", "duration", "timestamp", "latlng", "hashing", "debug",
        "exists", "existsAfter", "get", "getAfter", "string", "int", "float", "bool", "list", "map", "bytes",
        "signedIn", "exactInt", "data", "keys", "before", "value",
    ])
}
