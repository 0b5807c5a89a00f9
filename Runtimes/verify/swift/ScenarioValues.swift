// A scenario's values as its JSON line holds them (Documentation/Conformance.md): times, entries,
// stored values and the changes a step asks. Copied verbatim into each run.
import Foundation
import ModelgenRuntimeCore

/// `["1700000000", 123]`: a time, its seconds as a decimal string.
struct ScenarioTime: Decodable {
    var time: Timestamp

    init(from decoder: any Decoder) throws {
        var parts = try decoder.unkeyedContainer()
        let seconds = try parts.decode(String.self)
        guard let whole = Int64(seconds) else { throw ScenarioError("'\(seconds)' is no number of seconds") }
        time = Timestamp(seconds: whole, nanoseconds: try parts.decode(Int32.self))
    }
}

/// `["key", value]`: an entry of a map, of a document's data, of an update's fields or of a
/// typed write's arguments.
struct ScenarioEntry<Key: Decodable, Value: Decodable>: Decodable {
    var key: Key
    var value: Value

    init(from decoder: any Decoder) throws {
        var pair = try decoder.unkeyedContainer()
        key = try pair.decode(Key.self)
        value = try pair.decode(Value.self)
    }
}

/// The entries as a dictionary; a key given twice is an error, as in a Swift literal.
func unique<Key: Hashable, Value>(_ entries: [(Key, Value)], _ what: String) throws -> [Key: Value] {
    var result: [Key: Value] = [:]
    for (key, value) in entries {
        guard result.updateValue(value, forKey: key) == nil else { throw ScenarioError("the \(what) \(key) is given twice") }
    }
    return result
}

/// A stored value, as tagged in JSON where JSON cannot tell it apart (Documentation/Conformance.md).
struct ScenarioValue: Decodable, Sendable {
    var value: DocumentValue

    private enum Tag: String, CodingKey {
        case int, double, timestamp, bytes, reference, geopoint, map, serverTimestamp
    }

    init(from decoder: any Decoder) throws {
        if var elements = try? decoder.unkeyedContainer() {
            var values: [DocumentValue] = []
            while !elements.isAtEnd { values.append(try elements.decode(ScenarioValue.self).value) }
            value = .array(values)
        } else if let tagged = try? decoder.container(keyedBy: Tag.self) {
            value = try Self.tagged(tagged)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                value = .null
            } else if let flag = try? single.decode(Bool.self) {
                value = .bool(flag)
            } else {
                value = .string(try single.decode(String.self))
            }
        }
    }

    /// `{"int": "123"}` and the other values a JSON object tags.
    private static func tagged(_ value: KeyedDecodingContainer<Tag>) throws -> DocumentValue {
        guard let tag = value.allKeys.first else { throw ScenarioError("a tagged value is one of int, double, timestamp, bytes, reference, geopoint, map, serverTimestamp") }
        switch tag {
        case .int:
            let text = try value.decode(String.self, forKey: tag)
            guard let number = Int64(text) else { throw ScenarioError("'\(text)' is no int") }
            return .int(number)
        case .double: return .double(try double(value.decode(String.self, forKey: tag)))
        case .timestamp: return .timestamp(try value.decode(ScenarioTime.self, forKey: tag).time)
        case .bytes: return .bytes(Data(try value.decode([UInt8].self, forKey: tag)))
        case .reference: return .reference(try value.decode([String].self, forKey: tag))
        case .geopoint: return .geoPoint(try geoPoint(value.decode([String].self, forKey: tag)))
        case .map: return .map(try data(value.decode([ScenarioEntry<String, ScenarioValue>].self, forKey: tag)))
        case .serverTimestamp: return .serverTimestamp
        }
    }

    /// A double's text: Swift's `description` of it, or `NaN`, `Infinity`, `-Infinity`.
    private static func double(_ text: String) throws -> Double {
        switch text {
        case "NaN": return .nan
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        default:
            guard let number = Double(text), number.isFinite else { throw ScenarioError("'\(text)' is no double") }
            return number
        }
    }

    /// A point from its latitude's and longitude's texts, refused out of range rather than
    /// stopping the program as `GeoPoint` does.
    private static func geoPoint(_ texts: [String]) throws -> GeoPoint {
        guard texts.count == 2 else { throw ScenarioError("a geopoint is a latitude and a longitude") }
        let (latitude, longitude) = (try double(texts[0]), try double(texts[1]))
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else { throw ScenarioError("no geopoint at \(latitude), \(longitude)") }
        return GeoPoint(latitude: latitude, longitude: longitude)
    }

    /// A document's data, or a map's, from its entries.
    static func data(_ entries: [ScenarioEntry<String, ScenarioValue>]) throws -> DocumentData {
        try unique(entries.map { ($0.key, $0.value.value) }, "key")
    }
}

/// A change a typed write's argument asks, or an update's field (never `keys` there).
enum ScenarioUpdate: Decodable, Sendable {
    case value(DocumentValue)
    case delete
    case increment(DocumentValue)
    case arrayUnion([DocumentValue])
    case arrayRemove([DocumentValue])
    /// Changes of some keys of a map field, by key.
    case keys([String: ScenarioUpdate])

    private enum Tag: String, CodingKey {
        case value, delete, increment, arrayUnion, arrayRemove, keys
    }

    init(from decoder: any Decoder) throws {
        let update = try decoder.container(keyedBy: Tag.self)
        guard let tag = update.allKeys.first else { throw ScenarioError("an update is one of value, delete, increment, arrayUnion, arrayRemove, keys") }
        switch tag {
        case .value: self = .value(try update.decode(ScenarioValue.self, forKey: tag).value)
        case .delete: self = .delete
        case .increment: self = .increment(try update.decode(ScenarioValue.self, forKey: tag).value)
        case .arrayUnion: self = .arrayUnion(try update.decode([ScenarioValue].self, forKey: tag).map(\.value))
        case .arrayRemove: self = .arrayRemove(try update.decode([ScenarioValue].self, forKey: tag).map(\.value))
        case .keys: self = .keys(try unique(update.decode([ScenarioEntry<String, ScenarioUpdate>].self, forKey: tag).map { ($0.key, $0.value) }, "key"))
        }
    }

    /// The update of a store's `updateData`.
    var fieldUpdate: FieldUpdate {
        get throws {
            switch self {
            case let .value(value): .value(value)
            case .delete: .delete
            case let .increment(operand): .increment(operand)
            case let .arrayUnion(values): .arrayUnion(values)
            case let .arrayRemove(values): .arrayRemove(values)
            case .keys: throw ScenarioError("a store's update names a key by its field path, not with keys")
            }
        }
    }

    /// What the update is, in an error.
    var kind: String {
        switch self {
        case .value(.serverTimestamp): "a server timestamp"
        case .value: "a value"
        case .delete: "a delete"
        case .increment: "an increment"
        case .arrayUnion: "an array union"
        case .arrayRemove: "an array removal"
        case .keys: "changes of keys"
        }
    }
}

