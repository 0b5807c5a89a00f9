@testable import ModelgenCore

/// The streams and declared writes of a random schema, over its collections: every kind of
/// stream, store predicates within Firestore's rules, client predicates over decoded rows and
/// join rows, cursors, limits, groups, combines, debounces, and writes with pre-checks.
struct StreamGenerator {
    typealias FieldInfo = SchemaSketchGenerator.FieldInfo

    var random: SeededRandom
    let state: SchemaSketchGenerator.SchemaState
    var typeNames: TypeNames

    /// What a stream emits, for the streams that read it.
    enum Output {
        /// Rows with these field paths; `collection` when they are a collection's documents.
        case rows(paths: [(path: String, kind: FieldType, optional: Bool)], collection: String?)
        case document, count, value
    }

    var outputs: [(name: String, output: Output)] = []
    var names: Set<String> = []
    /// Each `$parameter`'s type, spelled, so that a name is used with one type only; the path
    /// parameters are strings.
    private var parameters: [String: String] = [:]

    init(random: SeededRandom, state: SchemaSketchGenerator.SchemaState, typeNames: TypeNames) {
        self.random = random
        self.state = state
        self.typeNames = typeNames
        for collection in state.collections {
            for name in collection.parameters { parameters[name] = "string" }
        }
    }

    mutating func streams(count: Int) -> [SchemaSketch.Part] {
        (0..<count).compactMap { _ in stream() }
    }

    private mutating func stream() -> SchemaSketch.Part? {
        let lists = outputs.filter { if case .rows = $0.output { true } else { false } }
        let kind = lists.isEmpty ? random.pick(["from", "from", "document"]) : random.pick([
            "from", "from", "document", "filter", "count", "join", "distinct", "sort", "sum", "average", "min", "max", "combine",
        ])
        let name = streamName()
        var entries: [(String, String)]
        var uses: Set<String>
        var output: Output
        switch kind {
        case "from", "document":
            let collection = random.pick(state.collections)
            (entries, output) = kind == "from" ? from(collection) : ([("document", collection.name)], .document)
            uses = [collection.name]
        case "combine":
            let inputs = Array(Set((0..<(2 + random.below(3))).map { _ in random.pick(outputs).name })).sorted()
            guard inputs.count >= 2 else { return nil }
            entries = [("combine", YAMLText.list(inputs))]
            if random.chance(60) { entries.append(("type", typeNames.take(NameCase.upperCamel(name) + "Screen", &random))) }
            else if typeNames.take(NameCase.upperCamel(name), &random) != NameCase.upperCamel(name) { return nil }
            (uses, output) = (Set(inputs), .value)
        default:
            let input = random.pick(lists)
            guard case let .rows(paths, collection) = input.output else { return nil }
            (entries, output) = derived(kind, from: input.name, paths: paths, collection: collection)
            uses = [input.name]
            if kind == "join", let right = entries.first(where: { $0.0 == "with" })?.1 { uses.insert(right) }
        }
        if random.chance(10) { entries.append(("debounce", random.pick(["300ms", "2s", "1.5s"]))) }
        names.insert(name)
        outputs.append((name, output))
        return SchemaSketch.Part(name: name, value: YAMLText.map(entries), uses: uses)
    }

    private mutating func streamName() -> String {
        let pool = ["all", "items", "recent", "mine", "total", "average", "top", "latest", "byName", "withOwner", "screen",
                    "default", "class", "description", "hash", "map", "filter", "pipe", "then", "copy", "values", "delete",
                    "new", "object", "when", "fun", "where", "length", "stores", "schedule", "equal", "string"]
        for _ in 0..<10 {
            let name = random.pick(pool)
            if !names.contains(name) { return name }
        }
        return "stream\(names.count)"
    }

    /// A store query over `collection`: a predicate, an order, a limit, cursors, a group.
    private mutating func from(_ collection: SchemaSketchGenerator.CollectionInfo) -> ([(String, String)], Output) {
        var entries = [("from", collection.name)]
        let group = !collection.parameters.isEmpty && random.chance(20)
        if group { entries.append(("group", "true")) }
        let fields = collection.fields.filter { !($0.kind.declaredName.map { name in state.objects.contains { $0.name == name } } ?? false) }
        if random.chance(50), let predicate = storePredicate(fields) { entries.append(("where", YAMLText.quoted(predicate))) }
        let orderable = fields.filter { $0.kind.isKey(enums: state.enums) && !$0.optional }
        var orderBy: [FieldInfo] = []
        if !orderable.isEmpty, random.chance(40) {
            orderBy = [random.pick(orderable)]
            entries.append(("orderBy", YAMLText.quoted(orderBy[0].name + (random.chance(50) ? " desc" : ""))))
        }
        switch random.below(6) {
        case 0: entries.append(("limit", random.pick(["1", "50", "$\(parameter("count", .int))"])))
        case 1 where !orderBy.isEmpty: entries.append(("limitToLast", "10"))
        default: break
        }
        if !group, random.chance(15) { entries.append(("startAfter", "$\(parameter("after", .string, row: collection.name))")) }
        else if let key = orderBy.first, let value = key.kind.literal(enums: state.enums, &random), random.chance(20) { entries.append(("startAt", YAMLText.list([value]))) }
        var paths = rowPaths(collection)
        if group {
            paths = collection.parameters.map { ($0, .string, false) } + paths.map { ("\(NameCase.lowerCamel(collection.name)).\($0.path)", $0.kind, $0.optional) }
        }
        return (entries, .rows(paths: paths, collection: group ? nil : collection.name))
    }

    /// `id` and the fields of a collection's rows, through the fields of embedded values.
    func rowPaths(_ collection: SchemaSketchGenerator.CollectionInfo) -> [(path: String, kind: FieldType, optional: Bool)] {
        [("id", .string, false)] + collection.fields.flatMap { field -> [(path: String, kind: FieldType, optional: Bool)] in
            guard case let .object(name) = field.kind, let object = state.objects.first(where: { $0.name == name }) else {
                return [(field.name, field.kind, field.optional)]
            }
            return object.fields.map { ("\(field.name).\($0.name)", $0.kind, field.optional || $0.optional) }
        }
    }

    /// A `$parameter` of `kind` (optional with `optional`, a row of the collection `row`)
    /// named after `base`: the same name again only with the same type.
    mutating func parameter(_ base: String, _ kind: FieldType, optional: Bool = false, row: String? = nil) -> String {
        let tricky = ["default", "class", "in", "value", "limit", "new", "store2", "scheduler2"]
        let type = row.map { "row \($0)" } ?? kind.schemaSpelling + (optional ? "?" : "")
        var name = random.chance(20) ? random.pick(tricky) : base
        while let taken = parameters[name], taken != type || row != nil { name += "2" }
        parameters[name] = type
        return name
    }
}
