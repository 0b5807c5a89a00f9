/// The Kotlin declarations: a data class per type with its codec as companion object, a data
/// class per join row, and the model class.
extension KotlinLanguage {
    func typeDeclaration(_ type: DeclaredType) -> String {
        let name = typeName(type.name)
        let stored = type.fields.filter { !$0.isDocumentID }
        let parameters = type.fields.map { field in
            var line = "val \(memberName(field.name)): \(self.type(field.type))"
            if let value = field.defaultValue {
                line += " = \(literal(value, as: field.type))"
            } else if field.type.isOptional {
                line += " = null"
            }
            return docComments.lines(field.doc) + [line]
        }
        let decode = Lines.separated(type.fields.map { "\(memberName($0.name)) = \($0.isDocumentID ? "id" : read($0))" })
        let encode = Lines.separated(stored.map { "\(strings.quoted($0.key)) to \(write($0))" })
        let encoder = encode.isEmpty ? "emptyMap()" : "mapOf(\n            \(Lines.joined(encode, indent: "            "))\n        )"
        let codec = type.isCollection ? """
                companion object : DocumentCodec<\(name)> {
                    override fun decode(id: String, data: DocumentData): \(name) {
                        \(stored.isEmpty ? "" : "val fields = FieldReader(data)\n            ")return \(name)(
                            \(Lines.joined(decode, indent: "                "))
                        )
                    }

                    override fun encode(value: \(name)): DocumentData = \(encoder)
                }
            """ : """
                companion object : Codec<\(name)> {
                    override fun decode(value: DocumentValue): \(name) {
                        val fields = FieldReader.of(value)
                        return \(name)(
                            \(Lines.joined(decode, indent: "                "))
                        )
                    }

                    override fun encode(value: \(name)): DocumentValue = DocumentValue.MapValue(mapOf(
                        \(Lines.joined(encode, indent: "            "))
                    ))
                }
            """
        return """
            \(Lines.block(docComments.lines(type.doc)))data class \(name)(
                \(Lines.joined(Lines.separated(parameters), indent: "    "))
            ) {
            \(equality(name, fields: type.fields))    /** \(codecDoc(type)) */
            \(codec)
            }
            """
    }

    func referenceDeclaration(_ reference: ReferenceType) -> String {
        let name = typeName(reference.name)
        let members = (reference.parameters + ["id"]).map(memberName)
        return """
            \(Lines.block(referenceDoc(reference)))data class \(name)(
                \(Lines.joined(Lines.separated(members.map { "val \($0): String" }), indent: "    "))
            ) : TypedReference {
                override val path: List<String>
                    get() = listOf(\(referencePath(reference, of: nil).joined(separator: ", ")))

                /** Decodes and encodes [\(name)] values. */
                companion object : Codec<\(name)> {
                    override fun decode(value: DocumentValue): \(name) {
                        val parameters = DocumentValue.referenceParameters(value, \(strings.quoted(reference.path)))
                        return \(name)(\(members.indices.map { "parameters[\($0)]" }.joined(separator: ", ")))
                    }

                    override fun encode(value: \(name)): DocumentValue = DocumentValue.ReferenceValue(value.path)
                }
            }
            """
    }

    /// Contract equality, for types holding doubles, whose data class equality would tell -0.0
    /// from 0.0 and NaN from itself (embedded types compare their own); empty for others.
    private func equality(_ name: String, fields: [Field]) -> String {
        guard fields.contains(where: { Self.holdsDouble($0.type) }) else { return "" }
        return contractEquality(name, members: fields.map { memberName($0.name) }) + "\n"
    }

    /// `equals` and `hashCode` under the behaviour contract, member by member, one level in.
    private func contractEquality(_ name: String, members names: [String]) -> String {
        """
                /** Equality under the behaviour contract: NaN equals NaN and -0.0 equals 0.0. */
                override fun equals(other: Any?): Boolean =
                    other is \(name)
                        \(Lines.joined(names.map { "&& Match.same(\($0), other.\($0))" }, indent: "            "))

                override fun hashCode(): Int = Match.hash(listOf(\(names.joined(separator: ", "))))

            """
    }

    private static func holdsDouble(_ type: FieldType) -> Bool {
        switch type {
        case .double: true
        case let .array(inner), let .map(inner), let .optional(inner): holdsDouble(inner)
        default: false
        }
    }

    /// An enum class whose constants carry their stored strings; its companion is its codec.
    func enumDeclaration(_ enumeration: EnumDefinition) -> String {
        let name = typeName(enumeration.name)
        let constants = enumeration.values.map { "\(names.enumCase!($0))(\(strings.quoted($0)))" }
        return """
            \(Lines.block(docComments.lines(enumeration.doc)))enum class \(name)(override val value: String) : StringEnum {
                \(Lines.joined(constants.dropLast().map { $0 + "," } + [constants.last! + ";"], indent: "    "))

                /** Decodes and encodes [\(name)] values. */
                companion object : Codec<\(name)> by Codecs.stringEnum(values())
            }
            """
    }

    func joinDeclaration(_ join: JoinType) -> String {
        let properties = join.fields.map { "val \(memberName($0.name)): \(type($0.type))" }
        return """
            \(Lines.block(joinDoc(join)))data class \(typeName(join.name))(
                \(Lines.joined(Lines.separated(properties), indent: "    "))
            )
            """
    }

    /// A data class whose companion decodes it from a document of the group: the path's
    /// parameters in order, then the document.
    func groupRowDeclaration(_ row: GroupRowType) -> String {
        let name = typeName(row.name)
        let fields = row.fields
        let properties = fields.map { docComments.lines($0.doc) + ["val \(memberName($0.name)): \(type($0.type))"] }
        let document = typeName(row.collection)
        let arguments = fields.dropLast().indices.map { "parameters[\($0)]" } + ["\(document).decode(document.id, document.data)"]
        return """
            \(Lines.block(groupRowDoc(row)))data class \(name)(
                \(Lines.joined(Lines.separated(properties), indent: "    "))
            ) {
                /** Decodes [\(name)]s from the documents of their collection group. */
                companion object : RowCodec<\(name)> {
                    override fun decode(document: DocumentSnapshot): \(name) {
                        val parameters = document.pathParameters(\(strings.quoted(row.path)))
                        return \(name)(\(arguments.joined(separator: ", ")))
                    }

                    override fun encode(value: \(name)): DocumentData = \(document).encode(value.\(memberName(fields[fields.count - 1].name)))
                }
            }
            """
    }

    /// A combine stream's record: a property per stream; contract equality where one holds a double.
    func recordDeclaration(_ record: RecordType) -> String {
        let name = typeName(record.name)
        let properties = record.members.map { docComments.lines($0.doc) + ["val \(memberName($0.name)): \(memberType($0.output))"] }
        let doubles = record.members.contains { member in
            switch member.output {
            case let .value(type), let .groups(_, type): Self.holdsDouble(type)
            default: false
            }
        }
        let body = doubles ? " {\n" + contractEquality(name, members: record.members.map { memberName($0.name) }) + "}" : ""
        return """
            \(Lines.block(recordDoc(record)))data class \(name)(
                \(Lines.joined(Lines.separated(properties), indent: "    "))
            )\(body)
            """
    }

    func modelDeclaration(_ model: Model, streams: String, queries: [String]) -> String {
        let members = [streams] + (queries.isEmpty ? [] : [Lines.indented(queries, by: "    ").joined(separator: "\n")])
        let head = """
        \(Lines.block(docComments.lines(model.doc)))class \(typeName(model.typeName))(
            /** \(ModelMemberDocs.store) */
            val store: DocumentStore,
            /** \(flavour.schedulerDoc) */
            val scheduler: \(flavour.scheduler.type) = \(flavour.scheduler.value),
            /** \(ModelMemberDocs.onDecodeFailure) */
            val onDecodeFailure: (DecodeFailure) -> Unit = DecodeFailures.log
        ) {
        """
        return String(concatenating: [head[...]] + (streams.isEmpty ? [] : ["\n"] + Lines.blockParts(members)) + ["\n}"])
    }
}
