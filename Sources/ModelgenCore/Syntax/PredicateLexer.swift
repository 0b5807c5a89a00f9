/// A token of the predicate language, with its offset (in Unicode scalars) in the source text.
struct PredicateToken: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        /// A name in backticks: never a keyword.
        case quotedIdentifier(String)
        case parameter(String)
        case string(String)
        case int(Int64)
        case double(Double)
        case symbol(String)
        case end
    }

    var kind: Kind
    var offset: Int
}

/// An error found while reading a predicate, at an offset in its text.
struct PredicateSyntaxError: Error, Equatable {
    var message: String
    var offset: Int
}

/// Splits predicate text into tokens: identifiers (also `` `quoted` ``), `$parameters`,
/// string and number literals, and the symbols `== != < <= > >= ( ) [ ] , .`.
struct PredicateLexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    static func tokens(in text: String) throws(PredicateSyntaxError) -> [PredicateToken] {
        var lexer = PredicateLexer(text)
        var tokens: [PredicateToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ distance: Int) -> Unicode.Scalar? {
        index + distance < scalars.count ? scalars[index + distance] : nil
    }

    mutating func next() throws(PredicateSyntaxError) -> PredicateToken {
        while let scalar = current, scalar.properties.isWhitespace { index += 1 }
        let start = index
        guard let scalar = current else { return PredicateToken(kind: .end, offset: start) }
        if Self.isIdentifierStart(scalar) {
            return PredicateToken(kind: .identifier(readIdentifier()), offset: start)
        }
        switch scalar {
        case "`":
            return PredicateToken(kind: .quotedIdentifier(try readQuotedIdentifier()), offset: start)
        case "$":
            index += 1
            guard let next = current, Self.isIdentifierStart(next) else {
                throw PredicateSyntaxError(message: "expected a parameter name after '$'", offset: start)
            }
            return PredicateToken(kind: .parameter(readIdentifier()), offset: start)
        case "\"", "'":
            return PredicateToken(kind: .string(try readString(quote: scalar)), offset: start)
        case "0"..."9":
            return PredicateToken(kind: try readNumber(), offset: start)
        case "-" where peek(1).map { ("0"..."9").contains($0) } == true:
            return PredicateToken(kind: try readNumber(), offset: start)
        case "=", "!":
            guard peek(1) == "=" else {
                let hint = scalar == "=" ? "'==' compares values" : "use 'not' or '!='"
                throw PredicateSyntaxError(message: "unexpected '\(scalar)'; \(hint)", offset: start)
            }
            index += 2
            return PredicateToken(kind: .symbol(scalar == "=" ? "==" : "!="), offset: start)
        case "<", ">":
            index += 1
            if current == "=" {
                index += 1
                return PredicateToken(kind: .symbol("\(scalar)="), offset: start)
            }
            return PredicateToken(kind: .symbol(String(scalar)), offset: start)
        case "(", ")", "[", "]", ",", ".":
            index += 1
            return PredicateToken(kind: .symbol(String(scalar)), offset: start)
        case "&", "|":
            let word = scalar == "&" ? "and" : "or"
            throw PredicateSyntaxError(message: "unexpected '\(scalar)'; write '\(word)'", offset: start)
        default:
            throw PredicateSyntaxError(message: "unexpected character '\(scalar)'", offset: start)
        }
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }

    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || scalar.properties.numericType != nil
    }

    private mutating func readIdentifier() -> String {
        var name = String.UnicodeScalarView()
        while let scalar = current, Self.isIdentifierPart(scalar) {
            name.append(scalar)
            index += 1
        }
        return String(name)
    }

    private mutating func readQuotedIdentifier() throws(PredicateSyntaxError) -> String {
        let start = index
        index += 1
        var name = String.UnicodeScalarView()
        while let scalar = current, scalar != "`" {
            name.append(scalar)
            index += 1
        }
        guard current == "`", !name.isEmpty else {
            throw PredicateSyntaxError(message: name.isEmpty ? "empty quoted name" : "unterminated quoted name", offset: start)
        }
        index += 1
        return String(name)
    }

    private mutating func readString(quote: Unicode.Scalar) throws(PredicateSyntaxError) -> String {
        let start = index
        index += 1
        var text = String.UnicodeScalarView()
        while let scalar = current {
            index += 1
            if scalar == quote { return String(text) }
            guard scalar == "\\" else {
                text.append(scalar)
                continue
            }
            let escapeStart = index - 1
            guard let escaped = current else { break }
            index += 1
            switch escaped {
            case "\\", "\"", "'": text.append(escaped)
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "0": text.append("\0")
            case "u": text.append(try readUnicodeEscape(start: escapeStart))
            default:
                throw PredicateSyntaxError(message: "unknown escape '\\\(escaped)' in string", offset: escapeStart)
            }
        }
        throw PredicateSyntaxError(message: "unterminated string literal", offset: start)
    }

    /// Reads the `{XXXX}` of a `\u{XXXX}` escape.
    private mutating func readUnicodeEscape(start: Int) throws(PredicateSyntaxError) -> Unicode.Scalar {
        guard current == "{" else {
            throw PredicateSyntaxError(message: "expected '{' after '\\u'", offset: start)
        }
        index += 1
        var hex = ""
        while let scalar = current, scalar != "}", hex.count < 9 {
            hex.unicodeScalars.append(scalar)
            index += 1
        }
        guard current == "}", let value = UInt32(hex, radix: 16), let result = Unicode.Scalar(value) else {
            throw PredicateSyntaxError(message: "invalid unicode escape; write '\\u{1F600}'", offset: start)
        }
        index += 1
        return result
    }

    private mutating func readNumber() throws(PredicateSyntaxError) -> PredicateToken.Kind {
        let start = index
        var text = ""
        var isDouble = false
        if current == "-" {
            text.append("-")
            index += 1
        }
        func isDigit(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { ("0"..."9").contains($0) } ?? false }
        while isDigit(current) { text.unicodeScalars.append(current!); index += 1 }
        if current == ".", isDigit(peek(1)) {
            isDouble = true
            text.append(".")
            index += 1
            while isDigit(current) { text.unicodeScalars.append(current!); index += 1 }
        }
        if current == "e" || current == "E" {
            let sign = peek(1) == "+" || peek(1) == "-"
            if isDigit(peek(sign ? 2 : 1)) {
                isDouble = true
                text.append("e")
                index += 1
                if sign { text.unicodeScalars.append(current!); index += 1 }
                while isDigit(current) { text.unicodeScalars.append(current!); index += 1 }
            }
        }
        if let scalar = current, Self.isIdentifierPart(scalar) {
            throw PredicateSyntaxError(message: "invalid number literal", offset: start)
        }
        if isDouble {
            guard let value = Double(text), value.isFinite else {
                throw PredicateSyntaxError(message: "number literal is out of range", offset: start)
            }
            return .double(value)
        }
        guard let value = Int64(text) else {
            throw PredicateSyntaxError(message: "integer literal is out of range", offset: start)
        }
        return .int(value)
    }
}
