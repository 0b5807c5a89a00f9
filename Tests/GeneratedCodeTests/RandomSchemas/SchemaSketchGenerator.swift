@testable import ModelgenCore

/// Random schemas for the compile property test: embedded types, string enums, collections at
/// every depth with every field type (optional, with storage keys, defaults, constraints, server
/// timestamps, references), renames per language, streams of every kind and declared writes,
/// named with names close to each language's reserved ones. Most are valid; the validator says
/// which. Names of types are unique across a batch (`TypeNames`), so that a batch of schemas
/// compiles as one Swift module. The same seed gives the same schemas.
struct SchemaSketchGenerator {
    var random: SeededRandom
    var typeNames: TypeNames

    /// A field as the generator knows it, to write predicates, keys and writes over it.
    struct FieldInfo {
        var name: String
        /// Its type without the optional marker; an enum is an `.object` of the enum's name.
        var kind: FieldType
        var optional: Bool
        /// Whether typed writes set it: not the server's time, nor the path parameter's value.
        var settable = true
        var hasDefault = false
    }

    struct CollectionInfo {
        var name: String
        var path: [String]
        var parameters: [String]
        var fields: [FieldInfo]
    }

    /// Names of the schema's members drawn from: ordinary ones, and ones that are keywords or
    /// well-known members in one of the languages.
    static let memberNames = [
        "name", "title", "text", "count", "score", "price", "rating", "createdAt", "owner_uid", "authorId", "tags", "done",
        "status", "note", "size", "kind", "type", "default", "class", "in", "is", "as", "fun", "val", "var", "object", "when",
        "where", "function", "let", "new", "delete", "typeof", "description", "hash", "copy",
        "equals", "hashCode", "prototype", "value", "values", "data", "fields", "store",
        "scheduler", "transaction", "repeat", "internal", "open", "operator", "protocol", "extension", "super", "this",
        "enum", "interface", "package", "async", "await", "yield", "static", "private", "import", "export", "then",
        "map", "filter", "pipe", "subscribe", "length", "second2", "snake_case_name", "ÜberCount", "names2Go",
    ]

    static let typeBases = [
        "Room", "Message", "Member", "Shop", "Review", "Order", "Item", "Note", "Event", "Entry", "Label", "Profile", "Step",
        "Card", "Board", "Comment", "Tag", "Photo", "Ticket", "Project", "Invoice", "Address", "Point",
    ]

    /// Type names that are also types of a language's standard library or runtime, which the
    /// validator takes (it refuses those the generated code itself uses, like `String`).
    static let trickyTypes = [
        "Task", "Result", "Type", "Date", "Error", "Set", "List", "Object", "Record", "Promise", "Never", "Array", "Value",
        "Query", "Timestamp", "Single", "Self", "Default", "Class", "Protocol", "Function", "Symbol", "Double", "Number", "Codec",
    ]

    init(seed: UInt64, typeNames: TypeNames) {
        random = SeededRandom(seed: seed)
        self.typeNames = typeNames
    }

    /// A schema in the file `file`.
    mutating func sketch(file: String) -> SchemaSketch {
        var sketch = SchemaSketch(file: file, model: typeNames.take(random.pick(["Board", "Chat", "Shop", "Todo", "Ledger"] + Self.trickyTypes), &random))
        var state = SchemaState()
        for _ in 0..<random.below(3) { sketch.types.append(enumeration(&state)) }
        for _ in 0..<random.below(3) { sketch.types.append(embeddedType(&state)) }
        for _ in 0..<(1 + random.below(4)) { sketch.collections.append(collection(&state)) }
        var streams = StreamGenerator(random: random, state: state, typeNames: typeNames)
        sketch.streams = streams.streams(count: 1 + streams.random.below(9))
        sketch.writes = streams.writes(count: streams.random.below(3))
        random = streams.random
        typeNames = streams.typeNames
        return sketch
    }

    /// What the schema declares so far, for the parts that refer to it.
    struct SchemaState {
        /// Each string enum's values, by its name.
        var enums: [String: [String]] = [:]
        var objects: [(name: String, fields: [FieldInfo])] = []
        var collections: [CollectionInfo] = []
        var memberNames: Set<String> = []
    }

    private mutating func enumeration(_ state: inout SchemaState) -> SchemaSketch.Part {
        let name = typeNames.take(random.pick(["Status", "Kind", "Level"] + Self.trickyTypes), &random)
        let pool = ["open", "done", "in-progress", "default", "class", "none", "Value", "a.b", "with space", "x2", "null", "true"]
        var values: [String] = []
        for _ in 0..<(1 + random.below(4)) {
            let value = random.pick(pool)
            if !values.contains(value) { values.append(value) }
        }
        state.enums[name] = values
        return SchemaSketch.Part(name: name, value: YAMLText.list(values.map(YAMLText.quoted)))
    }

    private mutating func embeddedType(_ state: inout SchemaState) -> SchemaSketch.Part {
        let name = typeNames.take(random.pick(Self.typeBases + Self.trickyTypes), &random)
        var names: Set<String> = []
        var fields: [FieldInfo] = []
        var entries: [(String, String)] = []
        for _ in 0..<(1 + random.below(3)) {
            let field = FieldInfo(name: memberName(&names), kind: scalarKind(state, objects: true), optional: random.chance(30))
            fields.append(field)
            entries.append((field.name, YAMLText.quoted(spelled(field))))
        }
        state.objects.append((name, fields))
        var value = YAMLText.map(entries)
        var uses = Set(fields.compactMap(\.kind.declaredName))
        if random.chance(15) {
            value = YAMLText.map([("fields", value), ("rename", rename(&uses))])
        }
        return SchemaSketch.Part(name: name, value: value, uses: uses)
    }

    private mutating func collection(_ state: inout SchemaState) -> SchemaSketch.Part {
        let name = typeNames.take(random.pick(Self.typeBases + Self.trickyTypes), &random)
        var path = [NameCase.lowerCamel(name).lowercased() + "s\(state.collections.count)"]
        var parameters: [String] = []
        var uses: Set<String> = []
        if let parent = state.collections.isEmpty || random.chance(40) ? nil : random.pick(state.collections) {
            let parameter = random.chance(20) ? random.pick(["default", "class", "value", "roomId2"]) : NameCase.lowerCamel(parent.name) + "Id"
            path = parent.path + ["{\(parameter)}"] + path
            parameters = parent.parameters.filter { $0 != parameter } + [parameter]
        }
        var names: Set<String> = []
        var fields: [FieldInfo] = []
        var entries: [(String, String)] = []
        if let parameter = parameters.last, random.chance(25) {
            // A field named like the path parameter, whose value typed writes store in it.
            names.insert(parameter)
            fields.append(FieldInfo(name: parameter, kind: .string, optional: false, settable: false))
            entries.append((parameter, YAMLText.quoted("string")))
        }
        for _ in 0..<random.below(7) {
            var field = FieldInfo(name: memberName(&names), kind: fieldKind(state), optional: random.chance(30))
            var options: [(String, String)] = []
            if random.chance(20) { options.append(("key", YAMLText.quoted(field.name.lowercased() + "_key"))) }
            if field.kind == .timestamp, field.optional, random.chance(40) {
                options.append(("serverTimestamp", random.pick(["create", "update", "[create, update]"])))
                field.settable = false
            } else if !field.optional, let value = defaultValue(field.kind, enums: state.enums), random.chance(35) {
                options.append(("default", value))
                field.hasDefault = true
            }
            if !field.hasDefault { options += constraints(field) }
            if case let .reference(target) = field.kind { uses.insert(target) }
            if let type = field.kind.declaredName { uses.insert(type) }
            fields.append(field)
            entries.append((field.name, options.isEmpty ? YAMLText.quoted(spelled(field)) : YAMLText.map([("type", YAMLText.quoted(spelled(field)))] + options)))
        }
        var value: [(String, String)] = [("path", YAMLText.quoted(path.joined(separator: "/"))), ("fields", YAMLText.map(entries))]
        let orderable = fields.filter { !$0.optional && $0.kind.isKey(enums: state.enums) }
        if !orderable.isEmpty, random.chance(30) {
            value.append(("orderBy", YAMLText.quoted(random.pick(orderable).name + (random.chance(50) ? " desc" : ""))))
        }
        if random.chance(15) { value.append(("rename", rename(&uses))) }
        if let parent = state.collections.first(where: { path.starts(with: $0.path) && path.count > $0.path.count }) { uses.insert(parent.name) }
        state.collections.append(CollectionInfo(name: name, path: path, parameters: parameters, fields: fields))
        return SchemaSketch.Part(name: name, value: YAMLText.map(value), uses: uses)
    }

    /// `{ swift: X }`, with one or more languages, each a name unique in the batch.
    private mutating func rename(_ uses: inout Set<String>) -> String {
        let languages = ["swift", "kotlin", "typescript"].filter { _ in random.chance(50) }
        return YAMLText.map((languages.isEmpty ? ["swift"] : languages).map { ($0, typeNames.take(random.pick(Self.typeBases) + "Renamed", &random)) })
    }

    mutating func memberName(_ taken: inout Set<String>) -> String {
        for _ in 0..<20 {
            let name = random.pick(Self.memberNames)
            if taken.insert(NameCase.lowerCamel(name)).inserted { return name }
        }
        let name = "field\(taken.count)"
        taken.insert(name)
        return name
    }
}

/// Type names unique across the schemas of a batch: the bare name the first time, then with a
/// number.
final class TypeNames: @unchecked Sendable {
    private var taken: Set<String> = []

    func take(_ base: String, _ random: inout SeededRandom) -> String {
        var name = base
        while !taken.insert(NameCase.upperCamel(name)).inserted || !reserve(name) {
            name = base + "\(random.below(1000))"
        }
        return name
    }

    /// Reserves the names the generated code declares for a type: its reference, group row and
    /// transaction types, its join rows with any name.
    private func reserve(_ name: String) -> Bool {
        let derived = ["Reference", "GroupRow", "Model", "Transaction"].map { NameCase.upperCamel(name) + $0 }
        guard derived.allSatisfy({ !taken.contains($0) }) else { return false }
        taken.formUnion(derived)
        return true
    }
}
