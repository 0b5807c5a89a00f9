/// The Swift declarations: a struct per type with its codec and contract equality, a struct per
/// join row, and the model class.
extension SwiftLanguage {
    private var swift: SwiftSpelling { SwiftSpelling() }

    func type(_ type: DeclaredType) -> [String] {
        let name = swift.typeName(type.name)
        let stored = type.fields.filter { !$0.isDocumentID }
        let (protocols, codable, initializer, encoder) = type.isCollection
            ? ("Identifiable, Sendable", "DocumentCodable", "init(id: String, data: DocumentData)", "var documentData: DocumentData")
            : ("Sendable", "FieldCodable", "init(documentValue: DocumentValue)", "var documentValue: DocumentValue")
        let reader = type.isCollection ? "FieldReader(data)" : "try FieldReader(documentValue)"
        let entries = stored.map { "\(swift.strings.quoted($0.key)): \(swift.memberName($0.name)).documentValue," }
        let encoded = type.isCollection
            ? (entries.isEmpty ? ["[:]"] : ["["] + Lines.indented(entries, by: swift.indent) + ["]"])
            : [".map(["] + Lines.indented(entries, by: swift.indent) + ["])"]
        return swift.docComments.lines(type.doc) + structure(name, protocols: protocols, fields: type.fields) + [
            "",
            "extension \(name): \(codable) {",
            "    public \(initializer) throws(DocumentDecodingError) {",
        ] + (stored.isEmpty ? [] : ["        let fields = \(reader)"]) + [
            "        self.init(",
        ] + Lines.indented(Lines.separated(type.fields.map(decodeArgument)), by: "            ") + [
            "        )",
            "    }",
            "",
            "    public \(encoder) {",
        ] + Lines.indented(encoded, by: "        ") + [
            "    }",
            "}",
            "",
        ] + equality(name, fields: type.fields)
    }

    /// The struct: stored properties and a memberwise initializer with the fields' defaults.
    private func structure(_ name: String, protocols: String, fields: [Field]) -> [String] {
        let parameters = fields.map { field in
            let declaration = "\(swift.variableName(field.name)): \(swift.type(field.type))"
            if let value = field.defaultValue { return "\(declaration) = \(swift.literal(value, as: field.type))" }
            return field.type.isOptional ? "\(declaration) = nil" : declaration
        }
        return ["public struct \(name): \(protocols) {"]
            + Lines.indented(fields.flatMap(property), by: swift.indent)
            + ["", "    public init("] + Lines.indented(Lines.separated(parameters), by: "        ") + ["    ) {"]
            + Lines.indented(fields.map(assignment), by: "        ") + ["    }", "}"]
    }

    private func property(_ field: Field) -> [String] {
        swift.docComments.lines(field.doc) + ["public var \(swift.memberName(field.name)): \(swift.type(field.type))"]
    }

    private func assignment(_ field: Field) -> String {
        "self.\(swift.memberName(field.name)) = \(swift.variableName(field.name))"
    }

    /// `likeCount: try fields.decode("like_count", default: 0)`.
    private func decodeArgument(_ field: Field) -> String {
        let label = SwiftNames.argumentLabel(field.name)
        if field.isDocumentID { return "\(label): id" }
        let key = swift.strings.quoted(field.key)
        guard let value = field.defaultValue else { return "\(label): try fields.decode(\(key))" }
        return "\(label): try fields.decode(\(key), default: \(swift.literal(value, as: field.type)))"
    }

    /// Hashable and contract equality (NaN equals NaN, -0.0 equals 0.0), field by field.
    private func equality(_ name: String, fields: [Field]) -> [String] {
        let names = fields.map { swift.memberName($0.name) }
        return [
            "extension \(name): Hashable, ContractEquatable {",
            "    public static func == (lhs: \(name), rhs: \(name)) -> Bool {",
        ] + Lines.indented(Lines.conjunction(names.map { "Match.same(lhs.\($0), rhs.\($0))" }), by: "        ") + [
            "    }",
            "",
            "    public func hash(into hasher: inout Hasher) {",
        ] + names.map { "        Match.hash(\($0), into: &hasher)" } + [
            "    }",
            "}",
        ]
    }

    func join(_ join: JoinType) -> [String] {
        let (left, right) = (join.left, join.right)
        let parameters = [left, right].map { "\(swift.variableName($0.name)): \(swift.type($0.type))" }
        return swift.joinDoc(join) + ["public struct \(swift.typeName(join.name)): Hashable, Sendable {"]
            + Lines.indented([left, right].flatMap(property), by: swift.indent)
            + ["", "    public init(\(parameters.joined(separator: ", "))) {"]
            + Lines.indented([left, right].map(assignment), by: "        ") + ["    }", "}"]
    }

    func model(_ model: Model, streams: String) -> [String] {
        swift.docComments.lines(model.doc) + [
            "public final class \(swift.typeName(model.typeName)): Sendable {",
            "    /// \(ModelMemberDocs.store)",
            "    public let store: any DocumentStore",
            "    /// \(ModelMemberDocs.scheduler)",
            "    public let scheduler: StreamScheduler",
            "    /// \(ModelMemberDocs.onDecodeFailure)",
            "    public let onDecodeFailure: DecodeFailureHandler",
            "",
            "    public init(",
            "        store: any DocumentStore,",
            "        scheduler: StreamScheduler = .background(),",
            "        onDecodeFailure: @escaping DecodeFailureHandler = DecodeFailure.log",
            "    ) {",
            "        self.store = store",
            "        self.scheduler = scheduler",
            "        self.onDecodeFailure = onDecodeFailure",
            "    }",
        ] + (streams.isEmpty ? [] : ["", streams]) + ["}"]
    }
}
