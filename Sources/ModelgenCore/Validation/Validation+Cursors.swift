extension Validation {
    /// The start and end bounds of a store query on `collection` ordered by `order` (as written,
    /// or the collection's), their parameters added to `stream`; nil after an error.
    ///
    /// A row (`startAfter: $after`) is an optional parameter of the collection's type. Values
    /// (`startAt: [$rating, "b"]`) bind to the first keys of `order`, one each, and take their
    /// fields' types; Firestore refuses more values than `orderBy` keys ("Too many arguments
    /// provided to startAt()": firebase-js-sdk lite-api/query.ts, `newQueryBoundFromFields`).
    mutating func resolveCursors(
        _ cursors: [CursorSyntax], collection: CollectionDefinition, order: [OrderKey], stream: inout StreamDefinition
    ) -> (start: StreamKind.QueryCursor?, end: StreamKind.QueryCursor?)? {
        var bounds: [Bool: (key: String, cursor: StreamKind.QueryCursor)] = [:]
        var failed = false
        for cursor in cursors {
            let isStart = cursor.key.value.hasPrefix("start")
            if let other = bounds[isStart]?.key {
                diagnostics.error("a store query takes '\(other)' or '\(cursor.key.value)', not both", at: cursor.key.location)
                failed = true
                continue
            }
            guard let position = cursorPosition(cursor, collection: collection, order: order, stream: &stream) else {
                failed = true
                continue
            }
            bounds[isStart] = (cursor.key.value, StreamKind.QueryCursor(position: position, inclusive: cursor.key.value.hasSuffix("At")))
        }
        return failed ? nil : (bounds[true]?.cursor, bounds[false]?.cursor)
    }

    private mutating func cursorPosition(
        _ cursor: CursorSyntax, collection: CollectionDefinition, order: [OrderKey], stream: inout StreamDefinition
    ) -> StreamKind.QueryCursor.Position? {
        let key = cursor.key.value
        switch cursor.position {
        case let .row(name):
            let parameter = Parameter(name: NameCase.lowerCamel(name.value), type: .optional(.object(collection.name)))
            merge(parameter, into: &stream.parameters, at: name.location, stream: stream.name)
            return .row(parameter)
        case let .values(values):
            guard values.count <= order.count else {
                let keys = order.isEmpty ? "no 'orderBy' key" : "\(order.count) 'orderBy' key\(order.count == 1 ? "" : "s") (\(Self.describe(order)))"
                diagnostics.error(
                    "'\(key)' gives \(values.count) value\(values.count == 1 ? "" : "s") for \(keys); Firestore binds a cursor's values to the orderBy keys, one each (to start after a row, write '\(key): $row')",
                    at: cursor.key.location
                )
                return nil
            }
            var checker = PredicateChecker(fields: collection.allFields, owner: collection.name, isStoreQuery: true, validation: self)
            var operands: [Operand] = []
            for (value, orderKey) in zip(values, order) {
                if orderKey.path.isDocumentID, case let .literal(.string(id)) = value.kind, id.isEmpty || id.contains("/") {
                    diagnostics.error("a cursor's value for the document id is a plain id, non-empty and without '/'", at: value.location)
                    return nil
                }
                if let operand = checker.operand(value, as: orderKey.path.type.nonOptional, field: orderKey.path.names.joined(separator: ".")) { operands.append(operand) }
            }
            diagnostics.append(contentsOf: checker.diagnostics.diagnostics)
            for (parameter, location) in checker.parameters {
                merge(parameter, into: &stream.parameters, at: location, stream: stream.name)
            }
            return checker.failed ? nil : .values(operands)
        }
    }

    /// `rating desc, name`, as the schema writes an order.
    private static func describe(_ order: [OrderKey]) -> String {
        order.map { $0.path.names.joined(separator: ".") + ($0.descending ? " desc" : "") }.joined(separator: ", ")
    }
}
