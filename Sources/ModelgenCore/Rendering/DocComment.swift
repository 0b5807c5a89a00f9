/// The lines of a schema `doc:` text, trimmed, for a language's doc comment syntax.
enum DocComment {
    static func lines(_ doc: String?) -> [String] {
        guard let doc else { return [] }
        var lines = doc.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: \.isWhitespace).reversed())
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
