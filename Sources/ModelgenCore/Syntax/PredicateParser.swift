/// A recursive-descent parser for `where:` and `on:` predicates.
///
/// ```
/// predicate  := and ('or' and)*
/// and        := unary ('and' unary)*
/// unary      := 'not' unary | '(' predicate ')' | comparison
/// comparison := operand operator operand
/// operator   := '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not' 'in' | 'contains' | 'contains' 'any'
/// operand    := path | '$'name | literal | '[' (operand (',' operand)*)? ']'
/// path       := name ('.' name)*
/// ```
public struct PredicateParser {
    private static let keywords: Set<String> = ["and", "or", "not", "in", "contains", "true", "false", "null"]

    private let tokens: [PredicateToken]
    private let locator: TextLocator
    private var position = 0

    private init(tokens: [PredicateToken], locator: TextLocator) {
        self.tokens = tokens
        self.locator = locator
    }

    /// Parses `text`; errors are reported at their column through `locator`.
    public static func parse(_ text: String, locator: TextLocator) throws(Diagnostic) -> PredicateSyntax {
        do throws(PredicateSyntaxError) {
            var parser = PredicateParser(tokens: try PredicateLexer.tokens(in: text), locator: locator)
            let predicate = try parser.parseOr()
            guard parser.current.kind == .end else {
                throw PredicateSyntaxError(message: "expected 'and', 'or' or the end of the predicate, found \(parser.describe(parser.current))", offset: parser.current.offset)
            }
            return predicate
        } catch {
            throw Diagnostic.error(error.message, at: locator.location(at: error.offset))
        }
    }

    private var current: PredicateToken { tokens[position] }

    private func location(of token: PredicateToken) -> SourceLocation {
        locator.location(at: token.offset)
    }

    private func isKeyword(_ word: String) -> Bool {
        current.kind == .identifier(word)
    }

    private mutating func advance() -> PredicateToken {
        defer { if position < tokens.count - 1 { position += 1 } }
        return current
    }

    private mutating func parseOr() throws(PredicateSyntaxError) -> PredicateSyntax {
        var result = try parseAnd()
        while isKeyword("or") {
            _ = advance()
            result = .or(result, try parseAnd())
        }
        return result
    }

    private mutating func parseAnd() throws(PredicateSyntaxError) -> PredicateSyntax {
        var result = try parseUnary()
        while isKeyword("and") {
            _ = advance()
            result = .and(result, try parseUnary())
        }
        return result
    }

    private mutating func parseUnary() throws(PredicateSyntaxError) -> PredicateSyntax {
        if isKeyword("not") {
            let token = advance()
            return .not(try parseUnary(), at: location(of: token))
        }
        if current.kind == .symbol("(") {
            let open = advance()
            let inner = try parseOr()
            guard current.kind == .symbol(")") else {
                if current.kind == .end {
                    throw PredicateSyntaxError(message: "missing ')' to close the '(' at column \(location(of: open).column)", offset: current.offset)
                }
                throw PredicateSyntaxError(message: "expected ')', found \(describe(current))", offset: current.offset)
            }
            _ = advance()
            return inner
        }
        return try parseComparison()
    }

    private mutating func parseComparison() throws(PredicateSyntaxError) -> PredicateSyntax {
        let left = try parseOperand()
        let token = current
        guard let op = try parseOperator() else {
            throw PredicateSyntaxError(message: "expected a comparison operator (== != < <= > >= in, not in, contains, contains any), found \(describe(token))", offset: token.offset)
        }
        let right = try parseOperand()
        return .comparison(left, Located(op, at: location(of: token)), right)
    }

    /// The operator at the current token, read past; nil when there is none. `not` here must be
    /// followed by `in`, and `contains any` is one operator (a field named `any` after
    /// `contains` is written in backticks).
    private mutating func parseOperator() throws(PredicateSyntaxError) -> ComparisonOperator? {
        let op: ComparisonOperator? = switch current.kind {
        case let .symbol(symbol): ComparisonOperator(rawValue: symbol)
        case .identifier("in"): .isIn
        case .identifier("not"): .notIn
        case .identifier("contains"): .contains
        default: nil
        }
        guard op != nil else { return nil }
        _ = advance()
        if op == .notIn {
            guard isKeyword("in") else {
                throw PredicateSyntaxError(message: "expected 'in' after 'not' here ('not in'); to negate a comparison, put 'not' before it", offset: current.offset)
            }
            _ = advance()
        }
        if op == .contains, isKeyword("any") {
            _ = advance()
            return .containsAny
        }
        return op
    }

    private mutating func parseOperand() throws(PredicateSyntaxError) -> OperandSyntax {
        let token = advance()
        let location = location(of: token)
        switch token.kind {
        case let .parameter(name):
            return OperandSyntax(kind: .parameter(name), location: location)
        case let .string(text):
            return OperandSyntax(kind: .literal(.string(text)), location: location)
        case let .int(value):
            return OperandSyntax(kind: .literal(.int(value)), location: location)
        case let .double(value):
            return OperandSyntax(kind: .literal(.double(value)), location: location)
        case .identifier("true"):
            return OperandSyntax(kind: .literal(.bool(true)), location: location)
        case .identifier("false"):
            return OperandSyntax(kind: .literal(.bool(false)), location: location)
        case .identifier("null"):
            return OperandSyntax(kind: .literal(.null), location: location)
        case let .identifier(name) where !Self.keywords.contains(name), let .quotedIdentifier(name):
            var path = [name]
            while current.kind == .symbol(".") {
                _ = advance()
                let part = advance()
                switch part.kind {
                case let .identifier(next), let .quotedIdentifier(next): path.append(next)
                default:
                    throw PredicateSyntaxError(message: "expected a field name after '.', found \(describe(part))", offset: part.offset)
                }
            }
            return OperandSyntax(kind: .field(path), location: location)
        case .symbol("["):
            var elements: [OperandSyntax] = []
            if current.kind != .symbol("]") {
                elements.append(try parseOperand())
                while current.kind == .symbol(",") {
                    _ = advance()
                    elements.append(try parseOperand())
                }
            }
            guard current.kind == .symbol("]") else {
                throw PredicateSyntaxError(message: "expected ',' or ']' in list, found \(describe(current))", offset: current.offset)
            }
            _ = advance()
            return OperandSyntax(kind: .list(elements), location: location)
        default:
            throw PredicateSyntaxError(message: "expected a field, a $parameter or a value, found \(describe(token))", offset: token.offset)
        }
    }

    private func describe(_ token: PredicateToken) -> String {
        switch token.kind {
        case let .identifier(name): "'\(name)'"
        case let .quotedIdentifier(name): "'`\(name)`'"
        case let .parameter(name): "'$\(name)'"
        case let .string(text): "string \"\(text)\""
        case let .int(value): "'\(value)'"
        case let .double(value): "'\(value)'"
        case let .symbol(symbol): "'\(symbol)'"
        case .end: "the end of the predicate"
        }
    }
}
