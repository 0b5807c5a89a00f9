@testable import ModelgenCore

/// The derived streams, the predicates and the declared writes of a random schema.
extension StreamGenerator {
    typealias Path = (path: String, kind: FieldType, optional: Bool)

    /// A stream over the list stream `input`, whose rows have `paths`.
    mutating func derived(_ kind: String, from input: String, paths: [Path], collection: String?) -> ([(String, String)], Output) {
        let orderable = paths.filter { $0.kind.isKey(enums: state.enums) }
        let numbers = paths.filter { $0.kind.isNumber }
        switch kind {
        case "filter": return ([("filter", input), ("where", YAMLText.quoted(clientPredicate(paths)))], .rows(paths: paths, collection: collection))
        case "count":
            let predicate = random.chance(50) ? [("where", YAMLText.quoted(clientPredicate(paths)))] : []
            return ([("count", input)] + predicate, .count)
        case "join": return join(input, paths: paths, collection: collection)
        case "distinct" where !orderable.isEmpty:
            return ([("distinct", input), ("by", random.pick(orderable).path)], .rows(paths: paths, collection: collection))
        case "sum" where !numbers.isEmpty, "average" where !numbers.isEmpty:
            return ([(kind, input), ("of", random.pick(numbers).path)], .value)
        case "min" where orderable.contains { $0.kind != .bool }, "max" where orderable.contains { $0.kind != .bool }:
            return ([(kind, input), ("of", random.pick(orderable.filter { $0.kind != .bool }).path)], .value)
        default:
            let keys = orderable.isEmpty ? "" : random.pick(orderable).path + (random.chance(50) ? " desc" : "")
            let limit = keys.isEmpty || random.chance(40) ? [("limit", random.pick(["3", "$\(parameter("top", .int))"]))] : []
            return ([("sort", input)] + (keys.isEmpty ? [] : [("orderBy", YAMLText.quoted(keys))]) + limit, .rows(paths: paths, collection: collection))
        }
    }

    /// A join of two lists of a collection's rows, on keys of one type (a string field with `id`, mostly).
    private mutating func join(_ input: String, paths: [Path], collection: String?) -> ([(String, String)], Output) {
        let rights = outputsOfCollections()
        guard let left = collection, !rights.isEmpty else { return ([("count", input)], .count) }
        let right = random.pick(rights)
        let leftKeys = paths.filter { $0.kind.isKey(enums: state.enums) }
        let key = leftKeys.filter { $0.kind == .string }.isEmpty ? random.pick(leftKeys) : random.pick(leftKeys.filter { $0.kind == .string })
        let rightKeys = right.paths.filter { $0.kind == key.kind }
        let rightKey = key.kind == .string ? "id" : (rightKeys.isEmpty ? "id" : random.pick(rightKeys).path)
        let leftMember = NameCase.lowerCamel(left)
        var member = random.pick(["owner", "author", "other", "default", "item", "match"])
        if member == leftMember { member += "2" }
        let inner = random.chance(40)
        var entries = [("join", input), ("with", right.name), ("on", YAMLText.quoted("\(key.path) == \(rightKey)")), ("as", member)]
        if inner { entries.append(("inner", "true")) }
        let rowName = NameCase.upperCamel(left) + "With" + NameCase.upperCamel(member)
        let taken = typeNames.take(rowName, &random)
        if taken != rowName { entries.append(("type", taken)) }
        let joined = paths.map { ("\(leftMember).\($0.path)", $0.kind, $0.optional) }
            + right.paths.map { ("\(member).\($0.path)", $0.kind, $0.optional || !inner) }
        return (entries, .rows(paths: joined, collection: nil))
    }

    private func outputsOfCollections() -> [(name: String, paths: [Path])] {
        outputs.compactMap { entry in
            guard case let .rows(paths, collection) = entry.output, collection != nil else { return nil }
            return (entry.name, paths)
        }
    }

    /// A predicate a `from` stream's store runs, within Firestore's rules: one or two terms, at
    /// most one `!=` or `not in`, at most one `in` or `contains any`.
    mutating func storePredicate(_ fields: [FieldInfo]) -> String? {
        guard !fields.isEmpty else { return nil }
        var terms: [String] = []
        var disjunctive = false
        for _ in 0..<(1 + random.below(2)) {
            let field = random.pick(fields)
            guard let term = comparison(field.name, field.kind, optional: field.optional, disjunctive: !disjunctive) else { continue }
            if term.contains(" in ") || term.contains(" any ") || term.contains("!=") { disjunctive = true }
            terms.append(term)
        }
        if terms.contains(where: { $0.contains(" not in ") }) { terms = Array(terms.prefix(1)) }
        return terms.isEmpty ? nil : terms.joined(separator: random.chance(20) && terms.count == 2 ? " or " : " and ")
    }

    /// A predicate over decoded rows: comparisons joined by `and`, `or`, `not`.
    mutating func clientPredicate(_ paths: [Path]) -> String {
        var terms: [String] = []
        while terms.isEmpty || (terms.count < 3 && random.chance(40)) {
            let path = random.pick(paths)
            guard let term = comparison(path.path, path.kind, optional: path.optional, disjunctive: true) else { continue }
            terms.append(random.chance(15) ? "not (\(term))" : term)
        }
        return terms.joined(separator: random.chance(50) ? " and " : " or ")
    }

    /// `field op value` for a field of `kind`, if the generator has a comparison for it.
    private mutating func comparison(_ field: String, _ kind: FieldType, optional: Bool, disjunctive: Bool) -> String? {
        let field = field.split(separator: ".").map { FieldNames.keywords.contains(String($0)) ? "`\($0)`" : String($0) }.joined(separator: ".")
        if optional, random.chance(20) { return "\(field) \(random.pick(["==", "!="])) null" }
        switch kind {
        case let .array(element) where element.isKey(enums: state.enums):
            if disjunctive, random.chance(30) { return "\(field) contains any $\(parameter("any", .array(element)))" }
            return "\(field) contains \(element.literal(enums: state.enums, &random) ?? "$\(parameter("element", element))")"
        case let .object(name) where state.enums[name] == nil: return nil
        case .array, .map, .optional: return nil
        case .bytes, .geopoint, .reference: return "\(field) == $\(parameter("other", kind, optional: optional))"
        default:
            let ops = kind == .bool ? ["==", "!="] : ["==", "!=", "<", "<=", ">", ">=", "==", "<"] + (disjunctive ? ["in", "not in"] : [])
            let op = random.pick(ops)
            if op.hasSuffix("in") {
                let values = (0..<(1 + random.below(3))).compactMap { _ in kind.literal(enums: state.enums, &random) }
                return "\(field) \(op) " + (values.isEmpty || random.chance(30) ? "$\(parameter("choices", .array(kind)))" : "[\(values.joined(separator: ", "))]")
            }
            let bound = "$" + parameter("bound", kind, optional: optional)
            return "\(field) \(op) " + (random.chance(60) ? kind.literal(enums: state.enums, &random) ?? bound : bound)
        }
    }

    /// Declared writes: a create, an update or a delete of a collection's document, now and then
    /// after a pre-check of a count stream.
    mutating func writes(count: Int) -> [SchemaSketch.Part] {
        var taken = names
        return (0..<count).map { _ in
            let collection = random.pick(state.collections)
            var name = random.pick(["send", "post", "add", "remove", "like", "default", "class", "new", "then", "close"])
            while !taken.insert(name).inserted { name += "2" }
            let fields = collection.fields.filter(\.settable)
            let kind = random.pick(["create", "create", "delete"] + (fields.isEmpty ? [] : ["update"]))
            var entries = [(kind, collection.name)]
            var set: [(String, String)] = []
            for field in fields where kind == "create" ? (!field.optional && !field.hasDefault) || random.chance(30) : random.chance(40) {
                set.append((field.name, writtenValue(field, update: kind == "update")))
            }
            if kind == "update", set.isEmpty, let field = fields.first { set.append((field.name, writtenValue(field, update: true))) }
            if !set.isEmpty, kind != "delete" { entries.append(("set", YAMLText.map(set))) }
            var uses: Set<String> = [collection.name]
            let counts = outputs.filter { if case .count = $0.output { true } else { false } }
            if !counts.isEmpty, random.chance(40) {
                let check = random.pick(counts).name
                entries.append(("check", YAMLText.quoted("\(check) < \(random.chance(70) ? "10" : "$cap")")))
                uses.insert(check)
            }
            return SchemaSketch.Part(name: name, value: YAMLText.map(entries), uses: uses)
        }
    }

    private mutating func writtenValue(_ field: FieldInfo, update: Bool) -> String {
        if update, field.kind.isNumber, random.chance(40) { return "increment(\(random.pick(["1", "-2", "0.5"])))" }
        if update, field.kind == .timestamp, field.optional, random.chance(50) { return "serverTimestamp()" }
        if random.chance(30) {
            switch field.kind {
            case .int, .double, .bool: if let literal = field.kind.literal(enums: state.enums, &random) { return literal }
            case .string: return YAMLText.quoted(random.pick(["", "a", "it's", "émoji 😀"]))
            case let .object(name): if let values = state.enums[name] { return YAMLText.quoted(random.pick(values)) }
            default: break
            }
        }
        return "$" + parameter(NameCase.lowerCamel(field.name), field.kind)
    }
}

/// Names a predicate writes in backticks: its own keywords.
enum FieldNames {
    static let keywords: Set<String> = ["and", "or", "not", "in", "contains", "any", "true", "false", "null"]
}
