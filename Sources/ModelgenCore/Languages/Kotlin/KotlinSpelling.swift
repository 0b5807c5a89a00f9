/// How Kotlin spells what every language prints alike: names, types and literals, store queries
/// over the Kotlin runtime, and stream methods returning RxJava `Observable`s.
struct KotlinSpelling: Spelling {
    func typeName(_ name: String) -> String { KotlinNames.identifier(name) }
    func memberName(_ name: String) -> String { KotlinNames.identifier(name) }
    func variableName(_ name: String) -> String { KotlinNames.identifier(name) }
    func argumentLabel(_ name: String) -> String? { nil }

    let types = TypeTable(
        string: "String", int: "Long", double: "Double", bool: "Boolean", timestamp: "Timestamp",
        array: "List<%>", map: "Map<String, %>", optional: "%?"
    )

    /// The runtime's codecs for values of a type: `Codecs.list(Attachment)`.
    let codecs = TypeTable(
        string: "Codecs.string", int: "Codecs.long", double: "Codecs.double", bool: "Codecs.bool", timestamp: "Codecs.timestamp",
        array: "Codecs.list(%)", map: "Codecs.map(%)", optional: "Codecs.optional(%)"
    )

    func codec(_ type: FieldType) -> String { codecs.spell(type, typeName: typeName) }

    /// Kotlin's number literals carry their type: `0L` for a `Long`, `0.0` for a `Double`.
    let literals = LiteralTable(null: "null", int: "%L", intAsDouble: "%.0", emptyList: "emptyList()", emptyMap: "emptyMap()", number: Self.double)

    /// A double literal that reads as one: `1.0`, `0.25`, `1e300` (Kotlin takes no `+` in an exponent).
    static func double(_ value: Double) -> String {
        let text = "\(value)"
        return text.contains(where: { ".e".contains($0) }) ? text.replacingOccurrences(of: "e+", with: "e") : text + ".0"
    }

    func list(_ items: [String]) -> String { "listOf(" + items.joined(separator: ", ") + ")" }
    /// `$` is escaped so that it never starts a string template.
    let strings = StringLiteralStyle(extraEscapes: ["$": "\\$"], codePoint: StringLiteralStyle.fourDigitCodePoint)
    let docComments = DocCommentStyle.block
    func docLink(_ typeName: String) -> String { "[\(typeName)]" }
    let indent = "    "
    let selfReference = "this"
    let qualifiesEveryMember = false

    // MARK: Store queries: the runtime's `StoreQuery`, whose values are `DocumentValue`s.

    func storeField(keys: [String]) -> String { "FieldPath.of(" + keys.joined(separator: ", ") + ")" }
    let storeDocumentID = "FieldPath.documentID"

    let storedLiterals = LiteralTable(
        null: "DocumentValue.Null", bool: "DocumentValue.BoolValue(%)", int: "DocumentValue.IntValue(%L)",
        double: "DocumentValue.DoubleValue(%)", string: "DocumentValue.StringValue(%)",
        emptyList: "DocumentValue.ArrayValue(emptyList())", emptyMap: "DocumentValue.MapValue(emptyMap())", number: Self.double
    )

    func storeValue(variable: String, type: FieldType) -> String { "\(codec(type)).encode(\(variable))" }
    func storeList(_ items: [String]) -> String { "DocumentValue.ArrayValue(\(list(items)))" }

    func storeComparison(field: String, op: ComparisonOperator, value: String) -> String {
        "QueryFilter.Compare(\(field), QueryOperator.\(Self.storeOperators[op]!), \(value))"
    }

    private static let storeOperators: [ComparisonOperator: String] = [
        .equal: "EQUAL", .notEqual: "NOT_EQUAL", .less: "LESS", .lessOrEqual: "LESS_OR_EQUAL",
        .greater: "GREATER", .greaterOrEqual: "GREATER_OR_EQUAL", .isIn: "IN", .contains: "ARRAY_CONTAINS",
    ]

    func storeJunction(and: Bool) -> (open: String, close: String) { ("QueryFilter.\(and ? "And" : "Or")(listOf(", "))") }
    func orderKey(field: String, descending: Bool) -> String { "QueryOrder.\(descending ? "descending" : "ascending")(\(field))" }

    func storeQuery(_ parts: [(label: String, lines: [String])]) -> [String] {
        Lines.list("StoreQuery(", parts.map { Lines.prefixing("\($0.label) = ", to: $0.lines) }, ")", indent: indent)
    }

    // MARK: Stream methods: `Observable`s built by the runtime.

    func emission(_ output: StreamOutput) -> String {
        switch output {
        case let .list(element): type(.array(.object(element)))
        // RxJava emits no nulls: a document that may not exist is an `Optional`.
        case let .document(type): "Optional<\(typeName(type))>"
        case .count: "Int"
        }
    }

    func closure(row: String, type: String, body: String) -> String { "{ \(row) -> \(body) }" }
    let implicitRow: String? = "it"
    func keyClosure(row: String, type: String, body: String) -> String { "{ \(body) }" }

    func method(doc: [String], name: String, parameters: [String], emission: String, body: [String]) -> [String] {
        Lines.indented(doc, by: indent)
            + ["    fun \(name)(\(parameters.joined(separator: ", "))): Observable<\(emission)> ="]
            + Lines.indented(body, by: indent + indent)
    }

    func documentStream(_ members: ModelMembers, path: String, type: String) -> [String] {
        ["DocumentStream.observe(\(members.store), \(path), \(type), \(members.scheduler), \(members.onDecodeFailure))"]
    }

    func queryStream(_ members: ModelMembers, query: [String], type: String) -> [String] {
        Lines.list("CollectionStream.observe(", arguments(members, query: query, type: type), ")", indent: indent)
    }

    func queryCount(_ members: ModelMembers, query: [String], type: String, predicate: String?) -> [String] {
        let call = Lines.list("CollectionStream.count(", arguments(members, query: query, type: type), ")", indent: indent)
        return predicate.map { Lines.appending(" \($0)", to: call) } ?? call
    }

    private func arguments(_ members: ModelMembers, query: [String], type: String) -> [[String]] {
        [[members.store], query, [type], [members.scheduler], [members.onDecodeFailure]]
    }

    func rowOperator(_ name: String, on input: String, closure: String?) -> [String] {
        ["\(input).\(name)" + (closure.map { " \($0)" } ?? "()")]
    }

    func join(_ join: JoinParts) -> [String] {
        let arguments = [[join.right], [join.leftKey], [join.rightKey], ["::\(typeName(join.row.name))"]]
        return Lines.list("\(join.left).\(join.inner ? "innerJoin" : "leftJoin")(", arguments, ")", indent: indent)
    }
}
