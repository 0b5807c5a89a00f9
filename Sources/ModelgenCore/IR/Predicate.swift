/// A type-checked predicate over a row (a decoded value) or over stored documents.
public indirect enum Predicate: Hashable, Sendable {
    case and([Predicate])
    case or([Predicate])
    case not(Predicate)
    case comparison(Comparison)

    /// The conjunction of `predicates`: the one predicate when there is one, nil when none.
    public static func all(_ predicates: [Predicate]) -> Predicate? {
        predicates.count > 1 ? .and(predicates) : predicates.first
    }
}

/// `left op right`, with the field (if any) on the left.
public struct Comparison: Codable, Hashable, Sendable {
    public var left: Operand
    public var op: ComparisonOperator
    public var right: Operand
}

public indirect enum Operand: Hashable, Sendable {
    case field(FieldPath)
    case parameter(Parameter)
    /// A literal, with the type it is compared as.
    case literal(Literal, FieldType)
    case list([Operand], element: FieldType)
}
