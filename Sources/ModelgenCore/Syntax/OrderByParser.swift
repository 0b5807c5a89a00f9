/// Parses `orderBy` entries: `createdAt desc`, `name`, `address.city asc`, or several of
/// them separated by commas.
public enum OrderByParser {
    public static func parse(_ text: String, locator: TextLocator) throws(Diagnostic) -> [OrderSyntax] {
        var result: [OrderSyntax] = []
        var offset = 0
        for part in text.unicodeScalars.split(separator: ",", omittingEmptySubsequences: false) {
            let entry = String(String.UnicodeScalarView(part))
            result.append(try parseEntry(entry, locator: locator, offset: offset))
            offset += part.count + 1
        }
        return result
    }

    private static func parseEntry(_ entry: String, locator: TextLocator, offset: Int) throws(Diagnostic) -> OrderSyntax {
        let scalars = Array(entry.unicodeScalars)
        var words: [(text: String, offset: Int)] = []
        var index = 0
        while index < scalars.count {
            if scalars[index] == " " {
                index += 1
                continue
            }
            let start = index
            while index < scalars.count, scalars[index] != " " { index += 1 }
            words.append((String(String.UnicodeScalarView(scalars[start..<index])), offset + start))
        }
        guard let field = words.first else {
            throw Diagnostic.error("expected a field name in orderBy", at: locator.location(at: offset))
        }
        let path = field.text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if let bad = path.firstIndex(where: { $0.isEmpty || !isName($0) }) {
            let message = path[bad].isEmpty ? "empty field name in '\(field.text)'" : "invalid field name '\(path[bad])'"
            throw Diagnostic.error("\(message) in orderBy", at: locator.location(at: field.offset))
        }
        var descending = false
        if words.count > 1 {
            switch words[1].text {
            case "asc": descending = false
            case "desc": descending = true
            default:
                throw Diagnostic.error("expected 'asc' or 'desc' after '\(field.text)', found '\(words[1].text)'", at: locator.location(at: words[1].offset))
            }
        }
        if words.count > 2 {
            throw Diagnostic.error("unexpected '\(words[2].text)'; separate orderBy keys with ','", at: locator.location(at: words[2].offset))
        }
        return OrderSyntax(path: Located(path, at: locator.location(at: field.offset)), descending: descending)
    }

    private static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, PredicateLexer.isIdentifierStart(first) else { return false }
        return text.unicodeScalars.allSatisfy(PredicateLexer.isIdentifierPart)
    }
}
