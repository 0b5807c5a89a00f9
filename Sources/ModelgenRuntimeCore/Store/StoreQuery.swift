/// A field of stored documents, by its stored keys (`["address", "city"]`), or the document id.
public struct FieldPath: Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    public let keys: [String]

    public init(_ keys: [String]) {
        self.keys = keys
    }

    public init(arrayLiteral keys: String...) {
        self.keys = keys
    }

    /// The document's id, as Firestore's `FieldPath.documentID()`.
    public static let documentID = FieldPath(["__name__"])

    public var description: String { keys.joined(separator: ".") }
}

/// A query's filter, evaluated in the store on stored values with Firestore's rules.
public indirect enum QueryFilter: Hashable, Sendable {
    case compare(FieldPath, QueryOperator, DocumentValue)
    case and([QueryFilter])
    case or([QueryFilter])
}

public enum QueryOperator: String, Hashable, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    /// The field equals one of the values of an array.
    case isIn = "in"
    /// The field is present, not null, and equals none of the values of an array.
    case notIn = "not-in"
    /// The field is an array holding the value.
    case arrayContains = "array-contains"
    /// The field is an array holding one of the values of an array.
    case arrayContainsAny = "array-contains-any"

    /// Whether Firestore counts it an inequality, which orders the query by its field.
    public var isInequality: Bool {
        switch self {
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .notEqual, .notIn: true
        case .equal, .isIn, .arrayContains, .arrayContainsAny: false
        }
    }
}

extension QueryFilter {
    /// Whether the filter is an `and` or an `or` of no comparison, at any depth, which the SDKs
    /// drop from a query and from the filter holding it, so that it filters nothing
    /// (firebase-js-sdk lite-api/query.ts, `QueryCompositeFilterConstraint`: "Return the existing
    /// query if not adding any more filters (e.g. an empty composite filter)").
    public var isEmpty: Bool {
        switch self {
        case .compare: false
        case let .and(filters), let .or(filters): filters.allSatisfy(\.isEmpty)
        }
    }

    /// Whether the filter holds an `or` of two or more terms that are not empty.
    var hasDisjunction: Bool {
        switch self {
        case .compare: false
        case let .and(filters): filters.contains(where: \.hasDisjunction)
        case let .or(filters): filters.count(where: { !$0.isEmpty }) > 1 || filters.contains(where: \.hasDisjunction)
        }
    }

    /// The most `array-contains` and `array-contains-any` comparisons in one conjunction of the
    /// filter's disjunctive normal form, as Firestore's server counts them: one comparison given
    /// twice among the terms of one `and` counts once (an `and` or `or` of one term being that
    /// term), but twice from two levels (the emulator runs `a and a` and refuses `a and (a or b)`).
    var arrayContainsPerConjunction: Int {
        switch self {
        case let .compare(_, op, _): return op == .arrayContains || op == .arrayContainsAny ? 1 : 0
        case let .and(filters):
            var direct: [QueryFilter] = []
            var nested = 0
            for filter in filters.map(\.unwrapped) {
                guard case .compare = filter else { nested += filter.arrayContainsPerConjunction; continue }
                if filter.arrayContainsPerConjunction == 1, !direct.contains(where: { $0.isSameComparison(as: filter) }) { direct.append(filter) }
            }
            return direct.count + nested
        case let .or(filters): return filters.map(\.arrayContainsPerConjunction).max() ?? 0
        }
    }

    /// Whether two comparisons are one to Firestore's server: the same field, operator and an
    /// equal operand of the same type (the emulator takes `contains 1` twice, not beside `contains 1.0`).
    func isSameComparison(as other: QueryFilter) -> Bool {
        guard case let .compare(field, op, operand) = self, case let .compare(otherField, otherOp, otherOperand) = other else { return false }
        let isInt = { (value: DocumentValue) -> Bool in if case .int = value { true } else { false } }
        return field == otherField && op == otherOp && isInt(operand) == isInt(otherOperand) && operand == otherOperand
    }

    /// The filter as the SDKs send it: an `and` or an `or` of one term that is not empty is that
    /// term (firebase-js-sdk remote/serializer.ts, `toFilter`).
    var unwrapped: QueryFilter {
        switch self {
        case .compare: self
        case let .and(filters), let .or(filters):
            filters.count(where: { !$0.isEmpty }) == 1 ? filters.first { !$0.isEmpty }!.unwrapped : self
        }
    }

    /// How many conjunctions the filter's disjunctive normal form has, where an `in` or
    /// `array-contains-any` is a disjunction of its values, and a filter of no comparison is
    /// dropped; counted up to one past ``FirestoreRules/maximumDisjunctions``.
    var disjunctionCount: Int {
        let most = FirestoreRules.maximumDisjunctions + 1
        switch self {
        case let .compare(_, op, .array(values)) where op == .isIn || op == .arrayContainsAny: return max(DocumentValue.distinctCount(values, upTo: most), 1)
        case .compare: return 1
        case let .and(filters):
            return filters.filter { !$0.isEmpty }.reduce(1) { min($0 * $1.disjunctionCount, most) }
        case let .or(filters):
            let terms = filters.filter { !$0.isEmpty }
            return terms.isEmpty ? 1 : min(terms.reduce(0) { $0 + $1.disjunctionCount }, most)
        }
    }

    /// The fields of the inequalities Firestore's server counts: not a range with a null or NaN
    /// operand, which matches nothing (the emulator runs `id == "a" and x < null`, and refuses
    /// `id == "a" and x != 1`).
    var serverInequalityFields: [FieldPath] {
        switch self {
        case let .compare(field, op, operand):
            op.isInequality && !([.less, .lessOrEqual, .greater, .greaterOrEqual].contains(op) && (operand == .null || operand.isNaN)) ? [field] : []
        case let .and(filters), let .or(filters): filters.flatMap(\.serverInequalityFields)
        }
    }

    /// Whether the filter compares the document id.
    var comparesDocumentID: Bool {
        switch self {
        case let .compare(field, _, _): field == .documentID
        case let .and(filters), let .or(filters): filters.contains(where: \.comparesDocumentID)
        }
    }

    /// Whether the filter holds an `==` or `in` comparison on the document id.
    var hasDocumentIDEquality: Bool {
        switch self {
        case let .compare(field, op, _): field == .documentID && (op == .equal || op == .isIn)
        case let .and(filters), let .or(filters): filters.contains(where: \.hasDocumentIDEquality)
        }
    }

    /// The fields of the filter's inequalities, in the order written, each once.
    var inequalityFields: [FieldPath] {
        switch self {
        case let .compare(field, op, _): op.isInequality ? [field] : []
        case let .and(filters), let .or(filters):
            filters.flatMap(\.inequalityFields).reduce(into: []) { fields, field in
                if !fields.contains(field) { fields.append(field) }
            }
        }
    }
}

extension FieldPath {
    /// Firestore's order of field paths: segment by segment, by code point; a path before its extensions.
    public static func precedes(_ lhs: FieldPath, _ rhs: FieldPath) -> Bool {
        for (left, right) in zip(lhs.keys, rhs.keys) where !CodePoints.equal(left, right) {
            return CodePoints.less(left, right)
        }
        return lhs.keys.count < rhs.keys.count
    }
}

/// One key of a query's order.
public struct QueryOrder: Hashable, Sendable {
    public var field: FieldPath
    public var descending: Bool

    public static func ascending(_ field: FieldPath) -> QueryOrder { QueryOrder(field: field, descending: false) }
    public static func descending(_ field: FieldPath) -> QueryOrder { QueryOrder(field: field, descending: true) }
}

/// Where a query's results start or end (Firestore's cursors): stored values for the query's
/// `orderBy` keys, the first keys first (fewer values than keys bound only those), and whether a
/// document exactly at the bound is kept. A start bound is `startAt` when inclusive and
/// `startAfter` when not; an end bound is `endAt` or `endBefore`. A value for the document id is
/// the document's plain id.
public struct QueryBound: Hashable, Sendable {
    public var values: [DocumentValue]
    public var inclusive: Bool

    public init(_ values: [DocumentValue], inclusive: Bool) {
        self.values = values
        self.inclusive = inclusive
    }

    /// Whether a document with `keys` (its values for the query's normalized `order`) is on the
    /// kept side of the bound: the bound's values compared with the keys in order, each
    /// comparison reversed for a descending key, the first difference deciding (firebase-js-sdk
    /// core/bound.ts, `boundCompareToDocument`).
    func admits(_ keys: [DocumentValue], in order: [QueryOrder], asStart: Bool) -> Bool {
        var comparison = 0
        for (value, (key, order)) in zip(values, zip(keys, order)) {
            comparison = ValueOrder.compare(value, key)
            if order.descending { comparison = -comparison }
            if comparison != 0 { break }
        }
        if asStart { return inclusive ? comparison <= 0 : comparison < 0 }
        return inclusive ? comparison >= 0 : comparison > 0
    }
}

/// A query on one collection: filter, order, bounds and limit, as Firestore runs them.
public struct StoreQuery: Hashable, Sendable {
    /// The collection's path segments: `["chatrooms", roomId, "messages"]`; for a collection
    /// group, its one segment is the collection id.
    public var collection: [String]
    /// Whether the query reads every collection whose id (last segment) is `collection`'s one
    /// segment, under any parent: Firestore's collection-group query.
    public var isCollectionGroup = false
    public var filter: QueryFilter?
    public var orderBy: [QueryOrder]
    public var limit: Int?
    /// The last `limitToLast` documents of the query's order, in that order (Firestore's
    /// `limitToLast`); it needs an `orderBy`.
    public var limitToLast: Int?
    /// The first place in the order a document may have: `startAt` or `startAfter`.
    public var start: QueryBound?
    /// The last place in the order a document may have: `endAt` or `endBefore`.
    public var end: QueryBound?

    public init(
        collection: [String], filter: QueryFilter? = nil, orderBy: [QueryOrder] = [], limit: Int? = nil, limitToLast: Int? = nil,
        start: QueryBound? = nil, end: QueryBound? = nil
    ) {
        self.collection = collection
        self.filter = filter
        self.orderBy = orderBy
        self.limit = limit
        self.limitToLast = limitToLast
        self.start = start
        self.end = end
    }

    /// A collection-group query: the documents of every collection whose id is `collectionGroup`,
    /// wherever it is (`reviews` reads `shops/s1/reviews` and `users/u1/reviews`).
    public init(
        collectionGroup: String, filter: QueryFilter? = nil, orderBy: [QueryOrder] = [], limit: Int? = nil, limitToLast: Int? = nil,
        start: QueryBound? = nil, end: QueryBound? = nil
    ) {
        self.init(collection: [collectionGroup], filter: filter, orderBy: orderBy, limit: limit, limitToLast: limitToLast, start: start, end: end)
        isCollectionGroup = true
    }

    /// The order Firestore gives the results: the `orderBy` keys, then every field with an
    /// inequality filter (`<`, `<=`, `>`, `>=`, `!=`, `not-in`) that is not among them, by path, in the
    /// direction of the last `orderBy` key (ascending without one); the document id last, in
    /// that direction too. (Firestore's `StructuredQuery.orderBy`: "all fields that are required
    /// to be in the order_by but are not already present are appended in lexicographical
    /// ordering of the field name".)
    public var normalizedOrderBy: [QueryOrder] {
        let ordered = Set(orderBy.map(\.field))
        let implicit = (filter?.inequalityFields ?? []).filter { !ordered.contains($0) && $0 != .documentID }.sorted(by: FieldPath.precedes)
        let descending = orderBy.last?.descending ?? false
        return orderBy + implicit.map { QueryOrder(field: $0, descending: descending) }
    }

    /// The query that keeps the first documents of the flipped order where this one keeps the last:
    /// every order key's direction toggled (the implicit ones and the id follow the last key), and
    /// `limitToLast` as `limit`, and the bounds swapped, each keeping its values and
    /// inclusiveness. Firestore's SDKs run `limitToLast` so, then reverse the results
    /// (firebase-js-sdk core/query.ts, `_queryToTarget`: "Flip the orderBy directions since we
    /// want the last results", and the start and end bounds trade places).
    var flipped: StoreQuery {
        var flipped = StoreQuery(
            collection: collection, filter: filter, orderBy: orderBy.map { QueryOrder(field: $0.field, descending: !$0.descending) },
            limit: limitToLast, start: end, end: start
        )
        flipped.isCollectionGroup = isCollectionGroup
        return flipped
    }
}

/// A document as read from a store. Two snapshots are equal when their paths have the same
/// code points and their data is stored exactly alike.
public struct DocumentSnapshot: Hashable, Sendable {
    public var id: String
    public var data: DocumentData
    /// The path of the collection that holds it: `["shops", "s1", "reviews"]`. Stores give it;
    /// snapshots made by hand may leave it empty.
    public var parent: [String]

    public init(id: String, data: DocumentData, parent: [String] = []) {
        self.id = id
        self.data = data
        self.parent = parent
    }

    /// The document's path: its parent's segments and its id.
    public var path: [String] { parent + [id] }

    public static func == (lhs: DocumentSnapshot, rhs: DocumentSnapshot) -> Bool {
        comparePaths(lhs, rhs) == 0 && DocumentValue.identical(lhs.data, rhs.data)
    }

    /// -1, 0 or 1: the two documents' paths compared segment by segment by code point, a path
    /// before those it starts, as Firestore orders document names (`__name__`).
    static func comparePaths(_ lhs: DocumentSnapshot, _ rhs: DocumentSnapshot) -> Int {
        // One collection, the common case: the ids, with no path to build.
        if lhs.parent.count == rhs.parent.count, zip(lhs.parent, rhs.parent).allSatisfy({ CodePoints.equal($0, $1) }) {
            return CodePoints.compare(lhs.id, rhs.id)
        }
        return ValueOrder.compare(.reference(lhs.path), .reference(rhs.path))
    }

    public func hash(into hasher: inout Hasher) {
        id.contractHash(into: &hasher)
    }
}
