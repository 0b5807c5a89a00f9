/// A field path as Firestore writes it (vectors, index files): segments joined by `.`; a segment that
/// holds a dot, a backtick or a backslash is written in backticks, those two escaped by a
/// backslash.
enum FieldPathText {
    static func segments(_ text: String) -> [String] {
        var segments: [String] = [], current = "", quoted = false, escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if quoted, character == "\\" {
                escaped = true
            } else if character == "`" {
                quoted.toggle()
            } else if character == ".", !quoted {
                segments.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        return segments + [current]
    }

    static func text(_ segments: [String]) -> String {
        segments.map { $0.contains(where: { ".`\\".contains($0) }) ? backticked($0) : $0 }.joined(separator: ".")
    }

    /// A segment in backticks, with its backticks and backslashes escaped, as Firestore quotes one.
    static func backticked(_ segment: String) -> String {
        "`" + segment.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "`", with: "\\`") + "`"
    }
}
