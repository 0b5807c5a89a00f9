import Foundation
import ModelgenRuntimeCore

/// JSON as the emulator's REST API reads and writes it. Written by hand so that doubles keep
/// every bit (Swift's shortest round-trip digits) and ints travel as strings, as Firestore's
/// JSON mapping has them.
indirect enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.text == rhs.text }

    /// The member named `key` of an object.
    subscript(key: String) -> JSON? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var flag: Bool? {
        switch self {
        case let .bool(flag): flag
        case let .number(value): value != 0
        default: nil
        }
    }

    var string: String? { if case let .string(text) = self { text } else { nil } }
    var array: [JSON]? { if case let .array(values) = self { values } else { nil } }
    var members: [(String, JSON)]? { if case let .object(members) = self { members } else { nil } }

    /// A double as the API gives it: a number, or `"NaN"`, `"Infinity"`, `"-Infinity"`.
    var double: Double? {
        switch self {
        case let .number(value): value
        case .string("NaN"): .nan
        case .string("Infinity"): .infinity
        case .string("-Infinity"): -.infinity
        default: nil
        }
    }

    var text: String {
        switch self {
        case .null: "null"
        case let .bool(flag): flag ? "true" : "false"
        case let .number(value): "\(value)"
        case let .string(text): Self.quoted(text)
        case let .array(values): "[" + values.map(\.text).joined(separator: ",") + "]"
        case let .object(members): "{" + members.map { Self.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Parses the emulator's answer; a number is the double nearest its digits.
    init(parsing data: Data) throws {
        self = Self.converting(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    private static func converting(_ object: Any) -> JSON {
        switch object {
        case let text as String: return .string(text)
        case let values as [Any]: return .array(values.map(converting))
        case let members as [String: Any]: return .object(members.map { ($0.key, converting($0.value)) })
        // Foundation on Linux reads some numbers as NSDecimalNumber, whose doubleValue can miss
        // the nearest double by one ulp (-9.214364837600035e+18): its exact digits are read again.
        case let number as NSDecimalNumber: return .number(Double(number.stringValue) ?? number.doubleValue)
        // Foundation gives true and false as numbers too; `flag` reads either.
        case let number as NSNumber: return .number(number.doubleValue)
        default: return .null
        }
    }
}
