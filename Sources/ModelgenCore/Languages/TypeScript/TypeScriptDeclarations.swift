/// The TypeScript declarations: an interface per type with a const of the same name (its codec,
/// and `make`, which applies the schema's defaults), an interface per join row, and the model class.
extension TypeScriptLanguage {
    func typeDeclaration(_ type: DeclaredType) -> String {
        let name = typeName(type.name)
        let stored = type.fields.filter { !$0.isDocumentID }
        let decode = type.fields.map { $0.isDocumentID ? "id," : "\(memberName($0.name)): \(read($0))," }
        let encode = stored.map { "[\(strings.quoted($0.key)), \(write($0))]," }
        let codec = type.isCollection
            // A parameter that is not read is named with `_`, as `--noUnusedParameters` asks.
            ? """
            export const \(name): DocumentCodec<\(name)> & \(makeType(type, name: name)) = {
              decode(id: string, \(stored.isEmpty ? "_data" : "data"): DocumentData): \(name) {
                \(stored.isEmpty ? "" : "const fields = new FieldReader(data);\n    ")return {
                  \(Lines.joined(decode, indent: "      "))
                };
              },
              encode(\(stored.isEmpty ? "_value" : "value"): \(name)): DocumentData {
                return new Map<string, DocumentValue>(\(stored.isEmpty ? "" : "[\n      \(Lines.joined(encode, indent: "      "))\n    ]"));
              },
              \(make(type, name: name))
            };
            """ : """
            export const \(name): Codec<\(name)> & \(makeType(type, name: name)) = {
              decode(value: DocumentValue): \(name) {
                const fields = FieldReader.of(value);
                return {
                  \(Lines.joined(decode, indent: "      "))
                };
              },
              encode(value: \(name)): DocumentValue {
                return DocumentValue.map(new Map<string, DocumentValue>([
                  \(Lines.joined(encode, indent: "      "))
                ]));
              },
              \(make(type, name: name))
            };
            """
        return """
            \(Lines.block(docComments.lines(type.doc)))export interface \(name) {
              \(Lines.joined(type.fields.flatMap(property), indent: "  "))
            }

            /** \(codecDoc(type)) */
            \(codec)
            """
    }

    /// `make`'s type: fields with a default may be left out.
    private func makeType(_ type: DeclaredType, name: String) -> String {
        let defaulted = type.fields.filter { !$0.isDocumentID && ($0.defaultValue != nil || $0.type.isOptional) }
        let keys = defaulted.map { strings.quoted(memberName($0.name)) }.joined(separator: " | ")
        let fields = defaulted.isEmpty ? name : "Omit<\(name), \(keys)> & Partial<Pick<\(name), \(keys)>>"
        let doc = "A\(type.isCollection ? " document" : " value") with the schema's defaults for the fields left out."
        return "{\n  /** \(doc) */\n  make(fields: \(fields)): \(name);\n}"
    }

    /// A value from the fields given, the schema's defaults for the rest: the Swift and Kotlin
    /// initialisers' defaults (a field's `default:`, else null for an optional field). Its
    /// parameter and result are typed by the const's type.
    private func make(_ type: DeclaredType, name: String) -> String {
        let fields = type.fields.map { field -> String in
            let member = memberName(field.name)
            guard !field.isDocumentID, field.defaultValue != nil || field.type.isOptional else { return "\(member): fields.\(member)," }
            let fallback = field.defaultValue.map { literal($0, as: field.type) } ?? literals.null
            return "\(member): fields.\(member) ?? \(fallback),"
        }
        return """
            make(fields) {
                return {
                  \(Lines.joined(fields, indent: "      "))
                };
              },
            """
    }

    private func property(_ field: Field) -> [String] {
        docComments.lines(field.doc) + ["readonly \(memberName(field.name)): \(type(field.type));"]
    }

    /// A union of the enum's strings, and its codec of the same name, which lists them.
    func referenceDeclaration(_ reference: ReferenceType) -> String {
        let name = typeName(reference.name)
        let names = reference.parameters + ["id"]
        let members = names.map(memberName)
        return """
            \(Lines.block(referenceDoc(reference)))export class \(name) extends TypedReference {
              \(Lines.joined(members.map { "readonly \($0): string;" }, indent: "  "))

              constructor(\(names.map { "\(variableName($0)): string" }.joined(separator: ", "))) {
                super();
                \(Lines.joined(names.map { "this.\(memberName($0)) = \(variableName($0));" }, indent: "    "))
              }

              get path(): readonly string[] {
                return [\(referencePath(reference, of: "this").joined(separator: ", "))];
              }

              /** Decodes a stored reference. */
              static decode(value: DocumentValue): \(name) {
                const parameters = referenceParameters<\(parameterNames(reference.parameters))>(value, \(strings.quoted(reference.path)));
                return new \(name)(\((reference.parameters + ["id"]).map { "parameters.\($0)" }.joined(separator: ", ")));
              }

              /** Encodes a reference as Firestore stores it. */
              static encode(value: \(name)): DocumentValue {
                return DocumentValue.reference(value.path);
              }
            }
            """
    }

    func enumDeclaration(_ enumeration: EnumDefinition) -> String {
        let name = typeName(enumeration.name)
        let values = enumeration.values.map(strings.quoted)
        return """
            \(Lines.block(docComments.lines(enumeration.doc)))export type \(name) = \(values.joined(separator: " | "));

            /** Decodes and encodes {@link \(name)} values, and lists them. */
            export const \(name) = Codecs.stringEnum<\(name)>([\(values.joined(separator: ", "))]);
            """
    }

    func joinDeclaration(_ join: JoinType) -> String {
        """
        \(Lines.block(joinDoc(join)))export interface \(typeName(join.name)) {
          \(Lines.joined(join.fields.flatMap(property), indent: "  "))
        }
        """
    }

    /// An interface and, of the same name, its codec from a document of the group: the path's
    /// parameters in order, then the document.
    func groupRowDeclaration(_ row: GroupRowType) -> String {
        let name = typeName(row.name)
        let fields = row.fields
        let document = typeName(row.collection)
        let members = fields.dropLast().map { "\(memberName($0.name)): parameters.\($0.name)" }
            + ["\(memberName(fields[fields.count - 1].name)): \(document).decode(id, data)"]
        return """
            \(Lines.block(groupRowDoc(row)))export interface \(name) {
              \(Lines.joined(fields.flatMap(property), indent: "  "))
            }

            /** Decodes {@link \(name)}s from the documents of their collection group. */
            export const \(name): RowCodec<\(name)> = {
              decode(id: string, data: DocumentData, path: readonly string[]): \(name) {
                const parameters = pathParameters<\(parameterNames(row.segments.parameterNames))>(path, \(strings.quoted(row.path)));
                return { \(members.joined(separator: ", ")) };
              },
              encode(value: \(name)): DocumentData {
                return \(document).encode(value.\(memberName(fields[fields.count - 1].name)));
              },
            };
            """
    }

    /// The union of a path's parameter names that types the runtime's record of their values
    /// (`"shopId"`), `never` for none.
    private func parameterNames(_ names: [String]) -> String {
        names.isEmpty ? "never" : names.map(strings.quoted).joined(separator: " | ")
    }

    /// A combine stream's record: a property per stream.
    func recordDeclaration(_ record: RecordType) -> String {
        let properties = record.members.flatMap { docComments.lines($0.doc) + ["readonly \(memberName($0.name)): \(memberType($0.output));"] }
        return """
            \(Lines.block(recordDoc(record)))export interface \(typeName(record.name)) {
              \(Lines.joined(properties, indent: "  "))
            }
            """
    }

    func modelDeclaration(_ model: Model, streams: String, queries: [String]) -> String {
        let head = """
        \(Lines.block(docComments.lines(model.doc)))export class \(typeName(model.typeName)) {
          /** \(ModelMemberDocs.store) */
          readonly store: DocumentStore;
          /** \(ModelMemberDocs.scheduler) */
          readonly scheduler: SchedulerLike;
          /** \(ModelMemberDocs.onDecodeFailure) */
          readonly onDecodeFailure: (failure: DecodeFailure) => void;

          constructor(
            store: DocumentStore,
            scheduler: SchedulerLike = asapScheduler,
            onDecodeFailure: (failure: DecodeFailure) => void = logDecodeFailure,
          ) {
            this.store = store;
            this.scheduler = scheduler;
            this.onDecodeFailure = onDecodeFailure;
          }
        """
        let queries = queries.isEmpty ? "" : "\n\n" + queries.joined(separator: "\n")
        return String(concatenating: [head, streams.isEmpty ? "" : "\n\n", streams, "\n}", queries])
    }
}
