/// Parts of a model written back as a schema writes them, for pages people read:
/// `likeCount >= 10 and ownerUid == $uid`, `createdAt desc`.
enum SchemaText {
    static func predicate(_ predicate: Predicate) -> String {
        switch predicate {
        case let .and(terms): terms.map { grouped($0, inside: "and") }.joined(separator: " and ")
        case let .or(terms): terms.map { grouped($0, inside: "or") }.joined(separator: " or ")
        case let .not(inner): "not " + grouped(inner, inside: "not")
        case let .comparison(comparison):
            "\(operand(comparison.left)) \(comparison.op.rawValue) \(operand(comparison.right))"
        }
    }

    /// A term of `and`, `or` or `not`, in parentheses unless it binds tighter.
    private static func grouped(_ term: Predicate, inside junction: String) -> String {
        let needs = switch term {
        case .comparison, .not: false
        case .and: junction == "not"
        case .or: junction != "or"
        }
        return needs ? "(\(predicate(term)))" : predicate(term)
    }

    static func operand(_ operand: Operand) -> String {
        switch operand {
        case let .field(path): path.names.joined(separator: ".")
        case let .parameter(parameter): "$" + parameter.name
        case let .literal(literal, _): LiteralDescription.describe(literal)
        case let .list(elements, _): "[" + elements.map(self.operand).joined(separator: ", ") + "]"
        }
    }

    static func order(_ keys: [OrderKey]) -> String {
        keys.map { $0.path.names.joined(separator: ".") + ($0.descending ? " desc" : "") }.joined(separator: ", ")
    }

    /// A Markdown code span that holds any text: fenced with more backticks than it contains in a row.
    static func code(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + padding + text + padding + fence
    }
}
