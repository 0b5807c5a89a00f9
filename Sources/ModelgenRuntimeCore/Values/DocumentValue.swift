import Foundation

/// A value stored in a document, with Firestore's types.
///
/// Equality and hashing follow the behaviour contract, not Swift's defaults: numbers are equal
/// when they are the same number (`1 == 1.0`, `-0.0 == 0.0`, `NaN == NaN`) and strings when
/// they are the same Unicode code points (no normalization).
public enum DocumentValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case timestamp(Timestamp)
    case string(String)
    /// Bytes, ordered byte by byte (unsigned), a shorter prefix first.
    case bytes(Data)
    /// A reference to the document at the path (its segments), ordered segment by segment.
    case reference([String])
    case geoPoint(GeoPoint)
    case array([DocumentValue])
    case map(DocumentData)
    /// A server timestamp not yet set by the server. Written, it asks for one; read, it is a
    /// pending write that decodes as nil and sorts after every timestamp.
    case serverTimestamp
}

/// The fields of a document or of an embedded value.
public typealias DocumentData = [String: DocumentValue]

extension DocumentValue: Hashable {
    public static func == (lhs: DocumentValue, rhs: DocumentValue) -> Bool {
        ValueOrder.compare(lhs, rhs) == 0
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case let .bool(value): hasher.combine(value)
        case let .int(value): Double(value).contractHash(into: &hasher)
        case let .double(value): value.contractHash(into: &hasher)
        case let .timestamp(value): hasher.combine(value)
        case let .string(value): value.contractHash(into: &hasher)
        case let .bytes(value): hasher.combine(value)
        case let .reference(path): path.contractHash(into: &hasher)
        case let .geoPoint(value): hasher.combine(value)
        case let .array(values): values.contractHash(into: &hasher)
        case let .map(fields):
            hasher.combine(fields.count)
            for (key, value) in fields.sorted(by: { CodePoints.less($0.key, $1.key) }) {
                key.contractHash(into: &hasher)
                value.hash(into: &hasher)
            }
        case .serverTimestamp: hasher.combine(1)
        }
    }
}

extension DocumentValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: DocumentValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, DocumentValue)...) {
        self = .map(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension DocumentValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .null: "null"
        case let .bool(value): "\(value)"
        case let .int(value): "\(value)"
        case let .double(value): "\(value)"
        case let .timestamp(value): "\(value)"
        case let .string(value): "\"\(value)\""
        case let .bytes(value): "bytes(\(value.hexDigits))"
        case let .reference(path): "reference(\(path.joined(separator: "/")))"
        case let .geoPoint(value): "\(value)"
        case let .array(values): "[\(values.map(\.description).joined(separator: ", "))]"
        case let .map(fields):
            "{\(fields.sorted { CodePoints.less($0.key, $1.key) }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))}"
        case .serverTimestamp: "serverTimestamp"
        }
    }

    /// The name of the value's type, for messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .double: "double"
        case .timestamp: "timestamp"
        case .string: "string"
        case .bytes: "bytes"
        case .reference: "reference"
        case .geoPoint: "geopoint"
        case .array: "array"
        case .map: "map"
        case .serverTimestamp: "pending server timestamp"
        }
    }
}

extension Dictionary where Key == String {
    /// The value stored under exactly `key`'s code points. Swift's own subscript also finds a
    /// key that differs only by Unicode normalization, which the contract counts as another key.
    public func value(forExactKey key: String) -> Value? {
        guard let index = index(forKey: key), CodePoints.equal(self[index].key, key) else { return nil }
        return self[index].value
    }
}

extension DocumentValue {
    /// Whether the value is a NaN double, which a query matches only with `== NaN`, `!=` and `not-in`.
    var isNaN: Bool {
        if case let .double(value) = self { value.isNaN } else { false }
    }
}

extension Data {
    /// The bytes in lower-case hexadecimal, two digits each: `00ff10`.
    public var hexDigits: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(count * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
