import Foundation

// The IR's JSON form, as `modelgen --dump-ir` prints it and Documentation/IR.md describes it:
// types as the schema spells them, literals as JSON values, paths as the schema writes them,
// and nothing empty written out. Decoding reads back exactly what encoding wrote.

extension Literal: Codable {
    /// Numbers that are whole decode as `int`; ``coerced(to:)`` makes them `double` where the
    /// type says so, as validation did.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let list = try? container.decode([Int].self), list.isEmpty {
            self = .emptyList
        } else if let map = try? container.decode([String: Int].self), map.isEmpty {
            self = .emptyMap
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a literal is null, a bool, a number, a string, [] or {}")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(value): try container.encode(value)
        case let .int(value): try container.encode(value)
        case let .double(value) where value.isNaN: try container.encode("NaN")
        case let .double(value) where value.isInfinite: try container.encode(value < 0 ? "-Infinity" : "Infinity")
        case let .double(value): try container.encode(value)
        case let .string(value): try container.encode(value)
        case .emptyList: try container.encode([Int]())
        case .emptyMap: try container.encode([String: Int]())
        }
    }

    /// The literal as a value of `type`: a whole number or `NaN`, `Infinity`, `-Infinity` read
    /// back as a `double` where the type is one.
    func coerced(to type: FieldType) -> Literal {
        guard type.nonOptional == .double else { return self }
        switch self {
        case let .int(value): return .double(Double(value))
        case .string("NaN"): return .double(.nan)
        case .string("Infinity"): return .double(.infinity)
        case .string("-Infinity"): return .double(-.infinity)
        default: return self
        }
    }
}

extension Field: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, key, type, doc, serverTimestamp, constraints
        case defaultValue = "default"
        case isDocumentID = "documentID"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        key = try container.decode(String.self, forKey: .key)
        type = try container.decode(FieldType.self, forKey: .type)
        defaultValue = try container.decodeIfPresent(Literal.self, forKey: .defaultValue)?.coerced(to: type)
        doc = try container.decodeIfPresent(String.self, forKey: .doc)
        isDocumentID = try container.decodeIfPresent(Bool.self, forKey: .isDocumentID) ?? false
        serverTimestamp = try container.decodeIfPresent([ServerTimestamp].self, forKey: .serverTimestamp) ?? []
        constraints = try container.decodeIfPresent(FieldConstraints.self, forKey: .constraints) ?? FieldConstraints()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(key, forKey: .key)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(defaultValue, forKey: .defaultValue)
        try container.encodeIfPresent(doc, forKey: .doc)
        if isDocumentID { try container.encode(true, forKey: .isDocumentID) }
        if !serverTimestamp.isEmpty { try container.encode(serverTimestamp, forKey: .serverTimestamp) }
        if !constraints.isEmpty { try container.encode(constraints, forKey: .constraints) }
    }
}

extension FieldPath.Step: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, key, type
        case isDocumentID = "documentID"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        key = try container.decode(String.self, forKey: .key)
        type = try container.decode(FieldType.self, forKey: .type)
        isDocumentID = try container.decodeIfPresent(Bool.self, forKey: .isDocumentID) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(key, forKey: .key)
        try container.encode(type, forKey: .type)
        if isDocumentID { try container.encode(true, forKey: .isDocumentID) }
    }
}

/// A path is its list of steps.
extension FieldPath: Codable {
    public init(from decoder: any Decoder) throws {
        steps = try decoder.singleValueContainer().decode([Step].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(steps)
    }
}

extension TypeDefinition: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, doc, fields, renames
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        doc = try container.decodeIfPresent(String.self, forKey: .doc)
        fields = try container.decode([Field].self, forKey: .fields)
        renames = try container.decodeIfPresent([String: String].self, forKey: .renames) ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(doc, forKey: .doc)
        try container.encode(fields, forKey: .fields)
        if !renames.isEmpty { try container.encode(renames, forKey: .renames) }
    }
}

extension EnumDefinition: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, doc, values, renames
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        doc = try container.decodeIfPresent(String.self, forKey: .doc)
        values = try container.decode([String].self, forKey: .values)
        renames = try container.decodeIfPresent([String: String].self, forKey: .renames) ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(doc, forKey: .doc)
        try container.encode(values, forKey: .values)
        if !renames.isEmpty { try container.encode(renames, forKey: .renames) }
    }
}

extension CollectionDefinition: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, doc, path, fields, orderBy, renames, access, line, column
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        doc = try container.decodeIfPresent(String.self, forKey: .doc)
        path = try container.decode(String.self, forKey: .path).split(separator: "/").map { PathSegment(text: $0) }
        fields = try container.decode([Field].self, forKey: .fields)
        orderBy = try container.decodeIfPresent([OrderKey].self, forKey: .orderBy) ?? []
        renames = try container.decodeIfPresent([String: String].self, forKey: .renames) ?? [:]
        access = try container.decodeIfPresent(Access.self, forKey: .access)
        line = try container.decodeIfPresent(Int.self, forKey: .line) ?? 0
        column = try container.decodeIfPresent(Int.self, forKey: .column) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(doc, forKey: .doc)
        try container.encode(pathText, forKey: .path)
        try container.encode(fields, forKey: .fields)
        if !orderBy.isEmpty { try container.encode(orderBy, forKey: .orderBy) }
        if !renames.isEmpty { try container.encode(renames, forKey: .renames) }
        try container.encodeIfPresent(access, forKey: .access)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}

extension PathSegment {
    /// The segment as the schema writes it: `rooms`, `{roomId}`.
    var text: String {
        switch self {
        case let .literal(text): text
        case let .parameter(name): "{\(name)}"
        }
    }

    init(text: Substring) {
        self = text.hasPrefix("{") && text.hasSuffix("}") ? .parameter(String(text.dropFirst().dropLast())) : .literal(String(text))
    }
}
