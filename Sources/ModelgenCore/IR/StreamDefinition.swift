/// A live stream of the model, becoming one method of the generated model type.
public struct StreamDefinition: Hashable, Sendable {
    public var name: String
    public var doc: String?
    /// Path parameters, then `$parameters`, then those of inputs, each once.
    public var parameters: [Parameter]
    public var kind: StreamKind
    /// How long, in milliseconds, it waits for its input to be quiet before emitting the last
    /// value (on the model's scheduler); nil: it emits at once.
    public var debounce: Int? = nil

    /// The name of its one-shot read: `fetchMessages` for `messages`.
    public var readName: String { Self.readName(of: name) }

    public static func readName(of stream: String) -> String {
        "fetch" + stream.prefix(1).uppercased() + stream.dropFirst()
    }

    /// What one emission is.
    public var output: StreamOutput {
        switch kind {
        case let .document(collection): .document(type: collection)
        case let .query(query): .list(element: query.rowType)
        case let .filter(filter): .list(element: filter.element)
        case .count: .count
        case let .join(join): .list(element: join.type)
        case let .distinct(distinct): .list(element: distinct.element)
        case let .aggregate(aggregate): .value(aggregate.output)
        case let .grouped(grouped): .groups(key: grouped.key.type.nonOptional, value: grouped.output)
        case let .sort(sort): .list(element: sort.element)
        case let .combine(combine): .record(type: combine.type)
        }
    }
}

public enum StreamOutput: Hashable, Sendable {
    /// A list of rows of the named type.
    case list(element: String)
    /// One document of the named collection, or nothing.
    case document(type: String)
    case count
    /// One value of the type: an aggregate's number.
    case value(FieldType)
    /// A grouped aggregate's groups, in the order of their keys: each value of the key's type
    /// with its aggregate, a value of the other type.
    case groups(key: FieldType, value: FieldType)
    /// A value of the named record type: the latest value of each stream a combine reads.
    case record(type: String)
}

extension StreamOutput {
    /// The type of its rows, document or record, which a runner traces with a function of its
    /// own; nil for a count or a value.
    var rowType: String? {
        switch self {
        case let .list(element): element
        case let .document(type), let .record(type): type
        case .count, .value, .groups: nil
        }
    }

    /// What one emission is, in a message: `rows`, `a single document`, `a count`.
    var summary: String {
        switch self {
        case .list: "rows"
        case .document: "a single document"
        case .count: "a count"
        case .value: "a number"
        case .groups: "groups"
        case .record: "a record"
        }
    }
}

public enum StreamKind: Hashable, Sendable {
    /// One document of a collection, by id.
    case document(collection: String)
    /// A store query on a collection.
    case query(Query)
    /// The rows of another list stream that match a predicate.
    case filter(Filter)
    /// The number of rows of another list stream, optionally only those matching a predicate.
    case count(Count)
    /// Each row of one list stream with the matching row of another.
    case join(Join)
    /// The first row of a list stream for each value of a field, in the input's order.
    case distinct(Distinct)
    /// The sum, average, minimum or maximum of a field over the rows of a list stream.
    case aggregate(Aggregate)
    /// A count, sum, average, minimum or maximum for each value of a field of the rows.
    case grouped(Grouped)
    /// The rows of a list stream in another order, or only its first rows.
    case sort(Sort)
    /// The latest value of each of several streams, as one record.
    case combine(Combine)

    public struct Query: Hashable, Sendable {
        public var collection: String
        public var filter: Predicate?
        public var orderBy: [OrderKey]
        public var limit: QueryLimit?
        /// The last documents of the order, as Firestore's `limitToLast`; never with `limit`.
        public var limitToLast: QueryLimit?
        /// Where the results start: Firestore's `startAt` (inclusive) or `startAfter`.
        public var start: QueryCursor? = nil
        /// Where the results end: Firestore's `endAt` (inclusive) or `endBefore`.
        public var end: QueryCursor? = nil
        /// For a query of every collection with the collection's id, under any parent
        /// (Firestore's collection-group query), the name of its rows' ``GroupRowType``, as the
        /// schema names it (a language's rename of the collection leaves it); nil otherwise.
        public var groupRow: String? = nil

        /// Whether it reads the collection's group rather than one collection.
        public var isCollectionGroup: Bool { groupRow != nil }
    }

    /// A bound of a store query: a row of the stream, given as an optional parameter (nil: no
    /// bound) and placed by the query's whole order and its document id; or values for the
    /// first keys of `orderBy`, literals or parameters.
    public struct QueryCursor: Hashable, Sendable {
        public enum Position: Hashable, Sendable {
            case row(Parameter)
            case values([Operand])
        }

        public var position: Position
        /// Whether a row exactly at the bound is kept (`startAt`, `endAt`) or not (`startAfter`, `endBefore`).
        public var inclusive: Bool
    }

    /// A query's `limit` or `limitToLast`: a number, or an `int` parameter of the stream.
    public enum QueryLimit: Hashable, Sendable {
        case count(Int)
        case parameter(Parameter)
    }

    public struct Filter: Codable, Hashable, Sendable {
        public var input: String
        public var element: String
        public var predicate: Predicate
    }

    public struct Count: Codable, Hashable, Sendable {
        public var input: String
        public var element: String
        public var predicate: Predicate?
    }

    public struct Distinct: Codable, Hashable, Sendable {
        public var input: String
        public var element: String
        /// The field whose values are kept once; nil (a missing value) counts as one value.
        public var key: FieldPath
    }

    public struct Sort: Codable, Hashable, Sendable {
        public var input: String
        public var element: String
        /// Keys of the rows, in the contract's value order (nil first); ties keep the input's order.
        public var orderBy: [OrderKey]
        /// How many of the first rows it keeps; nil: every row.
        public var limit: QueryLimit?
    }

    public struct Combine: Codable, Hashable, Sendable {
        /// The streams it reads, each a member of the record named after it, in this order.
        public var inputs: [String]
        /// The record type's name.
        public var type: String
    }

    public struct Aggregate: Codable, Hashable, Sendable {
        public typealias Function = AggregateFunction

        public var function: Function
        public var input: String
        public var element: String
        /// The int or double field aggregated; rows where it is nil are skipped.
        public var field: FieldPath
        /// Only the rows that match it are aggregated.
        public var predicate: Predicate?

        /// What it emits: a sum of ints an int, of doubles a double; an average a double, a
        /// minimum or maximum a value of the field; the last three nil over no rows.
        public var output: FieldType {
            switch function {
            case .sum: field.type.nonOptional
            case .average: .optional(.double)
            case .min, .max: .optional(field.type.nonOptional)
            }
        }
    }

    /// A count or aggregate for each value of `key` among the rows of `input` that match
    /// `predicate` and have a `field` (rows where either is missing or null are left out), as
    /// groups in the order of their keys.
    public struct Grouped: Codable, Hashable, Sendable {
        public enum Function: String, Codable, Hashable, Sendable {
            case count, sum, average, min, max
        }

        public var function: Function
        public var input: String
        public var element: String
        /// The string or string enum field whose values name the groups.
        public var key: FieldPath
        /// The field aggregated; nil for a count.
        public var field: FieldPath?
        public var predicate: Predicate?

        /// The aggregate of a group, never empty: a count an int, a sum of the field's type, an
        /// average a double, a minimum or maximum a value of the field.
        public var output: FieldType {
            switch function {
            case .count: .int
            case .average: .double
            case .sum, .min, .max: field?.type.nonOptional ?? .int
            }
        }

        /// The aggregate of one group's rows, as an ungrouped aggregate would compute it; nil for a count.
        public var aggregate: Aggregate.Function? { Aggregate.Function(rawValue: function.rawValue) }
    }

    public struct Join: Hashable, Sendable {
        public var left: String
        public var right: String
        public var leftKey: FieldPath
        public var rightKey: FieldPath
        /// Whether `on` matches a reference with the document it names (`assignee == id`): the
        /// right key is then the reference to each right row's document, made of the stream's
        /// path parameters and the row's id.
        public var matchesReference = false
        /// The row type, one of ``Model/joins``.
        public var type: String
        public var inner: Bool
    }

    /// The streams this one reads.
    public var inputs: [String] {
        switch self {
        case .document, .query: []
        case let .filter(filter): [filter.input]
        case let .count(count): [count.input]
        case let .join(join): [join.left, join.right]
        case let .distinct(distinct): [distinct.input]
        case let .aggregate(aggregate): [aggregate.input]
        case let .grouped(grouped): [grouped.input]
        case let .sort(sort): [sort.input]
        case let .combine(combine): combine.inputs
        }
    }
}

/// What a combine stream emits: a member per stream it reads, named after that stream and
/// holding its latest value. Derived from the streams (``ModelIndex/records``), not stored.
public struct RecordType: Hashable, Sendable {
    public var name: String
    /// The combine stream.
    public var stream: String
    public var members: [Member]

    public struct Member: Hashable, Sendable {
        public var name: String
        /// The stream's doc.
        public var doc: String?
        public var output: StreamOutput
    }
}

/// The row type of a join: the left row and its match.
public struct JoinType: Codable, Hashable, Sendable {
    public var name: String
    public var left: Field
    /// Optional unless the join is inner.
    public var right: Field

    public var fields: [Field] { [left, right] }
}

extension StreamKind.Query {
    /// The order Firestore gives the results, which a row cursor places its row by: the
    /// `orderBy` keys, then every field of an inequality (`!=`, `not in`, the ranges) not among
    /// them, by stored path, then the document id; those after `orderBy` in the direction of its
    /// last key (Firestore's `StructuredQuery.orderBy`).
    public var normalizedOrder: [OrderKey] {
        let descending = orderBy.last?.descending ?? false
        var keys = orderBy
        for path in Self.inequalityFields(filter).sorted(by: { Self.precedes($0.keys, $1.keys) })
        where !path.isDocumentID && !keys.contains(where: { $0.path.keys == path.keys }) {
            keys.append(OrderKey(path: path, descending: descending))
        }
        if !keys.contains(where: \.path.isDocumentID) {
            keys.append(OrderKey(path: FieldPath(fields: [.documentID]), descending: descending))
        }
        return keys
    }

    private static func inequalityFields(_ predicate: Predicate?) -> [FieldPath] {
        switch predicate {
        case let .and(terms)?, let .or(terms)?: terms.flatMap(inequalityFields)
        case let .not(inner)?: inequalityFields(inner)
        case let .comparison(comparison)?:
            if comparison.op.isInequality, case let .field(path) = comparison.left { [path] } else { [] }
        case nil: []
        }
    }

    /// Firestore's order of field paths: key by key, by code point; a path before its extensions.
    private static func precedes(_ lhs: [String], _ rhs: [String]) -> Bool {
        for (left, right) in zip(lhs, rhs) where left != right {
            return left.unicodeScalars.map(\.value).lexicographicallyPrecedes(right.unicodeScalars.map(\.value))
        }
        return lhs.count < rhs.count
    }
}
