import Foundation
import Yams

/// Reading `types:` and `collections:`: embedded types and string enums, collections, and the
/// fields of both, with their types and constraints.
extension YAMLNodeReader {
    /// An embedded type: a mapping of fields, or `{ doc: …, fields: … }`; or a string enum: a
    /// list of values, or `{ doc: …, values: … }`.
    mutating func readObject(name: Located<String>, node: Node) -> ObjectSyntax? {
        if case .sequence = node { return readEnum(name: name, values: node, doc: nil) }
        guard let entries = mapping(node, "type '\(name.value)'") else { return nil }
        let keys = Set(entries.map(\.key.value))
        if keys.isSuperset(of: ["fields", "values"]) {
            diagnostics.error("type '\(name.value)' has both 'fields' and 'values'; an embedded type has fields, a string enum values", at: name.location)
            return nil
        }
        if keys.contains("values"), keys.isSubset(of: ["values", "doc", "rename"]) {
            let doc = entries.first { $0.key.value == "doc" }.flatMap { string($0.value, "'doc'")?.value }
            var object = readEnum(name: name, values: entries.first { $0.key.value == "values" }!.value, doc: doc)
            object?.renames = entries.first { $0.key.value == "rename" }.map { readRenames($0.value) } ?? []
            return object
        }
        if keys.contains("fields"), keys.isSubset(of: ["fields", "doc", "rename"]) {
            let doc = entries.first { $0.key.value == "doc" }.flatMap { string($0.value, "'doc'")?.value }
            let fields = entries.first { $0.key.value == "fields" }.map { readFields($0.value, owner: name.value) } ?? []
            var object = ObjectSyntax(name: name, doc: doc, fields: fields)
            object.renames = entries.first { $0.key.value == "rename" }.map { readRenames($0.value) } ?? []
            return object
        }
        return ObjectSyntax(name: name, doc: nil, fields: readFields(entries, owner: name.value))
    }

    /// A string enum's values: a list of strings, at least one.
    mutating func readEnum(name: Located<String>, values node: Node, doc: String?) -> ObjectSyntax? {
        guard case let .sequence(items) = node else {
            error("the values of enum '\(name.value)' must be a list of strings, like '[open, closed]', found \(describe(node))", at: node)
            return nil
        }
        guard !items.isEmpty else {
            error("enum '\(name.value)' has no values; a string enum needs at least one", at: node)
            return nil
        }
        let values = items.compactMap { string($0, "a value of enum '\(name.value)'") }
        guard values.count == items.count else { return nil }
        var object = ObjectSyntax(name: name, doc: doc, fields: [])
        object.values = values
        return object
    }

    mutating func readCollection(name: Located<String>, node: Node) -> CollectionSyntax? {
        guard let entries = mapping(node, "collection '\(name.value)'") else { return nil }
        rejectUnknownKeys(entries, allowed: ["path", "doc", "fields", "orderBy", "rename", "access"], in: "collection '\(name.value)'")
        let value = { (key: String) in entries.first { $0.key.value == key }?.value }
        guard let pathNode = value("path") else {
            diagnostics.error("collection '\(name.value)' is missing 'path', its Firestore collection path", at: name.location)
            return nil
        }
        guard let path = string(pathNode, "'path'") else { return nil }
        let doc = value("doc").flatMap { string($0, "'doc'")?.value }
        let fields = value("fields").map { readFields($0, owner: name.value) } ?? []
        let orderBy = value("orderBy").map { readOrderBy($0) } ?? []
        var object = ObjectSyntax(name: name, doc: doc, fields: fields)
        object.renames = value("rename").map { readRenames($0) } ?? []
        var collection = CollectionSyntax(object: object, path: path, pathLocator: locator(for: pathNode), orderBy: orderBy)
        collection.access = entries.first { $0.key.value == "access" }.flatMap { readAccess($0.value, at: $0.key.location, of: name.value) }
        return collection
    }

    /// `rename: { swift: TodoTask }`: a type's name in some languages.
    mutating func readRenames(_ node: Node) -> [(language: Located<String>, name: Located<String>)] {
        guard let entries = mapping(node, "'rename'") else { return [] }
        return entries.compactMap { entry in string(entry.value, "a name").map { (entry.key, $0) } }
    }

    mutating func readFields(_ node: Node, owner: String) -> [FieldSyntax] {
        guard let entries = mapping(node, "the fields of '\(owner)'") else { return [] }
        return readFields(entries, owner: owner)
    }

    mutating func readFields(_ entries: [(key: Located<String>, value: Node)], owner: String) -> [FieldSyntax] {
        entries.compactMap { entry in
            readField(name: entry.key, node: entry.value) ?? skip { $0.fields[owner, default: []].insert(entry.key.value) }
        }
    }

    /// `name: type`, `name: [T]`, or `name: { type: …, key: …, default: …, doc: … }`.
    mutating func readField(name: Located<String>, node: Node) -> FieldSyntax? {
        guard case .mapping = node else {
            return readType(node).map { FieldSyntax(name: name, type: $0) }
        }
        guard let entries = mapping(node, "field '\(name.value)'") else { return nil }
        rejectUnknownKeys(entries, allowed: ["type", "key", "default", "doc", "serverTimestamp"] + FieldConstraints.rules, in: "field '\(name.value)'")
        let value = { (key: String) in entries.first { $0.key.value == key }?.value }
        guard let typeNode = value("type") else {
            diagnostics.error("field '\(name.value)' is missing 'type'", at: name.location)
            return nil
        }
        guard let type = readType(typeNode) else { return nil }
        var field = FieldSyntax(name: name, type: type)
        field.key = value("key").flatMap { string($0, "'key'") }
        field.doc = value("doc").flatMap { string($0, "'doc'")?.value }
        if let defaultNode = value("default") {
            guard let literal = literal(defaultNode) else {
                error("'default' must be a single value, an empty list or an empty mapping, found \(describe(defaultNode))", at: defaultNode)
                return nil
            }
            field.defaultValue = Located(literal, at: location(defaultNode))
        }
        if let timing = value("serverTimestamp") {
            let items: [Node] = if case let .sequence(sequence) = timing { Array(sequence) } else { [timing] }
            field.serverTimestamp = items.compactMap { string($0, "'serverTimestamp'") }
        }
        field.constraints = entries.filter { FieldConstraints.rules.contains($0.key.value) }.compactMap { readConstraint($0.key, $0.value) }
        return field
    }

    /// A constraint's value: a number, or for `values` a list of strings.
    mutating func readConstraint(_ rule: Located<String>, _ node: Node) -> ConstraintSyntax? {
        if rule.value == "values" {
            guard case let .sequence(items) = node else {
                error("'values' must be a list of strings, found \(describe(node))", at: node)
                return nil
            }
            let strings = items.compactMap { string($0, "an item of 'values'")?.value }
            return strings.count == items.count ? ConstraintSyntax(rule: rule, value: Located(.strings(strings), at: location(node))) : nil
        }
        switch literal(node) {
        case let number? where number.isNumber:
            return ConstraintSyntax(rule: rule, value: Located(.number(number), at: location(node)))
        default:
            error("'\(rule.value)' must be a number, found \(describe(node))", at: node)
            return nil
        }
    }

    /// A type spelled as a string, or as a one-element YAML list for an array (`[Attachment]`).
    mutating func readType(_ node: Node) -> Located<TypeSyntax>? {
        switch node {
        case .scalar:
            do {
                return Located(try TypeSyntaxParser.parse(node.scalar!.string, locator: locator(for: node)), at: location(node))
            } catch {
                diagnostics.append(error)
                return nil
            }
        case let .sequence(sequence) where sequence.count == 1:
            return readType(sequence[0]).map { Located(.array($0.value), at: location(node)) }
        case .sequence:
            self.error("an array type is written with one element type, like '[string]'", at: node)
            return nil
        default:
            self.error("a field type must be a type name like 'string' or '[Attachment]', found \(describe(node))", at: node)
            return nil
        }
    }
}
