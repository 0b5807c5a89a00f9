/// A typed write the model has for a collection, without any schema addition: a create, an
/// update, a merge (Firestore's set with merge) or a delete of one document, by its path
/// parameters and id.
public struct WriteDefinition: Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case create, update, merge, delete
    }

    public var kind: Kind
    public var collection: CollectionDefinition
    /// `createMessage`, from the schema's name of the collection, whatever a language renames it
    /// (languages spell it as a member).
    public var name: String
    /// The fields a caller gives (a create) or may change (an update, a merge); never those the server sets.
    public var fields: [Field]
    /// The fields the server sets on this write.
    public var serverSet: [Field]
    /// The fields named like a path parameter (a message's `roomId`), which a create or a merge
    /// stores the parameter's value in; they are no parameters of their own.
    public var pathFields: [Field] = []

}

extension Model {
    /// Every collection's create, update and merge (unless it has no field a caller could
    /// change) and delete, in the schema's order of collections. An update and a merge write the
    /// server's time in `serverTimestamp: update` fields, a create in every `serverTimestamp` field.
    public var writes: [WriteDefinition] {
        collections.flatMap { collection -> [WriteDefinition] in
            let parameters = Set(collection.pathParameters.map(\.name))
            let pathFields = collection.fields.filter { parameters.contains($0.name) }
            let given = collection.fields.filter { $0.serverTimestamp.isEmpty && !parameters.contains($0.name) }
            let write = { (kind: WriteDefinition.Kind, fields: [Field], serverSet: [Field]) in
                WriteDefinition(
                    kind: kind, collection: collection, name: kind.rawValue + collection.name, fields: fields, serverSet: serverSet,
                    pathFields: kind == .create || kind == .merge ? pathFields : []
                )
            }
            let create = write(.create, given, collection.fields.filter { !$0.serverTimestamp.isEmpty })
            let updated = collection.fields.filter { $0.serverTimestamp.contains(.update) }
            let delete = write(.delete, [], [])
            return given.isEmpty ? [create, delete] : [create, write(.update, given, updated), write(.merge, given, updated), delete]
        }
    }

    /// The writes as `language` names the types (see ``named(for:)``); the writes keep their names.
    func writes(for language: String) -> [WriteDefinition] {
        zip(writes, named(for: language).writes).map { original, renamed in
            var write = renamed
            write.name = original.name
            return write
        }
    }
}
