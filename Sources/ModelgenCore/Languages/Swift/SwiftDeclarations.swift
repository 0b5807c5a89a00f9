/// The Swift declarations: a struct per type with its codec and contract equality, a struct per
/// join row, and the model class.
extension SwiftLanguage {
    func typeDeclaration(_ type: DeclaredType) -> String {
        let name = typeName(type.name)
        let stored = type.fields.filter { !$0.isDocumentID }
        let entries = stored.map { "\(strings.quoted($0.key)): \(memberName($0.name)).documentValue," }
        let codable = type.isCollection ? """
            nonisolated extension \(name): DocumentCodable {
                public init(id: String, data: DocumentData) throws(DocumentDecodingError) {
                    \(stored.isEmpty ? "" : "let fields = FieldReader(data)\n        ")self.init(
                        \(Lines.joined(Lines.separated(type.fields.map(decodeArgument)), indent: "            "))
                    )
                }

                public var documentData: DocumentData {
                    \(entries.isEmpty ? "[:]" : "[\n            \(Lines.joined(entries, indent: "            "))\n        ]")
                }
            }
            """ : """
            nonisolated extension \(name): FieldCodable {
                public init(documentValue: DocumentValue) throws(DocumentDecodingError) {
                    let fields = try FieldReader(documentValue)
                    self.init(
                        \(Lines.joined(Lines.separated(type.fields.map(decodeArgument)), indent: "            "))
                    )
                }

                public var documentValue: DocumentValue {
                    .map([
                        \(Lines.joined(entries, indent: "            "))
                    ])
                }
            }
            """
        let protocols = type.isCollection ? "Identifiable, Sendable" : "Sendable"
        return """
            \(Lines.block(docComments.lines(type.doc)))\(structure(name, protocols: protocols, fields: type.fields))

            \(codable)

            \(equality(name, members: type.fields.map { memberName($0.name) }))
            """
    }

    /// An enum of `String` raw values, each case's only where it differs from the case's name;
    /// the runtime's `StringEnum` decodes, encodes and orders it as its strings.
    func enumDeclaration(_ enumeration: EnumDefinition) -> String {
        let cases = enumeration.values.map { value in
            let name = names.enumCase!(value)
            return name.filter { $0 != "`" } == value ? "case \(name)" : "case \(name) = \(strings.quoted(value))"
        }
        return """
            \(Lines.block(docComments.lines(enumeration.doc)))nonisolated public enum \(typeName(enumeration.name)): String, StringEnum {
                \(Lines.joined(cases, indent: "    "))
            }
            """
    }

    /// The struct: stored properties and a memberwise initializer with the fields' defaults.
    private func structure(_ name: String, protocols: String, fields: [Field]) -> String {
        let parameters = fields.map { field in
            let declaration = "\(variableName(field.name)): \(type(field.type))"
            if let value = field.defaultValue { return "\(declaration) = \(literal(value, as: field.type))" }
            return field.type.isOptional ? "\(declaration) = nil" : declaration
        }
        return """
            nonisolated public struct \(name): \(protocols) {
                \(Lines.joined(fields.flatMap(property), indent: "    "))

                public init(
                    \(Lines.joined(Lines.separated(parameters), indent: "        "))
                ) {
                    \(Lines.joined(fields.map(assignment), indent: "        "))
                }
            }
            """
    }

    private func property(_ field: Field) -> [String] {
        docComments.lines(field.doc) + ["public var \(memberName(field.name)): \(type(field.type))"]
    }

    private func assignment(_ field: Field) -> String {
        "self.\(memberName(field.name)) = \(variableName(field.name))"
    }

    /// `likeCount: try fields.decode("like_count", default: 0)`.
    private func decodeArgument(_ field: Field) -> String {
        let label = SwiftNames.argumentLabel(field.name)
        if field.isDocumentID { return "\(label): id" }
        let key = strings.quoted(field.key)
        guard let value = field.defaultValue else { return "\(label): try fields.decode(\(key))" }
        return "\(label): try fields.decode(\(key), default: \(literal(value, as: field.type)))"
    }

    /// Hashable and contract equality (NaN equals NaN, -0.0 equals 0.0), field by field.
    private func equality(_ name: String, members names: [String]) -> String {
        """
            nonisolated extension \(name): Hashable, ContractEquatable {
                public static func == (lhs: \(name), rhs: \(name)) -> Bool {
                    \(Lines.joined(Lines.conjunction(names.map { "Match.same(lhs.\($0), rhs.\($0))" }), indent: "        "))
                }

                public func hash(into hasher: inout Hasher) {
                    \(Lines.joined(names.map { "Match.hash(\($0), into: &hasher)" }, indent: "        "))
                }
            }
            """
    }

    func joinDeclaration(_ join: JoinType) -> String {
        rowStruct(typeName(join.name), doc: joinDoc(join), fields: join.fields)
    }

    /// The row struct, then its decoding from a document of the group: the path's parameters in
    /// order, then the document.
    func groupRowDeclaration(_ row: GroupRowType) -> String {
        let name = typeName(row.name)
        let fields = row.fields
        let arguments = fields.dropLast().enumerated().map { "\(SwiftNames.argumentLabel($0.element.name)): parameters[\($0.offset)]" }
            + ["\(SwiftNames.argumentLabel(fields[fields.count - 1].name)): try \(typeName(row.collection))(document: document)"]
        let document = memberName(fields[fields.count - 1].name)
        return """
            \(rowStruct(name, doc: groupRowDoc(row), fields: fields))

            nonisolated extension \(name): DocumentRow {
                public init(document: DocumentSnapshot) throws(DocumentDecodingError) {
                    let parameters = try document.pathParameters(in: \(strings.quoted(row.path)))
                    self.init(\(arguments.joined(separator: ", ")))
                }

                public var documentData: DocumentData { \(document).documentData }
            }
            """
    }

    /// A struct of rows: a property per field and a memberwise initializer.
    private func rowStruct(_ name: String, doc: [String], fields: [Field]) -> String {
        let parameters = fields.map { "\(variableName($0.name)): \(type($0.type))" }
        return """
            \(Lines.block(doc))nonisolated public struct \(name): Hashable, Sendable, ContractEquatable {
                \(Lines.joined(fields.flatMap(property), indent: "    "))

                public init(\(parameters.joined(separator: ", "))) {
                    \(Lines.joined(fields.map(assignment), indent: "        "))
                }
            }
            """
    }

    /// A combine stream's record: a property per stream, with contract equality (an average may be NaN).
    func recordDeclaration(_ record: RecordType) -> String {
        let name = typeName(record.name)
        let members = record.members.map { (name: memberName($0.name), variable: variableName($0.name), type: memberType($0.output), doc: $0.doc) }
        return """
            \(Lines.block(recordDoc(record)))nonisolated public struct \(name): Sendable {
                \(Lines.joined(members.flatMap { docComments.lines($0.doc) + ["public var \($0.name): \($0.type)"] }, indent: "    "))

                public init(\(members.map { "\($0.variable): \($0.type)" }.joined(separator: ", "))) {
                    \(Lines.joined(members.map { "self.\($0.name) = \($0.variable)" }, indent: "        "))
                }
            }

            \(equality(name, members: members.map(\.name)))
            """
    }

    func referenceDeclaration(_ reference: ReferenceType) -> String {
        let name = typeName(reference.name)
        let members = (reference.parameters + ["id"]).map { (name: memberName($0), variable: variableName($0), label: SwiftNames.argumentLabel($0)) }
        return """
            \(Lines.block(referenceDoc(reference)))nonisolated public struct \(name): Sendable {
                \(Lines.joined(members.map { "public var \($0.name): String" }, indent: "    "))

                public init(\(members.map { "\($0.variable): String" }.joined(separator: ", "))) {
                    \(Lines.joined(members.map { "self.\($0.name) = \($0.variable)" }, indent: "        "))
                }
            }

            nonisolated extension \(name): TypedReference {
                public init(documentValue: DocumentValue) throws(DocumentDecodingError) {
                    let parameters = try DocumentValue.referenceParameters(documentValue, collection: \(strings.quoted(reference.path)))
                    self.init(\(members.enumerated().map { "\($0.element.label): parameters[\($0.offset)]" }.joined(separator: ", ")))
                }

                public var path: [String] {
                    [\(referencePath(reference, of: nil).joined(separator: ", "))]
                }
            }

            \(equality(name, members: members.map(\.name)))
            """
    }

    func modelDeclaration(_ model: Model, streams: String, queries: [String]) -> String {
        let members = [streams] + (queries.isEmpty ? [] : [Lines.indented(queries, by: "    ").joined(separator: "\n")])
        let head = """
        \(Lines.block(docComments.lines(model.doc)))nonisolated public final class \(typeName(model.typeName)): Sendable {
            /// \(ModelMemberDocs.store)
            public let store: any DocumentStore
            /// \(ModelMemberDocs.scheduler)
            public let scheduler: StreamScheduler
            /// \(ModelMemberDocs.onDecodeFailure)
            public let onDecodeFailure: DecodeFailureHandler

            public init(
                store: any DocumentStore,
                scheduler: StreamScheduler = .background(),
                onDecodeFailure: @escaping DecodeFailureHandler = DecodeFailure.log
            ) {
                self.store = store
                self.scheduler = scheduler
                self.onDecodeFailure = onDecodeFailure
            }
        """
        return String(concatenating: [head[...]] + (streams.isEmpty ? [] : ["\n\n"] + Lines.blockParts(members)) + ["\n}"])
    }
}
