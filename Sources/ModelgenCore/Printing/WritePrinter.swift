/// Prints the model's typed writes: for every collection a create, an update and a delete, each
/// returning the store's write for the model's `commit`. What each holds is decided here, once —
/// which fields are parameters, what the server sets, the documents' paths and the doc comments;
/// the language's ``WriteSpelling`` writes the methods.
struct WritePrinter {
    let spelling: any WriteSpelling
    /// The model's writes, as the language names their types.
    let writes: [WriteDefinition]
    /// The model's type, as the language names it.
    let modelType: String

    private var expressions: Expressions { Expressions(spelling: spelling) }

    /// The write methods of every collection, then `commit`.
    func methods() -> [[String]] {
        guard !writes.isEmpty else { return [] }
        return writes.map { write in
            switch write.kind {
            case .create: spelling.create(printed(write))
            case .update, .merge: spelling.update(printed(write))
            case .delete: spelling.delete(printed(write))
            }
        } + [spelling.commit(doc: spelling.docComments.lines(Self.commitDoc), listDoc: spelling.docComments.lines(Self.commitListDoc))]
            + writes.filter { $0.kind == .create && Self.hasRules($0.collection) }.map { write in
                let doc = "The schema's constraints on the fields of \(article(write.collection)), which its writes check."
                return spelling.rules(name: rulesName(write.collection), doc: spelling.docComments.lines(doc), calls: rules(write.collection))
            }
    }

    /// Whether a field of the collection declares constraints.
    private static func hasRules(_ collection: CollectionDefinition) -> Bool {
        collection.fields.contains { !$0.constraints.isEmpty }
    }

    private func rulesName(_ collection: CollectionDefinition) -> String {
        spelling.memberName(NameCase.lowerCamel(collection.name) + "Rules")
    }

    /// The collection's declared constraints as calls of the runtime's `FieldRule` factories.
    private func rules(_ collection: CollectionDefinition) -> [String] {
        collection.fields.flatMap { field -> [String] in
            let rules = field.constraints, type = field.type.nonOptional
            let bound = { (value: Double?) in
                value.map { spelling.queries.values.spell(type == .int ? .int(Int64($0)) : .double($0), as: type, strings: spelling.strings) } ?? spelling.literals.null
            }
            let size = { (value: Int?) in value.map(String.init) ?? spelling.literals.null }
            var calls: [(String, [String])] = []
            if rules.min != nil || rules.max != nil { calls.append(("range", [bound(rules.min), bound(rules.max)])) }
            if rules.minLength != nil || rules.maxLength != nil { calls.append(("length", [size(rules.minLength), size(rules.maxLength)])) }
            if rules.minItems != nil || rules.maxItems != nil { calls.append(("items", [size(rules.minItems), size(rules.maxItems)])) }
            if let values = rules.values { calls.append(("oneOf", [spelling.list(values.map(spelling.strings.quoted))])) }
            return calls.map { kind, arguments in
                let labels = !spelling.ruleLabels ? ["", "", ""] : ["key: "] + (kind == "oneOf" ? [""] : ["min: ", "max: "])
                let all = [spelling.strings.quoted(field.key)] + arguments
                let labelled = zip(labels, all).map { $0 + $1 }
                return spelling.ruleFactory.filling(["kind": kind]) + "(" + ([spelling.strings.quoted(field.name)] + labelled).joined(separator: ", ") + ")"
            }
        }
    }

    static let commitDoc = "Applies `writes` (from the create, update and delete methods) in order, atomically: all or none."
    static let commitListDoc = "Applies the list `writes`, of any length, in order, atomically: all or none."

    private func printed(_ write: WriteDefinition) -> CollectionWrite {
        let collection = write.collection
        let place = "\(article(collection)) in `\(collection.pathText)`"
        let summary = switch write.kind {
        case .create: "A write creating \(place), with a new id unless `id` is given."
        case .update: "A write changing the given fields of \(place), keeping the others."
        case .merge: "A write setting the given fields of \(place), creating it if there is none and keeping its other fields."
        case .delete: "A write deleting \(place), if there is one."
        }
        var details: [String] = []
        if !write.pathFields.isEmpty {
            details.append("\(names(write.pathFields)) \(write.pathFields.count == 1 ? "stores" : "store") the path's parameter of that name.")
        }
        if !write.serverSet.isEmpty { details.append("\(names(write.serverSet)) \(write.serverSet.count == 1 ? "is" : "are") set by the server.") }
        let option = { (option: WriteDefinition.Precondition) in "`\(spelling.variableName(option.rawValue))`" }
        let transaction = "(on Firestore, a transaction: it needs the server)"
        let unchanged = "with \(option(.unchangedSince)), if the document no longer reads as that value \(transaction)."
        switch write.kind {
        case .create:
            details.append("Commit it with `\(spelling.memberName("commit"))`; its path ends with the new document's id.")
            details.append("With \(option(.mustNotExist)) it only creates: committing it fails if the document exists \(transaction).")
        case .update: details.append("Committing it fails if there is no such document, or, \(unchanged)")
        case .merge: details.append("As Firestore's set with merge, a map is merged key by key.")
        case .delete: details.append("With \(option(.mustExist)), committing it fails if there is none; \(unchanged)")
        }
        let doc = details.isEmpty ? summary : summary + "\n\n" + details.joined(separator: " ")
        return CollectionWrite(
            doc: spelling.docComments.lines(doc), name: spelling.memberName(write.name), kind: write.kind, type: collection.name, model: modelType,
            rules: write.kind == .delete || !Self.hasRules(collection) ? nil : rulesName(collection),
            pathParameters: collection.pathParameters.map { spelling.variableName($0.name) },
            path: expressions.path(collection.path, appending: [spelling.variableName("id")]),
            fields: write.fields, serverSet: write.serverSet, pathFields: write.pathFields,
            nested: write.nested.map { (name: $0.name, type: $0.type) },
            changes: changes(write)
        )
    }

    /// An update's or a merge's changes, in order: each field's and each field's inside an
    /// embedded value that the caller gives, the path parameters' values, the server's time.
    private func changes(_ write: WriteDefinition) -> [UpdateChange] {
        guard write.kind == .update || write.kind == .merge else { return [] }
        let given = { (path: String, name: String, type: FieldType) in UpdateChange(path: path, source: .parameter(spelling.variableName(name)), type: type) }
        return write.fields.map { given(spelling.storeField($0), $0.name, $0.type) }
            + write.nested.map { given(expressions.storeField($0.path), $0.name, $0.type) }
            + write.pathFields.map { UpdateChange(path: spelling.storeField($0), source: .pathValue(spelling.variableName($0.name)), type: $0.type) }
            + write.serverSet.map { UpdateChange(path: spelling.storeField($0), source: .serverTimestamp, type: .optional(.timestamp)) }
    }

    private func article(_ collection: CollectionDefinition) -> String {
        spelling.linkWithArticle(collection.name)
    }

    /// `createdAt`, `createdAt` and `updatedAt`.
    private func names(_ fields: [Field]) -> String {
        let names = fields.map { "`\(spelling.memberName($0.name))`" }
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}

/// One typed write of a collection, for its language to print: the method's doc and name, the
/// document type, the path's parameters (spelled) and the path (with the `id` variable), the
/// fields it takes and those the server sets.
struct CollectionWrite {
    var doc: [String]
    var name: String
    var kind: WriteDefinition.Kind
    var type: String
    /// The model's type, and the member holding the collection's rules where it has any.
    var model: String
    var rules: String?
    var pathParameters: [String]
    var path: String
    var fields: [Field]
    var serverSet: [Field]
    /// Fields that store the path parameter of their name.
    var pathFields: [Field]
    /// An update's fields inside embedded values: each its parameter's name and its type.
    var nested: [(name: String, type: FieldType)] = []
    /// An update's or a merge's changes.
    var changes: [UpdateChange] = []
}

/// How a language spells an update's or a merge's changes: an entry of its list (`$path`,
/// `$change`, and `$codec`, the runtime's codec of the field's type, in languages that have
/// one), the change a parameter named `%` gives, and the server's time as a change.
struct UpdateChangeSpelling {
    var entry: String
    var given: String
    var serverTimestamp = "FieldChange.serverTimestamp"
}

/// One change an update or a merge makes: at a store field path (spelled), the change a
/// parameter gives, a path parameter's value, or the server's time.
struct UpdateChange {
    enum Source {
        case parameter(String), pathValue(String), serverTimestamp
    }

    var path: String
    var source: Source
    var type: FieldType
}

/// The transforms an update may apply to a field of `type`, besides setting it.
enum FieldChanges: Equatable {
    case delete, serverTimestamp, increment
    /// Adding and removing elements of a list of `element`.
    case array(element: FieldType)
    /// Changing some keys of a map of `element`.
    case keys(element: FieldType)

    static func of(_ type: FieldType) -> [FieldChanges] {
        var changes: [FieldChanges] = type.isOptional ? [.delete] : []
        switch type.nonOptional {
        case .timestamp where type.isOptional: changes.append(.serverTimestamp)
        case .int, .double: changes.append(.increment)
        case let .array(element): changes.append(.array(element: element))
        case let .map(element): changes.append(.keys(element: element))
        default: break
        }
        return changes
    }
}

/// How a language writes the model's typed writes and its `commit`.
protocol WriteSpelling: Spelling {
    func create(_ write: CollectionWrite) -> [String]
    /// An update, or a merge: the same changes, made by the runtime's update or merge.
    func update(_ write: CollectionWrite) -> [String]
    func delete(_ write: CollectionWrite) -> [String]
    func commit(doc: [String], listDoc: [String]) -> [String]
    /// A collection's rules, `calls` of the runtime's factories, as a member of the model named `name`.
    func rules(name: String, doc: [String], calls: [String]) -> [String]
    /// A rule factory's call: `.$kind`, `FieldRule.$kind`; whether its arguments are labelled.
    var ruleFactory: String { get }
    var ruleLabels: Bool { get }
    /// A create's last parameter: `id`, a new one by default.
    var newIDParameter: String { get }
    /// How an update's or a merge's list spells its changes.
    var updateChanges: UpdateChangeSpelling { get }
    /// The type of an update's change of a field of `type`: `FieldChange<Int>`.
    func changeType(_ type: FieldType) -> String
    /// A declared write's method, returning the runtime's `written` stream.
    func declaredWrite(_ write: PrintedDeclaredWrite) -> [String]
}

extension WriteSpelling {
    /// `a Message`, `an Item`, `a User`: a link to the type `name`, with its article.
    func linkWithArticle(_ name: String) -> String {
        let type = typeName(name)
        return EnglishArticle.of(type) + " " + syntax.docLink.filling(type)
    }

    /// A create's default for a field: its schema default, or null for an optional field.
    func createDefault(_ field: Field) -> String? {
        if let value = field.defaultValue { return literal(value, as: field.type) }
        return field.type.isOptional ? literals.null : nil
    }

    /// The write's changes, each an entry of the list its update or merge takes.
    func updateEntries(_ write: CollectionWrite) -> [[String]] {
        write.changes.map { change in
            let value = switch change.source {
            case let .parameter(name): updateChanges.given.filling(name)
            case let .pathValue(name): "FieldChange.set(\(name))"
            case .serverTimestamp: updateChanges.serverTimestamp
            }
            let codec = (self as? any RuntimeCodecs)?.codec(change.type) ?? ""
            return [updateChanges.entry.filling(["path": change.path, "change": value, "codec": codec])]
        }
    }

    /// A top-level stored field as a store field path: `["like_count"]`, `FieldPath.of("like_count")`.
    func storeField(_ field: Field) -> String {
        queries.field.filling(strings.quoted(field.key))
    }
}
