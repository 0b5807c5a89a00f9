import Foundation

/// The composite indexes Firestore needs for the store queries of a set of models (every `from`
/// stream and its read), as `firestore.indexes.json` in the Firebase CLI's format, so that no
/// generated query fails with "The query requires an index".
///
/// The rules, from Firestore's documentation (index-overview, queries, multiple-range-fields,
/// and the REST reference of StructuredQuery):
/// - A query reads in its full order: the `orderBy` fields, then the fields of its inequality
///   filters (`<`, `<=`, `>`, `>=`, `!=`, `not-in`) not already ordered, by field path, in the direction of
///   the last `orderBy` (ascending without one), then the document id in that direction.
/// - Equality filters (`==`, `in`) alone, with an `array-contains(-any)` or not, are served by the
///   automatic single-field indexes and index merging; so is one order field alone.
/// - Otherwise — equalities or an `array-contains(-any)` with an order field, or two order
///   fields — the query needs a composite index: the equality fields (ascending: their direction
///   does not matter), the `array-contains(-any)` field, then the order fields with their directions. The
///   document id is left out, as it goes the way of the last field.
/// - A `limitToLast` query is sent with its order flipped (firebase-js-sdk core/query.ts,
///   `_queryToTarget`; the other SDKs alike), and its indexes are those of the flipped order: they
///   serve the query Firestore receives whether or not it reads an index backwards.
/// - An `or` query is served disjunct by disjunct (its disjunctive normal form): each needs an
///   index by the rules above.
/// - A collection-group query (`group: true`) needs its composite index with the collection-group
///   scope; and where automatic indexes would serve it, a single-field index of each field it
///   filters or orders by with that scope, which Firestore does not keep by default ("Single-field
///   indexes with collection group scope are not maintained by default"): a field override that
///   keeps the field's automatic collection-scope indexes (ascending, descending, array-contains)
///   and adds the group's.
public struct FirestoreIndexes: Sendable {
    /// One composite index: the collection id it is on, its scope, and its fields.
    public struct Index: Hashable, Sendable, Comparable {
        public var collectionGroup: String
        /// `COLLECTION`, or `COLLECTION_GROUP` for a collection-group query's.
        public var queryScope = "COLLECTION"
        /// Field paths as Firestore writes them, with `ASCENDING`, `DESCENDING` or `CONTAINS`.
        public var fields: [Field]

        public struct Field: Hashable, Sendable {
            public var path: String
            public var mode: String
        }

        public static func < (lhs: Index, rhs: Index) -> Bool {
            (lhs.collectionGroup, lhs.queryScope, lhs.key) < (rhs.collectionGroup, rhs.queryScope, rhs.key)
        }

        private var key: String { fields.map { "\($0.path) \($0.mode)" }.joined(separator: ",") }
    }

    /// The single-field indexes of one field with the collection-group scope (`ASCENDING`,
    /// `DESCENDING`, `CONTAINS`), beside its automatic collection-scope ones.
    public struct FieldOverride: Hashable, Sendable, Comparable {
        public var collectionGroup: String
        public var path: String
        public var groupModes: Set<String>

        public static func < (lhs: FieldOverride, rhs: FieldOverride) -> Bool {
            (lhs.collectionGroup, lhs.path) < (rhs.collectionGroup, rhs.path)
        }
    }

    public var indexes: [Index]
    public var fieldOverrides: [FieldOverride]

    /// The indexes the query streams of `models` need, each once, in a fixed order.
    public init(_ models: [Model]) {
        var found: Set<Index> = []
        var overrides: [String: FieldOverride] = [:]
        for model in models {
            for stream in model.streams {
                guard case let .query(query) = stream.kind,
                      let collection = model.collections.first(where: { $0.name == query.collection }),
                      case let .literal(group)? = collection.path.last else { continue }
                let orderBy = query.limitToLast == nil ? query.orderBy : query.orderBy.map { OrderKey(path: $0.path, descending: !$0.descending) }
                for conjunct in Self.disjuncts(query.filter) {
                    if var index = Self.index(conjunct, orderBy: orderBy, collectionGroup: group) {
                        if query.isCollectionGroup { index.queryScope = "COLLECTION_GROUP" }
                        found.insert(index)
                    } else if query.isCollectionGroup {
                        for field in Self.singleFields(conjunct, orderBy: orderBy) {
                            overrides["\(group)/\(field.path)", default: FieldOverride(collectionGroup: group, path: field.path, groupModes: [])]
                                .groupModes.insert(field.mode)
                        }
                    }
                }
            }
        }
        indexes = found.sorted()
        fieldOverrides = overrides.values.sorted()
    }

    /// The single-field indexes a conjunction served without a composite index reads: the order
    /// field's in its direction — an inequality's field is ordered too, in the direction of the
    /// last `orderBy`; an equality's ascending; an `array-contains(-any)`'s `CONTAINS`.
    private static func singleFields(_ comparisons: [Comparison], orderBy: [OrderKey]) -> [Index.Field] {
        let descending = orderBy.last?.descending ?? false
        var order = orderBy.filter { !$0.path.isDocumentID }.map { (path: path($0.path), descending: $0.descending) }
        var others: [Index.Field] = []
        for comparison in comparisons {
            guard case let .field(field) = comparison.left, !field.isDocumentID, !order.contains(where: { $0.path == path(field) }) else { continue }
            if comparison.op.isInequality {
                order.append((path(field), descending))
            } else {
                others.append(Index.Field(path: path(field), mode: [.contains, .containsAny].contains(comparison.op) ? "CONTAINS" : "ASCENDING"))
            }
        }
        return order.map { Index.Field(path: $0.path, mode: $0.descending ? "DESCENDING" : "ASCENDING") } + others
    }

    /// The file's text, laid out as the Firebase CLI writes it (`firebase firestore:indexes`):
    /// `indexes`, then `fieldOverrides`, two-space indented.
    public var fileText: String {
        let entries = indexes.map { index in
            let fields = index.fields.map { ["{", "  \"fieldPath\": \(Self.quoted($0.path)),", "  \(Self.mode($0.mode))", "}"] }
            return ["{", "  \"collectionGroup\": \(Self.quoted(index.collectionGroup)),", "  \"queryScope\": \"\(index.queryScope)\",", "  \"fields\": ["]
                + Self.list(fields, indent: "    ") + ["  ]", "}"]
        }
        let overrides = fieldOverrides.map { override in
            let automatic = ["ASCENDING", "DESCENDING", "CONTAINS"].map { (mode: $0, scope: "COLLECTION") }
            let group = ["ASCENDING", "DESCENDING", "CONTAINS"].filter(override.groupModes.contains).map { (mode: $0, scope: "COLLECTION_GROUP") }
            let indexes = (automatic + group).map { ["{", "  \(Self.mode($0.mode)),", "  \"queryScope\": \"\($0.scope)\"", "}"] }
            return ["{", "  \"collectionGroup\": \(Self.quoted(override.collectionGroup)),", "  \"fieldPath\": \(Self.quoted(override.path)),", "  \"indexes\": ["]
                + Self.list(indexes, indent: "    ") + ["  ]", "}"]
        }
        let body = entries.isEmpty ? ["  \"indexes\": [],"] : ["  \"indexes\": ["] + Self.list(entries, indent: "    ") + ["  ],"]
        let tail = overrides.isEmpty ? ["  \"fieldOverrides\": []"] : ["  \"fieldOverrides\": ["] + Self.list(overrides, indent: "    ") + ["  ]"]
        return (["{"] + body + tail + ["}"]).fileText
    }

    /// `"order": "ASCENDING"`, or `"arrayConfig": "CONTAINS"`.
    private static func mode(_ mode: String) -> String {
        "\"\(mode == "CONTAINS" ? "arrayConfig" : "order")\": \"\(mode)\""
    }

    /// Items of a JSON array, each indented, separated by commas.
    private static func list(_ items: [[String]], indent: String) -> [String] {
        items.enumerated().flatMap { index, lines in
            lines.enumerated().map { line, text in indent + text + (index < items.count - 1 && line == lines.count - 1 ? "," : "") }
        }
    }

    /// A JSON string.
    private static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    /// The comparisons of each disjunct of `filter`'s disjunctive normal form.
    static func disjuncts(_ filter: Predicate?) -> [[Comparison]] {
        switch filter {
        case nil: [[]]
        case let .comparison(comparison)?: [[comparison]]
        case let .or(predicates)?: predicates.flatMap { disjuncts($0) }
        case let .and(predicates)?:
            predicates.reduce([[]]) { product, predicate in
                product.flatMap { left in disjuncts(predicate).map { left + $0 } }
            }
        case .not?: [[]] // a store query has no negation (the validator refuses it)
        }
    }

    /// The index one conjunction of comparisons needs with `orderBy`, or nil when Firestore's
    /// automatic indexes serve it.
    static func index(_ comparisons: [Comparison], orderBy: [OrderKey], collectionGroup: String) -> Index? {
        func path(_ comparison: Comparison) -> String? {
            if case let .field(field) = comparison.left { return Self.path(field) }
            return nil
        }
        var order = orderBy.map { (path: Self.path($0.path), descending: $0.descending) }
        let implicit = Set(comparisons.filter(\.op.isInequality).compactMap(path)).subtracting(order.map(\.path)).sorted()
        order += implicit.map { (path: $0, descending: order.last?.descending ?? false) }
        let equalities = Set(comparisons.filter { [.equal, .isIn].contains($0.op) }.compactMap(path)).subtracting(order.map(\.path)).sorted()
        let contains = comparisons.first { [.contains, .containsAny].contains($0.op) }.flatMap(path)
        guard !order.isEmpty, order.count > 1 || !equalities.isEmpty || contains != nil else { return nil }
        let fields = equalities.map { Index.Field(path: $0, mode: "ASCENDING") }
            + (contains.map { [Index.Field(path: $0, mode: "CONTAINS")] } ?? [])
            + order.map { Index.Field(path: $0.path, mode: $0.descending ? "DESCENDING" : "ASCENDING") }
        return Index(collectionGroup: collectionGroup, fields: fields)
    }

    /// A field path as Firestore writes it: storage keys joined by `.`, a key that is not a
    /// plain identifier in backticks (`` `a.b` ``), the document id as `__name__`.
    static func path(_ field: FieldPath) -> String {
        field.steps.map { step in
            if step.isDocumentID { return "__name__" }
            let plain = step.key.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
                && step.key.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
            return plain ? step.key : FieldPathText.backticked(step.key)
        }.joined(separator: ".")
    }
}
