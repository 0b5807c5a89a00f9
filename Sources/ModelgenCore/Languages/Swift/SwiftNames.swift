/// Swift spellings of schema names.
enum SwiftNames {
    /// Words that need backticks to be used as names.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await",
        "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol", "some", "any",
    ]

    /// `name` as a Swift identifier: keywords in backticks, a leading digit after `_`.
    static func identifier(_ name: String) -> String {
        Identifier.escaped(name, reserved: keywords) { "`\($0)`" }
    }

    /// `name` as an argument label at a call site, where keywords need no backticks.
    static func argumentLabel(_ name: String) -> String {
        let escaped = identifier(name)
        return escaped.hasPrefix("`") ? name : escaped
    }
}
