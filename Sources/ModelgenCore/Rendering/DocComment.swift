/// The lines of a schema `doc:` text, trimmed, for a language's doc comment syntax.
enum DocComment {
    static func lines(_ doc: String?) -> [String] {
        guard let doc else { return [] }
        var lines = doc.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.lastIndex { !$0.isWhitespace }.map { String(line[...$0]) } ?? ""
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
