/// Reads back the canonical text of a value (``CanonicalText``), as runners print emissions.
struct CanonicalParser {
    private var scalars: [Unicode.Scalar]
    private var index = 0

    /// The value `text` is the canonical text of, or nil when it is not one.
    static func value(_ text: String) -> VectorValue? {
        var parser = CanonicalParser(scalars: Array(text.unicodeScalars))
        guard let value = parser.value(), parser.index == parser.scalars.count else { return nil }
        return value
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private mutating func value() -> VectorValue? {
        guard index < scalars.count else { return nil }
        switch scalars[index] {
        case "\"": return quoted().map(VectorValue.string)
        case "[": return list()
        case "{": return map()
        default: return word()
        }
    }

    private mutating func list() -> VectorValue? {
        index += 1
        var values: [VectorValue] = []
        while !take("]") {
            if !values.isEmpty, !take(", ") { return nil }
            guard let value = value() else { return nil }
            values.append(value)
        }
        return .array(values)
    }

    private mutating func map() -> VectorValue? {
        index += 1
        var entries: [(key: String, value: VectorValue)] = []
        while !take("}") {
            if !entries.isEmpty, !take(", ") { return nil }
            guard index < scalars.count, scalars[index] == "\"", let key = quoted(), take(": "), let value = value() else { return nil }
            entries.append((key, value))
        }
        return .map(entries)
    }

    /// A string with the escapes of ``StringLiteralStyle/schema``: `\"`, `\\`, `\n`, `\r`, `\t`, `\u{7F}`.
    private mutating func quoted() -> String? {
        index += 1
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\"": return String(text)
            case "\\":
                guard index < scalars.count else { return nil }
                let escaped = scalars[index]
                index += 1
                switch escaped {
                case "n": text.append("\n")
                case "r": text.append("\r")
                case "t": text.append("\t")
                case "u":
                    guard take("{"), let end = scalars[index...].firstIndex(of: "}"),
                          let code = UInt32(String(String.UnicodeScalarView(scalars[index..<end])), radix: 16),
                          let decoded = Unicode.Scalar(code) else { return nil }
                    text.append(decoded)
                    index = end + 1
                default: text.append(escaped)
                }
            default: text.append(scalar)
            }
        }
        return nil
    }

    /// `null`, `true`, `false`, `serverTimestamp`, `timestamp(…)`, `bytes(…)`, `reference(…)`,
    /// `geopoint(…, …)`, an int or a double.
    private mutating func word() -> VectorValue? {
        if take("geopoint(") {
            let start = index
            while index < scalars.count, scalars[index] != ")" { index += 1 }
            let numbers = String(String.UnicodeScalarView(scalars[start..<index])).split(separator: ", ").compactMap { Double($0) }
            guard take(")"), numbers.count == 2 else { return nil }
            return .geopoint(latitude: numbers[0], longitude: numbers[1])
        }
        let start = index
        while index < scalars.count, ![",", "]", "}"].contains(scalars[index]) { index += 1 }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        switch text {
        case "null": return .null
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "serverTimestamp": return .serverTimestamp
        default: break
        }
        if text.hasPrefix("timestamp("), text.hasSuffix(")") {
            return CanonicalText.parseTime(String(text.dropFirst(10).dropLast())).map(VectorValue.timestamp)
        }
        if text.hasPrefix("reference("), text.hasSuffix(")") {
            return .reference(text.dropFirst(10).dropLast().split(separator: "/", omittingEmptySubsequences: false).map(String.init))
        }
        if text.hasPrefix("bytes("), text.hasSuffix(")") {
            return CanonicalText.parseHex(String(text.dropFirst(6).dropLast())).map(VectorValue.bytes)
        }
        if let int = Int64(text) { return .int(int) }
        return Double(text).map(VectorValue.double)
    }

    private mutating func take(_ literal: String) -> Bool {
        let expected = Array(literal.unicodeScalars)
        guard index + expected.count <= scalars.count, Array(scalars[index..<(index + expected.count)]) == expected else { return false }
        index += expected.count
        return true
    }
}
