/// Runs a ``StoreQuery`` over documents the way Firestore does.
///
/// A missing field never matches a filter (`== null` matches a stored null); range filters
/// match values of the filter value's type only (ints and doubles are one type); `!=` matches
/// present, non-null, different values. Documents lacking an `orderBy` field are left out; ties
/// are ordered by document id in the direction of the last `orderBy` key; `limit` applies last.
public enum QueryEngine {
    public static func run(_ query: StoreQuery, over documents: some Sequence<DocumentSnapshot>) -> [DocumentSnapshot] {
        var result = documents.compactMap { Ranked($0, in: query) }
        result.sort { $0.precedes($1, in: query.orderBy) }
        let documents = result.map(\.document)
        guard let limit = query.limit, limit < documents.count else { return documents }
        return Array(documents.prefix(max(0, limit)))
    }

    /// The stored value at `field`, or nil when the document lacks it.
    public static func value(at field: FieldPath, in document: DocumentSnapshot) -> DocumentValue? {
        if field == .documentID { return .string(document.id) }
        guard let first = field.keys.first, var value = document.data.value(forExactKey: first) else { return nil }
        for key in field.keys.dropFirst() {
            guard case let .map(fields) = value, let next = fields.value(forExactKey: key) else { return nil }
            value = next
        }
        return value
    }

    public static func matches(_ filter: QueryFilter, _ document: DocumentSnapshot) -> Bool {
        switch filter {
        case let .and(filters): return filters.allSatisfy { matches($0, document) }
        case let .or(filters): return filters.contains { matches($0, document) }
        case let .compare(field, op, operand):
            guard let stored = value(at: field, in: document) else { return false }
            return compare(stored, op, operand)
        }
    }

    static func compare(_ stored: DocumentValue, _ op: QueryOperator, _ operand: DocumentValue) -> Bool {
        let sameType = ValueOrder.rank(stored) == ValueOrder.rank(operand)
        switch op {
        case .equal: return sameType && ValueOrder.compare(stored, operand) == 0
        case .notEqual: return stored != .null && ValueOrder.compare(stored, operand) != 0
        case .less: return sameType && ValueOrder.compare(stored, operand) < 0
        case .lessOrEqual: return sameType && ValueOrder.compare(stored, operand) <= 0
        case .greater: return sameType && ValueOrder.compare(stored, operand) > 0
        case .greaterOrEqual: return sameType && ValueOrder.compare(stored, operand) >= 0
        case .isIn:
            guard case let .array(candidates) = operand else { return false }
            return candidates.contains { compare(stored, .equal, $0) }
        case .arrayContains:
            guard case let .array(elements) = stored else { return false }
            return elements.contains { compare($0, .equal, operand) }
        }
    }
}

/// A document that a query keeps, with its values for the query's `orderBy` fields.
struct Ranked {
    var document: DocumentSnapshot
    var keys: [DocumentValue]

    /// Nil when the query leaves the document out: its filter does not match, or it lacks an
    /// `orderBy` field.
    init?(_ document: DocumentSnapshot, in query: StoreQuery) {
        if let filter = query.filter, !QueryEngine.matches(filter, document) { return nil }
        self.init(document, orderedBy: query.orderBy)
    }

    /// Nil when the document lacks one of the `orderBy` fields.
    init?(_ document: DocumentSnapshot, orderedBy orderBy: [QueryOrder]) {
        var keys: [DocumentValue] = []
        keys.reserveCapacity(orderBy.count)
        for order in orderBy {
            guard let value = QueryEngine.value(at: order.field, in: document) else { return nil }
            keys.append(value)
        }
        self.document = document
        self.keys = keys
    }

    /// Whether this document comes before `other` in query order: by the `orderBy` keys, then
    /// by document id in the direction of the last key. No two documents tie.
    func precedes(_ other: Ranked, in orderBy: [QueryOrder]) -> Bool {
        for (index, order) in orderBy.enumerated() {
            let comparison = ValueOrder.compare(keys[index], other.keys[index])
            if comparison != 0 { return order.descending ? comparison > 0 : comparison < 0 }
        }
        let comparison = CodePoints.compare(document.id, other.document.id)
        return orderBy.last?.descending ?? false ? comparison > 0 : comparison < 0
    }
}
