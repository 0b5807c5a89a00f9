/// TypeScript expressions for predicates, store filters and paths.
enum TypeScriptExpressions {
    /// `message.ownerUid`, `row.owner?.name`.
    static func access(_ path: FieldPath, on row: String) -> String {
        var expression = row
        var optional = false
        for step in path.steps {
            expression += (optional ? "?." : ".") + TypeScriptNames.property(step.name)
            optional = optional || step.type.isOptional
        }
        return expression
    }

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
            return comparison.op == .equal ? "\(left) == null" : "\(left) != null"
        }
        return "Match.\(functions[comparison.op]!)(\(left), \(operand(comparison.right, row: row)))"
    }

    private static func operand(_ operand: Operand, row: String) -> String {
        switch operand {
        case let .field(path): access(path, on: row)
        case let .parameter(parameter): TypeScriptNames.variable(parameter.name)
        case let .literal(literal, _): TypeScriptSyntax.literal(literal)
        case let .list(items, _): "[" + items.map { self.operand($0, row: row) }.joined(separator: ", ") + "]"
        }
    }

    /// A store filter: `Filter.compare(["like_count"], ">=", DocumentValue.int(10))`.
    static func storeFilter(_ predicate: Predicate) -> [String] {
        switch predicate {
        case let .and(terms), let .or(terms):
            let name = if case .and = predicate { "and" } else { "or" }
            return ["QueryFilter.\(name)("] + Lines.separated(terms.map(storeFilter)).map { "  " + $0 } + [")"]
        case let .comparison(comparison):
            guard case let .field(path) = comparison.left else { return [] }
            return ["QueryFilter.compare(\(storeField(path)), \(TypeScriptSyntax.string(storeOperators[comparison.op]!)), \(storeValue(comparison.right)))"]
        case .not:
            return []
        }
    }

    private static let storeOperators: [ComparisonOperator: String] = [
        .equal: "==", .notEqual: "!=", .less: "<", .lessOrEqual: "<=", .greater: ">", .greaterOrEqual: ">=",
        .isIn: "in", .contains: "array-contains",
    ]

    static func storeField(_ path: FieldPath) -> String {
        path.isDocumentID ? "FieldPath.documentID" : "[" + path.keys.map(TypeScriptSyntax.string).joined(separator: ", ") + "]"
    }

    private static func storeValue(_ operand: Operand) -> String {
        switch operand {
        case let .parameter(parameter): "\(TypeScriptSyntax.codec(parameter.type)).encode(\(TypeScriptNames.variable(parameter.name)))"
        case let .literal(literal, _): TypeScriptSyntax.documentValue(literal)
        case let .list(items, _): "DocumentValue.array([" + items.map(storeValue).joined(separator: ", ") + "])"
        case .field: ""
        }
    }

    static func path(_ segments: [PathSegment], appending: [String] = []) -> String {
        let parts = segments.map { segment in
            switch segment {
            case let .literal(text): TypeScriptSyntax.string(text)
            case let .parameter(name): TypeScriptNames.variable(name)
            }
        }
        return "[" + (parts + appending).joined(separator: ", ") + "]"
    }
}
