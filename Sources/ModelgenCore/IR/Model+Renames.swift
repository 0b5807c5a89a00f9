extension Model {
    /// The model as `language` names it: each type the schema renames for that language under
    /// its new name, wherever the model refers to it. Predicates are left as they are: they
    /// print members, never type names.
    public func named(for language: String) -> Model {
        var renames: [String: String] = [:]
        for type in types { if let name = type.renames[language] { renames[type.name] = name } }
        for collection in collections { if let name = collection.renames[language] { renames[collection.name] = name } }
        guard !renames.isEmpty else { return self }
        let rename = { (name: String) in renames[name] ?? name }
        var model = self
        model.types = types.map { type in
            var type = type
            type.name = rename(type.name)
            type.fields = type.fields.map { $0.renamingTypes(rename) }
            return type
        }
        model.collections = collections.map { collection in
            var collection = collection
            collection.name = rename(collection.name)
            collection.fields = collection.fields.map { $0.renamingTypes(rename) }
            return collection
        }
        model.joins = joins.map { JoinType(name: $0.name, left: $0.left.renamingTypes(rename), right: $0.right.renamingTypes(rename)) }
        model.streams = streams.map { stream in
            var stream = stream
            stream.kind = stream.kind.renamingTypes(rename)
            return stream
        }
        model.declaredWrites = declaredWrites.map { write in
            var write = write
            write.collection = rename(write.collection)
            write.parameters = write.parameters.map { Parameter(name: $0.name, type: $0.type.renamingTypes(rename)) }
            return write
        }
        return model
    }
}

extension Field {
    func renamingTypes(_ rename: (String) -> String) -> Field {
        var field = self
        field.type = type.renamingTypes(rename)
        return field
    }
}

extension FieldType {
    func renamingTypes(_ rename: (String) -> String) -> FieldType {
        switch self {
        case .string, .int, .double, .bool, .timestamp: self
        case let .array(element): .array(element.renamingTypes(rename))
        case let .map(value): .map(value.renamingTypes(rename))
        case let .object(name): .object(rename(name))
        case let .optional(wrapped): .optional(wrapped.renamingTypes(rename))
        }
    }
}

extension StreamKind {
    func renamingTypes(_ rename: (String) -> String) -> StreamKind {
        switch self {
        case let .document(collection): return .document(collection: rename(collection))
        case var .query(query):
            query.collection = rename(query.collection)
            return .query(query)
        case var .filter(filter):
            filter.element = rename(filter.element)
            return .filter(filter)
        case var .count(count):
            count.element = rename(count.element)
            return .count(count)
        case .join: return self
        }
    }
}
