/// How a language writes a string literal. One routine escapes for every language; a style
/// says only what differs: the escapes a language adds and how it writes a code point.
struct StringLiteralStyle: Sendable {
    /// Escapes beyond `\"`, `\\`, `\n`, `\r` and `\t`: `\0` in Swift, `\$` in Kotlin.
    var extraEscapes: [Unicode.Scalar: String] = [:]
    /// How another control character is written: `\u{1}` or `\u0001`.
    var codePoint: @Sendable (UInt32) -> String
    /// Whether U+2028 and U+2029, which end a line in some languages' sources, are escaped too.
    var escapesLineSeparators = true
    /// The quote around the literal, escaped inside it: `"`, or `'` in Firestore's rules.
    var quote: Unicode.Scalar = "\""

    /// `"…"` holding `value` exactly.
    func quoted(_ value: String) -> String {
        var result = String(quote)
        for scalar in value.unicodeScalars {
            switch scalar {
            case quote: result += "\\" + String(quote)
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where extraEscapes[scalar] != nil: result += extraEscapes[scalar]!
            case _ where scalar.value < 0x20 || scalar.value == 0x7F
                || (escapesLineSeparators && (0x2028...0x2029).contains(scalar.value)):
                result += codePoint(scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + String(quote)
    }

    /// A string in a schema's predicate, as messages and pages write it back: `"a \"b\"\n"`.
    static let schema = StringLiteralStyle(codePoint: bracedCodePoint, escapesLineSeparators: false)

    /// `\u{7F}`: Swift's code-point escape.
    static let bracedCodePoint: @Sendable (UInt32) -> String = { "\\u{\(String($0, radix: 16, uppercase: true))}" }

    /// `\u007F`: the four-digit escape of Kotlin, Java and JavaScript.
    static let fourDigitCodePoint: @Sendable (UInt32) -> String = {
        let digits = String($0, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
