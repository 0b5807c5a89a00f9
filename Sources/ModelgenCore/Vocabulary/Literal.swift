/// A literal value from a predicate or a `default:`.
public enum Literal: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case emptyList
    case emptyMap
}
