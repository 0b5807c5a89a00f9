import Yams

/// The first stage: reads a schema's text with Yams into a ``SchemaSyntax``, keeping the line
/// and column of every name and value.
public struct YAMLSchemaLoader: Sendable {
    /// The keys of a schema: its own, and a section per language that has settings.
    static let topLevelKeys = ["model", "doc"] + Language.all.filter { !$0.definition.settings.isEmpty }.map(\.name) + ["types", "collections", "streams", "writes"]
    static let streamKinds = ["document", "from", "filter", "count", "join", "distinct", "sort"] + AggregateFunction.allCases.map(\.rawValue) + ["combine"]
    /// The keys each kind of stream takes besides its kind and `doc`.
    static let streamKeys = [
        "from": ["where", "orderBy", "limit", "limitToLast", "group"] + CursorSyntax.keys,
        "filter": ["where"], "count": ["where", "by"], "join": ["with", "on", "as", "inner", "type"], "distinct": ["by"],
        "sort": ["orderBy", "limit"], "combine": ["type"],
    ].merging(AggregateFunction.allCases.map { ($0.rawValue, ["of", "where", "by"]) }) { $1 }

    public init() {}

    public func load(_ source: SchemaSource) throws(DiagnosticsError) -> SchemaSyntax {
        let root: Node
        do {
            // No implicit tags: the reader types scalars itself, and resolving them by regular
            // expression is most of the cost of composing a large schema.
            guard let node = try Yams.compose(yaml: source.text, .basic) else {
                throw DiagnosticsError([.error("schema is empty; it needs at least 'model:'", at: SourceLocation(file: source.path, line: 1, column: 1))])
            }
            root = node
        } catch let error as DiagnosticsError {
            throw error
        } catch {
            throw DiagnosticsError([YAMLErrorTranslator.diagnostic(for: error, in: source)])
        }
        var reader = YAMLNodeReader(source: source)
        guard var schema = reader.readSchema(root) else { throw DiagnosticsError(reader.diagnostics.diagnostics) }
        schema.problems = reader.diagnostics.diagnostics
        schema.skipped = reader.skipped
        return schema
    }
}

extension YAMLNodeReader {
    mutating func readSchema(_ root: Node) -> SchemaSyntax? {
        guard let entries = mapping(root, "a schema") else { return nil }
        rejectUnknownKeys(entries, allowed: YAMLSchemaLoader.topLevelKeys, in: "the schema")
        let value = { (key: String) in entries.first { $0.key.value == key }?.value }
        guard let modelNode = value("model") else {
            error("schema is missing 'model: <Name>', the name of the generated model type", at: root)
            return nil
        }
        guard let model = string(modelNode, "'model'") else { return nil }
        var schema = SchemaSyntax(file: file, model: model)
        schema.doc = value("doc").flatMap { string($0, "'doc'")?.value }
        for language in Language.all {
            guard let node = value(language.name) else { continue }
            schema.settings[language.name] = readSettings(node, of: language)
        }
        if let types = value("types"), let entries = mapping(types, "'types'") {
            schema.types = entries.compactMap { entry in
                readObject(name: entry.key, node: entry.value) ?? skip { $0.types.insert(entry.key.value) }
            }
        }
        if let collections = value("collections"), let entries = mapping(collections, "'collections'") {
            schema.collections = entries.compactMap { entry in
                readCollection(name: entry.key, node: entry.value) ?? skip { $0.types.insert(entry.key.value) }
            }
        }
        if let streams = value("streams"), let entries = mapping(streams, "'streams'") {
            schema.streams = entries.compactMap { entry in
                readStream(name: entry.key, node: entry.value) ?? skip { $0.streams.insert(entry.key.value) }
            }
        }
        if let writes = value("writes"), let entries = mapping(writes, "'writes'") {
            schema.writes = entries.compactMap { readWrite(name: $0.key, node: $0.value) }
        }
        return schema
    }

    /// Records what the loader left out; returns nil for `compactMap`.
    mutating func skip<T>(_ record: (inout SkippedDeclarations) -> Void) -> T? {
        record(&skipped)
        return nil
    }

    /// A language's settings: `kotlin: { package: com.example.chat }`.
    mutating func readSettings(_ node: Node, of language: Language) -> [String: SettingValue] {
        guard let entries = mapping(node, "'\(language.name)'") else { return [:] }
        let keys = language.definition.settings.map(\.key)
        rejectUnknownKeys(entries, allowed: keys, in: "'\(language.name)'")
        var settings: [String: SettingValue] = [:]
        for (key, value) in entries where keys.contains(key.value) {
            settings[key.value] = string(value, "'\(language.name).\(key.value)'").map { SettingValue($0.value, source: .location($0.location)) }
        }
        return settings
    }

    mutating func readOrderBy(_ node: Node) -> [OrderSyntax] {
        let items: [Node]
        if case let .sequence(sequence) = node { items = Array(sequence) } else { items = [node] }
        var keys: [OrderSyntax] = []
        for item in items {
            guard let text = string(item, "'orderBy'") else { continue }
            do {
                keys += try OrderByParser.parse(text.value, locator: locator(for: item))
            } catch {
                diagnostics.append(error)
            }
        }
        return keys
    }

    mutating func readPredicate(_ node: Node, _ what: String) -> PredicateSyntax? {
        guard let text = string(node, what) else { return nil }
        do {
            return try PredicateParser.parse(text.value, locator: locator(for: node))
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    private mutating func readStream(name: Located<String>, node: Node) -> StreamSyntax? {
        guard let entries = mapping(node, "stream '\(name.value)'") else { return nil }
        let kinds = entries.filter { YAMLSchemaLoader.streamKinds.contains($0.key.value) }
        guard let kindEntry = kinds.first else {
            diagnostics.error("stream '\(name.value)' needs one of \(Hint.list(YAMLSchemaLoader.streamKinds))", at: name.location)
            rejectUnknownKeys(entries, allowed: YAMLSchemaLoader.streamKinds + ["doc"], in: "stream '\(name.value)'")
            return nil
        }
        for extra in kinds.dropFirst() {
            diagnostics.error("stream '\(name.value)' is already a '\(kindEntry.key.value)' stream; it cannot also be '\(extra.key.value)'", at: extra.key.location)
        }
        let kind = kindEntry.key.value
        let allowed = ["doc", kind] + (YAMLSchemaLoader.streamKeys[kind] ?? []) + ["debounce"]
        var others = entries.filter { $0.key == kindEntry.key || !YAMLSchemaLoader.streamKinds.contains($0.key.value) }
        if ["filter", "join", "distinct"].contains(kind) {
            // Firestore orders and limits a store query; derived rows are ordered by a stream of their own.
            for entry in others where ["orderBy", "limit"].contains(entry.key.value) {
                diagnostics.error("a \(kind) stream keeps the order of its input; order or limit its rows in a sort stream that reads it: { sort: \(name.value), \(entry.key.value): … }", at: entry.key.location)
            }
            others.removeAll { ["orderBy", "limit"].contains($0.key.value) }
        }
        rejectUnknownKeys(others, allowed: allowed, in: "\(kind) stream '\(name.value)'")
        let value = { (key: String) in entries.first { $0.key.value == key }?.value }
        let doc = value("doc").flatMap { string($0, "'doc'")?.value }
        guard let debounce = readDuration("debounce", value("debounce")) else { return nil }
        if kind == "combine" {
            return readCombine(name: name, node: kindEntry.value, type: value("type")).map { StreamSyntax(name: name, doc: doc, kind: $0, debounce: debounce) }
        }
        guard let target = string(kindEntry.value, "'\(kind)'") else { return nil }
        guard let streamKind = readStreamKind(kind, target: target, name: name, value: value) else {
            // The stream is left out, but what it reads is still checked, so that its other
            // problems are reported in the same run.
            let right = kind == "join" ? value("with").flatMap { node in node.scalar.map { Located($0.string, at: location(node)) } } : nil
            skipped.references += [target, right].compactMap { $0 }.map {
                SkippedDeclarations.Reference(name: $0, isCollection: kind == "document" || kind == "from")
            }
            return nil
        }
        return StreamSyntax(name: name, doc: doc, kind: streamKind, debounce: debounce)
    }

    /// `combine: [room, messages]`: the streams, at least two; left out (their names still
    /// checked) when the list is wrong.
    private mutating func readCombine(name: Located<String>, node: Node, type: Node?) -> StreamSyntax.Kind? {
        guard case let .sequence(sequence) = node else {
            error("'combine' must be a list of the streams it combines, like [room, messages], found \(describe(node))", at: node)
            return nil
        }
        let inputs = sequence.compactMap { string($0, "a stream of 'combine'") }
        let typeName = type.flatMap { string($0, "'type'") }
        guard inputs.count == sequence.count, type == nil || typeName != nil else {
            skipped.references += inputs.map { SkippedDeclarations.Reference(name: $0, isCollection: false) }
            return nil
        }
        return .combine(inputs: inputs, typeName: typeName)
    }

    /// A duration in milliseconds: `.some(nil)` when there is none, nil when it is wrong.
    private mutating func readDuration(_ key: String, _ node: Node?) -> Int?? {
        guard let node else { return .some(nil) }
        guard let milliseconds = Self.milliseconds(node.scalar?.string) else {
            error("'\(key)' must be a duration in whole milliseconds above zero, like 300ms, 2s or 1.5s, found \(describe(node))", at: node)
            return nil
        }
        return .some(milliseconds)
    }

    /// `300ms` or `1.5s` in whole milliseconds above zero; nil for anything else.
    static func milliseconds(_ text: String?) -> Int? {
        guard let text, text.hasSuffix("s") else { return nil }
        let (number, scale) = text.hasSuffix("ms") ? (text.dropLast(2), 1.0) : (text.dropLast(), 1000.0)
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
              let value = Double(number).map({ $0 * scale }), value >= 1, value <= Double(Int32.max), value == value.rounded()
        else { return nil }
        return Int(value)
    }

    /// A limit as written: `50`, or `$count`.
    static func limit(_ text: String?) -> LimitSyntax? {
        guard let text else { return nil }
        if text.hasPrefix("$") { return parameterName(text).map(LimitSyntax.parameter) }
        guard let number = Int(text), number > 0 else { return nil }
        return .count(number)
    }

    /// The name of `$name`, or nil when the text is no parameter.
    static func parameterName(_ text: String) -> String? {
        guard text.hasPrefix("$") else { return nil }
        let name = text.dropFirst()
        guard let first = name.unicodeScalars.first, PredicateLexer.isIdentifierStart(first), name.unicodeScalars.allSatisfy(PredicateLexer.isIdentifierPart) else { return nil }
        return String(name)
    }

    /// What a stream of `kind` reads from `target`, with the keys beside its kind.
    private mutating func readStreamKind(_ kind: String, target: Located<String>, name: Located<String>, value: (String) -> Node?) -> StreamSyntax.Kind? {
        let filter = value("where").flatMap { readPredicate($0, "'where'") }
        if value("where") != nil, filter == nil { return nil }
        // A distinct's `by` is read with the distinct; a count's or an aggregate's groups it.
        let groupBy = kind == "distinct" ? nil : value("by").flatMap { string($0, "'by'") }.map(Self.fieldPath)
        if kind != "distinct", value("by") != nil, groupBy == nil { return nil }
        switch kind {
        case "document":
            return .document(collection: target)
        case "from":
            var limits: [String: Located<LimitSyntax>] = [:]
            for key in ["limit", "limitToLast"] {
                guard let limit = readLimit(key, value(key)) else { return nil }
                limits[key] = limit
            }
            var cursors: [CursorSyntax] = []
            for key in CursorSyntax.keys {
                guard let node = value(key) else { continue }
                guard let cursor = readCursor(key, node) else { return nil }
                cursors.append(cursor)
            }
            let group = value("group").flatMap { node in bool(node, "'group'").map { Located($0, at: location(node)) } }
            if value("group") != nil, group == nil { return nil }
            return .from(
                collection: target, filter: filter, orderBy: value("orderBy").map { readOrderBy($0) },
                limit: limits["limit"], limitToLast: limits["limitToLast"], cursors: cursors, group: group
            )
        case "filter":
            guard let filter else {
                diagnostics.error("filter stream '\(name.value)' is missing 'where'", at: name.location)
                return nil
            }
            return .filter(input: target, filter: filter)
        case "count":
            return .count(input: target, filter: filter, by: groupBy)
        case "sort":
            guard value("orderBy") != nil || value("limit") != nil else {
                diagnostics.error("sort stream '\(name.value)' needs 'orderBy', 'limit' or both", at: name.location)
                return nil
            }
            guard let limit = readLimit("limit", value("limit")) else { return nil }
            return .sort(input: target, orderBy: value("orderBy").map { readOrderBy($0) } ?? [], limit: limit)
        case "distinct":
            guard let node = value("by") else {
                diagnostics.error("distinct stream '\(name.value)' is missing 'by', the field whose values it keeps one row of", at: name.location)
                return nil
            }
            guard let by = string(node, "'by'") else { return nil }
            return .distinct(input: target, by: Self.fieldPath(by))
        default:
            if let function = AggregateFunction(rawValue: kind) {
                guard let node = value("of") else {
                    diagnostics.error("\(kind) stream '\(name.value)' is missing 'of', the numeric field it aggregates", at: name.location)
                    return nil
                }
                return string(node, "'of'").map { .aggregate(function, input: target, of: Self.fieldPath($0), filter: filter, by: groupBy) }
            }
            return readJoin(name: name, target: target, value: value).map { .join($0) }
        }
    }

    /// A `limit` or `limitToLast`: `.some(nil)` when there is none, nil when it is wrong.
    private mutating func readLimit(_ key: String, _ node: Node?) -> Located<LimitSyntax>?? {
        guard let node else { return .some(nil) }
        guard let limit = Self.limit(node.scalar?.string) else {
            error("'\(key)' must be a whole number above zero or a $parameter, found \(describe(node))", at: node)
            return nil
        }
        return Located(limit, at: location(node))
    }

    /// `owner.name` as its keys.
    private static func fieldPath(_ text: Located<String>) -> Located<[String]> {
        Located(text.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init), at: text.location)
    }

    /// `$after` (a row), or a list of literals and `$parameters`.
    private mutating func readCursor(_ key: String, _ node: Node) -> CursorSyntax? {
        let located = Located(key, at: location(node))
        if let name = Self.parameterName(node) { return CursorSyntax(key: located, position: .row(Located(name, at: location(node)))) }
        if case let .sequence(items) = node, items.isEmpty {
            error("'\(key)' needs at least one value (an empty bound keeps no row when exclusive and every row when not)", at: node)
            return nil
        }
        guard case let .sequence(items) = node else {
            error("'\(key)' takes a $parameter, a row of the stream, or a list of values for the first keys of its order, like [$rating, \"b\"]; found \(describe(node))", at: node)
            return nil
        }
        var values: [OperandSyntax] = []
        for item in items {
            if let name = Self.parameterName(item) {
                values.append(OperandSyntax(kind: .parameter(name), location: location(item)))
            } else if case .scalar = item, let literal = literal(item) {
                values.append(OperandSyntax(kind: .literal(literal), location: location(item)))
            } else {
                error("a value of '\(key)' is a literal or a $parameter, found \(describe(item))", at: item)
                return nil
            }
        }
        return CursorSyntax(key: located, position: .values(values))
    }

    /// The name of a plain `$name` scalar, without `$`.
    private static func parameterName(_ node: Node) -> String? {
        guard case let .scalar(scalar) = node, scalar.style == .plain else { return nil }
        return parameterName(scalar.string)
    }

    private mutating func readJoin(name: Located<String>, target: Located<String>, value: (String) -> Node?) -> JoinSyntax? {
        var missing: [String] = []
        for key in ["with", "on", "as"] where value(key) == nil { missing.append(key) }
        guard missing.isEmpty else {
            diagnostics.error("join stream '\(name.value)' is missing \(Hint.list(missing))", at: name.location)
            return nil
        }
        guard let right = string(value("with")!, "'with'"),
              let alias = string(value("as")!, "'as'"),
              let on = readPredicate(value("on")!, "'on'")
        else { return nil }
        let inner = value("inner").flatMap { bool($0, "'inner'") } ?? false
        let typeName = value("type").flatMap { string($0, "'type'") }
        return JoinSyntax(left: target, right: right, on: on, onLocation: location(value("on")!), alias: alias, inner: inner, typeName: typeName)
    }
}
