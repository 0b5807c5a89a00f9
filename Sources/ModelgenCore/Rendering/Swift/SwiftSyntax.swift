/// Swift spellings of types and literals.
enum SwiftSyntax {
    static func type(_ type: FieldType) -> String {
        switch type {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .timestamp: "Timestamp"
        case let .array(element): "[\(self.type(element))]"
        case let .map(value): "[String: \(self.type(value))]"
        case let .object(name): SwiftNames.identifier(name)
        case let .optional(wrapped): self.type(wrapped) + "?"
        }
    }

    static func literal(_ literal: Literal) -> String {
        switch literal {
        case .null: "nil"
        case let .bool(value): value ? "true" : "false"
        case let .int(value): "\(value)"
        case let .double(value): double(value)
        case let .string(value): string(value)
        case .emptyList: "[]"
        case .emptyMap: "[:]"
        }
    }

    /// A double literal that reads as one: `1.0`, `0.25`, `1e+300`.
    static func double(_ value: Double) -> String {
        let text = "\(value)"
        return text.contains(where: { ".e".contains($0) }) ? text : text + ".0"
    }

    /// A string literal that holds `value` exactly.
    static func string(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `/// line` doc comment lines.
    static func docLines(_ doc: String?) -> [String] {
        DocComment.lines(doc).map { $0.isEmpty ? "///" : "/// \($0)" }
    }
}
