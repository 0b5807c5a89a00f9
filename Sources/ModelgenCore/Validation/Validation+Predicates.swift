extension Validation {
    /// Type-checks a predicate over rows with `fields`, adding its `$parameters` to `stream`.
    ///
    /// In a store query (`isStoreQuery`) the predicate runs in the store on stored values: it
    /// compares fields with values or parameters only, and cannot negate (Firestore can't).
    mutating func checkPredicate(_ syntax: PredicateSyntax, over fields: [Field], owner: String, isStoreQuery: Bool, stream: inout StreamDefinition) -> Predicate? {
        var checker = PredicateChecker(fields: fields, owner: owner, isStoreQuery: isStoreQuery, validation: self)
        let result = checker.check(syntax)
        diagnostics.append(contentsOf: checker.diagnostics.diagnostics)
        if isStoreQuery {
            let problems = StoreQueryRules.problems(in: syntax)
            diagnostics.append(contentsOf: problems)
            if !problems.isEmpty { return nil }
        }
        for (parameter, location) in checker.parameters {
            merge(parameter, into: &stream.parameters, at: location, stream: stream.name)
        }
        return checker.failed ? nil : result
    }
}

/// Checks one predicate, looking fields up through the validation so far.
struct PredicateChecker {
    let fields: [Field]
    let owner: String
    let isStoreQuery: Bool
    let validation: Validation
    var diagnostics = DiagnosticCollector()
    var parameters: [(Parameter, SourceLocation)] = []
    var failed = false

    init(fields: [Field], owner: String, isStoreQuery: Bool, validation: Validation) {
        self.fields = fields
        self.owner = owner
        self.isStoreQuery = isStoreQuery
        self.validation = validation
    }

    private mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.error(message, at: location)
        failed = true
    }

    mutating func check(_ syntax: PredicateSyntax) -> Predicate? {
        switch syntax {
        case let .and(left, right):
            let (l, r) = (check(left), check(right))
            guard let l, let r else { return nil }
            return .and(flatten(l, r, and: true))
        case let .or(left, right):
            let (l, r) = (check(left), check(right))
            guard let l, let r else { return nil }
            return .or(flatten(l, r, and: false))
        case let .not(inner, location):
            if isStoreQuery {
                error("a store query cannot use 'not' (Firestore has no negation); use '!=', or a filter stream over this one", at: location)
            }
            return check(inner).map(Predicate.not)
        case let .comparison(left, op, right):
            return checkComparison(left, op, right).map(Predicate.comparison)
        }
    }

    private func flatten(_ left: Predicate, _ right: Predicate, and: Bool) -> [Predicate] {
        func parts(_ predicate: Predicate) -> [Predicate] {
            switch (predicate, and) {
            case let (.and(items), true), let (.or(items), false): items
            default: [predicate]
            }
        }
        return parts(left) + parts(right)
    }

    private static let mirrored: [ComparisonOperator: ComparisonOperator] = [
        .equal: .equal, .notEqual: .notEqual, .less: .greater, .lessOrEqual: .greaterOrEqual,
        .greater: .less, .greaterOrEqual: .lessOrEqual,
    ]

    private mutating func checkComparison(_ left: OperandSyntax, _ op: Located<ComparisonOperator>, _ right: OperandSyntax) -> Comparison? {
        var (left, right, op) = (left, right, op)
        if case .field = right.kind, !isField(left), let flipped = Self.mirrored[op.value] {
            (left, right, op.value) = (right, left, flipped)
        }
        guard case let .field(names) = left.kind else {
            error("a comparison needs a field on one side; '\(op.value.rawValue)' here compares two values", at: op.location)
            return nil
        }
        guard let path = resolve(names, at: left.location) else { return nil }
        let fieldName = names.joined(separator: ".")
        let fieldType = path.type
        switch op.value {
        case .isIn, .notIn:
            guard validation.isOrdered(fieldType) else {
                error("'\(op.value.rawValue)' needs a string, number, bool, timestamp, bytes, reference, geopoint or enum field; '\(fieldName)' is \(fieldType.schemaSpelling)", at: op.location)
                return nil
            }
            guard checkList(right, after: op.value),
                  let operand = operand(right, as: .array(fieldType.nonOptional), field: fieldName) else { return nil }
            return Comparison(left: .field(path), op: op.value, right: operand)
        case .contains, .containsAny:
            guard case let .array(element) = fieldType.nonOptional else {
                error("'\(op.value.rawValue)' needs a list field; '\(fieldName)' is \(fieldType.schemaSpelling)", at: op.location)
                return nil
            }
            guard checkList(right, after: op.value),
                  // A list of optionals is searched for values: `tags contains "x"`, `$tag` a string.
                  let operand = operand(right, as: op.value == .containsAny ? .array(element.nonOptional) : element.nonOptional, field: fieldName) else { return nil }
            return Comparison(left: .field(path), op: op.value, right: operand)
        case .equal, .notEqual:
            if case .literal(.null) = right.kind, !fieldType.isOptional {
                error("'\(fieldName)' is \(fieldType.schemaSpelling), never null; make it optional ('\(fieldType.schemaSpelling)?') to compare it with null", at: right.location)
                return nil
            }
            guard let operand = operand(right, as: fieldType.nonOptional, field: fieldName) else { return nil }
            return Comparison(left: .field(path), op: op.value, right: operand)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard validation.isOrdered(fieldType) else {
                error("'\(op.value.rawValue)' needs a string, number, bool, timestamp, bytes, reference, geopoint or enum field; '\(fieldName)' is \(fieldType.schemaSpelling)", at: op.location)
                return nil
            }
            if case .literal(.null) = right.kind {
                error("null has no order; use '== null' or '!= null'", at: right.location)
                return nil
            }
            guard let operand = operand(right, as: fieldType.nonOptional, field: fieldName) else { return nil }
            return Comparison(left: .field(path), op: op.value, right: operand)
        }
    }

    /// Refuses null as the list and, in a store query, a list literal out of the server's limits:
    /// at least one value, and at most 30 after `in` and `contains any`, 10 after `not in` (the
    /// query API's `StructuredQuery.FieldFilter.Operator`; Firestore's documentation, "Query
    /// limitations").
    private mutating func checkList(_ syntax: OperandSyntax, after op: ComparisonOperator) -> Bool {
        if op.takesList, case .literal(.null) = syntax.kind {
            error("'\(op.rawValue)' needs a list, not null; compare with '== null'", at: syntax.location)
            return false
        }
        guard isStoreQuery, op.takesList, case let .list(elements) = syntax.kind else { return true }
        let limit = op == .notIn ? 10 : 30
        if elements.isEmpty {
            error("a store query's '\(op.rawValue)' needs at least one value (Firestore refuses an empty list)", at: syntax.location)
        } else if elements.count > limit {
            error("a store query's '\(op.rawValue)' takes at most \(limit) values (Firestore refuses more), not \(elements.count)", at: syntax.location)
        }
        return !elements.isEmpty && elements.count <= limit
    }

    private mutating func resolve(_ names: [String], at location: SourceLocation) -> FieldPath? {
        switch validation.fieldPath(names, in: fields, owner: owner, at: location) {
        case let .found(steps):
            let path = FieldPath(fields: steps)
            if isStoreQuery, path.readsIntoReference {
                let reference = names.dropLast().joined(separator: ".")
                error("a store query cannot compare part of a reference ('\(names.joined(separator: "."))'): Firestore compares whole references; compare '\(reference)' with a $parameter, or use a filter stream", at: location)
                return nil
            }
            return path
        case let .problem(diagnostic):
            error(diagnostic.message, at: location)
            return nil
        case .skipped:
            failed = true
            return nil
        }
    }

    private func isField(_ operand: OperandSyntax) -> Bool {
        if case .field = operand.kind { return true }
        return false
    }

    /// The right-hand operand, typed as `type` (the left field's type, or a list of it).
    mutating func operand(_ syntax: OperandSyntax, as type: FieldType, field: String) -> Operand? {
        switch syntax.kind {
        case let .parameter(written):
            let parameter = Parameter(name: NameCase.lowerCamel(written), type: type)
            if let previous = parameters.first(where: { $0.0.name == parameter.name }), previous.0.type != type {
                error("parameter '$\(written)' is compared with \(type.schemaSpelling) here and with \(previous.0.type.schemaSpelling) at column \(previous.1.column); a parameter has one type", at: syntax.location)
                return nil
            }
            parameters.append((parameter, syntax.location))
            return .parameter(parameter)
        case let .literal(literal):
            return self.literal(literal, as: type, field: field, at: syntax.location).map { .literal($0, type) }
        case let .list(elements):
            guard case let .array(element) = type else {
                error("a list can only follow 'in', 'not in' or 'contains any'", at: syntax.location)
                return nil
            }
            if let null = elements.first(where: { if case .literal(.null) = $0.kind { true } else { false } }) {
                error("null cannot be in a list here (Firestore matches no null in a list); compare with '== null'", at: null.location)
                return nil
            }
            let items = elements.map { operand($0, as: element, field: field) }
            guard items.allSatisfy({ $0 != nil }) else { return nil }
            return .list(items.compactMap { $0 }, element: element)
        case let .field(names):
            if names.count == 1, !fields.contains(where: { $0.name == NameCase.lowerCamel(names[0]) }),
               case let .object(enumName) = type.nonOptional, validation.enumValuesByName[enumName]?.contains(names[0]) == true {
                error("'\(owner)' has no field '\(names[0])'; to compare with the value '\(names[0])' of enum '\(enumName)', quote it: \"\(names[0])\"", at: syntax.location)
                return nil
            }
            if isStoreQuery {
                error("a store query compares a field with a value or a $parameter, not with field '\(names.joined(separator: "."))'; use a filter stream", at: syntax.location)
                return nil
            }
            guard let path = resolve(names, at: syntax.location) else { return nil }
            guard path.type.nonOptional == type.nonOptional else {
                error("cannot compare '\(field)' (\(type.schemaSpelling)) with '\(names.joined(separator: "."))' (\(path.type.schemaSpelling))", at: syntax.location)
                return nil
            }
            return .field(path)
        }
    }

    /// The literal as `type`: ints become doubles for double fields, whole doubles ints for int fields.
    private mutating func literal(_ literal: Literal, as type: FieldType, field: String, at location: SourceLocation) -> Literal? {
        switch (literal, type) {
        case (.null, _):
            return .null
        case (.bool, .bool), (.string, .string), (.double, .double):
            return literal
        case let (.int(value), .int):
            if let problem = Validation.intRangeProblem(value, at: location) {
                error(problem.message, at: location)
                return nil
            }
            return literal
        case let (.int(value), .double):
            return .double(Double(value))
        case let (.double(value), .int) where value.rounded() == value && abs(value) <= 9_007_199_254_740_991:
            return .int(Int64(value))
        case (_, .timestamp), (_, .bytes), (_, .geopoint), (_, .reference):
            let (kind, plural) = switch type {
            case .bytes: ("bytes", "bytes")
            case .geopoint: ("a geopoint", "geopoints")
            case .reference: ("a reference", "references")
            default: ("a timestamp", "timestamps")
            }
            error("'\(field)' is \(kind); compare it with a $parameter (\(plural) have no literal)", at: location)
            return nil
        case let (_, .object(name)) where validation.enumValuesByName[name] != nil:
            if let problem = Validation.enumLiteralProblem(literal, values: validation.enumValuesByName[name]!, enumName: name) {
                error(problem, at: location)
                return nil
            }
            return literal
        default:
            error("cannot compare '\(field)' (\(type.schemaSpelling)) with \(LiteralDescription.describe(literal))", at: location)
            return nil
        }
    }
}
