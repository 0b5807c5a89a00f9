/// Kotlin spellings of types, codecs, literals and doc comments.
enum KotlinSyntax {
    static func type(_ type: FieldType) -> String {
        switch type {
        case .string: "String"
        case .int: "Long"
        case .double: "Double"
        case .bool: "Boolean"
        case .timestamp: "Timestamp"
        case let .array(element): "List<\(self.type(element))>"
        case let .map(value): "Map<String, \(self.type(value))>"
        case let .object(name): KotlinNames.identifier(name)
        case let .optional(wrapped): self.type(wrapped) + "?"
        }
    }

    /// The runtime codec for values of `type`: `Codecs.list(Attachment)`.
    static func codec(_ type: FieldType) -> String {
        switch type {
        case .string: "Codecs.string"
        case .int: "Codecs.long"
        case .double: "Codecs.double"
        case .bool: "Codecs.bool"
        case .timestamp: "Codecs.timestamp"
        case let .array(element): "Codecs.list(\(codec(element)))"
        case let .map(value): "Codecs.map(\(codec(value)))"
        case let .object(name): KotlinNames.identifier(name)
        case let .optional(wrapped): "Codecs.optional(\(codec(wrapped)))"
        }
    }

    /// A decoded-value literal of `type`.
    static func literal(_ literal: Literal, as type: FieldType) -> String {
        switch literal {
        case .null: "null"
        case let .bool(value): value ? "true" : "false"
        case let .int(value): type.nonOptional == .double ? "\(value).0" : "\(value)L"
        case let .double(value): double(value)
        case let .string(value): string(value)
        case .emptyList: "emptyList()"
        case .emptyMap: "emptyMap()"
        }
    }

    /// A stored-value literal: `DocumentValue.IntValue(10L)`.
    static func documentValue(_ literal: Literal) -> String {
        switch literal {
        case .null: "DocumentValue.Null"
        case let .bool(value): "DocumentValue.BoolValue(\(value))"
        case let .int(value): "DocumentValue.IntValue(\(value)L)"
        case let .double(value): "DocumentValue.DoubleValue(\(double(value)))"
        case let .string(value): "DocumentValue.StringValue(\(string(value)))"
        case .emptyList: "DocumentValue.ArrayValue(emptyList())"
        case .emptyMap: "DocumentValue.MapValue(emptyMap())"
        }
    }

    static func double(_ value: Double) -> String {
        let text = "\(value)"
        return text.contains(where: { ".e".contains($0) }) ? text.replacingOccurrences(of: "e+", with: "e") : text + ".0"
    }

    /// A string literal holding `value` exactly; `$` is escaped so it never starts a template.
    static func string(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "$": result += "\\$"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
                result += String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// KDoc lines: `/** text */`, or a block for several lines. `*/` and `/*` inside are broken
    /// up (Kotlin's block comments nest, so `/*` would open another).
    static func docLines(_ doc: String?) -> [String] {
        // A line without `*` cannot close or open a comment; most lines skip Foundation's search.
        let lines = DocComment.lines(doc).map {
            $0.utf8.contains(UInt8(ascii: "*"))
                ? $0.replacingOccurrences(of: "*/", with: "*&#47;").replacingOccurrences(of: "/*", with: "/&#42;") : $0
        }
        guard lines.count > 1 else { return lines.first.map { ["/** \($0) */"] } ?? [] }
        return ["/**"] + lines.map { $0.isEmpty ? " *" : " * \($0)" } + [" */"]
    }
}
