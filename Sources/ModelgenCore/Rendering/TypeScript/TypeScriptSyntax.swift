/// TypeScript spellings of types, codecs, literals and doc comments.
enum TypeScriptSyntax {
    static func type(_ type: FieldType) -> String {
        switch type {
        case .string: "string"
        case .int, .double: "number"
        case .bool: "boolean"
        case .timestamp: "Timestamp"
        case let .array(element): "readonly \(grouped(element))[]"
        case let .map(value): "ReadonlyMap<string, \(self.type(value))>"
        case let .object(name): TypeScriptNames.type(name)
        case let .optional(wrapped): self.type(wrapped) + " | null"
        }
    }

    /// Parentheses where `T[]` would bind wrongly: `(string | null)[]`.
    private static func grouped(_ type: FieldType) -> String {
        if case .optional = type { return "(\(self.type(type)))" }
        return self.type(type)
    }

    static func codec(_ type: FieldType) -> String {
        switch type {
        case .string: "Codecs.string"
        case .int: "Codecs.int"
        case .double: "Codecs.double"
        case .bool: "Codecs.bool"
        case .timestamp: "Codecs.timestamp"
        case let .array(element): "Codecs.list(\(codec(element)))"
        case let .map(value): "Codecs.map(\(codec(value)))"
        case let .object(name): TypeScriptNames.type(name)
        case let .optional(wrapped): "Codecs.optional(\(codec(wrapped)))"
        }
    }

    static func literal(_ literal: Literal) -> String {
        switch literal {
        case .null: "null"
        case let .bool(value): value ? "true" : "false"
        case let .int(value): "\(value)"
        case let .double(value): double(value)
        case let .string(value): string(value)
        case .emptyList: "[]"
        case .emptyMap: "new Map()"
        }
    }

    static func documentValue(_ literal: Literal) -> String {
        switch literal {
        case .null: "DocumentValue.null"
        case let .bool(value): "DocumentValue.bool(\(value))"
        case let .int(value): "DocumentValue.int(\(value))"
        case let .double(value): "DocumentValue.double(\(double(value)))"
        case let .string(value): "DocumentValue.string(\(string(value)))"
        case .emptyList: "DocumentValue.array([])"
        case .emptyMap: "DocumentValue.map(new Map())"
        }
    }

    /// A number literal: `1`, `0.25`, `1e+300`.
    static func double(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))" : "\(value)"
    }

    /// A string literal holding `value` exactly.
    static func string(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
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

    /// TSDoc lines; `*/` inside is broken up.
    static func docLines(_ doc: String?) -> [String] {
        KotlinSyntax.docLines(doc)
    }
}
