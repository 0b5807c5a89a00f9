/// Who may read and write a collection's documents, as written (`access: { read: signedIn,
/// create: owner(ownerUid) }`): each operation with its condition, in the schema's order.
public struct AccessSyntax: Sendable {
    /// Where `access:` is written.
    public var location: SourceLocation
    public var entries: [Entry]
    /// Operations given a condition the loader could not read (and reported).
    public var unreadable: [String] = []

    /// One operation (`read`, `create`, `update`, `delete` or `write`) and its condition.
    public struct Entry: Sendable {
        public var operation: Located<String>
        public var condition: Located<Condition>
    }

    /// A condition as written: a name (`signedIn`, `owner(ownerUid)`), or `{ rule: … }`.
    public enum Condition: Hashable, Sendable {
        case named(String)
        case rule(String)
    }

    /// The operations an entry may name; `write` stands for create, update and delete.
    public static let operations = ["read", "create", "update", "delete", "write"]
}
