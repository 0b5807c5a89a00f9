/// The expressions every language prints alike — field access, row predicates, store filters,
/// paths — written once over a language's ``Spelling``.
struct Expressions {
    let spelling: any Spelling

    /// `message.ownerUid`, `row.owner?.name`: after an optional step the chain goes on with `?.`.
    func access(_ path: FieldPath, on row: String) -> String {
        var expression = row
        var optional = false
        for step in path.steps {
            expression += (optional ? "?." : ".") + spelling.memberName(step.name)
            optional = optional || step.type.isOptional
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
        if case .literal(.null, _) = comparison.right {
            return "\(left) \(comparison.op == .equal ? "==" : "!=") \(spelling.literals.null)"
        }
        return "Match.\(Self.matchFunctions[comparison.op]!)(\(left), \(operand(comparison.right, row: row)))"
    }

    private static let matchFunctions: [ComparisonOperator: String] = [
        .equal: "equal", .notEqual: "notEqual", .less: "less", .lessOrEqual: "lessOrEqual",
        .greater: "greater", .greaterOrEqual: "greaterOrEqual", .isIn: "isIn", .contains: "contains",
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
            let isAnd = if case .and = predicate { true } else { false }
            let (open, close) = spelling.storeJunction(and: isAnd)
            return [open] + Lines.separated(terms.map(storeFilter)).map { spelling.indent + $0 } + [close]
        case let .comparison(comparison):
            guard case let .field(path) = comparison.left else { return [] }
            return [spelling.storeComparison(field: storeField(path), op: comparison.op, value: storeValue(comparison.right))]
        case .not:
            // Validation keeps `not` out of store queries.
            return []
        }
    }

    func storeField(_ path: FieldPath) -> String {
        path.isDocumentID ? spelling.storeDocumentID : spelling.storeField(keys: path.keys.map(spelling.strings.quoted))
    }

    private func storeValue(_ operand: Operand) -> String {
        switch operand {
        case let .parameter(parameter): spelling.storeValue(variable: spelling.variableName(parameter.name), type: parameter.type)
        case let .literal(literal, _): spelling.storeValue(literal)
        case let .list(items, _): spelling.storeList(items.map(storeValue))
        case .field: ""
        }
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
