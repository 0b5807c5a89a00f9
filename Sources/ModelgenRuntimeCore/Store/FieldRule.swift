/// A declared constraint of one of a collection's fields (`min`, `maxLength`, `values`, …), as
/// the generated typed writes check it before anything is written. A value that is absent,
/// null or a pending server timestamp keeps every rule; transforms (an increment, an array
/// union) are not checked, as their result is the server's to know.
public struct FieldRule: Sendable {
    let field: String
    let key: String
    let kind: Kind

    enum Kind: Sendable {
        case range(min: DocumentValue?, max: DocumentValue?)
        case length(min: Int?, max: Int?)
        case items(min: Int?, max: Int?)
        case oneOf([String])
    }

    /// A number's bounds, inclusive; NaN is within no bounds (it breaks each one declared), as
    /// Firestore's security rules compare it.
    public static func range(_ field: String, key: String, min: DocumentValue?, max: DocumentValue?) -> FieldRule {
        FieldRule(field: field, key: key, kind: .range(min: min, max: max))
    }

    /// A string's length in UTF-16 code units, inclusive, as Firestore's security rules measure it.
    public static func length(_ field: String, key: String, min: Int?, max: Int?) -> FieldRule {
        FieldRule(field: field, key: key, kind: .length(min: min, max: max))
    }

    /// A list's size, inclusive.
    public static func items(_ field: String, key: String, min: Int?, max: Int?) -> FieldRule {
        FieldRule(field: field, key: key, kind: .items(min: min, max: max))
    }

    /// The strings a field may hold.
    public static func oneOf(_ field: String, key: String, _ values: [String]) -> FieldRule {
        FieldRule(field: field, key: key, kind: .oneOf(values))
    }

    /// `write` if the values it sets keep `rules`; else a ``ConstraintError`` listing every
    /// violation, in the order of the rules.
    public static func checked(_ rules: [FieldRule], _ write: DocumentWrite) throws(ConstraintError) -> DocumentWrite {
        var violations: [String] = []
        for rule in rules {
            let value: DocumentValue? = switch write {
            case let .set(_, data, _): data.value(forExactKey: rule.key)
            case let .update(_, fields, _), let .merge(_, fields): if case let .value(value)? = fields[[rule.key]] { value } else { nil }
            case .delete: nil
            }
            violations += rule.violations(of: value)
        }
        guard violations.isEmpty else { throw ConstraintError(violations: violations) }
        return write
    }

    /// What `value` breaks of this rule, as messages.
    func violations(of value: DocumentValue?) -> [String] {
        switch (kind, value) {
        case let (.range(minimum, maximum), value?) where value.isNaN:
            return bounds(minimum, maximum)
        case let (.range(minimum, maximum), value?) where value.isNumber:
            return bounds(ValueOrder.compare(value, minimum ?? value) < 0 ? minimum : nil, ValueOrder.compare(value, maximum ?? value) > 0 ? maximum : nil)
        case let (.length(minimum, maximum), .string(text)?):
            return sizes(text.utf16.count, minimum, maximum, unit: "character")
        case let (.items(minimum, maximum), .array(values)?):
            return sizes(values.count, minimum, maximum, unit: "item")
        case let (.oneOf(values), .string(text)?) where !values.contains(where: { CodePoints.equal($0, text) }):
            return ["'\(field)' must be one of \(values.map { "'\($0)'" }.joined(separator: ", "))"]
        default:
            return []
        }
    }

    private func bounds(_ below: DocumentValue?, _ above: DocumentValue?) -> [String] {
        (below.map { ["'\(field)' must be at least \($0)"] } ?? []) + (above.map { ["'\(field)' must be at most \($0)"] } ?? [])
    }

    private func sizes(_ size: Int, _ minimum: Int?, _ maximum: Int?, unit: String) -> [String] {
        let plural = { (count: Int) in count == 1 ? unit : unit + "s" }
        if let minimum, size < minimum { return ["'\(field)' must have at least \(minimum) \(plural(minimum))"] }
        if let maximum, size > maximum { return ["'\(field)' must have at most \(maximum) \(plural(maximum))"] }
        return []
    }
}

/// A typed write whose values break the schema's constraints: every violation, with the field's
/// schema name and the rule (`'title' must have at least 1 character`). Nothing was written.
public struct ConstraintError: Error, Hashable, Sendable, CustomStringConvertible {
    public let violations: [String]

    public var description: String { violations.joined(separator: "; ") }
}

extension DocumentValue {
    var isNumber: Bool {
        switch self {
        case .int, .double: true
        default: false
        }
    }
}
