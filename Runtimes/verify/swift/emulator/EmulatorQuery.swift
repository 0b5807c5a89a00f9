import ModelgenRuntimeCore

/// A ``StoreQuery`` as the Firebase SDKs send it (firebase-js-sdk remote/serializer.ts,
/// `toQueryTarget`): the normalized order with the document id last, `== null` and `== NaN`
/// as unary filters, document ids as references, a `limitToLast` query flipped.
struct EmulatorQuery {
    let values: EmulatorValues
    let query: StoreQuery

    /// The document the query's collection is under (none at the root), and the request body.
    var request: (parent: [String], body: JSON) {
        let sent = query.limitToLast == nil ? query : query.flippedForTheServer
        var structured: [(String, JSON)] = [("from", .array([.object([
            ("collectionId", .string(query.collection.last ?? "")), ("allDescendants", .bool(query.isCollectionGroup)),
        ])]))]
        if let filter = query.filter, !filter.isEmpty { structured.append(("where", json(filter))) }
        let order = sent.ordersSent
        if !order.isEmpty { structured.append(("orderBy", .array(order.map { order in
            .object([("field", fieldReference(order.field)), ("direction", .string(order.descending ? "DESCENDING" : "ASCENDING"))])
        }))) }
        if let start = sent.start { structured.append(("startAt", cursor(start, before: start.inclusive, order: order))) }
        if let end = sent.end { structured.append(("endAt", cursor(end, before: !end.inclusive, order: order))) }
        if let limit = sent.limit { structured.append(("limit", .number(Double(limit)))) }
        let parent = query.isCollectionGroup ? [] : Array(query.collection.dropLast())
        return (parent, .object([("structuredQuery", .object(structured))]))
    }

    private func json(_ filter: QueryFilter) -> JSON {
        switch filter {
        case let .compare(field, op, value):
            return compare(field, op, value)
        case let .and(filters), let .or(filters):
            let kept = filters.filter { !$0.isEmpty }
            if kept.count == 1 { return json(kept[0]) }
            return .object([("compositeFilter", .object([("op", .string(filter.isAnd ? "AND" : "OR")), ("filters", .array(kept.map(json)))]))])
        }
    }

    private func compare(_ field: FieldPath, _ op: QueryOperator, _ value: DocumentValue) -> JSON {
        let unary: String? = switch (op, value) {
        case (.equal, .null): "IS_NULL"
        case (.notEqual, .null): "IS_NOT_NULL"
        case let (.equal, .double(number)) where number.isNaN: "IS_NAN"
        case let (.notEqual, .double(number)) where number.isNaN: "IS_NOT_NAN"
        default: nil
        }
        if let unary {
            return .object([("unaryFilter", .object([("op", .string(unary)), ("field", fieldReference(field))]))])
        }
        let operand = field == .documentID ? documentIDs(value) : value
        return .object([("fieldFilter", .object([
            ("field", fieldReference(field)), ("op", .string(Self.operators[op]!)), ("value", values.json(operand)),
        ]))])
    }

    /// A document id (or a list of them) as the references the SDKs send for it.
    private func documentIDs(_ value: DocumentValue) -> DocumentValue {
        switch value {
        case let .string(id): .reference(query.isCollectionGroup ? [id] : query.collection + [id])
        case let .array(ids): .array(ids.map(documentIDs))
        default: value
        }
    }

    /// A bound's values, one per key of the `order` sent, the document id as a reference.
    private func cursor(_ bound: QueryBound, before: Bool, order: [QueryOrder]) -> JSON {
        let sent = zip(bound.values, order).map { value, key in key.field == .documentID ? documentIDs(value) : value }
        return .object([("values", .array(sent.map(values.json))), ("before", .bool(before))])
    }

    private func fieldReference(_ field: FieldPath) -> JSON {
        .object([("fieldPath", .string(Self.fieldPath(field)))])
    }

    /// A field path as Firestore's API takes it: segments joined by '.', each that is not a
    /// plain identifier in backticks with '`' and '\' escaped.
    static func fieldPath(_ field: FieldPath) -> String {
        field.keys.map { key in
            let plain = !key.isEmpty && key.unicodeScalars.enumerated().allSatisfy { index, scalar in
                scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || (index > 0 && ("0"..."9").contains(scalar))
            }
            if plain || key == "__name__" { return key }
            return "`" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "`", with: "\\`") + "`"
        }.joined(separator: ".")
    }

    private static let operators: [QueryOperator: String] = [
        .equal: "EQUAL", .notEqual: "NOT_EQUAL", .less: "LESS_THAN", .lessOrEqual: "LESS_THAN_OR_EQUAL",
        .greater: "GREATER_THAN", .greaterOrEqual: "GREATER_THAN_OR_EQUAL", .isIn: "IN", .notIn: "NOT_IN",
        .arrayContains: "ARRAY_CONTAINS", .arrayContainsAny: "ARRAY_CONTAINS_ANY",
    ]
}

extension QueryFilter {
    fileprivate var isAnd: Bool { if case .and = self { true } else { false } }
}

extension StoreQuery {
    /// The orders the SDKs send: the normalized order, then the document id in the direction of
    /// the last key unless the order holds it (firebase-js-sdk core/query.ts, `queryNormalizedOrderBy`).
    fileprivate var ordersSent: [QueryOrder] {
        let order = normalizedOrderBy
        if order.contains(where: { $0.field == .documentID }) { return order }
        return order + [(order.last?.descending ?? false) ? .descending(.documentID) : .ascending(.documentID)]
    }

    /// A `limitToLast` query as the SDKs send it: its normalized order flipped, `limit`, the
    /// bounds swapped (firebase-js-sdk core/query.ts, `_queryToTarget`); the results come back reversed.
    fileprivate var flippedForTheServer: StoreQuery {
        var flipped = StoreQuery(
            collection: collection, filter: filter, orderBy: ordersSent.map { $0.descending ? .ascending($0.field) : .descending($0.field) },
            limit: limitToLast, start: end, end: start
        )
        flipped.isCollectionGroup = isCollectionGroup
        return flipped
    }
}
