/// Kotlin spellings of schema names.
enum KotlinNames {
    /// Hard keywords, which need backticks to be used as names.
    static let keywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface",
        "is", "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias",
        "typeof", "val", "var", "when", "while",
    ]

    /// `name` as a Kotlin identifier: hard keywords in backticks, a leading digit after `_`.
    static func identifier(_ name: String) -> String {
        Identifier.escaped(name, reserved: keywords) { "`\($0)`" }
    }

    /// A package name with each part escaped.
    static func package(_ name: String) -> String {
        name.split(separator: ".").map { identifier(String($0)) }.joined(separator: ".")
    }
}
