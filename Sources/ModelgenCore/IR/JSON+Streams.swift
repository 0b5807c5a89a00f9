import Foundation

// The JSON form of streams and predicates (see JSON+Fields.swift): each case is an object
// with one key naming it, and a comparison is `{ "left", "op", "right" }`.

extension Predicate: Codable {
    private enum CodingKeys: String, CodingKey {
        case and, or, not, left, op, right
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let terms = try container.decodeIfPresent([Predicate].self, forKey: .and) {
            self = .and(terms)
        } else if let terms = try container.decodeIfPresent([Predicate].self, forKey: .or) {
            self = .or(terms)
        } else if let inner = try container.decodeIfPresent(Predicate.self, forKey: .not) {
            self = .not(inner)
        } else {
            self = .comparison(try Comparison(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .and(terms): try container.encode(terms, forKey: .and)
        case let .or(terms): try container.encode(terms, forKey: .or)
        case let .not(inner): try container.encode(inner, forKey: .not)
        case let .comparison(comparison): try comparison.encode(to: encoder)
        }
    }
}

extension Operand: Codable {
    private enum CodingKeys: String, CodingKey {
        case field, parameter, literal, type, list, element
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let path = try container.decodeIfPresent(FieldPath.self, forKey: .field) {
            self = .field(path)
        } else if let parameter = try container.decodeIfPresent(Parameter.self, forKey: .parameter) {
            self = .parameter(parameter)
        } else if container.contains(.literal) {
            let type = try container.decode(FieldType.self, forKey: .type)
            self = .literal(try container.decode(Literal.self, forKey: .literal).coerced(to: type), type)
        } else {
            self = .list(try container.decode([Operand].self, forKey: .list), element: try container.decode(FieldType.self, forKey: .element))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .field(path): try container.encode(path, forKey: .field)
        case let .parameter(parameter): try container.encode(parameter, forKey: .parameter)
        case let .literal(literal, type):
            try container.encode(literal, forKey: .literal)
            try container.encode(type, forKey: .type)
        case let .list(operands, element):
            try container.encode(operands, forKey: .list)
            try container.encode(element, forKey: .element)
        }
    }
}

/// A stream is its name, doc and parameters with one key for its kind: `"query": { … }`.
extension StreamDefinition: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, doc, parameters, debounce, document, query, filter, count, join, distinct, aggregate, grouped, sort, combine
    }

    private struct DocumentKind: Codable {
        var collection: String
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        doc = try container.decodeIfPresent(String.self, forKey: .doc)
        parameters = try container.decodeIfPresent([Parameter].self, forKey: .parameters) ?? []
        debounce = try container.decodeIfPresent(Int.self, forKey: .debounce)
        if let document = try container.decodeIfPresent(DocumentKind.self, forKey: .document) {
            kind = .document(collection: document.collection)
        } else if let query = try container.decodeIfPresent(StreamKind.Query.self, forKey: .query) {
            kind = .query(query)
        } else if let filter = try container.decodeIfPresent(StreamKind.Filter.self, forKey: .filter) {
            kind = .filter(filter)
        } else if let count = try container.decodeIfPresent(StreamKind.Count.self, forKey: .count) {
            kind = .count(count)
        } else if let distinct = try container.decodeIfPresent(StreamKind.Distinct.self, forKey: .distinct) {
            kind = .distinct(distinct)
        } else if let aggregate = try container.decodeIfPresent(StreamKind.Aggregate.self, forKey: .aggregate) {
            kind = .aggregate(aggregate)
        } else if let grouped = try container.decodeIfPresent(StreamKind.Grouped.self, forKey: .grouped) {
            kind = .grouped(grouped)
        } else if let sort = try container.decodeIfPresent(StreamKind.Sort.self, forKey: .sort) {
            kind = .sort(sort)
        } else if let combine = try container.decodeIfPresent(StreamKind.Combine.self, forKey: .combine) {
            kind = .combine(combine)
        } else {
            kind = .join(try container.decode(StreamKind.Join.self, forKey: .join))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(doc, forKey: .doc)
        if !parameters.isEmpty { try container.encode(parameters, forKey: .parameters) }
        try container.encodeIfPresent(debounce, forKey: .debounce)
        switch kind {
        case let .document(collection): try container.encode(DocumentKind(collection: collection), forKey: .document)
        case let .query(query): try container.encode(query, forKey: .query)
        case let .filter(filter): try container.encode(filter, forKey: .filter)
        case let .count(count): try container.encode(count, forKey: .count)
        case let .join(join): try container.encode(join, forKey: .join)
        case let .distinct(distinct): try container.encode(distinct, forKey: .distinct)
        case let .aggregate(aggregate): try container.encode(aggregate, forKey: .aggregate)
        case let .grouped(grouped): try container.encode(grouped, forKey: .grouped)
        case let .sort(sort): try container.encode(sort, forKey: .sort)
        case let .combine(combine): try container.encode(combine, forKey: .combine)
        }
    }
}

extension StreamKind.Query: Codable {
    private enum CodingKeys: String, CodingKey {
        case collection, group, filter, orderBy, limit, limitToLast, start, end
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        collection = try container.decode(String.self, forKey: .collection)
        filter = try container.decodeIfPresent(Predicate.self, forKey: .filter)
        orderBy = try container.decodeIfPresent([OrderKey].self, forKey: .orderBy) ?? []
        limit = try container.decodeIfPresent(StreamKind.QueryLimit.self, forKey: .limit)
        limitToLast = try container.decodeIfPresent(StreamKind.QueryLimit.self, forKey: .limitToLast)
        start = try container.decodeIfPresent(StreamKind.QueryCursor.self, forKey: .start)
        end = try container.decodeIfPresent(StreamKind.QueryCursor.self, forKey: .end)
        groupRow = try container.decodeIfPresent(String.self, forKey: .group)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(collection, forKey: .collection)
        try container.encodeIfPresent(groupRow, forKey: .group)
        try container.encodeIfPresent(filter, forKey: .filter)
        if !orderBy.isEmpty { try container.encode(orderBy, forKey: .orderBy) }
        try container.encodeIfPresent(limit, forKey: .limit)
        try container.encodeIfPresent(limitToLast, forKey: .limitToLast)
        try container.encodeIfPresent(start, forKey: .start)
        try container.encodeIfPresent(end, forKey: .end)
    }
}

/// `{ "row": <parameter>, "inclusive": false }`, or `{ "values": [<operand>, …], "inclusive": true }`.
extension StreamKind.QueryCursor: Codable {
    private enum CodingKeys: String, CodingKey {
        case row, values, inclusive
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        inclusive = try container.decode(Bool.self, forKey: .inclusive)
        if let row = try container.decodeIfPresent(Parameter.self, forKey: .row) {
            position = .row(row)
        } else {
            position = .values(try container.decode([Operand].self, forKey: .values))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch position {
        case let .row(parameter): try container.encode(parameter, forKey: .row)
        case let .values(values): try container.encode(values, forKey: .values)
        }
        try container.encode(inclusive, forKey: .inclusive)
    }
}

/// A number as a number; a parameter as `{ "parameter": { "name": …, "type": "int" } }`.
extension StreamKind.QueryLimit: Codable {
    private enum CodingKeys: String, CodingKey {
        case parameter
    }

    public init(from decoder: any Decoder) throws {
        if let count = try? decoder.singleValueContainer().decode(Int.self) {
            self = .count(count)
        } else {
            self = .parameter(try decoder.container(keyedBy: CodingKeys.self).decode(Parameter.self, forKey: .parameter))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case let .count(count):
            var container = encoder.singleValueContainer()
            try container.encode(count)
        case let .parameter(parameter):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(parameter, forKey: .parameter)
        }
    }
}

/// A join; `matchesReference` only where it is true (version 5 added it).
extension StreamKind.Join: Codable {
    private enum CodingKeys: String, CodingKey {
        case left, right, leftKey, rightKey, matchesReference, type, inner
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        left = try container.decode(String.self, forKey: .left)
        right = try container.decode(String.self, forKey: .right)
        leftKey = try container.decode(FieldPath.self, forKey: .leftKey)
        rightKey = try container.decode(FieldPath.self, forKey: .rightKey)
        matchesReference = try container.decodeIfPresent(Bool.self, forKey: .matchesReference) ?? false
        type = try container.decode(String.self, forKey: .type)
        inner = try container.decode(Bool.self, forKey: .inner)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(left, forKey: .left)
        try container.encode(right, forKey: .right)
        try container.encode(leftKey, forKey: .leftKey)
        try container.encode(rightKey, forKey: .rightKey)
        if matchesReference { try container.encode(true, forKey: .matchesReference) }
        try container.encode(type, forKey: .type)
        try container.encode(inner, forKey: .inner)
    }
}

extension Model {
    /// The models as `modelgen --dump-ir` prints them: `{ "version": 5, "models": [ … ] }`,
    /// keys sorted, two-space indented, ending in a newline.
    public static func json(_ models: [Model]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(Dump(version: Dump.currentVersion, models: models)), as: UTF8.self)
        // Foundation prints an empty list or object over three lines; a newline is never inside
        // a JSON string, so this touches only those.
        return text.replacing(/\[\n\s*\n\s*\]/, with: "[]").replacing(/\{\n\s*\n\s*\}/, with: "{}") + "\n"
    }

    /// The models of a dump that ``json(_:)`` wrote, of this version or an earlier one: each
    /// version only added to the one before (limits as parameters, operators, string enums).
    public static func models(fromJSON data: Data) throws -> [Model] {
        let dump = try JSONDecoder().decode(Dump.self, from: data)
        guard (1...Dump.currentVersion).contains(dump.version) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "IR version \(dump.version); this modelgen reads version \(Dump.currentVersion)"))
        }
        return dump.models
    }

    private struct Dump: Codable {
        static let currentVersion = 5
        var version: Int
        var models: [Model]
    }
}
