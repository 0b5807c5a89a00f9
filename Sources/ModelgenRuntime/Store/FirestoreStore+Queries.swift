// How FirestoreStore puts a query to the SDK, and what it checks first so that the SDK never
// raises (see FirestoreStore.swift).
#if canImport(FirebaseFirestore)
import FirebaseFirestore
import Foundation

extension FirestoreStore {
    // MARK: Querying

    /// The query as the SDK takes it, or nil when no document can match it (see ``FilterPlan``).
    func firestoreQuery(_ query: StoreQuery) throws -> Query? {
        guard Self.isValid(query.collection, isCollection: true) else { throw StoreError.invalidPath(query.collection) }
        var filter: Filter?
        if let queryFilter = query.filter {
            switch Self.plan(queryFilter) {
            case .noDocument:
                return nil
            case .everyDocument:
                break
            case let .filter(build):
                let built = try build()
                // The SDK allows one '!=' (or 'not-in') filter a query (query_core.cc, ConflictingOps).
                guard built.notEqualFilters <= 1 else { throw StoreError.multipleNotEqualFilters }
                filter = built.filter
            }
        }
        // The SDK raises for a limit below 1; the in-memory store returns no document.
        if let limit = query.limit, limit < 1 { return nil }
        // A document that lacks a field of the order is left out, and none has a field with no name
        // or an empty name (which the SDK raises for).
        guard query.orderBy.allSatisfy({ Self.isQueryable($0.field) }) else { return nil }
        var result: Query = firestore.collection(query.collection.joined(separator: "/"))
        if let filter { result = result.whereFilter(filter) }
        for order in query.orderBy { result = result.order(by: Self.fieldPath(order.field), descending: order.descending) }
        if let limit = query.limit { result = result.limit(to: limit) }
        return result
    }

    /// What a ``QueryFilter`` asks of the SDK. The in-memory store matches no document with an
    /// `in` whose value is not a non-empty array, which the SDK refuses ("A non-empty array is
    /// required for 'in' filters"), nor with an `or` of no filters, which the SDK drops as it drops
    /// an `and` of none (every document, in both stores); nor, on the document id, with an id that
    /// no document can have (empty, holding a '/', not a string), which the SDK refuses too. So
    /// those become ``noDocument`` or ``everyDocument`` here, and are never handed to the SDK; a
    /// range on the document id bounded by a string holding a '/' becomes the same range bounded
    /// by an id (see ``documentIDComparison(_:_:)``).
    enum FilterPlan {
        /// Every document matches: no filter.
        case everyDocument
        /// No document matches: the query's results are empty without asking the SDK.
        case noDocument
        /// The SDK's filter, built (and its values checked, which may throw) only if the query
        /// needs it, with the number of '!=' filters in it.
        case filter(() throws -> (filter: Filter, notEqualFilters: Int))
    }

    static func plan(_ filter: QueryFilter) -> FilterPlan {
        switch filter {
        case let .and(filters):
            let plans = filters.map(plan)
            if plans.contains(where: { if case .noDocument = $0 { true } else { false } }) { return .noDocument }
            return composite(plans, Filter.andFilter) ?? .everyDocument
        case let .or(filters):
            let plans = filters.map(plan)
            if plans.contains(where: { if case .everyDocument = $0 { true } else { false } }) { return .everyDocument }
            return composite(plans, Filter.orFilter) ?? .noDocument
        case let .compare(field, op, operand):
            return comparison(field, op, operand)
        }
    }

    /// The filter combining the plans that are filters, or nil when none is.
    static func composite(_ plans: [FilterPlan], _ combine: @escaping ([Filter]) -> Filter) -> FilterPlan? {
        let builds = plans.compactMap { if case let .filter(build) = $0 { build } else { nil } }
        guard !builds.isEmpty else { return nil }
        return .filter {
            let built = try builds.map { try $0() }
            let notEqual = built.reduce(0) { $0 + $1.notEqualFilters }
            return built.count == 1 ? built[0] : (combine(built.map(\.filter)), notEqual)
        }
    }

    static func comparison(_ field: ModelgenRuntime.FieldPath, _ op: QueryOperator, _ operand: DocumentValue) -> FilterPlan {
        if field == .documentID { return documentIDComparison(op, operand) }
        // No stored document has a field with no name or an empty name (the SDK refuses to write one).
        guard isQueryable(field) else { return .noDocument }
        if op == .isIn {
            guard case let .array(values) = operand, !values.isEmpty else { return .noDocument }
            return .filter {
                // An `in` list's elements may be arrays (FSTUserDataReader.mm: UserDataSource::ArrayArgument).
                let list = try values.map { try firestoreValue($0, at: field, use: .inList, inArray: true, arrayElement: true) }
                return (Filter.whereField(fieldPath(field), in: list), 0)
            }
        }
        return .filter {
            let value = try firestoreValue(operand, at: field, use: .argument)
            return (sdkFilter(fieldPath(field), op, value), op == .notEqual ? 1 : 0)
        }
    }

    /// A comparison of the document id, which the SDK takes with a non-empty string holding no
    /// '/' only, and not with `array-contains` (query_core.cc, ParseFieldFilter and
    /// ParseExpectedReferenceValue). The in-memory store compares ids, which are such strings, as
    /// strings: an `==` or `in` of anything else matches no document, a `!=` every one, a range of
    /// another type none. A range bounded by a string `p/…` (`p` holding no '/') keeps the same
    /// documents bounded by `p0`: an id `x`, holding no '/', is below `p/…` exactly when it is
    /// below `p0` ('0' follows '/'), and equals neither `p/…`.
    static func documentIDComparison(_ op: QueryOperator, _ operand: DocumentValue) -> FilterPlan {
        let id: String? = if case let .string(id) = operand, isDocumentID(id) { id } else { nil }
        switch op {
        case .arrayContains:
            return .noDocument
        case .isIn:
            guard case let .array(values) = operand else { return .noDocument }
            let ids = values.compactMap { if case let .string(id) = $0, isDocumentID(id) { id } else { nil } }
            guard !ids.isEmpty else { return .noDocument }
            return .filter { (Filter.whereField(FirebaseFirestore.FieldPath.documentID(), in: ids), 0) }
        case .equal, .notEqual:
            guard let id else { return op == .equal ? .noDocument : .everyDocument }
            return .filter { (sdkFilter(FirebaseFirestore.FieldPath.documentID(), op, id), op == .notEqual ? 1 : 0) }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard case let .string(bound) = operand else { return .noDocument }
            if let id { return .filter { (sdkFilter(FirebaseFirestore.FieldPath.documentID(), op, id), 0) } }
            let below = op == .less || op == .lessOrEqual
            // Every id is above the empty string.
            guard !bound.isEmpty else { return below ? .noDocument : .everyDocument }
            var scalars = String.UnicodeScalarView(bound.unicodeScalars.prefix { $0 != "/" })
            scalars.append("0")
            let bounding = String(scalars)
            return .filter { (sdkFilter(FirebaseFirestore.FieldPath.documentID(), below ? .less : .greaterOrEqual, bounding), 0) }
        }
    }

    /// The SDK's filter for one comparison with a converted operand; an `in` takes a non-empty list.
    static func sdkFilter(_ path: FirebaseFirestore.FieldPath, _ op: QueryOperator, _ operand: Any) -> Filter {
        switch op {
        case .equal: Filter.whereField(path, isEqualTo: operand)
        case .notEqual: Filter.whereField(path, isNotEqualTo: operand)
        case .less: Filter.whereField(path, isLessThan: operand)
        case .lessOrEqual: Filter.whereField(path, isLessThanOrEqualTo: operand)
        case .greater: Filter.whereField(path, isGreaterThan: operand)
        case .greaterOrEqual: Filter.whereField(path, isGreaterOrEqualTo: operand)
        case .isIn: Filter.whereField(path, in: operand as? [Any] ?? [operand])
        case .arrayContains: Filter.whereField(path, arrayContains: operand)
        }
    }

    static func fieldPath(_ field: ModelgenRuntime.FieldPath) -> FirebaseFirestore.FieldPath {
        field == .documentID ? FirebaseFirestore.FieldPath.documentID() : FirebaseFirestore.FieldPath(field.keys)
    }

    // MARK: Checks

    /// Whether a path is one of a collection or of a document, as ``StoreError/isValid(_:isCollection:)``
    /// says, but looking for '/' among Unicode scalars, as the SDK splits a path: a '/' followed
    /// by a combining mark is no `Character` '/', and would split a segment in two.
    static func isValid(_ path: [String], isCollection: Bool) -> Bool {
        StoreError.isValid(path, isCollection: isCollection) && path.allSatisfy(isDocumentID)
    }

    /// Whether the SDK takes `id` as a document id: non-empty, holding no '/'.
    static func isDocumentID(_ id: String) -> Bool {
        !id.isEmpty && !id.unicodeScalars.contains("/")
    }

    /// Whether a field can be named to the SDK (`FieldPath(_:)` raises otherwise) and held by a
    /// document: the document id, or at least one name, none empty.
    static func isQueryable(_ field: ModelgenRuntime.FieldPath) -> Bool {
        field == .documentID || (!field.keys.isEmpty && !field.keys.contains(where: \.isEmpty))
    }

    /// Whether the SDK takes `name` as a map key or field name: not empty, and when written, not
    /// beginning and ending with "__", which Firestore reserves (core/src/core/user_data.cc,
    /// ValidatePathSegment, which compares bytes).
    static func isValidName(_ name: String, written: Bool) -> Bool {
        guard !name.isEmpty else { return false }
        return !(written && name.utf8.starts(with: "__".utf8) && name.utf8.reversed().starts(with: "__".utf8))
    }

    /// Whether a timestamp is one `FirebaseFirestore.Timestamp(seconds:nanoseconds:)` takes, which
    /// raises otherwise: from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z.
    static func isInRange(_ timestamp: Timestamp) -> Bool {
        (-62_135_596_800...253_402_300_799).contains(timestamp.seconds) && (0..<1_000_000_000).contains(timestamp.nanoseconds)
    }
}
#endif
