/// What Firestore refuses in a query or a write, checked the same way by every store before it
/// does anything: the in-memory store refuses what Firestore would, and the Firestore adapter
/// never hands the SDK what it would raise for (the iOS SDK raises an NSException, which Swift
/// cannot catch). The rules are those of the SDKs' argument checks: firebase-ios-sdk's
/// `FSTUserDataReader.mm` (`parseData`, `parseArrayTransformElements`), `core/src/core/user_data.cc`
/// (`ValidatePathSegment`) and `core/src/core/query_core.cc` (`ParseFieldFilter`,
/// `ParseExpectedReferenceValue`, the conflicting operators), and firebase-js-sdk's
/// `lite-api/query.ts` (`validateDisjunctiveFilterElements`, `parseDocumentIdValue`).
public enum FirestoreRules {
    /// Throws the ``StoreError`` for the first thing in `query` that Firestore refuses: a bad
    /// collection path; then each comparison in written order, and its conflict with those before
    /// it; then a `not-in` beside an `or`, two `array-contains(-any)` joined by `and`, or more than
    /// 30 disjunctions; then a collection group's comparison of the document id; then an order by
    /// a field that cannot be named, one field ordered twice, a key after the document id, an
    /// equality on the id beside another field's inequality (see ``checkOrder(_:)``); then a
    /// `limitToLast` beside a `limit` or with no order ("limitToLast() queries require specifying
    /// at least one orderBy() clause": firebase-js-sdk lite-api/query.ts); then the start and end bounds.
    public static func check(_ query: StoreQuery) throws {
        // A collection group is named by one collection id (Firestore: "Cannot contain a slash").
        if query.isCollectionGroup, query.collection.count != 1 { throw StoreError.invalidPath(query.collection) }
        try check(path: query.collection, isCollection: true)
        if let filter = query.filter { try check(filter) }
        // The SDKs take a collection group's document id as a whole document path ("When querying
        // a collection group by documentId(), the value provided must result in a valid document
        // path"), and Firestore refuses a plain id there; the stores compare plain ids only.
        let boundsTheID = [query.start, query.end].compactMap(\.self).contains { bound in
            query.orderBy.prefix(bound.values.count).contains { $0.field == .documentID }
        }
        if query.isCollectionGroup, boundsTheID || query.filter?.comparesDocumentID == true { throw StoreError.documentIDInCollectionGroup }
        for order in query.orderBy where order.field != .documentID {
            guard isNameable(order.field) else { throw StoreError.invalidField(order.field) }
        }
        try checkOrder(query)
        if query.limitToLast != nil {
            guard query.limit == nil else { throw StoreError.twoLimits }
            guard !query.orderBy.isEmpty else { throw StoreError.limitToLastWithoutOrder }
        }
        for bound in [query.start, query.end].compactMap(\.self) { try check(bound, orderBy: query.orderBy) }
    }

    /// Throws ``StoreError/requestTooLarge`` when `writes`, committed together, are more than the
    /// 10 MiB Firestore takes in one request; refused before anything is written.
    public static func checkSize(of writes: [DocumentWrite]) throws {
        try DocumentLimits.checkRequest(writes)
    }

    /// Throws the ``StoreError`` for the first thing in `write` that Firestore refuses: a bad
    /// document path, a field it cannot name or store, or a value it cannot take there.
    public static func check(_ write: DocumentWrite) throws {
        try check(path: write.path, isCollection: false)
        // Every write, as the emulator refuses the whole commit holding a delete or an update of
        // a document so named (INVALID_ARGUMENT, "Resource id ... is invalid because it is reserved").
        guard write.path.allSatisfy(isAllowedID) else { throw StoreError.reservedID(write.path) }
        switch write {
        case let .set(_, data, _):
            for key in data.keys.sorted(by: CodePoints.less) {
                let field = FieldPath([key])
                guard isWritableName(key) else { throw StoreError.invalidField(field) }
                try check(data[key]!, at: field, use: .write)
            }
        case let .update(_, fields, _), let .merge(_, fields):
            let paths = fields.keys.sorted(by: FieldPath.precedes)
            if let field = paths.first(where: { $0.keys.isEmpty || !$0.keys.allSatisfy(isWritableName) }) {
                throw StoreError.invalidField(field)
            }
            if let field = paths.first(where: { !DocumentLimits.isShortEnough($0) }) { throw StoreError.fieldPathTooLong(field) }
            if let (field, inner) = FieldUpdate.overlap(in: fields.keys) { throw StoreError.overlappingFields(field, inner) }
            for field in paths { try check(fields[field]!, at: field) }
        case .delete:
            break
        }
    }

    /// Throws ``StoreError/invalidPath(_:)`` unless `path` is a well-formed collection path (an odd
    /// number of segments) or document path (an even number), its segments non-empty and holding no '/'.
    public static func check(path: [String], isCollection: Bool) throws {
        guard StoreError.isValid(path, isCollection: isCollection) else { throw StoreError.invalidPath(path) }
    }

    /// Whether `id` can be a document's id: non-empty, holding no '/' (looked for among Unicode
    /// scalars, as the SDKs split a path).
    public static func isDocumentID(_ id: String) -> Bool {
        !id.isEmpty && !id.unicodeScalars.contains("/")
    }

    // MARK: Queries

    /// The server's limits on a list operand: `in` and `array-contains-any` take up to 30 values,
    /// `not-in` up to 10 (the query API's `StructuredQuery.FieldFilter.Operator`: NOT_IN "with at
    /// most 10 values"; Firestore's documentation, "Query limitations").
    static let listLimits: [QueryOperator: Int] = [.isIn: 30, .arrayContainsAny: 30, .notIn: 10]

    /// The operators a query cannot hold beside a new one (firebase-js-sdk lite-api/query.ts,
    /// `conflictingOps`, which looks through every filter of the query, `or` branches included).
    static func conflicts(of op: QueryOperator) -> [QueryOperator] {
        switch op {
        case .notEqual: [.notEqual, .notIn]
        case .isIn, .arrayContainsAny: [.notIn]
        case .notIn: [.arrayContainsAny, .isIn, .notIn, .notEqual]
        case .equal, .less, .lessOrEqual, .greater, .greaterOrEqual, .arrayContains: []
        }
    }

    private static func check(_ filter: QueryFilter) throws {
        var earlier: [QueryOperator] = []
        try check(filter, earlier: &earlier)
        // The server takes no OR beside NOT_IN (the query API's `StructuredQuery.FieldFilter.Operator`).
        if earlier.contains(.notIn) && filter.hasDisjunction { throw StoreError.notInWithOr }
        // The emulator: "A maximum of 1 'ARRAY_CONTAINS' filter is allowed per disjunction" (an
        // `array-contains-any` is one in each of its disjunctions), and "Too many disjunctions
        // after normalization" past 30, where `in` and `array-contains-any` count one per value.
        if filter.arrayContainsPerConjunction > 1 { throw StoreError.twoArrayContains }
        if filter.disjunctionCount > maximumDisjunctions { throw StoreError.tooManyDisjunctions }
    }

    /// The most disjunctions Firestore runs for one filter in disjunctive normal form ("Query
    /// limitations": "Cloud Firestore limits a query to a maximum of 30 disjunctions").
    static let maximumDisjunctions = 30

    /// Refuses an order Firestore's server refuses (the emulator's messages): a field ordered
    /// twice ("order by clause cannot contain duplicate fields"), any key after the document id
    /// in the order the SDKs send — the keys given, then the inequalities' other fields ("order
    /// by clause cannot contain more fields after the key"), and an `==` or `in` on the document
    /// id beside an inequality on another field and none on the id ("Equality on key is not
    /// allowed if there are other inequality fields and key does not appear in inequalities").
    private static func checkOrder(_ query: StoreQuery) throws {
        var seen: [FieldPath] = []
        for order in query.orderBy {
            if seen.contains(order.field) { throw StoreError.fieldOrderedTwice(order.field) }
            seen.append(order.field)
        }
        let keys = query.normalizedOrderBy.map(\.field)
        if let id = keys.firstIndex(of: .documentID), id < keys.count - 1 { throw StoreError.orderAfterDocumentID }
        guard let filter = query.filter else { return }
        let inequalities = filter.serverInequalityFields
        if !inequalities.isEmpty, !inequalities.contains(.documentID), filter.hasDocumentIDEquality {
            throw StoreError.documentIDEqualityWithInequality
        }
    }

    private static func check(_ filter: QueryFilter, earlier: inout [QueryOperator]) throws {
        switch filter {
        case let .and(filters), let .or(filters):
            for filter in filters { try check(filter, earlier: &earlier) }
        case let .compare(field, op, operand):
            try checkComparison(field, op, operand)
            let conflicting = conflicts(of: op)
            if let other = earlier.first(where: conflicting.contains) { throw StoreError.conflictingFilters(op, other) }
            earlier.append(op)
        }
    }

    private static func checkComparison(_ field: FieldPath, _ op: QueryOperator, _ operand: DocumentValue) throws {
        if field == .documentID { return try checkDocumentIDComparison(op, operand) }
        guard isNameable(field) else { throw StoreError.invalidField(field) }
        guard let limit = listLimits[op] else { return try check(operand, at: field, use: .argument) }
        guard case let .array(values) = operand, !values.isEmpty else { throw StoreError.emptyList(op, field) }
        guard values.count <= limit else { throw StoreError.tooManyValues(op, field, limit: limit) }
        // `in` and `not-in` lists may hold arrays (FSTUserDataReader.mm: UserDataSource::ArrayArgument).
        let use: ValueUse = op == .arrayContainsAny ? .argument : .inList
        for value in values { try check(value, at: field, use: use, inArray: true, arrayElement: true) }
    }

    /// A bound takes at most one value per `orderBy` key, a value for the document id being a plain
    /// id (firebase-js-sdk lite-api/query.ts, `newQueryBoundFromFields`: "Too many arguments
    /// provided to startAt()", "Expected a string for document ID", "must be a plain document ID").
    private static func check(_ bound: QueryBound, orderBy: [QueryOrder]) throws {
        guard bound.values.count <= orderBy.count else { throw StoreError.cursorTooLong(values: bound.values.count, orderKeys: orderBy.count) }
        for (value, order) in zip(bound.values, orderBy) {
            if order.field == .documentID {
                guard isID(value) else { throw StoreError.invalidDocumentIDCursor }
            } else {
                try check(value, at: order.field, use: .argument)
            }
        }
    }

    private static func isID(_ value: DocumentValue) -> Bool {
        if case let .string(id) = value { isDocumentID(id) } else { false }
    }

    /// A comparison of the document id takes ids only, and no `array-contains(-any)`
    /// (query_core.cc, ParseFieldFilter and ParseExpectedReferenceValue).
    private static func checkDocumentIDComparison(_ op: QueryOperator, _ operand: DocumentValue) throws {
        switch op {
        case .arrayContains, .arrayContainsAny:
            throw StoreError.invalidDocumentIDFilter
        case .isIn, .notIn:
            guard case let .array(values) = operand, !values.isEmpty else { throw StoreError.emptyList(op, .documentID) }
            if let limit = listLimits[op], values.count > limit { throw StoreError.tooManyValues(op, .documentID, limit: limit) }
            guard values.allSatisfy(isID) else { throw StoreError.invalidDocumentIDFilter }
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard isID(operand) else { throw StoreError.invalidDocumentIDFilter }
        }
    }

    // MARK: Values

    /// Where a value goes, which decides what Firestore takes in it (FSTUserDataReader.mm,
    /// parseData and parseSentinelFieldValue; user_data.cc, ParseContext).
    enum ValueUse {
        /// Written data (a set, an update, a merge): server timestamps, outside arrays; map keys
        /// not beginning and ending with "__".
        case write
        /// A query's operand, or an element of an array union or removal: no server timestamp.
        case argument
        /// The list of an `in` or `not-in` filter, whose elements may be arrays.
        case inList
    }

    private static func check(_ update: FieldUpdate, at field: FieldPath) throws {
        switch update {
        case let .value(value):
            try check(value, at: field, use: .write)
        case let .arrayUnion(values), let .arrayRemove(values):
            // Parsed as query arguments inside an array (FSTUserDataReader.mm, parseArrayTransformElements).
            for value in values { try check(value, at: field, use: .argument, inArray: true, arrayElement: true) }
        case .increment(.int), .increment(.double):
            break
        case .increment:
            throw StoreError.notANumber(field)
        case .delete:
            break
        }
    }

    /// Refuses what Firestore cannot take at `field` (which errors name): an array directly inside
    /// an array (but in an `in` list), a server timestamp inside an array or anywhere but in
    /// written data, a timestamp out of Firestore's range, a reference that is no document path,
    /// and a map key that is empty or, written, reserved.
    /// - Parameters:
    ///   - inArray: The value is inside an array, at any depth.
    ///   - arrayElement: The value is an element of an array.
    static func check(_ value: DocumentValue, at field: FieldPath, use: ValueUse, inArray: Bool = false, arrayElement: Bool = false) throws {
        switch value {
        case .null, .bool, .int, .double, .string, .bytes, .geoPoint:
            break
        case let .reference(path):
            guard StoreError.isValid(path, isCollection: false) else { throw StoreError.invalidPath(path) }
        case let .timestamp(timestamp):
            guard isInRange(timestamp) else { throw StoreError.unsupportedValue(field) }
        case let .array(values):
            if arrayElement && use != .inList { throw StoreError.unsupportedValue(field) }
            for value in values { try check(value, at: field, use: use, inArray: true, arrayElement: true) }
        case let .map(fields):
            for key in fields.keys.sorted(by: CodePoints.less) {
                let path = FieldPath(field.keys + [key])
                guard use == .write ? isWritableName(key) : !key.isEmpty else { throw StoreError.invalidField(path) }
                try check(fields[key]!, at: path, use: use, inArray: inArray)
            }
        case .serverTimestamp:
            guard use == .write, !inArray else { throw StoreError.unsupportedValue(field) }
        }
    }

    /// Whether a query can name `field`: at least one name, none empty.
    static func isNameable(_ field: FieldPath) -> Bool {
        !field.keys.isEmpty && !field.keys.contains(where: \.isEmpty)
    }

    /// Whether Firestore stores a field or map key named `name`: not empty, and not beginning and
    /// ending with "__", which it reserves (user_data.cc, ValidatePathSegment, which compares bytes).
    static func isWritableName(_ name: String) -> Bool {
        !name.isEmpty && !(name.utf8.starts(with: "__".utf8) && name.utf8.reversed().starts(with: "__".utf8))
    }

    /// Whether Firestore lets a write name a collection or document `id`: not `.` or `..`, not of
    /// the form `__.*__` (at least four bytes, beginning and ending with "__"), and at most 1,500
    /// bytes (firebase.google.com/docs/firestore/quotas, "Constraints on collections, documents,
    /// and fields").
    static func isAllowedID(_ id: String) -> Bool {
        let bytes = id.utf8
        let reserved = bytes.count >= 4 && bytes.starts(with: "__".utf8) && bytes.reversed().starts(with: "__".utf8)
        return id != "." && id != ".." && !reserved && bytes.count <= 1_500
    }

    /// Whether Firestore takes the timestamp: from 0001-01-01T00:00:00Z to
    /// 9999-12-31T23:59:59.999999999Z (`Timestamp(seconds:nanoseconds:)` raises otherwise).
    static func isInRange(_ timestamp: Timestamp) -> Bool {
        (-62_135_596_800...253_402_300_799).contains(timestamp.seconds)
    }
}
