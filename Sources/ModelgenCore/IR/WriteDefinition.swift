/// A typed write the model has for a collection, without any schema addition: a create, an
/// update, a merge (Firestore's set with merge) or a delete of one document, by its path
/// parameters and id.
public struct WriteDefinition: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case create, update, merge, delete
    }

    public var kind: Kind
    public var collection: CollectionDefinition
    /// The fields a caller gives (a create) or may change (an update, a merge); never those the server sets.
    public var fields: [Field]
    /// The fields the server sets on this write.
    public var serverSet: [Field]

    /// `createMessage`, from the schema's name of the collection, whatever a language renames it
    /// (languages spell it as a member).
    public var name: String
}

extension Model {
    /// Every collection's create, update and merge (unless it has no field a caller could
    /// change) and delete, in the schema's order of collections. An update and a merge write the
    /// server's time in `serverTimestamp: update` fields, a create in every `serverTimestamp` field.
    public var writes: [WriteDefinition] {
        collections.flatMap { collection -> [WriteDefinition] in
            let given = collection.fields.filter { $0.serverTimestamp.isEmpty }
            let write = { (kind: WriteDefinition.Kind, fields: [Field], serverSet: [Field]) in
                WriteDefinition(kind: kind, collection: collection, fields: fields, serverSet: serverSet, name: kind.rawValue + collection.name)
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
