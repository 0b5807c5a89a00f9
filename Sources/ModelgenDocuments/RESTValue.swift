import Foundation
import ModelgenRuntime

/// Firestore's REST encoding of values (`{"integerValue": "1"}`) to and from the runtime's
/// ``DocumentValue``.
public enum RESTValue {
    /// The value a REST `Value` object holds; references are read relative to `root`.
    public static func decode(_ json: Any, root: String) throws -> DocumentValue {
        guard let object = json as? [String: Any], let (kind, value) = object.first, object.count == 1 else {
            throw FirestoreEndpoint.RequestError(description: "not a Firestore value: \(json)")
        }
        switch kind {
        case "nullValue": return .null
        case "booleanValue": return .bool(value as? Bool ?? false)
        case "integerValue": return .int(Int64(value as? String ?? "") ?? 0)
        case "doubleValue": return .double(double(value))
        case "stringValue": return .string(value as? String ?? "")
        case "timestampValue": return .timestamp(try timestamp(value as? String ?? ""))
        case "bytesValue": return .bytes(Data(base64Encoded: value as? String ?? "") ?? Data())
        case "referenceValue": return .reference(path(ofName: value as? String ?? "", root: root))
        case "geoPointValue":
            let point = value as? [String: Any] ?? [:]
            return .geoPoint(GeoPoint(latitude: double(point["latitude"] ?? 0), longitude: double(point["longitude"] ?? 0)))
        case "arrayValue":
            return .array(try ((value as? [String: Any])?["values"] as? [Any] ?? []).map { try decode($0, root: root) })
        case "mapValue":
            return .map(try ((value as? [String: Any])?["fields"] as? [String: Any] ?? [:]).mapValues { try decode($0, root: root) })
        default:
            throw FirestoreEndpoint.RequestError(description: "unknown Firestore value '\(kind)'")
        }
    }

    /// The REST `Value` object of `value`; a pending server timestamp has none (it is a transform).
    public static func encode(_ value: DocumentValue, root: String) -> [String: Any] {
        switch value {
        case .null, .serverTimestamp: ["nullValue": NSNull()]
        case let .bool(value): ["booleanValue": value]
        case let .int(value): ["integerValue": String(value)]
        case let .double(value):
            ["doubleValue": value.isNaN ? "NaN" : value.isInfinite ? (value < 0 ? "-Infinity" : "Infinity") : value as Any]
        case let .string(text): ["stringValue": text]
        case let .timestamp(time): ["timestampValue": text(of: time)]
        case let .bytes(data): ["bytesValue": data.base64EncodedString()]
        case let .reference(path): ["referenceValue": ([root] + path).joined(separator: "/")]
        case let .geoPoint(point): ["geoPointValue": ["latitude": point.latitude, "longitude": point.longitude]]
        case let .array(values): ["arrayValue": ["values": values.map { encode($0, root: root) }]]
        case let .map(fields): ["mapValue": ["fields": fields.mapValues { encode($0, root: root) }]]
        }
    }

    /// A document's path from its resource name: `projects/p/databases/d/documents/a/b` → `["a", "b"]`.
    static func path(ofName name: String, root: String) -> [String] {
        let relative = name.hasPrefix(root + "/") ? String(name.dropFirst(root.count + 1)) : name
        return relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    private static func double(_ value: Any) -> Double {
        if let text = value as? String { return Double(text.replacingOccurrences(of: "Infinity", with: "inf")) ?? .nan }
        return (value as? NSNumber)?.doubleValue ?? .nan
    }

    /// An RFC 3339 time in UTC as Firestore writes it: `2024-05-01T10:00:00.123456Z`.
    static func timestamp(_ text: String) throws -> Timestamp {
        let parts = text.dropLast().split(separator: ".", maxSplits: 1)
        let formatter = ISO8601DateFormatter()
        guard text.hasSuffix("Z"), let whole = parts.first, let date = formatter.date(from: whole + "Z") else {
            throw FirestoreEndpoint.RequestError(description: "not a Firestore timestamp: '\(text)'")
        }
        let fraction = parts.count > 1 ? String(parts[1].prefix(9)) : ""
        let nanoseconds = Int32(fraction.padding(toLength: 9, withPad: "0", startingAt: 0)) ?? 0
        return Timestamp(seconds: Int64(date.timeIntervalSince1970.rounded()), nanoseconds: nanoseconds)
    }

    static func text(of time: Timestamp) -> String {
        let formatter = ISO8601DateFormatter()
        let whole = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(time.seconds)))
        return whole.dropLast() + "." + String(format: "%09d", time.nanoseconds) + "Z"
    }
}
