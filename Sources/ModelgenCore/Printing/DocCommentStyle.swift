/// How a language writes doc comments, and the lines of a schema's `doc:` text in that style.
enum DocCommentStyle: Sendable {
    /// `/// line`, one per line (Swift).
    case slashes
    /// `/** line */`, or a `/**` … ` */` block for several lines (KDoc, TSDoc). `*/` and `/*`
    /// inside are broken up: Kotlin's block comments nest, so `/*` would open another. `[$` is
    /// escaped, `\[$`: Kotlin's KDoc lexer reads it as a link it cannot name ("identifier
    /// expected"), even in a code span; Markdown shows `\[` as `[`.
    case block

    /// The doc comment for `doc`, trimmed; none for no text.
    func lines(_ doc: String?) -> [String] {
        let lines = Self.trimmedLines(doc)
        switch self {
        case .slashes:
            return lines.map { $0.isEmpty ? "///" : "/// \($0)" }
        case .block:
            // A line without `*` or `$` needs no change; most lines skip Foundation's search.
            let safe = lines.map { line in
                let marks = line.utf8.contains(UInt8(ascii: "*")) || line.utf8.contains(UInt8(ascii: "$"))
                return marks ? line.replacingOccurrences(of: "*/", with: "*&#47;").replacingOccurrences(of: "/*", with: "/&#42;")
                    .replacingOccurrences(of: "[$", with: "\\[$") : line
            }
            guard safe.count > 1 else { return safe.first.map { ["/** \($0) */"] } ?? [] }
            return ["/**"] + safe.map { $0.isEmpty ? " *" : " * \($0)" } + [" */"]
        }
    }

    /// The lines of `doc`, each without trailing white space, without blank lines around them.
    private static func trimmedLines(_ doc: String?) -> [String] {
        guard let doc else { return [] }
        var lines = doc.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.lastIndex { !$0.isWhitespace }.map { String(line[...$0]) } ?? ""
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
