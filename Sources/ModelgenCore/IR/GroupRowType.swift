/// The row of a collection-group stream (`group: true`): the values of the collection path's
/// parameters in the document's path, then the document. Derived from the streams
/// (``Model/groupRows``), not stored.
public struct GroupRowType: Hashable, Sendable {
    /// The document type's name and `GroupRow`: `ReviewGroupRow`.
    public var name: String
    /// The collection's document type.
    public var collection: String
    /// The collection's path: `shops/{shopId}/reviews`.
    public var segments: [PathSegment]

    /// The collection's path as the schema writes it: `shops/{shopId}/reviews`.
    public var path: String { segments.map(\.text).joined(separator: "/") }

    /// The path's parameters, each a string member, then the document, named after its type.
    public var fields: [Field] {
        segments.compactMap { segment -> Field? in
            guard case let .parameter(name) = segment else { return nil }
            return Field(name: name, key: name, type: .string, doc: "The `\(name)` of the document's path.")
        } + [Field(name: NameCase.lowerCamel(collection), key: NameCase.lowerCamel(collection), type: .object(collection), doc: nil)]
    }

    /// The name of the group row type of the collection whose document type is `collection`.
    static func name(of collection: String) -> String { collection + "GroupRow" }
}

extension StreamKind.Query {
    /// What each row is: the collection's document type, or a collection group's row type.
    public var rowType: String {
        isCollectionGroup ? GroupRowType.name(of: collection) : collection
    }
}

extension Model {
    /// The row types of the collections that collection-group streams read, in the collections' order.
    public var groupRows: [GroupRowType] {
        let grouped = Set(streams.compactMap { stream -> String? in
            if case let .query(query) = stream.kind, query.isCollectionGroup { return query.collection }
            return nil
        })
        return collections.filter { grouped.contains($0.name) }.map {
            GroupRowType(name: GroupRowType.name(of: $0.name), collection: $0.name, segments: $0.path)
        }
    }
}
