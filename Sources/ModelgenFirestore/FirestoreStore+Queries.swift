// How FirestoreStore puts a query to the SDK, after FirestoreRules has refused what the SDK
// would raise for (see FirestoreStore.swift).
#if canImport(FirebaseFirestore)
import FirebaseFirestore
import Foundation
import ModelgenRuntimeCore

extension FirestoreStore {
    /// The query as the SDK takes it, or nil when it has a limit (or limit to last) below 1, which
    /// the SDK raises for and the in-memory store answers with no document. Throws what
    /// ``FirestoreRules`` refuses.
    func firestoreQuery(_ query: StoreQuery) throws -> Query? {
        try FirestoreRules.check(query)
        if let limit = query.limit ?? query.limitToLast, limit < 1 { return nil }
        var result: Query = query.isCollectionGroup
            ? firestore.collectionGroup(query.collection[0])
            : firestore.collection(query.collection.joined(separator: "/"))
        if let filter = query.filter.flatMap(sdkFilter) { result = result.whereFilter(filter) }
        for order in query.orderBy { result = result.order(by: Self.fieldPath(order.field), descending: order.descending) }
        if let limit = query.limit { result = result.limit(to: limit) }
        if let limitToLast = query.limitToLast { result = result.limit(toLast: limitToLast) }
        // A document-id value is the plain id the SDK takes; the SDK flips bounds for limitToLast itself.
        if let start = query.start {
            let values = start.values.map(sdkValue)
            result = start.inclusive ? result.start(at: values) : result.start(after: values)
        }
        if let end = query.end {
            let values = end.values.map(sdkValue)
            result = end.inclusive ? result.end(at: values) : result.end(before: values)
        }
        return result
    }

    /// The SDK's filter, or nil for an `and` or an `or` of no comparison, which the SDKs drop as
    /// filtering nothing (see ``QueryFilter/isEmpty``).
    func sdkFilter(_ filter: QueryFilter) -> Filter? {
        switch filter {
        case let .and(filters), let .or(filters):
            let built = filters.compactMap(sdkFilter)
            guard built.count > 1 else { return built.first }
            if case .and = filter { return Filter.andFilter(built) }
            return Filter.orFilter(built)
        case let .compare(field, op, operand):
            let path = Self.fieldPath(field)
            let value = sdkValue(operand)
            return switch op {
            case .equal: Filter.whereField(path, isEqualTo: value)
            case .notEqual: Filter.whereField(path, isNotEqualTo: value)
            case .less: Filter.whereField(path, isLessThan: value)
            case .lessOrEqual: Filter.whereField(path, isLessThanOrEqualTo: value)
            case .greater: Filter.whereField(path, isGreaterThan: value)
            case .greaterOrEqual: Filter.whereField(path, isGreaterOrEqualTo: value)
            // FirestoreRules lets through a non-empty list only after `in`, `not-in` and `array-contains-any`.
            case .isIn: Filter.whereField(path, in: value as? [Any] ?? [])
            case .notIn: Filter.whereField(path, notIn: value as? [Any] ?? [])
            case .arrayContains: Filter.whereField(path, arrayContains: value)
            case .arrayContainsAny: Filter.whereField(path, arrayContainsAny: value as? [Any] ?? [])
            }
        }
    }

    static func fieldPath(_ field: ModelgenRuntimeCore.FieldPath) -> FirebaseFirestore.FieldPath {
        field == .documentID ? FirebaseFirestore.FieldPath.documentID() : FirebaseFirestore.FieldPath(field.keys)
    }

    /// A value as the SDK takes it, in a query or in written data.
    func sdkValue(_ value: DocumentValue) -> Any {
        switch value {
        case .null: NSNull()
        case let .bool(value): value
        case let .int(value): value
        case let .double(value): value
        case let .string(value): value
        case let .bytes(value): value
        case let .reference(path): document(path)
        case let .geoPoint(value): FirebaseFirestore.GeoPoint(latitude: value.latitude, longitude: value.longitude)
        case let .timestamp(value): FirebaseFirestore.Timestamp(seconds: value.seconds, nanoseconds: value.nanoseconds)
        case let .array(values): values.map(sdkValue)
        case let .map(fields): fields.mapValues(sdkValue)
        case .serverTimestamp: FieldValue.serverTimestamp()
        }
    }
}
#endif
