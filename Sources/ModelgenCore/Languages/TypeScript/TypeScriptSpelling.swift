/// How TypeScript spells what every language prints alike: names, types and literals, store
/// queries over the TypeScript runtime, and stream methods returning RxJS `Observable`s.
struct TypeScriptSpelling: Spelling {
    func typeName(_ name: String) -> String { TypeScriptNames.type(name) }
    func memberName(_ name: String) -> String { TypeScriptNames.property(name) }
    func variableName(_ name: String) -> String { TypeScriptNames.variable(name) }
    func argumentLabel(_ name: String) -> String? { nil }

    /// Parentheses where `T[]` would bind wrongly: `readonly (string | null)[]`.
    let types = TypeTable(
        string: "string", int: "number", double: "number", bool: "boolean", timestamp: "Timestamp",
        array: "readonly %[]", arrayOfOptionals: "readonly (%)[]", map: "ReadonlyMap<string, %>", optional: "% | null"
    )

    /// The runtime's codecs for values of a type: `Codecs.list(Attachment)`.
    let codecs = TypeTable(
        string: "Codecs.string", int: "Codecs.int", double: "Codecs.double", bool: "Codecs.bool", timestamp: "Codecs.timestamp",
        array: "Codecs.list(%)", map: "Codecs.map(%)", optional: "Codecs.optional(%)"
    )

    func codec(_ type: FieldType) -> String { codecs.spell(type, typeName: typeName) }

    let literals = LiteralTable(null: "null", emptyList: "[]", emptyMap: "new Map()", number: Self.number)

    /// A number literal: `1`, `0.25`, `1e+300`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))" : "\(value)"
    }

    func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
    let strings = StringLiteralStyle(codePoint: StringLiteralStyle.fourDigitCodePoint)
    let docComments = DocCommentStyle.block
    func docLink(_ typeName: String) -> String { "{@link \(typeName)}" }
    let indent = "  "
    let selfReference = "this"
    let qualifiesEveryMember = true

    // MARK: Store queries: the runtime's query objects, whose values are `DocumentValue`s.

    func storeField(keys: [String]) -> String { list(keys) }
    let storeDocumentID = "FieldPath.documentID"

    let storedLiterals = LiteralTable(
        null: "DocumentValue.null", bool: "DocumentValue.bool(%)", int: "DocumentValue.int(%)",
        double: "DocumentValue.double(%)", string: "DocumentValue.string(%)",
        emptyList: "DocumentValue.array([])", emptyMap: "DocumentValue.map(new Map())", number: Self.number
    )

    func storeValue(variable: String, type: FieldType) -> String { "\(codec(type)).encode(\(variable))" }
    func storeList(_ items: [String]) -> String { "DocumentValue.array(\(list(items)))" }

    func storeComparison(field: String, op: ComparisonOperator, value: String) -> String {
        "QueryFilter.compare(\(field), \(strings.quoted(Self.storeOperators[op]!)), \(value))"
    }

    /// Firestore's own operator names.
    private static let storeOperators: [ComparisonOperator: String] = [
        .equal: "==", .notEqual: "!=", .less: "<", .lessOrEqual: "<=", .greater: ">", .greaterOrEqual: ">=",
        .isIn: "in", .contains: "array-contains",
    ]

    func storeJunction(and: Bool) -> (open: String, close: String) { ("QueryFilter.\(and ? "and" : "or")(", ")") }
    func orderKey(field: String, descending: Bool) -> String { "QueryOrder.\(descending ? "descending" : "ascending")(\(field))" }

    func storeQuery(_ parts: [(label: String, lines: [String])]) -> [String] {
        Lines.list("{", parts.map { Lines.prefixing("\($0.label): ", to: $0.lines) }, "}", indent: indent, trailingCommas: true)
    }

    // MARK: Stream methods: `Observable`s built by the runtime.

    func emission(_ output: StreamOutput) -> String {
        switch output {
        case let .list(element): type(.array(.object(element)))
        case let .document(type): self.type(.optional(.object(type)))
        case .count: "number"
        }
    }

    func closure(row: String, type: String, body: String) -> String { "(\(row): \(type)) => \(body)" }
    let implicitRow: String? = nil
    func keyClosure(row: String, type: String, body: String) -> String { closure(row: row, type: type, body: body) }

    func method(doc: [String], name: String, parameters: [String], emission: String, body: [String]) -> [String] {
        Lines.indented(doc, by: indent)
            + ["  \(name)(\(parameters.joined(separator: ", "))): Observable<\(emission)> {"]
            + Lines.indented(body, by: indent + indent) + ["  }"]
    }

    func documentStream(_ members: ModelMembers, path: String, type: String) -> [String] {
        ["return documentStream(\(members.store), \(path), \(type), \(members.scheduler), \(members.onDecodeFailure));"]
    }

    func queryStream(_ members: ModelMembers, query: [String], type: String) -> [String] {
        Lines.list("return collectionStream(", arguments(members, query: query, type: type), ");", indent: indent, trailingCommas: true)
    }

    func queryCount(_ members: ModelMembers, query: [String], type: String, predicate: String?) -> [String] {
        let arguments = arguments(members, query: query, type: type) + (predicate.map { [[$0]] } ?? [])
        return Lines.list("return countStream(", arguments, ");", indent: indent, trailingCommas: true)
    }

    private func arguments(_ members: ModelMembers, query: [String], type: String) -> [[String]] {
        [[members.store], query, [type], [members.scheduler], [members.onDecodeFailure]]
    }

    func rowOperator(_ name: String, on input: String, closure: String?) -> [String] {
        ["return \(input).pipe(\(name)(\(closure ?? "")));"]
    }

    /// The join's row is an object literal: `(message, owner) => ({ message, owner })`.
    func join(_ join: JoinParts) -> [String] {
        let sides = [join.row.left, join.row.right].map { field in
            (property: memberName(field.name), variable: variableName(field.name))
        }
        let entries = sides.map { $0.property == $0.variable ? $0.variable : "\($0.property): \($0.variable)" }
        let row = "(\(sides[0].variable), \(sides[1].variable)) => ({ \(entries.joined(separator: ", ")) })"
        let call = Lines.list("\(join.inner ? "innerJoin" : "leftJoin")(", [[join.right], [join.leftKey], [join.rightKey], [row]], ")", indent: indent, trailingCommas: true)
        return Lines.list("return \(join.left).pipe(", [call], ");", indent: indent, trailingCommas: true)
    }
}
