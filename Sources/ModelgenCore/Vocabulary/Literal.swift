/// A literal value from a predicate or a `default:`.
public enum Literal: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case emptyList
    case emptyMap

    /// Whether it is an int or a double.
    public var isNumber: Bool {
        switch self {
        case .int, .double: true
        default: false
        }
    }
}
