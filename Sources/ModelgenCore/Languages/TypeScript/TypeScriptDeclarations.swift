/// The TypeScript declarations: an interface per type with a codec const of the same name, an
/// interface per join row, and the model class.
extension TypeScriptLanguage {
    private var typescript: TypeScriptSpelling { TypeScriptSpelling() }

    func type(_ type: DeclaredType) -> [String] {
        let name = typescript.typeName(type.name)
        let stored = type.fields.filter { !$0.isDocumentID }
        // A parameter that is not read is named with `_`, as `--noUnusedParameters` asks.
        let (data, value) = stored.isEmpty ? ("_data", "_value") : ("data", "value")
        let entries = stored.map {
            "[\(typescript.strings.quoted($0.key)), \(typescript.codec($0.type)).encode(value.\(typescript.memberName($0.name)))],"
        }
        let (codec, decode, reader) = type.isCollection
            ? ("DocumentCodec", "decode(id: string, \(data): DocumentData)", "new FieldReader(data)")
            : ("Codec", "decode(value: DocumentValue)", "FieldReader.of(value)")
        let encode = !type.isCollection
            ? ["encode(value: \(name)): DocumentValue {", "  return DocumentValue.map(new Map<string, DocumentValue>(["] + Lines.indented(entries, by: "    ") + ["  ]));"]
            : entries.isEmpty ? ["encode(\(value): \(name)): DocumentData {", "  return new Map<string, DocumentValue>();"]
            : ["encode(value: \(name)): DocumentData {", "  return new Map<string, DocumentValue>(["] + Lines.indented(entries, by: "    ") + ["  ]);"]
        return typescript.docComments.lines(type.doc) + ["export interface \(name) {"]
            + Lines.indented(type.fields.flatMap(property), by: typescript.indent) + [
                "}",
                "",
                "/** \(typescript.codecDoc(type)) */",
                "export const \(name): \(codec)<\(name)> = {",
                "  \(decode): \(name) {",
            ] + (stored.isEmpty ? [] : ["    const fields = \(reader);"]) + [
                "    return {",
            ] + Lines.indented(type.fields.map(decodeEntry), by: "      ") + [
                "    };",
                "  },",
            ] + Lines.indented(encode, by: typescript.indent) + ["  },", "};"]
    }

    private func property(_ field: Field) -> [String] {
        typescript.docComments.lines(field.doc) + ["readonly \(typescript.memberName(field.name)): \(typescript.type(field.type));"]
    }

    /// `likeCount: fields.withDefault("like_count", Codecs.int, 0),`.
    private func decodeEntry(_ field: Field) -> String {
        let name = typescript.memberName(field.name)
        if field.isDocumentID { return "id," }
        let key = typescript.strings.quoted(field.key)
        if let value = field.defaultValue {
            return "\(name): fields.withDefault(\(key), \(typescript.codec(field.type)), \(typescript.literal(value, as: field.type))),"
        }
        if case let .optional(wrapped) = field.type {
            return "\(name): fields.optional(\(key), \(typescript.codec(wrapped))),"
        }
        return "\(name): fields.required(\(key), \(typescript.codec(field.type))),"
    }

    func join(_ join: JoinType) -> [String] {
        return typescript.joinDoc(join) + ["export interface \(typescript.typeName(join.name)) {"]
            + join.fields.map { "  readonly \(typescript.memberName($0.name)): \(typescript.type($0.type));" } + ["}"]
    }

    func model(_ model: Model, streams: String) -> [String] {
        typescript.docComments.lines(model.doc) + [
            "export class \(typescript.typeName(model.typeName)) {",
            "  /**",
            "   * @param store \(ModelMemberDocs.store)",
            "   * @param scheduler \(ModelMemberDocs.scheduler)",
            "   * @param onDecodeFailure \(ModelMemberDocs.onDecodeFailure)",
            "   */",
            "  constructor(",
            "    readonly store: DocumentStore,",
            "    readonly scheduler: SchedulerLike = asapScheduler,",
            "    readonly onDecodeFailure: (failure: DecodeFailure) => void = logDecodeFailure,",
            "  ) {}",
        ] + (streams.isEmpty ? [] : ["", streams]) + ["}"]
    }
}
