/// The expressions every language prints alike — field access, row predicates, store filters,
/// paths — written once over a language's ``Spelling``.
struct Expressions {
    let spelling: any Spelling

    /// `message.ownerUid`, `row.owner?.name`: an optional step is followed by `?.`, and so is
    /// every step after it where a nil does not skip the rest of the chain.
    func access(_ path: FieldPath, on row: String) -> String {
        var expression = row
        var optional = false
        for step in path.steps {
            expression += (optional ? "?." : ".") + spelling.memberName(step.name)
            optional = step.type.isOptional || (optional && !spelling.syntax.optionalChainShortCircuits)
        }
        return expression
    }

    /// A predicate over a decoded row: `Match.equal(message.ownerUid, uid) && …`.
    func predicate(_ predicate: Predicate, row: String) -> String {
        switch predicate {
        case let .and(terms): junction(terms, " && ", row: row) { if case .or = $0 { true } else { false } }
        case let .or(terms): junction(terms, " || ", row: row) { if case .and = $0 { true } else { false } }
        case let .not(inner): "!(\(self.predicate(inner, row: row)))"
        case let .comparison(comparison): self.comparison(comparison, row: row)
        }
    }

    private func junction(_ terms: [Predicate], _ separator: String, row: String, needsParentheses: (Predicate) -> Bool) -> String {
        terms.map { needsParentheses($0) ? "(\(predicate($0, row: row)))" : predicate($0, row: row) }.joined(separator: separator)
    }

    /// `Match.equal(a, b)`: the runtimes' functions have the same names in every language. A
    /// comparison with null tests presence instead.
    private func comparison(_ comparison: Comparison, row: String) -> String {
        let left = operand(comparison.left, row: row)
        if case .literal(.null, _) = comparison.right, [.equal, .notEqual].contains(comparison.op) {
            let tests = spelling.syntax.nullTest
            return (comparison.op == .equal ? tests.isNull : tests.isNotNull).filling(left)
        }
        return "Match.\(Self.matchFunctions[comparison.op]!)(\(left), \(operand(comparison.right, row: row)))"
    }

    private static let matchFunctions: [ComparisonOperator: String] = [
        .equal: "equal", .notEqual: "notEqual", .less: "less", .lessOrEqual: "lessOrEqual",
        .greater: "greater", .greaterOrEqual: "greaterOrEqual", .isIn: "isIn", .notIn: "notIn", .contains: "contains", .containsAny: "containsAny",
    ]

    private func operand(_ operand: Operand, row: String) -> String {
        switch operand {
        case let .field(path): access(path, on: row)
        case let .parameter(parameter): spelling.variableName(parameter.name)
        case let .literal(literal, type): spelling.literal(literal, as: type)
        case let .list(items, _): spelling.list(items.map { self.operand($0, row: row) })
        }
    }

    /// A store filter, over lines: an `and` or `or` puts each term on lines of its own.
    func storeFilter(_ predicate: Predicate) -> [String] {
        switch predicate {
        case let .and(terms), let .or(terms):
            let (open, close) = if case .and = predicate { queries.and } else { queries.or }
            return Lines.list(open, terms.map(storeFilter), close, indent: spelling.syntax.indent)
        case let .comparison(comparison):
            guard case let .field(path) = comparison.left else { return [] }
            let op = queries.operators[comparison.op] ?? comparison.op.rawValue
            return [queries.comparison.filling(["field": storeField(path), "op": op, "value": storeValue(comparison.right)])]
        case .not:
            // Validation keeps `not` out of store queries.
            return []
        }
    }

    func storeField(_ path: FieldPath) -> String {
        path.isDocumentID ? queries.documentID : queries.field.filling(path.keys.map(spelling.strings.quoted).joined(separator: ", "))
    }

    /// The stored value of `path` on the decoded row `row`: `shop.rating.documentValue`.
    func storedValue(of path: FieldPath, on row: String) -> String {
        let access = access(path, on: row)
        let chained = path.steps.dropLast().contains { $0.type.isOptional }
        return spelling.storedValue(ofVariable: chained ? queries.optionalChain.filling(access) : access, type: path.type)
    }

    func storeValue(_ operand: Operand) -> String {
        switch operand {
        case let .parameter(parameter): spelling.storedValue(ofVariable: spelling.variableName(parameter.name), type: parameter.type)
        case let .literal(literal, _): queries.values.spell(literal, as: .string, strings: spelling.strings)
        case let .list(items, _): queries.values.list.filling(items.map(storeValue).joined(separator: ", "))
        case .field: ""
        }
    }

    private var queries: QueryTable { spelling.queries }

    /// A store query's value: `StoreQuery(…)`, its parts each on lines of their own.
    func storeQuery(_ parts: [(label: String, lines: [String])]) -> [String] {
        let labelled = parts.map { Lines.prefixing(queries.label.filling(["label": $0.label]), to: $0.lines) }
        return Lines.list(queries.open, labelled, queries.close, indent: spelling.syntax.indent, trailingCommas: queries.trailingCommas)
    }

    /// A document or collection path: `["chatrooms", roomId, "messages"]`.
    func path(_ segments: [PathSegment], appending: [String] = []) -> String {
        spelling.list(segments.map { segment in
            switch segment {
            case let .literal(text): spelling.strings.quoted(text)
            case let .parameter(name): spelling.variableName(name)
            }
        } + appending)
    }
}
