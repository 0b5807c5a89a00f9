/// Parses a field type spelling: `string`, `Attachment`, `[T]`, `map<T>`, `reference<Member>`,
/// and `T?`.
///
/// ```
/// type := base '?'?
/// base := name | '[' type ']' | 'map' '<' type '>' | 'reference' '<' name '>'
/// ```
public enum TypeSyntaxParser {
    public static func parse(_ text: String, locator: TextLocator) throws(Diagnostic) -> TypeSyntax {
        var scanner = Scanner(scalars: Array(text.unicodeScalars))
        do throws(PredicateSyntaxError) {
            scanner.skipSpaces()
            guard !scanner.isAtEnd else { throw PredicateSyntaxError(message: "expected a type", offset: 0) }
            let type = try scanner.parseType()
            scanner.skipSpaces()
            guard scanner.isAtEnd else {
                throw PredicateSyntaxError(message: "unexpected '\(scanner.rest)' after the type", offset: scanner.index)
            }
            return type
        } catch {
            throw Diagnostic.error("invalid type '\(text)': \(error.message)", at: locator.location(at: error.offset))
        }
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0

        var isAtEnd: Bool { index >= scalars.count }
        var current: Unicode.Scalar? { isAtEnd ? nil : scalars[index] }
        var rest: String { String(String.UnicodeScalarView(scalars[index...])) }

        mutating func skipSpaces() {
            while let scalar = current, scalar == " " { index += 1 }
        }

        mutating func expect(_ scalar: Unicode.Scalar) throws(PredicateSyntaxError) {
            skipSpaces()
            guard current == scalar else {
                let found = current.map { "'\($0)'" } ?? "the end"
                throw PredicateSyntaxError(message: "expected '\(scalar)', found \(found)", offset: index)
            }
            index += 1
        }

        mutating func parseType() throws(PredicateSyntaxError) -> TypeSyntax {
            var type = try parseBase()
            skipSpaces()
            if current == "?" {
                index += 1
                type = .optional(type)
                skipSpaces()
                if current == "?" {
                    throw PredicateSyntaxError(message: "a type can be optional only once", offset: index)
                }
            }
            return type
        }

        private mutating func parseBase() throws(PredicateSyntaxError) -> TypeSyntax {
            skipSpaces()
            if current == "[" {
                index += 1
                let element = try parseType()
                try expect("]")
                return .array(element)
            }
            let start = index
            var name = String.UnicodeScalarView()
            while let scalar = current, PredicateLexer.isIdentifierPart(scalar) {
                name.append(scalar)
                index += 1
            }
            guard !name.isEmpty, let first = name.first, PredicateLexer.isIdentifierStart(first) else {
                let found = current.map { "'\($0)'" } ?? "the end"
                throw PredicateSyntaxError(message: "expected a type name, found \(found)", offset: start)
            }
            if String(name) == "map" {
                skipSpaces()
                if current == "<" {
                    index += 1
                    let value = try parseType()
                    try expect(">")
                    return .map(value)
                }
            }
            if String(name) == "reference" {
                skipSpaces()
                if current == "<" {
                    index += 1
                    skipSpaces()
                    let collectionStart = index
                    guard case let .named(collection) = try parseBase() else {
                        throw PredicateSyntaxError(message: "a reference names a collection, like 'reference<Member>'", offset: collectionStart)
                    }
                    try expect(">")
                    return .reference(collection)
                }
            }
            return .named(String(name))
        }
    }
}
