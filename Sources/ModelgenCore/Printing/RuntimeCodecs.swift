/// The Kotlin and TypeScript runtimes read and write fields through codecs, and both languages
/// spell those calls alike: `fields.required("text", Codecs.string)`,
/// `Codecs.string.encode(value.text)`. Written once here for both.
protocol RuntimeCodecs: Spelling {
    /// The runtime's codec for values of each type: `Codecs.list(Attachment)`.
    var codecs: TypeTable { get }
}

extension RuntimeCodecs {
    func codec(_ type: FieldType) -> String {
        codecs.spell(type, typeName: typeName)
    }

    /// How a stored field is read from the reader `fields`: required, optional, or with its default.
    func read(_ field: Field) -> String {
        let key = strings.quoted(field.key)
        if let value = field.defaultValue {
            return "fields.withDefault(\(key), \(codec(field.type)), \(literal(value, as: field.type)))"
        }
        if case let .optional(wrapped) = field.type {
            return "fields.optional(\(key), \(codec(wrapped)))"
        }
        return "fields.required(\(key), \(codec(field.type)))"
    }

    /// A parameter's stored value: `Codecs.string.encode(uid)`.
    func storedValue(ofVariable variable: String, type: FieldType) -> String {
        "\(codec(type)).encode(\(variable))"
    }

    /// How a stored field of `value` is written: `Codecs.string.encode(value.text)`.
    func write(_ field: Field) -> String {
        "\(codec(field.type)).encode(value.\(memberName(field.name)))"
    }
}
