import Foundation
import ModelgenRuntime

/// A store scenario as one line of text that the Kotlin and TypeScript drivers
/// (`Tests/StoreDrivers/*/`) read with a few lines of code each: every value tagged,
/// doubles as their bits (so NaN, −0.0 and infinities cross exactly), strings prefixed by their
/// length in UTF-16 units, counts ended by `;`.
enum StoreScenarioText {
    static func line(_ scenario: StoreScenario) -> String {
        var text = "\(scenario.documents.count);"
        for document in scenario.documents { text += path(document.path) + value(.map(document.data)) }
        let query = scenario.query
        text += (query.isCollectionGroup ? "G" : "C") + path(query.collection)
        text += query.filter.map(filter) ?? "-"
        text += "\(query.orderBy.count);" + query.orderBy.map { path($0.field.keys) + ($0.descending ? "-" : "+") }.joined()
        text += [query.limit, query.limitToLast].map { $0.map { "\($0);" } ?? "-" }.joined()
        text += [query.start, query.end].map { bound in
            bound.map { ($0.inclusive ? "[" : "(") + "\($0.values.count);" + $0.values.map(value).joined() } ?? "-"
        }.joined()
        text += "\(scenario.writes.count);" + scenario.writes.map(write).joined()
        return text + "\(scenario.paths.count);" + scenario.paths.map(path).joined()
    }

    static func write(_ write: DocumentWrite) -> String {
        switch write {
        case let .set(segments, data, mustNotExist): (mustNotExist ? "C" : "S") + path(segments) + value(.map(data))
        case let .update(segments, fields, _): "U" + path(segments) + self.fields(fields)
        case let .merge(segments, fields): "M" + path(segments) + self.fields(fields)
        case let .delete(segments, mustExist, _): (mustExist ? "X" : "D") + path(segments)
        }
    }

    static func fields(_ fields: [FieldPath: FieldUpdate]) -> String {
        "\(fields.count);" + fields.keys.sorted { $0.keys.lexicographicallyPrecedes($1.keys) }.map { field in
            path(field.keys) + {
                switch fields[field]! {
                case let .value(value): "v" + Self.value(value)
                case .delete: "x"
                case let .increment(by): "+" + value(by)
                case let .arrayUnion(values): "u\(values.count);" + values.map(value).joined()
                case let .arrayRemove(values): "r\(values.count);" + values.map(value).joined()
                }
            }()
        }.joined()
    }

    /// The documents at `paths` as the drivers print them: `c/a=<value>` or `c/a=none`, joined by spaces.
    static func documents(_ paths: [[String]], _ found: [DocumentSnapshot?]) -> String {
        zip(paths, found).map { path, document in
            path.joined(separator: "/") + "=" + (document.map { value(.map($0.data)) } ?? "none")
        }.joined(separator: " ")
    }

    static func string(_ text: String) -> String { "s\(text.utf16.count):\(text)" }

    static func path(_ segments: [String]) -> String { "\(segments.count);" + segments.map(string).joined() }

    static func filter(_ filter: QueryFilter) -> String {
        switch filter {
        case let .compare(field, op, operand): "c" + path(field.keys) + string(op.rawValue) + value(operand)
        case let .and(filters): "&\(filters.count);" + filters.map(Self.filter).joined()
        case let .or(filters): "|\(filters.count);" + filters.map(Self.filter).joined()
        }
    }

    static func value(_ value: DocumentValue) -> String {
        switch value {
        case .null: "n"
        case let .bool(flag): flag ? "t" : "f"
        case let .int(number): "i\(number);"
        case let .double(number): "d" + bits(number)
        case let .string(text): string(text)
        case let .timestamp(time): "T\(time.seconds),\(time.nanoseconds);"
        case let .bytes(data): "y\(data.count);" + data.map { String(format: "%02x", $0) }.joined()
        case let .reference(segments): "r" + path(segments)
        case let .geoPoint(point): "g" + bits(point.latitude) + bits(point.longitude)
        case let .array(values): "a\(values.count);" + values.map(Self.value).joined()
        case let .map(fields): "m\(fields.count);" + fields.keys.sorted().map { string($0) + Self.value(fields[$0]!) }.joined()
        case .serverTimestamp: "S"
        }
    }

    private static func bits(_ number: Double) -> String {
        let hex = String(number.bitPattern, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
