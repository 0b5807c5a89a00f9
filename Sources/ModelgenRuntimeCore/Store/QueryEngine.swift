/// Runs a ``StoreQuery`` over documents the way Firestore's server does.
///
/// A missing field never matches a filter (`== null` matches a stored null); range filters
/// match values of the filter value's type only (ints and doubles are one type); `!=` matches
/// present, non-null, different values, and `not-in` present, non-null values equal to none of
/// its list (and nothing when the list holds null). A stored NaN matches `== NaN`, `!=` another
/// value and `not-in` a list without NaN, and no range comparison, `in` or `array-contains(-any)`;
/// a stored null matches no `in`, and `array-contains` null matches nothing
/// (firebase-js-sdk test/integration/api/query.test.ts, run against the server: 'can use IN
/// filters', 'can use NOT_IN filters', 'can use array-contains-any filters', 'can use
/// array-contains filters'). Results are in the query's
/// ``StoreQuery/normalizedOrderBy`` (the document id by whole path), then by document path; a document lacking one of its fields,
/// or outside the query's ``StoreQuery/start`` and ``StoreQuery/end`` bounds, is left out; `limit`
/// applies last, and `limitToLast` keeps the last documents instead.
public enum QueryEngine {
    public static func run(_ query: StoreQuery, over documents: some Sequence<DocumentSnapshot>) -> [DocumentSnapshot] {
        if query.limitToLast != nil { return run(query.flipped, over: documents).reversed() }
        let order = query.normalizedOrderBy
        var result = documents.compactMap { Ranked($0, in: query, orderedBy: order) }
        result.sort { $0.precedes($1, in: order) }
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
        case let .and(filters): return filters.allSatisfy { $0.isEmpty || matches($0, document) }
        case let .or(filters):
            let kept = filters.filter { !$0.isEmpty }
            return kept.isEmpty || kept.contains { matches($0, document) }
        case let .compare(field, op, operand):
            guard let stored = value(at: field, in: document) else { return false }
            return compare(stored, op, compared(operand))
        }
    }

    /// An operand as Firestore's server compares it: timestamps inside a list or a map to the
    /// microsecond, rounded down, as stored ones are; a timestamp operand itself as given (the
    /// emulator matches a stored 1 µs by `in [1.5 µs]` and `== [1.5 µs]`, not by `== 1.5 µs`).
    static func compared(_ operand: DocumentValue) -> DocumentValue {
        switch operand {
        case .array, .map: operand.stored(serverTime: nil)
        default: operand
        }
    }

    static func compare(_ stored: DocumentValue, _ op: QueryOperator, _ operand: DocumentValue) -> Bool {
        let sameType = ValueOrder.rank(stored) == ValueOrder.rank(operand)
        // A range holds only between ordered values of one type: never for NaN or null (the emulator
        // answers `x >= null` with no document).
        let ordered = sameType && !stored.isNaN && !operand.isNaN && operand != .null
        switch op {
        case .equal: return sameType && ValueOrder.compare(stored, operand) == 0
        case .notEqual: return stored != .null && ValueOrder.compare(stored, operand) != 0
        case .less: return ordered && ValueOrder.compare(stored, operand) < 0
        case .lessOrEqual: return ordered && ValueOrder.compare(stored, operand) <= 0
        case .greater: return ordered && ValueOrder.compare(stored, operand) > 0
        case .greaterOrEqual: return ordered && ValueOrder.compare(stored, operand) >= 0
        case .isIn:
            guard case let .array(candidates) = operand, !stored.isNaN, stored != .null else { return false }
            return candidates.contains { compare(stored, .equal, $0) }
        case .notIn:
            guard case let .array(candidates) = operand, stored != .null, !candidates.contains(.null) else { return false }
            return !candidates.contains { compare(stored, .equal, $0) }
        case .arrayContains:
            guard case let .array(elements) = stored, !operand.isNaN, operand != .null else { return false }
            return elements.contains { compare($0, .equal, operand) }
        case .arrayContainsAny:
            guard case let .array(elements) = stored, case let .array(candidates) = operand else { return false }
            return elements.contains { element in
                !element.isNaN && element != .null && candidates.contains { compare(element, .equal, $0) }
            }
        }
    }
}

/// A document that a query keeps, with its values for the fields of the query's order.
struct Ranked {
    var document: DocumentSnapshot
    var keys: [DocumentValue]

    /// Nil when `query` leaves the document out: its filter does not match, the document lacks a
    /// field of `order` (the query's normalized order), or it is outside the query's bounds.
    init?(_ document: DocumentSnapshot, in query: StoreQuery, orderedBy order: [QueryOrder]) {
        if let filter = query.filter, !QueryEngine.matches(filter, document) { return nil }
        self.init(document, orderedBy: order)
        if let start = query.start, !start.admits(keys, in: order, asStart: true) { return nil }
        if let end = query.end, !end.admits(keys, in: order, asStart: false) { return nil }
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
    /// by document path (the id, within one collection) in the direction of the last key. No two
    /// documents tie.
    func precedes(_ other: Ranked, in orderBy: [QueryOrder]) -> Bool {
        for (index, order) in orderBy.enumerated() {
            // The document id orders as Firestore's `__name__` does: by whole path, which tells a
            // collection group's documents apart by their parents first.
            let comparison = order.field == .documentID
                ? DocumentSnapshot.comparePaths(document, other.document) : ValueOrder.compare(keys[index], other.keys[index])
            if comparison != 0 { return order.descending ? comparison > 0 : comparison < 0 }
        }
        let comparison = DocumentSnapshot.comparePaths(document, other.document)
        return orderBy.last?.descending ?? false ? comparison > 0 : comparison < 0
    }
}
