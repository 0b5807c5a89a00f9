/// Swift expressions for predicates, store filters and paths.
struct SwiftExpressions {
    /// `message.ownerUid`, `row.owner?.name`: optional steps chain with `?.`.
    static func access(_ path: FieldPath, on row: String) -> String {
        var expression = row
        var optional = false
        for step in path.steps {
            expression += (optional ? "?." : ".") + SwiftNames.identifier(step.name)
            optional = optional || step.type.isOptional
        }
        return expression
    }

    /// A decoded-row predicate: `Match.equal(message.ownerUid, uid) && …`.
    static func predicate(_ predicate: Predicate, row: String) -> String {
        switch predicate {
        case let .and(terms): terms.map { term in
            if case .or = term { "(\(self.predicate(term, row: row)))" } else { self.predicate(term, row: row) }
        }.joined(separator: " && ")
        case let .or(terms): terms.map { term in
            if case .and = term { "(\(self.predicate(term, row: row)))" } else { self.predicate(term, row: row) }
        }.joined(separator: " || ")
        case let .not(inner): "!(\(self.predicate(inner, row: row)))"
        case let .comparison(comparison): self.comparison(comparison, row: row)
        }
    }

    private static let functions: [ComparisonOperator: String] = [
        .equal: "equal", .notEqual: "notEqual", .less: "less", .lessOrEqual: "lessOrEqual",
        .greater: "greater", .greaterOrEqual: "greaterOrEqual", .isIn: "isIn", .contains: "contains",
    ]

    private static func comparison(_ comparison: Comparison, row: String) -> String {
        let left = operand(comparison.left, row: row)
        if case .literal(.null, _) = comparison.right {
            return comparison.op == .equal ? "\(left) == nil" : "\(left) != nil"
        }
        return "Match.\(functions[comparison.op]!)(\(left), \(operand(comparison.right, row: row)))"
    }

    static func operand(_ operand: Operand, row: String) -> String {
        switch operand {
        case let .field(path): access(path, on: row)
        case let .parameter(parameter): SwiftNames.identifier(parameter.name)
        case let .literal(literal, _): SwiftSyntax.literal(literal)
        case let .list(items, _): "[" + items.map { self.operand($0, row: row) }.joined(separator: ", ") + "]"
        }
    }

    /// A store filter, over lines: `.compare(["like_count"], .greaterOrEqual, 10)`.
    static func storeFilter(_ predicate: Predicate) -> [String] {
        switch predicate {
        case let .and(terms), let .or(terms):
            let name = if case .and = predicate { "and" } else { "or" }
            let items = terms.map(storeFilter)
            return [".\(name)(["] + items.flatMap { lines in
                lines.enumerated().map { "    " + $0.element + ($0.offset == lines.count - 1 ? "," : "") }
            } + ["])"]
        case let .comparison(comparison):
            guard case let .field(path) = comparison.left else { return [] }
            return [".compare(\(storeField(path)), .\(storeOperators[comparison.op]!), \(storeValue(comparison.right)))"]
        case .not:
            return []
        }
    }

    private static let storeOperators: [ComparisonOperator: String] = [
        .equal: "equal", .notEqual: "notEqual", .less: "less", .lessOrEqual: "lessOrEqual",
        .greater: "greater", .greaterOrEqual: "greaterOrEqual", .isIn: "isIn", .contains: "arrayContains",
    ]

    /// `["like_count"]`, or `.documentID`.
    static func storeField(_ path: FieldPath) -> String {
        path.isDocumentID ? ".documentID" : "[" + path.keys.map(SwiftSyntax.string).joined(separator: ", ") + "]"
    }

    private static func storeValue(_ operand: Operand) -> String {
        switch operand {
        case let .parameter(parameter): "\(SwiftNames.identifier(parameter.name)).documentValue"
        case let .literal(literal, _): SwiftSyntax.literal(literal)
        case let .list(items, _): "[" + items.map(storeValue).joined(separator: ", ") + "]"
        case .field: ""
        }
    }

    /// `["chatrooms", roomId, "messages"]`.
    static func path(_ segments: [PathSegment], appending: [String] = []) -> String {
        let parts = segments.map { segment in
            switch segment {
            case let .literal(text): SwiftSyntax.string(text)
            case let .parameter(name): SwiftNames.identifier(name)
            }
        }
        return "[" + (parts + appending).joined(separator: ", ") + "]"
    }
}
