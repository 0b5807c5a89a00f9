/// The Kotlin declarations: a data class per type with its codec as companion object, a data
/// class per join row, and the model class.
extension KotlinLanguage {
    private var kotlin: KotlinSpelling { KotlinSpelling() }

    func type(_ type: DeclaredType) -> [String] {
        let name = kotlin.typeName(type.name)
        let stored = type.fields.filter { !$0.isDocumentID }
        let parameters = type.fields.map { field in
            var line = "val \(kotlin.memberName(field.name)): \(kotlin.type(field.type))"
            if let value = field.defaultValue {
                line += " = \(kotlin.literal(value, as: field.type))"
            } else if field.type.isOptional {
                line += " = null"
            }
            return kotlin.docComments.lines(field.doc) + [line]
        }
        let (codec, decode, reader) = type.isCollection
            ? ("DocumentCodec", "decode(id: String, data: DocumentData)", "FieldReader(data)")
            : ("Codec", "decode(value: DocumentValue)", "FieldReader.of(value)")
        let entries = Lines.separated(stored.map {
            "\(kotlin.strings.quoted($0.key)) to \(kotlin.codec($0.type)).encode(value.\(kotlin.memberName($0.name)))"
        })
        let encode = !type.isCollection
            ? ["override fun encode(value: \(name)): DocumentValue = DocumentValue.MapValue(mapOf("] + Lines.indented(entries, by: kotlin.indent) + ["))"]
            : entries.isEmpty ? ["override fun encode(value: \(name)): DocumentData = emptyMap()"]
            : ["override fun encode(value: \(name)): DocumentData = mapOf("] + Lines.indented(entries, by: kotlin.indent) + [")"]
        return kotlin.docComments.lines(type.doc) + ["data class \(name)("]
            + Lines.indented(Lines.separated(parameters), by: kotlin.indent) + [") {"]
            + equality(name, fields: type.fields) + [
                "    /** \(kotlin.codecDoc(type)) */",
                "    companion object : \(codec)<\(name)> {",
                "        override fun \(decode): \(name) {",
            ] + (stored.isEmpty ? [] : ["            val fields = \(reader)"]) + [
                "            return \(name)(",
            ] + Lines.indented(Lines.separated(type.fields.map(decodeArgument)), by: "                ") + [
                "            )",
                "        }",
                "",
            ] + Lines.indented(encode, by: "        ") + ["    }", "}"]
    }

    /// `likeCount = fields.withDefault("like_count", Codecs.long, 0L)`.
    private func decodeArgument(_ field: Field) -> String {
        let name = kotlin.memberName(field.name)
        if field.isDocumentID { return "\(name) = id" }
        let key = kotlin.strings.quoted(field.key)
        if let value = field.defaultValue {
            return "\(name) = fields.withDefault(\(key), \(kotlin.codec(field.type)), \(kotlin.literal(value, as: field.type)))"
        }
        if case let .optional(wrapped) = field.type {
            return "\(name) = fields.optional(\(key), \(kotlin.codec(wrapped)))"
        }
        return "\(name) = fields.required(\(key), \(kotlin.codec(field.type)))"
    }

    /// Contract equality, for types holding doubles, whose data class equality would tell -0.0
    /// from 0.0 and NaN from itself (embedded types compare their own).
    private func equality(_ name: String, fields: [Field]) -> [String] {
        guard fields.contains(where: { Self.holdsDouble($0.type) }) else { return [] }
        let names = fields.map { kotlin.memberName($0.name) }
        return [
            "    /** Equality under the behaviour contract: NaN equals NaN and -0.0 equals 0.0. */",
            "    override fun equals(other: Any?): Boolean =",
            "        other is \(name)",
        ] + names.map { "            && Match.same(\($0), other.\($0))" } + [
            "",
            "    override fun hashCode(): Int = Match.hash(listOf(\(names.joined(separator: ", "))))",
            "",
        ]
    }

    private static func holdsDouble(_ type: FieldType) -> Bool {
        switch type {
        case .double: true
        case let .array(inner), let .map(inner), let .optional(inner): holdsDouble(inner)
        default: false
        }
    }

    func join(_ join: JoinType) -> [String] {
        let properties = join.fields.map { "val \(kotlin.memberName($0.name)): \(kotlin.type($0.type))" }
        return kotlin.joinDoc(join) + ["data class \(kotlin.typeName(join.name))("]
            + Lines.indented(Lines.separated(properties), by: kotlin.indent) + [")"]
    }

    func model(_ model: Model, streams: String) -> [String] {
        kotlin.docComments.lines(model.doc) + [
            "class \(kotlin.typeName(model.typeName))(",
            "    /** \(ModelMemberDocs.store) */",
            "    val store: DocumentStore,",
            "    /** \(ModelMemberDocs.scheduler) */",
            "    val scheduler: Scheduler = Schedulers.computation(),",
            "    /** \(ModelMemberDocs.onDecodeFailure) */",
            "    val onDecodeFailure: (DecodeFailure) -> Unit = DecodeFailures.log",
            ") {",
        ] + (streams.isEmpty ? [] : [streams]) + ["}"]
    }
}
