/// Firestore's rules on a store query's order and on how many branches its filter makes, checked
/// as written so that each refusal points at what Firestore would refuse (the emulator's answers:
/// "order by clause cannot contain duplicate fields", "order by clause cannot contain more fields
/// after the key", "Equality on key is not allowed if there are other inequality fields and key
/// does not appear in inequalities", "Too many disjunctions after normalization", "A maximum of
/// 1 'ARRAY_CONTAINS' filter is allowed per disjunction").
extension StoreQueryRules {
    /// The most disjunctions Firestore runs for one filter ("Query limitations").
    static let maximumDisjunctions = 30

    /// The problems of an explicit `orderBy` beside the query's `filter`: a field ordered twice,
    /// a key after `id`, or an inequality on a field the order leaves out, which Firestore
    /// orders after the keys given, so after `id`.
    static func orderProblems(_ orderBy: [OrderSyntax], filter: PredicateSyntax?) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for (index, key) in orderBy.enumerated() where orderBy[..<index].contains(where: { $0.path.value == key.path.value }) {
            problems.append(.error("a store query cannot order by '\(key.path.value.joined(separator: "."))' twice (Firestore refuses a field ordered twice)", at: key.path.location))
        }
        guard let id = orderBy.firstIndex(where: { $0.path.value == ["id"] }) else { return problems }
        if id < orderBy.count - 1 {
            let next = orderBy[id + 1].path
            problems.append(.error("a store query cannot order by '\(next.value.joined(separator: "."))' after 'id' (Firestore orders by nothing after the document id, which ties no documents)", at: next.location))
        } else if let filter, let field = inequalityLeftOut(by: orderBy.map(\.path.value), in: filter) {
            problems.append(.error(inequalityAfterIDMessage(field.field), at: field.op.location))
        }
        return problems
    }

    /// The first inequality on a field other than `id` that an order ending with `id` leaves out
    /// (names compared as the model spells them: `due_at` is `dueAt`).
    static func inequalityLeftOut(by order: [[String]], in filter: PredicateSyntax) -> FieldComparison? {
        let ordered = order.map { $0.map(NameCase.lowerCamel) }
        return fieldComparisons(in: filter).first { $0.op.value.isInequality && $0.field != ["id"] && !ordered.contains($0.field.map(NameCase.lowerCamel)) }
    }

    static func inequalityAfterIDMessage(_ field: [String]) -> String {
        let name = field.joined(separator: ".")
        return "a store query ordered by 'id' cannot have an inequality on '\(name)' it does not order by: Firestore orders by the inequality's field after the keys given, and by nothing after the document id; order by '\(name)' before 'id'"
    }

    /// The problems of the filter's shape: an `==` or `in` on `id` beside an inequality on
    /// another field and none on `id`; two `contains` or `contains any` in one conjunction; more
    /// disjunctions than Firestore runs, each `in` or `contains any` list literal counting one per
    /// value (a `$parameter` list counts one here; the stores count its values).
    static func shapeProblems(in predicate: PredicateSyntax) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let all = fieldComparisons(in: predicate)
        let inequalities = all.filter(\.op.value.isInequality)
        if !inequalities.isEmpty, !inequalities.contains(where: { $0.field == ["id"] }),
           let equality = all.first(where: { $0.field == ["id"] && ($0.op.value == .equal || $0.op.value == .isIn) }) {
            let other = inequalities[0]
            problems.append(.error("a store query cannot have '\(equality.op.value.rawValue)' on 'id' beside the inequality on '\(other.field.joined(separator: "."))' at column \(other.op.location.column) (Firestore refuses an equality on the document id beside another field's inequality); use a filter stream over this one", at: equality.op.location))
        }
        let joined = containsJoinedByAnd(in: predicate)
        if joined.count > 1 {
            problems.append(.error("a store query can have one 'contains' or 'contains any' in each branch of an 'or', and another one is joined to this by 'and' at column \(joined[0].column) (Firestore's server refuses two in one conjunction); use a filter stream over this one", at: joined[1]))
        }
        if disjunctions(in: predicate) > maximumDisjunctions {
            problems.append(.error("a store query's filter makes more than the \(maximumDisjunctions) disjunctions Firestore runs ('in' and 'contains any' count one per value); use a filter stream over a simpler one", at: firstLocation(of: predicate)))
        }
        return problems
    }

    /// A comparison: the path of the field it compares (none when neither side is a field, which
    /// the predicate checker refuses in a store query) and the operator as written.
    struct FieldComparison {
        var field: [String]
        var op: Located<ComparisonOperator>
    }

    /// The predicate's comparisons, in written order.
    static func comparisons(in predicate: PredicateSyntax) -> [FieldComparison] {
        switch predicate {
        case let .comparison(left, op, right):
            if case let .field(path) = left.kind { return [FieldComparison(field: path, op: op)] }
            if case let .field(path) = right.kind { return [FieldComparison(field: path, op: op)] }
            return [FieldComparison(field: [], op: op)]
        case let .and(left, right), let .or(left, right): return comparisons(in: left) + comparisons(in: right)
        case let .not(inner, _): return comparisons(in: inner)
        }
    }

    /// The comparisons of a field, in written order.
    private static func fieldComparisons(in predicate: PredicateSyntax) -> [FieldComparison] {
        comparisons(in: predicate).filter { !$0.field.isEmpty }
    }

    /// Where the `contains` and `contains any` comparisons are in the conjunction of the
    /// predicate's disjunctive normal form that holds the most of them.
    private static func containsJoinedByAnd(in predicate: PredicateSyntax) -> [SourceLocation] {
        switch predicate {
        case let .comparison(_, op, _): [.contains, .containsAny].contains(op.value) ? [op.location] : []
        case let .and(left, right): containsJoinedByAnd(in: left) + containsJoinedByAnd(in: right)
        case let .or(left, right): [containsJoinedByAnd(in: left), containsJoinedByAnd(in: right)].max { $0.count < $1.count }!
        case let .not(inner, _): containsJoinedByAnd(in: inner)
        }
    }

    /// The conjunctions of the predicate's disjunctive normal form, up to one past the most.
    private static func disjunctions(in predicate: PredicateSyntax) -> Int {
        let most = maximumDisjunctions + 1
        switch predicate {
        case let .comparison(_, op, right):
            guard [.isIn, .containsAny].contains(op.value), case let .list(values) = right.kind else { return 1 }
            return min(max(values.count, 1), most)
        case let .and(left, right): return min(disjunctions(in: left) * disjunctions(in: right), most)
        case let .or(left, right): return min(disjunctions(in: left) + disjunctions(in: right), most)
        case let .not(inner, _): return disjunctions(in: inner)
        }
    }

    private static func firstLocation(of predicate: PredicateSyntax) -> SourceLocation {
        switch predicate {
        case let .comparison(left, _, _): left.location
        case let .and(left, _), let .or(left, _): firstLocation(of: left)
        case let .not(_, location): location
        }
    }
}
