import Foundation
@testable import ModelgenCore
import ModelgenRuntime

/// Where a random document goes: its path, with `alice` wherever an `owner(…)` names a path
/// parameter or the id, so that the signed-in user owns it.
struct Place {
    var segments: [String]
    var parameters: [String: String]
    var id: String
    /// Whether alice has the document a `member(…)` access looks for.
    var isMember = true

    init(_ collection: CollectionDefinition, index: Int) {
        let owner = [collection.access?.create, collection.access?.update].compactMap { rule -> String? in
            if case let .owner(name)? = rule?.condition { name } else { nil }
        }.first ?? ""
        var parameters: [String: String] = [:]
        segments = collection.path.map { segment in
            switch segment {
            case let .literal(text): return text
            case let .parameter(name):
                parameters[name] = owner == name ? "alice" : "p\(index)"
                return parameters[name]!
            }
        }
        id = owner == "id" ? "alice" : "d\(index)"
        segments.append(id)
        self.parameters = parameters
    }

    /// The place of the document at `segments` of `collection`.
    init(_ collection: CollectionDefinition, segments: [String]) {
        self.segments = segments
        id = segments.last ?? ""
        parameters = Dictionary(zip(collection.path, segments).compactMap { segment, value in
            if case let .parameter(name) = segment { (name, value) } else { nil }
        }) { first, _ in first }
    }

    var path: String { segments.joined(separator: "/") }

    /// Whether alice owns the document by `name` (a field, a path parameter or the id), as
    /// written and, for an update, as stored.
    func owns(_ name: String, in collection: CollectionDefinition, _ data: DocumentData, _ before: DocumentData?) -> Bool {
        if name == "id" { return id == "alice" }
        if let parameter = parameters[name] { return parameter == "alice" }
        let key = collection.fields.first { $0.name == name }?.key ?? name
        return data[key] == .string("alice") && (before.map { $0[key] == .string("alice") } ?? true)
    }
}

extension RulesDifferential {
    /// A document of `collection` that a typed create writes: every field within its type and
    /// constraints, optional and defaulted fields sometimes left out.
    mutating func document(_ collection: CollectionDefinition, _ place: Place) -> DocumentData {
        var data: DocumentData = [:]
        for field in collection.fields where !field.isDocumentID {
            if !field.serverTimestamp.isEmpty {
                data[field.key] = .serverTimestamp
            } else if let value = fieldValue(field, collection, place) {
                data[field.key] = value
            }
        }
        return data
    }

    /// A field's value in a typed write (nil: left out): the path's value, alice as its owner,
    /// or a random value within its constraints.
    mutating func fieldValue(_ field: Field, _ collection: CollectionDefinition, _ place: Place) -> DocumentValue? {
        if let parameter = place.parameters[field.name] { return .string(parameter) }
        for rule in [collection.access?.create, collection.access?.update] {
            if case .owner(field.name)? = rule?.condition { return .string("alice") }
        }
        if field.type.isOptional || field.defaultValue != nil, random.chance(25) { return nil }
        if field.type.isOptional, random.chance(20) { return .null }
        return value(field.type.nonOptional, field.constraints)
    }

    /// A random value of `type` within `constraints`.
    mutating func value(_ type: FieldType, _ constraints: FieldConstraints = FieldConstraints()) -> DocumentValue {
        switch type {
        case .string:
            if let values = constraints.values { return .string(random.pick(values)) }
            return .string(text(utf16Length: (constraints.minLength ?? 0) + random.below((constraints.maxLength ?? 6) - (constraints.minLength ?? 0) + 1)))
        case .int:
            let low = Int64(constraints.min ?? -1000), high = Int64(constraints.max ?? 1000)
            return .int(random.chance(20) ? random.pick([low, high]) : low + Int64(random.below(Int(high - low) + 1)))
        case .double:
            let low = constraints.min ?? -1000, high = constraints.max ?? 1000
            return .double(random.chance(20) ? random.pick([low, high]) : low + (high - low) * Double(random.below(1001)) / 1000)
        case .bool: return .bool(random.chance(50))
        case .timestamp: return .timestamp(Timestamp(seconds: Int64(random.below(2_000_000_000)), nanoseconds: Int32(random.below(1_000_000)) * 1000))
        case .bytes: return .bytes(Data((0..<random.below(4)).map { _ in UInt8(random.below(256)) }))
        case .geopoint: return .geoPoint(GeoPoint(latitude: Double(random.below(181) - 90), longitude: Double(random.below(361) - 180)))
        case let .array(element):
            let low = constraints.minItems ?? 0, high = constraints.maxItems ?? low + 2
            return .array((0..<(low + random.below(high - low + 1))).map { _ in value(element) })
        case let .map(element):
            return .map(Dictionary(uniqueKeysWithValues: (0..<random.below(3)).map { ("k\($0)", value(element)) }))
        case let .reference(name):
            let target = model.collections.first { $0.name == name }
            return .reference((target?.path ?? []).map { if case let .literal(text) = $0 { text } else { "p1" } } + ["d\(random.below(5))"])
        case let .object(name):
            if let definition = enums[name] { return .string(random.pick(definition.values)) }
            var fields: DocumentData = [:]
            for field in types[name]?.fields ?? [] {
                if field.type.isOptional || field.defaultValue != nil, random.chance(30) { continue }
                fields[field.key] = field.type.isOptional && random.chance(20) ? .null : value(field.type.nonOptional)
            }
            return .map(fields)
        case let .optional(wrapped): return value(wrapped, constraints)
        }
    }

    /// A string of exactly `length` UTF-16 code units, astral characters (two units) among them.
    mutating func text(utf16Length length: Int) -> String {
        var text = "", left = length
        while left > 0 {
            if left >= 2, random.chance(30) { text += "😀"; left -= 2 } else { text += random.pick(["a", "é", "漢", " "]); left -= 1 }
        }
        return text
    }

    /// A set as the client SDKs send a typed create: pending server times as transforms.
    static func set(_ path: String, _ data: DocumentData) -> RestWrite {
        .set(path, data.filter { !$0.value.isServerTimestamp }.mapValues(RestValue.init), serverTime: data.filter(\.value.isServerTimestamp).keys.sorted())
    }
}

extension DocumentValue {
    var isServerTimestamp: Bool {
        if case .serverTimestamp = self { true } else { false }
    }
}

extension RestValue {
    /// The runtime's value as the REST API writes it.
    init(_ value: DocumentValue) {
        switch value {
        case .null, .serverTimestamp: self = .null
        case let .bool(value): self = .bool(value)
        case let .int(value): self = .int(value)
        case let .double(value): self = .double(value)
        case let .string(text): self = .string(text)
        case let .timestamp(time): self = .timestamp(String(format: "%@.%09dZ", String(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(time.seconds))).dropLast()), time.nanoseconds))
        case let .bytes(data): self = .bytes(data.base64EncodedString())
        case let .reference(path): self = .reference(path.joined(separator: "/"))
        case let .geoPoint(point): self = .geopoint(point.latitude, point.longitude)
        case let .array(values): self = .list(values.map(RestValue.init))
        case let .map(fields): self = .map(fields.mapValues(RestValue.init))
        }
    }
}
