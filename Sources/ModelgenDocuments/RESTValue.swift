import Foundation
import ModelgenRuntimeCore

/// Firestore's REST encoding of values (`{"integerValue": "1"}`), read as the runtime's
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
        case "integerValue":
            guard let int = Int64(value as? String ?? "") else { throw unreadable(kind, value) }
            return .int(int)
        case "doubleValue":
            guard let double = double(value) else { throw unreadable(kind, value) }
            return .double(double)
        case "stringValue": return .string(value as? String ?? "")
        case "timestampValue": return .timestamp(try timestamp(value as? String ?? ""))
        case "bytesValue": return .bytes(Data(base64Encoded: value as? String ?? "") ?? Data())
        case "referenceValue": return .reference(path(ofName: value as? String ?? "", root: root))
        case "geoPointValue":
            let point = value as? [String: Any] ?? [:]
            guard let latitude = double(point["latitude"] ?? 0), let longitude = double(point["longitude"] ?? 0) else { throw unreadable(kind, value) }
            return .geoPoint(GeoPoint(latitude: latitude, longitude: longitude))
        case "arrayValue":
            return .array(try ((value as? [String: Any])?["values"] as? [Any] ?? []).map { try decode($0, root: root) })
        case "mapValue":
            return .map(try ((value as? [String: Any])?["fields"] as? [String: Any] ?? [:]).mapValues { try decode($0, root: root) })
        default:
            throw FirestoreEndpoint.RequestError(description: "unknown Firestore value '\(kind)'")
        }
    }

    /// A document's path from its resource name: `projects/p/databases/d/documents/a/b` → `["a", "b"]`.
    static func path(ofName name: String, root: String) -> [String] {
        let relative = name.hasPrefix(root + "/") ? String(name.dropFirst(root.count + 1)) : name
        return relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// A JSON number, or `"NaN"`, `"Infinity"`, `"-Infinity"` as the REST API writes those.
    private static func double(_ value: Any) -> Double? {
        if let text = value as? String { return ["NaN": .nan, "Infinity": .infinity, "-Infinity": -.infinity][text] }
        // Foundation on Linux reads some numbers as NSDecimalNumber, whose doubleValue can miss the
        // nearest double by one ulp: its exact digits are read again.
        if let decimal = value as? NSDecimalNumber { return Double(decimal.stringValue) ?? decimal.doubleValue }
        return (value as? NSNumber)?.doubleValue
    }

    private static func unreadable(_ kind: String, _ value: Any) -> FirestoreEndpoint.RequestError {
        FirestoreEndpoint.RequestError(description: "a \(kind) Firestore wrote as \(value)")
    }

    /// Reads the whole seconds of a time; ISO8601DateFormatter is costly to make, and this one is
    /// used from one thread at a time (`validate-data` reads page by page).
    nonisolated(unsafe) private static let formatter = ISO8601DateFormatter()

    /// An RFC 3339 time in UTC as Firestore writes it: `2024-05-01T10:00:00.123456Z`.
    static func timestamp(_ text: String) throws -> Timestamp {
        let parts = text.dropLast().split(separator: ".", maxSplits: 1)
        guard text.hasSuffix("Z"), let whole = parts.first, let date = formatter.date(from: whole + "Z") else {
            throw FirestoreEndpoint.RequestError(description: "not a Firestore timestamp: '\(text)'")
        }
        let fraction = parts.count > 1 ? String(parts[1].prefix(9)) : ""
        let nanoseconds = Int32(fraction.padding(toLength: 9, withPad: "0", startingAt: 0)) ?? 0
        return Timestamp(seconds: Int64(date.timeIntervalSince1970.rounded()), nanoseconds: nanoseconds)
    }
}
