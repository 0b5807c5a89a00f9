/// A typed write the model has for a collection, without any schema addition: a create, an
/// update, a merge (Firestore's set with merge) or a delete of one document, by its path
/// parameters and id.
public struct WriteDefinition: Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case create, update, merge, delete

        /// The options by which a write of this kind requires something of its document, in the
        /// order its method takes them: a create, that there is none (`mustNotExist`, Firestore's
        /// create); a delete, that there is one (`mustExist`); an update and a delete, that it
        /// still reads as a value read before (`unchangedSince`).
        public var preconditions: [Precondition] {
            switch self {
            case .create: [.mustNotExist]
            case .update: [.unchangedSince]
            case .merge: []
            case .delete: [.mustExist, .unchangedSince]
            }
        }

        /// Every kind's precondition option: names no path parameter may take.
        static let preconditionNames = Set(allCases.flatMap(\.preconditions).map(\.rawValue))
    }

    /// An option of a typed write requiring something of its document.
    public enum Precondition: String, Hashable, Sendable {
        case mustNotExist, mustExist, unchangedSince

        /// Whether the option is true or false; else it is a document of the collection's type.
        public var isFlag: Bool { self != .unchangedSince }
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
    /// An update's and a merge's fields inside embedded values, optional ones too, changed
    /// through their dotted paths (`cover.url` as `coverUrl`).
    public var nested: [NestedField] = []
}

/// A field inside an embedded value, which an update changes on its own: `coverUrl`, the path
/// `cover.url`.
public struct NestedField: Hashable, Sendable {
    public var name: String
    public var path: FieldPath

    /// The type a change of the field takes: the field's own, not optional for being inside an
    /// optional value (`city` of an `address: Address?` is set as a `string`: a null or a delete
    /// would leave a map that does not decode as an `Address`).
    public var type: FieldType { path.steps.last?.type ?? path.type }
}

extension CollectionDefinition {
    /// The fields inside the embedded values of the collection's `fields` of an embedded type,
    /// optional or not, at any depth, each named by its path in lowerCamel case (`coverUrl`).
    public func nestedFields(of fields: [Field], types: [TypeDefinition]) -> [NestedField] {
        func inside(_ path: [Field]) -> [NestedField] {
            guard case let .object(name) = path[path.count - 1].type.nonOptional, let type = types.first(where: { $0.name == name }),
                  path.count <= types.count else { return [] }
            return type.fields.flatMap { field -> [NestedField] in
                let through = path + [field]
                let name = through.dropFirst().reduce(through[0].name) { $0 + $1.name.prefix(1).uppercased() + $1.name.dropFirst() }
                return [NestedField(name: name, path: FieldPath(fields: through))] + inside(through)
            }
        }
        return fields.flatMap { inside([$0]) }
    }
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
            let nested = collection.nestedFields(of: given, types: types)
            let write = { (kind: WriteDefinition.Kind, fields: [Field], serverSet: [Field]) in
                WriteDefinition(
                    kind: kind, collection: collection, name: kind.rawValue + collection.schemaName, fields: fields, serverSet: serverSet,
                    pathFields: kind == .create || kind == .merge ? pathFields : [], nested: kind == .update || kind == .merge ? nested : []
                )
            }
            let create = write(.create, given, collection.fields.filter { !$0.serverTimestamp.isEmpty })
            let updated = collection.fields.filter { $0.serverTimestamp.contains(.update) }
            let delete = write(.delete, [], [])
            return given.isEmpty ? [create, delete] : [create, write(.update, given, updated), write(.merge, given, updated), delete]
        }
    }

    /// The writes as `language` names the types (see ``named(for:)``); the writes keep the
    /// schema's names.
    func writes(for language: String) -> [WriteDefinition] {
        named(for: language).writes
    }
}
