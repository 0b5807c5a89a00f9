import Foundation
import ModelgenRuntimeCore

/// Stored values in Firestore's JSON mapping (`{"integerValue": "1"}`), both ways. A document
/// name is `projects/<project>/databases/(default)/documents/<path>`.
struct EmulatorValues {
    /// `projects/<project>/databases/(default)/documents`.
    let root: String

    func name(_ path: [String]) -> String {
        ([root] + path).joined(separator: "/")
    }

    /// The path of a document name of this database, or nil for another's.
    func path(ofName name: String) -> [String]? {
        guard name.hasPrefix(root + "/") else { return nil }
        return name.dropFirst(root.count + 1).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    func json(_ value: DocumentValue) -> JSON {
        switch value {
        case .null: .object([("nullValue", .null)])
        case let .bool(flag): .object([("booleanValue", .bool(flag))])
        case let .int(number): .object([("integerValue", .string(String(number)))])
        case let .double(number): .object([("doubleValue", Self.double(number))])
        case let .timestamp(time): .object([("timestampValue", .string(RFC3339.text(time)))])
        case let .string(text): .object([("stringValue", .string(text))])
        case let .bytes(data): .object([("bytesValue", .string(data.base64EncodedString()))])
        case let .reference(path): .object([("referenceValue", .string(name(path)))])
        case let .geoPoint(point):
            .object([("geoPointValue", .object([("latitude", Self.double(point.latitude)), ("longitude", Self.double(point.longitude))]))])
        case let .array(values): .object([("arrayValue", .object([("values", .array(values.map(json)))]))])
        case let .map(fields): .object([("mapValue", .object([("fields", self.fields(fields))]))])
        // Never sent: writes holding one are not run against the emulator (its clock is not the vector's).
        case .serverTimestamp: .object([("nullValue", .null)])
        }
    }

    func fields(_ data: DocumentData) -> JSON {
        .object(data.sorted { $0.key < $1.key }.map { ($0.key, json($0.value)) })
    }

    static func double(_ number: Double) -> JSON {
        if number.isNaN { return .string("NaN") }
        if number.isInfinite { return .string(number < 0 ? "-Infinity" : "Infinity") }
        return .number(number)
    }

    func value(_ json: JSON) throws -> DocumentValue {
        guard let (kind, content) = json.members?.first else { throw EmulatorError.unreadable("a value", json) }
        switch kind {
        case "nullValue": return .null
        case "booleanValue": return .bool(content.flag ?? false)
        case "integerValue":
            guard let number = content.string.flatMap({ Int64($0) }) ?? content.double.map({ Int64($0) }) else { throw EmulatorError.unreadable(kind, content) }
            return .int(number)
        case "doubleValue":
            guard let number = content.double else { throw EmulatorError.unreadable(kind, content) }
            return .double(number)
        case "timestampValue":
            guard let time = content.string.flatMap(RFC3339.time) else { throw EmulatorError.unreadable(kind, content) }
            return .timestamp(time)
        case "stringValue": return .string(content.string ?? "")
        case "bytesValue":
            guard let data = Data(base64Encoded: content.string ?? "") else { throw EmulatorError.unreadable(kind, content) }
            return .bytes(data)
        case "referenceValue":
            guard let path = content.string.flatMap(path(ofName:)) else { throw EmulatorError.unreadable(kind, content) }
            return .reference(path)
        case "geoPointValue":
            // Firestore's JSON leaves a zero coordinate out.
            return .geoPoint(GeoPoint(latitude: content["latitude"]?.double ?? 0, longitude: content["longitude"]?.double ?? 0))
        case "arrayValue": return .array(try (content["values"]?.array ?? []).map(value))
        case "mapValue": return .map(try data(content["fields"]))
        default: throw EmulatorError.unreadable("a value", json)
        }
    }

    func data(_ fields: JSON?) throws -> DocumentData {
        var data: DocumentData = [:]
        for (key, field) in fields?.members ?? [] { data[key] = try value(field) }
        return data
    }

    /// A document of an answer (`{"name": …, "fields": …}`), as a snapshot.
    func document(_ json: JSON) throws -> DocumentSnapshot {
        guard let name = json["name"]?.string, let path = path(ofName: name), let id = path.last else { throw EmulatorError.unreadable("a document", json) }
        return DocumentSnapshot(id: id, data: try data(json["fields"]), parent: Array(path.dropLast()))
    }
}

/// Timestamps as RFC 3339 text in UTC (`2024-01-02T03:04:05.000000006Z`), the years 1 to 9999.
enum RFC3339 {
    static func text(_ time: Timestamp) -> String {
        let days = floorDivide(time.seconds, 86_400), secondOfDay = time.seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let clock = [secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60].map { pad($0, 2) }.joined(separator: ":")
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(clock).\(pad(Int64(time.nanoseconds), 9))Z"
    }

    static func time(_ text: String) -> Timestamp? {
        let characters = Array(text.utf8)
        guard characters.count >= 20, characters.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int64? { Int64(String(decoding: characters[range], as: UTF8.self)) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        var nanoseconds: Int64 = 0
        if characters[19] == UInt8(ascii: ".") {
            let digits = String(decoding: characters[20..<(characters.count - 1)], as: UTF8.self)
            guard !digits.isEmpty, digits.count <= 9, let fraction = Int64(digits) else { return nil }
            nanoseconds = fraction * Int64(pow(10, Double(9 - digits.count)))
        }
        let seconds = days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
        return Timestamp(seconds: seconds, nanoseconds: Int32(nanoseconds))
    }

    private static func pad(_ number: Int64, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468, era = floorDivide(z, 146_097), dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153, day = dayOfYear - (153 * mp + 2) / 5 + 1, month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The inverse of ``civil(fromDays:)`` (`days_from_civil`).
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year, era = floorDivide(y, 400), yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }
}

/// What the emulator answered that the store cannot use, or a refusal.
struct EmulatorError: Error, CustomStringConvertible {
    /// The gRPC status: `INVALID_ARGUMENT`, `NOT_FOUND`, `FAILED_PRECONDITION`…
    let status: String
    let message: String

    var description: String { "Firestore refused: \(status): \(message)" }

    static func unreadable(_ what: String, _ json: JSON) -> EmulatorError {
        EmulatorError(status: "UNREADABLE", message: "cannot read \(what) from \(json.text)")
    }
}
