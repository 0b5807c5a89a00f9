/// The canonical text of values, identical in every runner: ints as digits, doubles as Swift
/// prints them (`1.0`, `-0.0`, `nan`, `inf`, `1e+16`), strings quoted with escapes, timestamps
/// as `timestamp(2024-01-02T03:04:05Z)`, bytes in hexadecimal as `bytes(00ff)`, geopoints as
/// `geopoint(1.5, -2.0)`, references as `reference(rooms/r1)`, maps with their keys in code-point order.
public enum CanonicalText {
    public static func of(_ value: VectorValue) -> String {
        switch value {
        case .null: "null"
        case let .bool(value): value ? "true" : "false"
        case let .int(value): "\(value)"
        case let .double(value): "\(value)"
        case let .timestamp(time): "timestamp(\(rfc3339(time)))"
        case let .string(text): quoted(text)
        case let .bytes(bytes): "bytes(\(hex(bytes)))"
        case let .reference(path): "reference(\(path.joined(separator: "/")))"
        case let .geopoint(latitude, longitude): "geopoint(\(latitude), \(longitude))"
        case let .array(values): "[" + values.map(of).joined(separator: ", ") + "]"
        case let .map(entries):
            "{" + entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                .map { "\(quoted($0.key)): \(of($0.value))" }.joined(separator: ", ") + "}"
        case .serverTimestamp: "serverTimestamp"
        }
    }

    /// Two lower-case hexadecimal digits a byte: `00ff10`.
    public static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The bytes of an even number of hexadecimal digits (either case); nil for anything else.
    public static func parseHex(_ text: String) -> [UInt8]? {
        let digits = text.unicodeScalars.compactMap { $0.properties.isASCIIHexDigit ? UInt8(String($0), radix: 16) : nil }
        guard digits.count == text.unicodeScalars.count, digits.count % 2 == 0 else { return nil }
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }

    /// `"text"` with `\"`, `\\`, `\n`, `\r`, `\t` and `\u{7F}`-style escapes for other controls.
    public static func quoted(_ text: String) -> String {
        style.quoted(text)
    }

    private static let style = StringLiteralStyle.schema

    /// `text` with each `-0.0` outside a string written `0.0`: values that are the same under the
    /// contract, which does not tell the zeros apart, read the same.
    static func ignoringSignOfZero(_ text: String) -> String {
        var result = "", inString = false, escaped = false
        var characters = Substring(text)
        while let character = characters.first {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if characters.hasPrefix("-0.0"), [nil, " ", "[", ":", "("].contains(result.last),
                      [nil, ",", "]", "}", ")"].contains(characters.dropFirst(4).first) {
                characters = characters.dropFirst()
                continue
            }
            result.append(character)
            characters = characters.dropFirst()
        }
        return result
    }

    /// `2024-01-02T03:04:05.000000006Z`, as every runtime's `Timestamp` prints.
    public static func rfc3339(_ time: VectorValue.Time) -> String {
        let days = time.seconds >= 0 ? time.seconds / 86_400 : (time.seconds - 86_399) / 86_400
        let secondsOfDay = time.seconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let fraction = time.nanoseconds == 0 ? "" : "." + String(String(time.nanoseconds + 1_000_000_000).dropFirst())
        return "\(year)-\(two(month))-\(two(day))T\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60))\(fraction)Z"
    }

    /// Parses `2024-01-02T03:04:05.5Z` (UTC only), as vectors write times.
    public static func parseTime(_ text: String) -> VectorValue.Time? {
        let scalars = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= scalars.count, range.allSatisfy({ (48...57).contains(scalars[$0]) }) else { return nil }
            return Int64(String(decoding: scalars[range], as: UTF8.self))
        }
        guard scalars.count >= 20, scalars.last == UInt8(ascii: "Z"), scalars[4] == UInt8(ascii: "-"), scalars[7] == UInt8(ascii: "-"),
              scalars[10] == UInt8(ascii: "T"), scalars[13] == UInt8(ascii: ":"), scalars[16] == UInt8(ascii: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
        var nanoseconds: Int32 = 0
        if scalars[19] == UInt8(ascii: ".") {
            let digits = scalars[20..<(scalars.count - 1)]
            guard (1...9).contains(digits.count), let value = number(20..<(scalars.count - 1)) else { return nil }
            nanoseconds = Int32(value) * Int32([1, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1][digits.count])
        } else if scalars.count != 20 {
            return nil
        }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return VectorValue.Time(seconds: days * 86_400 + hour * 3600 + minute * 60 + second, nanoseconds: nanoseconds)
    }
}
