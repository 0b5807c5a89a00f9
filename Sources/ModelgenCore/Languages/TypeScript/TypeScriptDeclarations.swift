/// The TypeScript declarations: an interface per type with a codec const of the same name, an
/// interface per join row, and the model class.
extension TypeScriptLanguage {
    func typeDeclaration(_ type: DeclaredType) -> String {
        let name = typeName(type.name)
        let stored = type.fields.filter { !$0.isDocumentID }
        let decode = type.fields.map { $0.isDocumentID ? "id," : "\(memberName($0.name)): \(read($0))," }
        let encode = stored.map { "[\(strings.quoted($0.key)), \(write($0))]," }
        let codec = type.isCollection
            // A parameter that is not read is named with `_`, as `--noUnusedParameters` asks.
            ? """
            export const \(name): DocumentCodec<\(name)> = {
              decode(id: string, \(stored.isEmpty ? "_data" : "data"): DocumentData): \(name) {
                \(stored.isEmpty ? "" : "const fields = new FieldReader(data);\n    ")return {
                  \(Lines.joined(decode, indent: "      "))
                };
              },
              encode(\(stored.isEmpty ? "_value" : "value"): \(name)): DocumentData {
                return new Map<string, DocumentValue>(\(stored.isEmpty ? "" : "[\n      \(Lines.joined(encode, indent: "      "))\n    ]"));
              },
            };
            """ : """
            export const \(name): Codec<\(name)> = {
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

    private func property(_ field: Field) -> [String] {
        docComments.lines(field.doc) + ["readonly \(memberName(field.name)): \(type(field.type));"]
    }

    func joinDeclaration(_ join: JoinType) -> String {
        """
        \(Lines.block(joinDoc(join)))export interface \(typeName(join.name)) {
          \(Lines.joined(join.fields.flatMap(property), indent: "  "))
        }
        """
    }

    func modelDeclaration(_ model: Model, streams: String) -> String {
        """
        \(Lines.block(docComments.lines(model.doc)))export class \(typeName(model.typeName)) {
          /**
           * @param store \(ModelMemberDocs.store)
           * @param scheduler \(ModelMemberDocs.scheduler)
           * @param onDecodeFailure \(ModelMemberDocs.onDecodeFailure)
           */
          constructor(
            readonly store: DocumentStore,
            readonly scheduler: SchedulerLike = asapScheduler,
            readonly onDecodeFailure: (failure: DecodeFailure) => void = logDecodeFailure,
          ) {}\(streams.isEmpty ? "" : "\n\n" + streams)
        }
        """
    }
}
