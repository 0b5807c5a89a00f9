/// The type of a reference to a collection's documents (`reference<Member>`): the path parameters
/// and the id of one document. Derived from the fields that hold references (``Model/references``),
/// not stored.
public struct ReferenceType: Hashable, Sendable {
    /// The generated type's name: the document type's name and `Reference`, `MemberReference`.
    public var name: String
    /// The collection's document type.
    public var collection: String
    /// The collection's path: `chatrooms/{roomId}/members`.
    public var segments: [PathSegment]

    /// The collection's path as the schema writes it: `chatrooms/{roomId}/members`.
    public var path: String { segments.text }

    /// The path's parameters, in order; the id follows them.
    public var parameters: [String] { segments.parameterNames }
}

extension FieldType {
    /// The collections the type holds references to, in lists and maps too.
    var referencedCollections: [String] {
        switch self {
        case let .reference(name): [name]
        case let .array(inner), let .map(inner), let .optional(inner): inner.referencedCollections
        default: []
        }
    }
}

extension Model {
    /// The reference types of the collections that fields refer to, in the collections' order.
    public var references: [ReferenceType] {
        let fields = types.flatMap(\.fields) + collections.flatMap(\.fields)
        let referenced = Set(fields.flatMap(\.type.referencedCollections))
        return collections.filter { referenced.contains($0.name) }.map { collection in
            ReferenceType(name: ReferenceType.name(of: collection.name), collection: collection.name, segments: collection.path)
        }
    }
}

extension ReferenceType {
    /// The name of the reference type of the collection whose document type is `collection`.
    static func name(of collection: String) -> String { collection + "Reference" }
}

extension CollectionDefinition {
    /// The path as the schema writes it: `chatrooms/{roomId}/members`.
    public var pathText: String { path.text }
}

extension [PathSegment] {
    /// The path as the schema writes it: `chatrooms/{roomId}/members`.
    var text: String { map(\.text).joined(separator: "/") }

    /// The names of its `{parameters}`, in order.
    var parameterNames: [String] {
        compactMap { if case let .parameter(name) = $0 { name } else { nil } }
    }
}
