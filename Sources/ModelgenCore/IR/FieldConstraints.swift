/// What a field's values must be, as the schema declares it (`min: 0`, `maxLength: 500`,
/// `values: [open, closed]`). The model's typed writes check them before anything is written;
/// reading is unaffected. Bounds are inclusive; lengths count UTF-16 code units, as Firestore's
/// security rules do.
public struct FieldConstraints: Codable, Hashable, Sendable {
    /// Bounds of a number.
    public var min: Double?
    public var max: Double?
    /// Bounds of a string's length.
    public var minLength: Int?
    public var maxLength: Int?
    /// Bounds of a list's size.
    public var minItems: Int?
    public var maxItems: Int?
    /// The strings a string field may hold.
    public var values: [String]?

    public init() {}

    /// The rules' names, as a field's long form writes them.
    public static let rules = ["min", "max", "minLength", "maxLength", "minItems", "maxItems", "values"]

    public var isEmpty: Bool { self == FieldConstraints() }
}
