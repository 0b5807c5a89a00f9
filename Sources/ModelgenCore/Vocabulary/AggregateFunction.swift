/// What an aggregate stream computes over its rows' field: the schema's `sum`, `average`, `min`
/// and `max`, shared by the syntax that names them and the IR.
public enum AggregateFunction: String, Codable, Hashable, Sendable, CaseIterable {
    case sum, average, min, max
}
