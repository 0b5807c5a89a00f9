/// A comparison in a predicate, as the schema writes it. Shared by the parsed syntax and the IR.
public enum ComparisonOperator: String, Codable, CaseIterable, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case isIn = "in"
    case notIn = "not in"
    case contains = "contains"
    case containsAny = "contains any"
}

extension ComparisonOperator {
    /// Firestore's own name for the operator, as its SDKs take it: `==`, `array-contains`.
    var firestoreName: String {
        switch self {
        case .notIn: "not-in"
        case .contains: "array-contains"
        case .containsAny: "array-contains-any"
        default: rawValue
        }
    }

    /// Whether the operand is a list of the field's values (`in`, `not in`) or of its elements
    /// (`contains any`).
    var takesList: Bool {
        [.isIn, .notIn, .containsAny].contains(self)
    }

    /// Whether Firestore counts it an inequality, which orders the query by its field (`!=`,
    /// `not in` and the ranges).
    var isInequality: Bool {
        [.notEqual, .notIn, .less, .lessOrEqual, .greater, .greaterOrEqual].contains(self)
    }
}
