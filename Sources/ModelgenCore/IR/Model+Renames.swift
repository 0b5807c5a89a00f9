extension Model {
    /// The model as `language` names it: each type the schema renames for that language under
    /// its new name, wherever the model refers to it, in parameters and predicates too (an
    /// enum's literal and a codec print type names).
    public func named(for language: String) -> Model {
        var renames: [String: String] = [:]
        for type in types { if let name = type.renames[language] { renames[type.name] = name } }
        for collection in collections { if let name = collection.renames[language] { renames[collection.name] = name } }
        for enumeration in enums { if let name = enumeration.renames[language] { renames[enumeration.name] = name } }
        guard !renames.isEmpty else { return self }
        let rename = { (name: String) in renames[name] ?? name }
        var model = self
        model.types = types.map { type in
            var type = type
            type.name = rename(type.name)
            type.fields = type.fields.map { $0.renamingTypes(rename) }
            return type
        }
        model.enums = enums.map { enumeration in
            var enumeration = enumeration
            enumeration.name = rename(enumeration.name)
            return enumeration
        }
        model.collections = collections.map { collection in
            var collection = collection
            let name = rename(collection.name)
            if name != collection.name { collection.renamedFrom = collection.name }
            collection.name = name
            collection.fields = collection.fields.map { $0.renamingTypes(rename) }
            return collection
        }
        model.joins = joins.map { JoinType(name: $0.name, left: $0.left.renamingTypes(rename), right: $0.right.renamingTypes(rename)) }
        model.streams = streams.map { stream in
            var stream = stream
            stream.kind = stream.kind.renamingTypes(rename)
            stream.parameters = stream.parameters.map { $0.renamingTypes(rename) }
            return stream
        }
        model.declaredWrites = declaredWrites.map { write in
            var write = write
            write.collection = rename(write.collection)
            write.parameters = write.parameters.map { $0.renamingTypes(rename) }
            write.values = write.values.map { value in
                var value = value
                value.value = value.value.renamingTypes(rename)
                return value
            }
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
        case .string, .int, .double, .bool, .timestamp, .bytes, .geopoint: self
        case let .array(element): .array(element.renamingTypes(rename))
        case let .map(value): .map(value.renamingTypes(rename))
        case let .object(name): .object(rename(name))
        case let .reference(name): .reference(rename(name))
        case let .optional(wrapped): .optional(wrapped.renamingTypes(rename))
        }
    }
}

extension Parameter {
    func renamingTypes(_ rename: (String) -> String) -> Parameter {
        Parameter(name: name, type: type.renamingTypes(rename))
    }
}

extension FieldPath {
    func renamingTypes(_ rename: (String) -> String) -> FieldPath {
        FieldPath(steps: steps.map { step in
            var step = step
            step.type = step.type.renamingTypes(rename)
            return step
        })
    }
}

extension Operand {
    func renamingTypes(_ rename: (String) -> String) -> Operand {
        switch self {
        case let .field(path): .field(path.renamingTypes(rename))
        case let .parameter(parameter): .parameter(parameter.renamingTypes(rename))
        case let .literal(literal, type): .literal(literal, type.renamingTypes(rename))
        case let .list(items, element): .list(items.map { $0.renamingTypes(rename) }, element: element.renamingTypes(rename))
        }
    }
}

extension Predicate {
    func renamingTypes(_ rename: (String) -> String) -> Predicate {
        switch self {
        case let .and(terms): .and(terms.map { $0.renamingTypes(rename) })
        case let .or(terms): .or(terms.map { $0.renamingTypes(rename) })
        case let .not(inner): .not(inner.renamingTypes(rename))
        case let .comparison(comparison):
            .comparison(Comparison(left: comparison.left.renamingTypes(rename), op: comparison.op, right: comparison.right.renamingTypes(rename)))
        }
    }
}

extension StreamKind {
    func renamingTypes(_ rename: (String) -> String) -> StreamKind {
        switch self {
        case let .document(collection): return .document(collection: rename(collection))
        case var .query(query):
            query.collection = rename(query.collection)
            query.filter = query.filter?.renamingTypes(rename)
            query.orderBy = query.orderBy.map { OrderKey(path: $0.path.renamingTypes(rename), descending: $0.descending) }
            query.start = query.start?.renamingTypes(rename)
            query.end = query.end?.renamingTypes(rename)
            return .query(query)
        case var .filter(filter):
            filter.element = rename(filter.element)
            filter.predicate = filter.predicate.renamingTypes(rename)
            return .filter(filter)
        case var .count(count):
            count.element = rename(count.element)
            count.predicate = count.predicate?.renamingTypes(rename)
            return .count(count)
        case var .join(join):
            join.leftKey = join.leftKey.renamingTypes(rename)
            join.rightKey = join.rightKey.renamingTypes(rename)
            return .join(join)
        case var .distinct(distinct):
            distinct.element = rename(distinct.element)
            distinct.key = distinct.key.renamingTypes(rename)
            return .distinct(distinct)
        case var .sort(sort):
            sort.element = rename(sort.element)
            sort.orderBy = sort.orderBy.map { OrderKey(path: $0.path.renamingTypes(rename), descending: $0.descending) }
            return .sort(sort)
        case var .aggregate(aggregate):
            aggregate.element = rename(aggregate.element)
            aggregate.field = aggregate.field.renamingTypes(rename)
            aggregate.predicate = aggregate.predicate?.renamingTypes(rename)
            return .aggregate(aggregate)
        case var .grouped(grouped):
            grouped.element = rename(grouped.element)
            grouped.key = grouped.key.renamingTypes(rename)
            grouped.field = grouped.field?.renamingTypes(rename)
            grouped.predicate = grouped.predicate?.renamingTypes(rename)
            return .grouped(grouped)
        case .combine:
            return self
        }
    }
}

extension StreamKind.QueryCursor {
    func renamingTypes(_ rename: (String) -> String) -> StreamKind.QueryCursor {
        var cursor = self
        switch position {
        case let .row(parameter): cursor.position = .row(parameter.renamingTypes(rename))
        case let .values(values): cursor.position = .values(values.map { $0.renamingTypes(rename) })
        }
        return cursor
    }
}
