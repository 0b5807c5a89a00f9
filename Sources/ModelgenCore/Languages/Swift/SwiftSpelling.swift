/// How Swift spells what every language prints alike: names, types and literals, store queries
/// over ModelgenRuntime, and stream methods returning Combine publishers.
struct SwiftSpelling: Spelling {
    func typeName(_ name: String) -> String { SwiftNames.identifier(name) }
    func memberName(_ name: String) -> String { SwiftNames.identifier(name) }
    func variableName(_ name: String) -> String { SwiftNames.identifier(name) }
    func argumentLabel(_ name: String) -> String? { SwiftNames.argumentLabel(name) }

    let types = TypeTable(
        string: "String", int: "Int", double: "Double", bool: "Bool", timestamp: "Timestamp",
        array: "[%]", map: "[String: %]", optional: "%?"
    )

    /// Swift's literals take the type they are used as: `0` is a `Double` where one is expected.
    let literals = LiteralTable(null: "nil", emptyList: "[]", emptyMap: "[:]", number: Self.double)

    /// A double literal that reads as one: `1.0`, `0.25`, `1e+300`.
    static func double(_ value: Double) -> String {
        let text = "\(value)"
        return text.contains(where: { ".e".contains($0) }) ? text : text + ".0"
    }

    func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
    let strings = StringLiteralStyle(extraEscapes: ["\0": "\\0"], codePoint: StringLiteralStyle.bracedCodePoint)
    let docComments = DocCommentStyle.slashes
    func docLink(_ typeName: String) -> String { "``\(typeName)``" }
    let indent = "    "
    let selfReference = "self"
    let qualifiesEveryMember = false

    // MARK: Store queries: ModelgenRuntime's `StoreQuery`, whose values are literals.

    func storeField(keys: [String]) -> String { list(keys) }
    let storeDocumentID = ".documentID"
    var storedLiterals: LiteralTable { literals }
    func storeValue(variable: String, type: FieldType) -> String { "\(variable).documentValue" }
    func storeList(_ items: [String]) -> String { list(items) }

    func storeComparison(field: String, op: ComparisonOperator, value: String) -> String {
        ".compare(\(field), .\(Self.storeOperators[op]!), \(value))"
    }

    private static let storeOperators: [ComparisonOperator: String] = [
        .equal: "equal", .notEqual: "notEqual", .less: "less", .lessOrEqual: "lessOrEqual",
        .greater: "greater", .greaterOrEqual: "greaterOrEqual", .isIn: "isIn", .contains: "arrayContains",
    ]

    func storeJunction(and: Bool) -> (open: String, close: String) { (and ? ".and([" : ".or([", "])") }
    func orderKey(field: String, descending: Bool) -> String { ".\(descending ? "descending" : "ascending")(\(field))" }

    func storeQuery(_ parts: [(label: String, lines: [String])]) -> [String] {
        Lines.list("StoreQuery(", parts.map { Lines.prefixing("\($0.label): ", to: $0.lines) }, ")", indent: indent)
    }

    // MARK: Stream methods: `AnyPublisher`s built by ModelgenRuntime.

    func emission(_ output: StreamOutput) -> String {
        switch output {
        case let .list(element): type(.array(.object(element)))
        case let .document(type): self.type(.optional(.object(type)))
        case .count: "Int"
        }
    }

    func closure(row: String, type: String, body: String) -> String { "{ \(row) in \(body) }" }
    let implicitRow: String? = "$0"
    func keyClosure(row: String, type: String, body: String) -> String { "{ \(body) }" }

    func method(doc: [String], name: String, parameters: [String], emission: String, body: [String]) -> [String] {
        Lines.indented(doc, by: indent)
            + ["    public func \(name)(\(parameters.joined(separator: ", "))) -> AnyPublisher<\(emission), any Error> {"]
            + Lines.indented(body, by: indent + indent) + ["    }"]
    }

    func documentStream(_ members: ModelMembers, path: String, type: String) -> [String] {
        Lines.list("DocumentStream.publisher(", [["store: \(members.store)"], ["path: \(path)"]] + tail(members), ")", indent: indent)
    }

    func queryStream(_ members: ModelMembers, query: [String], type: String) -> [String] {
        Lines.list("CollectionStream.publisher(", [["store: \(members.store)"], Lines.prefixing("query: ", to: query)] + tail(members), ")", indent: indent)
    }

    func queryCount(_ members: ModelMembers, query: [String], type: String, predicate: String?) -> [String] {
        let arguments = [["of: \(type).self"], ["store: \(members.store)"], Lines.prefixing("query: ", to: query)] + tail(members)
        let call = Lines.list("CollectionStream.count(", arguments, ")", indent: indent)
        return predicate.map { Lines.appending(" \($0)", to: call) } ?? call
    }

    /// The arguments every stream built from the store ends with.
    private func tail(_ members: ModelMembers) -> [[String]] {
        [["scheduler: \(members.scheduler)"], ["onDecodeFailure: \(members.onDecodeFailure)"]]
    }

    func rowOperator(_ name: String, on input: String, closure: String?) -> [String] {
        [input, "\(indent).\(name)" + (closure.map { " \($0)" } ?? "()")]
    }

    func join(_ join: JoinParts) -> [String] {
        let method = join.inner ? "innerJoin" : "leftJoin"
        return [
            join.left,
            "\(indent).\(method)(\(join.right), on: \(join.leftKey), equals: \(join.rightKey), into: \(typeName(join.row.name)).init)",
        ]
    }
}
