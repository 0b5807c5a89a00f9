/// A comparison in a predicate, as the schema writes it. Shared by the parsed syntax and the IR.
public enum ComparisonOperator: String, Codable, CaseIterable, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case isIn = "in"
    case contains = "contains"
}
