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

extension ComparisonOperator {
    /// Firestore's own name for the operator, as its SDKs take it: `==`, `array-contains`.
    var firestoreName: String {
        self == .contains ? "array-contains" : rawValue
    }
}
