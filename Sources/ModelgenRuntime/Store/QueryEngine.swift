/// Runs a ``StoreQuery`` over documents the way Firestore does.
///
/// A missing field never matches a filter (`== null` matches a stored null); range filters
/// match values of the filter value's type only (ints and doubles are one type); `!=` matches
/// present, non-null, different values. Documents lacking an `orderBy` field are left out; ties
/// are ordered by document id in the direction of the last `orderBy` key; `limit` applies last.
public enum QueryEngine {
    public static func run(_ query: StoreQuery, over documents: some Sequence<DocumentSnapshot>) -> [DocumentSnapshot] {
        var result: [(document: DocumentSnapshot, keys: [DocumentValue])] = []
        for document in documents {
            if let filter = query.filter, !matches(filter, document) { continue }
            var keys: [DocumentValue] = []
            keys.reserveCapacity(query.orderBy.count)
            for order in query.orderBy {
                guard let value = value(at: order.field, in: document) else { break }
                keys.append(value)
            }
            guard keys.count == query.orderBy.count else { continue }
            result.append((document, keys))
        }
        let idDescending = query.orderBy.last?.descending ?? false
        result.sort { lhs, rhs in
            for (index, order) in query.orderBy.enumerated() {
                let comparison = ValueOrder.compare(lhs.keys[index], rhs.keys[index])
                if comparison != 0 { return order.descending ? comparison > 0 : comparison < 0 }
            }
            let comparison = CodePoints.compare(lhs.document.id, rhs.document.id)
            return idDescending ? comparison > 0 : comparison < 0
        }
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
