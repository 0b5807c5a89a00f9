/// TypeScript spellings of schema names.
enum TypeScriptNames {
    /// Words that cannot name a variable or parameter (in strict mode, in modules).
    static let reserved: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
        "else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in",
        "instanceof", "new", "null", "return", "super", "switch", "this", "throw", "true", "try", "typeof",
        "var", "void", "while", "with", "implements", "interface", "let", "package", "private",
        "protected", "public", "static", "yield", "await", "arguments", "eval",
    ]

    /// Words that cannot name a type.
    static let reservedTypes: Set<String> = reserved.union([
        "any", "unknown", "never", "number", "string", "boolean", "symbol", "object", "bigint", "undefined",
    ])

    /// `name` as a variable or parameter: reserved words get a trailing `_`, a leading digit a `_` before.
    static func variable(_ name: String) -> String {
        Identifier.escaped(name, reserved: reserved) { $0 + "_" }
    }

    /// `name` as a property or method: any word but one starting with a digit.
    static func property(_ name: String) -> String {
        Identifier.escaped(name, reserved: []) { $0 }
    }

    /// `name` as a type (interface, class, or a const of the same name).
    static func type(_ name: String) -> String {
        variable(reservedTypes.contains(name) ? name + "_" : name)
    }
}
