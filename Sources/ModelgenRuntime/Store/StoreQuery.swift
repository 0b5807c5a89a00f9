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
    /// The field is an array holding the value.
    case arrayContains = "array-contains"
}

/// One key of a query's order.
public struct QueryOrder: Hashable, Sendable {
    public var field: FieldPath
    public var descending: Bool

    public static func ascending(_ field: FieldPath) -> QueryOrder { QueryOrder(field: field, descending: false) }
    public static func descending(_ field: FieldPath) -> QueryOrder { QueryOrder(field: field, descending: true) }
}

/// A query on one collection: filter, order and limit, as Firestore runs them.
public struct StoreQuery: Hashable, Sendable {
    /// The collection's path segments: `["chatrooms", roomId, "messages"]`.
    public var collection: [String]
    public var filter: QueryFilter?
    public var orderBy: [QueryOrder]
    public var limit: Int?

    public init(collection: [String], filter: QueryFilter? = nil, orderBy: [QueryOrder] = [], limit: Int? = nil) {
        self.collection = collection
        self.filter = filter
        self.orderBy = orderBy
        self.limit = limit
    }
}

/// A document as read from a store. Two snapshots are equal when their ids have the same code
/// points and their data is stored exactly alike.
public struct DocumentSnapshot: Hashable, Sendable {
    public var id: String
    public var data: DocumentData

    public init(id: String, data: DocumentData) {
        self.id = id
        self.data = data
    }

    public static func == (lhs: DocumentSnapshot, rhs: DocumentSnapshot) -> Bool {
        CodePoints.equal(lhs.id, rhs.id) && DocumentValue.identical(lhs.data, rhs.data)
    }

    public func hash(into hasher: inout Hasher) {
        id.contractHash(into: &hasher)
    }
}
