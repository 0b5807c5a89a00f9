/// Firestore's rules on which comparisons one query can hold together, checked on a store query's
/// predicate as written, so that every refusal points at the comparison Firestore would refuse.
///
/// The rules are the SDKs' (firebase-js-sdk lite-api/query.ts, `conflictingOps`: one `!=` or
/// `not-in` a query, and no `in` or `array-contains-any` beside a `not-in`, looked for in every
/// branch) and the server's (the query API's `StructuredQuery.FieldFilter.Operator`: NOT_IN takes
/// "no other OR"), and the rules of `StoreQueryRules+Order.swift`.
enum StoreQueryRules {
    /// The problems in `predicate`, each at the comparison that breaks a rule.
    static func problems(in predicate: PredicateSyntax) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var earlier: [Located<ComparisonOperator>] = []
        for op in comparisons(in: predicate).map(\.op) {
            if let other = earlier.first(where: { conflicts(of: op.value).contains($0.value) }) {
                problems.append(.error(conflictMessage(op.value, other), at: op.location))
            }
            earlier.append(op)
        }
        if predicate.hasOr, let notIn = earlier.first(where: { $0.value == .notIn }) {
            problems.append(.error("a store query with 'not in' cannot also use 'or' (Firestore's server refuses an OR beside a 'not-in'); use a filter stream over this one", at: notIn.location))
        }
        return problems + shapeProblems(in: predicate)
    }

    /// The operators a comparison cannot follow in one query.
    private static func conflicts(of op: ComparisonOperator) -> [ComparisonOperator] {
        switch op {
        case .notEqual: [.notEqual, .notIn]
        case .isIn, .containsAny: [.notIn]
        case .notIn: [.containsAny, .isIn, .notIn, .notEqual]
        case .equal, .less, .lessOrEqual, .greater, .greaterOrEqual, .contains: []
        }
    }

    private static func conflictMessage(_ op: ComparisonOperator, _ other: Located<ComparisonOperator>) -> String {
        let advice = "filter the rest with a filter stream over this one"
        if op == other.value {
            return "a store query can have one '\(op.rawValue)' only (Firestore runs no more), and the first is at column \(other.location.column); \(advice)"
        }
        return "a store query cannot use '\(op.rawValue)' with the '\(other.value.rawValue)' at column \(other.location.column) (Firestore runs a 'not-in' with no other '!=', 'not-in', 'in' or 'array-contains-any'); \(advice)"
    }
}

extension PredicateSyntax {
    /// Whether the predicate holds an `or`.
    var hasOr: Bool {
        switch self {
        case .comparison: false
        case .or: true
        case let .and(left, right): left.hasOr || right.hasOr
        case let .not(inner, _): inner.hasOr
        }
    }
}
