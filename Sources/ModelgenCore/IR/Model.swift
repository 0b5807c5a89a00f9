/// The resolved model of one schema: names in their idiomatic case (types UpperCamel,
/// members lowerCamel), every reference resolved and every type known. Plain data that every
/// renderer reads; `modelgen --dump-ir` prints it as JSON.
public struct Model: Codable, Hashable, Sendable {
    /// The entry type's name, for example `ChatModel`.
    public var typeName: String
    /// The schema file's name without extension: output files are named after it.
    public var baseName: String
    public var schemaFile: String
    public var doc: String?
    /// Settings for one language's output, by language then key: `kotlin` → `package` →
    /// `com.example.chat`. Each language documents its own and their defaults.
    public var settings: [String: [String: String]]
    public var types: [TypeDefinition]
    /// The string enums (`types:` given as a list of values); left out of the JSON when there are none.
    public var enums: [EnumDefinition] = []
    public var collections: [CollectionDefinition]
    public var joins: [JoinType]
    public var streams: [StreamDefinition]
    /// The writes the schema declares (`writes:`); left out of the JSON when there are none.
    public var declaredWrites: [DeclaredWrite] = []

    /// The schema's file name without its folder, as generated files cite it.
    public var schemaFileName: String {
        String(schemaFile.split(separator: "/").last ?? Substring(schemaFile))
    }
}

/// An embedded value type, stored as a map inside a document.
public struct TypeDefinition: Hashable, Sendable {
    public var name: String
    public var doc: String?
    public var fields: [Field]
    /// The type's name in languages where the schema renames it, by language.
    public var renames: [String: String] = [:]
}

/// A string enum: a field of its type holds one of its values, stored as that string.
public struct EnumDefinition: Hashable, Sendable {
    public var name: String
    public var doc: String?
    /// The stored strings, in the order the schema declares them.
    public var values: [String]
    /// The type's name in languages where the schema renames it, by language.
    public var renames: [String: String] = [:]
}

public struct Field: Hashable, Sendable {
    /// The property name in generated code.
    public var name: String
    /// The key the value is stored under.
    public var key: String
    public var type: FieldType
    /// Used when the stored document lacks the field.
    public var defaultValue: Literal?
    public var doc: String?
    /// Whether this is the document id rather than a stored field.
    public var isDocumentID: Bool = false
    /// When the server sets the field to its time; every document written through the model
    /// then has it (it reads as nil until the write is synced).
    public var serverTimestamp: [ServerTimestamp] = []
    /// What the field's values must be, checked by the typed writes.
    public var constraints = FieldConstraints()

    /// The `id` every collection's documents have.
    public static let documentID = Field(
        name: "id", key: "id", type: .string, doc: "The document's id.", isDocumentID: true
    )
}

/// A write on which the server sets a field to its time.
public enum ServerTimestamp: String, Codable, Hashable, Sendable, CaseIterable {
    case create
    case update
}

/// A model's streams, collections and join types by name, for renderers that look up many.
public struct ModelIndex: Sendable {
    public let model: Model
    private let streams: [String: StreamDefinition]
    private let collections: [String: CollectionDefinition]
    private let joins: [String: JoinType]

    public init(_ model: Model) {
        self.model = model
        streams = Dictionary(model.streams.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        collections = Dictionary(model.collections.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        joins = Dictionary(model.joins.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func stream(named name: String) -> StreamDefinition? { streams[name] }
    public func collection(named name: String) -> CollectionDefinition? { collections[name] }
    public func join(named name: String) -> JoinType? { joins[name] }

    /// Whether the stream `name` waits on its scheduler's clock: it, or a stream it reads, is debounced.
    public func waits(_ name: String) -> Bool {
        guard let stream = stream(named: name) else { return false }
        return stream.debounce != nil || stream.kind.inputs.contains(where: waits)
    }

    /// The record types of the combine streams, in the order of the streams.
    public var records: [RecordType] {
        model.streams.compactMap { stream in
            guard case let .combine(combine) = stream.kind else { return nil }
            let members = combine.inputs.compactMap { input in
                self.stream(named: input).map { RecordType.Member(name: $0.name, doc: $0.doc, output: $0.output) }
            }
            return RecordType(name: combine.type, stream: stream.name, members: members)
        }
    }

    /// The query stream a count reads and the predicates its rows must match, outermost last,
    /// when the count is over a query directly or through filters; nil when it reads a join.
    public func countedQuery(_ count: StreamKind.Count) -> (stream: StreamDefinition, query: StreamKind.Query, predicates: [Predicate])? {
        underlyingQuery(of: count.input, predicate: count.predicate)
    }

    /// The query stream under `input` and the filters between them, with `predicate` last: what
    /// a count or an aggregate of `input` keeps up to date from the query's changes. Nil when
    /// `input` is not a query or filters of one, or when one of them is debounced (its rows are
    /// then what it emits, not the query's).
    public func underlyingQuery(of input: String, predicate: Predicate?) -> (stream: StreamDefinition, query: StreamKind.Query, predicates: [Predicate])? {
        var predicates = predicate.map { [$0] } ?? []
        var input = input
        // Validation rules out cycles; the bound keeps a malformed model from looping.
        for _ in 0...model.streams.count {
            guard stream(named: input)?.debounce == nil else { return nil }
            switch stream(named: input)?.kind {
            case let .query(query):
                return (stream(named: input)!, query, predicates)
            case let .filter(filter):
                predicates.insert(filter.predicate, at: 0)
                input = filter.input
            default:
                return nil
            }
        }
        return nil
    }
}
