/// The row of a collection-group stream (`group: true`): the values of the collection path's
/// parameters in the document's path, then the document. Derived from the streams
/// (``Model/groupRows``), not stored.
public struct GroupRowType: Hashable, Sendable {
    /// The schema's name of the document type and `GroupRow`: `ReviewGroupRow`. A language's
    /// rename of the collection leaves it, as it leaves a join's row type.
    public var name: String
    /// The collection's document type, as the language names it.
    public var collection: String
    /// The collection's path: `shops/{shopId}/reviews`.
    public var segments: [PathSegment]

    /// The collection's path as the schema writes it: `shops/{shopId}/reviews`.
    public var path: String { segments.text }

    /// The path's parameters, each a string member, then the document, named after its type as
    /// the schema names it (`review`).
    public var fields: [Field] {
        let document = NameCase.lowerCamel(String(name.dropLast(Self.suffix.count)))
        return segments.parameterNames.map { name in
            Field(name: name, key: name, type: .string, doc: "The `\(name)` of the document's path.")
        } + [Field(name: document, key: document, type: .object(collection), doc: nil)]
    }

    private static let suffix = "GroupRow"

    /// The name of the group row type of the collection whose document type is `collection`.
    static func name(of collection: String) -> String { collection + suffix }
}

extension StreamKind.Query {
    /// What each row is: the collection's document type, or a collection group's row type.
    public var rowType: String { groupRow ?? collection }
}

extension Model {
    /// The row types of the collection groups that streams read, in the collections' order.
    public var groupRows: [GroupRowType] {
        var rows: [String: String] = [:]
        for stream in streams {
            if case let .query(query) = stream.kind, let row = query.groupRow { rows[query.collection] = row }
        }
        return collections.compactMap { collection in
            rows[collection.name].map { GroupRowType(name: $0, collection: collection.name, segments: collection.path) }
        }
    }
}
