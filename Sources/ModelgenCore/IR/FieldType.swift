/// A field's type, spelled in JSON and messages as the schema spells it (``schemaSpelling``).
public indirect enum FieldType: Hashable, Sendable {
    case string
    case int
    case double
    case bool
    case timestamp
    case bytes
    case geopoint
    case array(FieldType)
    case map(FieldType)
    /// A reference to a document of the collection named (its document type's name).
    case reference(String)
    /// An embedded type, a collection's document type or a join's row type, by name.
    case object(String)
    case optional(FieldType)

    /// The type without its optional marker.
    public var nonOptional: FieldType {
        if case let .optional(wrapped) = self { return wrapped }
        return self
    }

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// Whether it is a reference, optional or not.
    public var isReference: Bool {
        if case .reference = nonOptional { return true }
        return false
    }

    /// Whether values of the type hold embedded types, in lists and maps too.
    public var holdsEmbeddedType: Bool {
        switch nonOptional {
        case .object: true
        case let .array(element), let .map(element): element.holdsEmbeddedType
        default: false
        }
    }

    /// Whether values of the type have an order (and so can be compared with `<`).
    public var isOrdered: Bool {
        switch self {
        case .string, .int, .double, .bool, .timestamp, .bytes, .geopoint, .reference: true
        default: false
        }
    }

    /// The type as a schema writes it: `string`, `[Attachment]`, `map<int>`, `timestamp?`.
    public var schemaSpelling: String {
        switch self {
        case .string: "string"
        case .int: "int"
        case .double: "double"
        case .bool: "bool"
        case .timestamp: "timestamp"
        case .bytes: "bytes"
        case .geopoint: "geopoint"
        case let .array(element): "[\(element.schemaSpelling)]"
        case let .map(value): "map<\(value.schemaSpelling)>"
        case let .reference(collection): "reference<\(collection)>"
        case let .object(name): name
        case let .optional(wrapped): wrapped.schemaSpelling + "?"
        }
    }

    /// The type a schema spelling names, as ``schemaSpelling`` writes it; nil if it is no type.
    public init?(schemaSpelling text: String) {
        guard let syntax = try? TypeSyntaxParser.parse(text, locator: .exact(at: SourceLocation(file: "", line: 1, column: 1))) else { return nil }
        self.init(syntax)
    }

    private init(_ syntax: TypeSyntax) {
        switch syntax {
        case let .named(name):
            self = Self.scalars[name] ?? .object(name)
        case let .array(element): self = .array(FieldType(element))
        case let .map(value): self = .map(FieldType(value))
        case let .reference(collection): self = .reference(collection)
        case let .optional(wrapped): self = .optional(FieldType(wrapped))
        }
    }

    private static let scalars: [String: FieldType] = [
        "string": .string, "int": .int, "double": .double, "bool": .bool, "timestamp": .timestamp,
        "bytes": .bytes, "geopoint": .geopoint,
    ]
}

extension FieldType: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let type = FieldType(schemaSpelling: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a type")
        }
        self = type
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(schemaSpelling)
    }
}
