/// A Firestore-style collection and the type of its documents.
public struct CollectionDefinition: Hashable, Sendable {
    /// The document type's name, for example `Message`.
    public var name: String
    public var doc: String?
    public var path: [PathSegment]
    /// The stored fields; the document id is not among them (see ``allFields``).
    public var fields: [Field]
    /// The default query order.
    public var orderBy: [OrderKey]
    /// The document type's name in languages where the schema renames it, by language.
    public var renames: [String: String] = [:]
    /// Who may read and write the documents; nil when the schema does not say (signed-in users).
    public var access: Access?
    /// Where the schema declares the collection: its name's line and column.
    public var line: Int = 0
    public var column: Int = 0
    /// The schema's name of a collection a language renames (see ``Model/named(for:)``).
    var renamedFrom: String?

    /// The collection's name in the schema, whatever a language renames its type: it names the
    /// typed writes (`createTask`) and the transaction's getter (`getTask`) in every language.
    public var schemaName: String { renamedFrom ?? name }

    /// `id` followed by the stored fields.
    public var allFields: [Field] { [.documentID] + fields }

    /// The path's `{parameters}`, in order.
    public var pathParameters: [Parameter] {
        path.parameterNames.map { Parameter(name: $0, type: .string) }
    }
}

/// One segment of a collection path: `rooms` or `{roomId}`.
public enum PathSegment: Hashable, Sendable {
    case literal(String)
    case parameter(String)
}

/// One key of a query order.
public struct OrderKey: Codable, Hashable, Sendable {
    public var path: FieldPath
    public var descending: Bool
}

/// A field reached from an element type, through embedded types: `owner.name`.
public struct FieldPath: Hashable, Sendable {
    public var steps: [Step]

    /// One field along the path: what the printers need of it.
    public struct Step: Hashable, Sendable {
        public var name: String
        public var key: String
        public var type: FieldType
        public var isDocumentID: Bool = false
    }

    public init(steps: [Step]) {
        self.steps = steps
    }

    /// The path through `fields`, each a field of the previous one's type.
    public init(fields: [Field]) {
        steps = fields.map { Step(name: $0.name, key: $0.key, type: $0.type, isDocumentID: $0.isDocumentID) }
    }

    /// The type the path yields: optional if any step is optional.
    public var type: FieldType {
        let last = steps.last?.type ?? .string
        return steps.contains(where: \.type.isOptional) ? .optional(last.nonOptional) : last
    }

    /// The stored keys, for a store query: `address.city`.
    public var keys: [String] { steps.map(\.key) }
    public var names: [String] { steps.map(\.name) }
    public var isDocumentID: Bool { steps.count == 1 && steps[0].isDocumentID }

    /// Whether it ends in a part of a reference (`assignee.id`), which only the client reads:
    /// Firestore compares and orders whole references.
    public var readsIntoReference: Bool {
        steps.dropLast().contains(where: \.type.isReference)
    }
}

/// A parameter of a generated stream method.
public struct Parameter: Codable, Hashable, Sendable {
    public var name: String
    public var type: FieldType
}

extension CollectionDefinition {
    /// The path of the document a member of `members` has for this collection's document, as the
    /// segments of a rules path: each parameter of `members`' path taken, by position, from the
    /// path of this document (`{id}` its id), and the user's uid last. Nil when `members`' parent
    /// document is neither this document nor one above it.
    public func memberPath(of members: CollectionDefinition) -> [MemberSegment]? {
        let document = path + [.parameter("id")]
        let parent = members.path.dropLast()
        guard let last = members.path.last, parent.count <= document.count else { return nil }
        var segments: [MemberSegment] = []
        for (mine, theirs) in zip(document, parent) {
            switch (mine, theirs) {
            case let (.literal(a), .literal(b)) where a == b: segments.append(.literal(a))
            case let (.parameter(name), .parameter(_)): segments.append(.parameter(name))
            default: return nil
            }
        }
        guard case let .literal(id) = last else { return nil }
        return segments + [.literal(id), .uid]
    }

    /// A segment of a member's document path: a collection's name, a path parameter of the
    /// guarded document (`id`, its own id), or the signed-in user's uid.
    public enum MemberSegment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
        case uid
    }
}
