extension Validation {
    /// A field's declared constraints, each on a field of a type it fits: `min`/`max` on numbers
    /// (whole numbers on an `int` field), `minLength`/`maxLength` on strings, `minItems`/`maxItems`
    /// on lists (sizes are whole and not negative), `values` on strings; a lower bound not above
    /// its upper one; a default that keeps them.
    mutating func checkConstraints(_ syntax: FieldSyntax, type: FieldType) -> FieldConstraints {
        var constraints = FieldConstraints()
        let field = syntax.name.value
        for constraint in syntax.constraints {
            let rule = constraint.rule.value, location = constraint.value.location
            switch (rule, constraint.value.value, type.nonOptional) {
            case ("min", let .number(bound), .int), ("max", let .number(bound), .int),
                 ("min", let .number(bound), .double), ("max", let .number(bound), .double):
                guard let value = number(bound), type.nonOptional == .double || value == value.rounded() else {
                    diagnostics.error("'\(rule)' of int field '\(field)' must be a whole number", at: location)
                    continue
                }
                if rule == "min" { constraints.min = value } else { constraints.max = value }
            case ("minLength", let .number(bound), .string), ("maxLength", let .number(bound), .string),
                 ("minItems", let .number(bound), .array), ("maxItems", let .number(bound), .array):
                guard case let .int(size) = bound, size >= 0, size <= Int32.max else {
                    diagnostics.error("'\(rule)' must be a whole number, 0 or more", at: location)
                    continue
                }
                switch rule {
                case "minLength": constraints.minLength = Int(size)
                case "maxLength": constraints.maxLength = Int(size)
                case "minItems": constraints.minItems = Int(size)
                default: constraints.maxItems = Int(size)
                }
            case let ("values", .strings(values), .string):
                guard !values.isEmpty, Set(values).count == values.count else {
                    diagnostics.error("'values' must list at least one string, each once", at: location)
                    continue
                }
                constraints.values = values
            default:
                diagnostics.error("'\(rule)' does not apply to field '\(field)' of type \(type.schemaSpelling); \(Self.fitting(rule))", at: constraint.rule.location)
            }
        }
        checkBounds(constraints, syntax)
        return constraints
    }

    /// What fields a rule is for, for messages.
    private static func fitting(_ rule: String) -> String {
        switch rule {
        case "min", "max": "it is for int and double fields"
        case "minLength", "maxLength", "values": "it is for string fields"
        default: "it is for list fields"
        }
    }

    private func number(_ literal: Literal) -> Double? {
        switch literal {
        case let .int(value): Double(value)
        case let .double(value) where value.isFinite: value
        default: nil
        }
    }

    /// Lower bounds not above upper ones; a default within them.
    private mutating func checkBounds(_ constraints: FieldConstraints, _ syntax: FieldSyntax) {
        let pairs: [(String, Double?, Double?)] = [
            ("min", constraints.min, constraints.max),
            ("minLength", constraints.minLength.map(Double.init), constraints.maxLength.map(Double.init)),
            ("minItems", constraints.minItems.map(Double.init), constraints.maxItems.map(Double.init)),
        ]
        for (rule, low, high) in pairs {
            guard let low, let high, low > high, let located = syntax.constraints.first(where: { $0.rule.value == rule }) else { continue }
            diagnostics.error("'\(rule)' is above its upper bound; no value of '\(syntax.name.value)' could be written", at: located.rule.location)
        }
        guard let value = syntax.defaultValue, let broken = Self.broken(constraints, by: value.value) else { return }
        diagnostics.error("default value of '\(syntax.name.value)' breaks its '\(broken)'", at: value.location)
    }

    /// The first rule a default breaks, if any.
    static func broken(_ constraints: FieldConstraints, by value: Literal) -> String? {
        switch value {
        case let .int(number): return broken(constraints, number: Double(number))
        case let .double(number): return broken(constraints, number: number)
        case let .string(text):
            let length = text.unicodeScalars.count
            if let values = constraints.values, !values.contains(text) { return "values" }
            if let minimum = constraints.minLength, length < minimum { return "minLength" }
            if let maximum = constraints.maxLength, length > maximum { return "maxLength" }
            return nil
        case .emptyList: return constraints.minItems.map { $0 > 0 ? "minItems" : nil } ?? nil
        default: return nil
        }
    }

    private static func broken(_ constraints: FieldConstraints, number: Double) -> String? {
        if let minimum = constraints.min, number < minimum { return "min" }
        if let maximum = constraints.max, number > maximum { return "max" }
        return nil
    }
}
