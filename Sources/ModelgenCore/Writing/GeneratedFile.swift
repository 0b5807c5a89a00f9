/// One output file, by path relative to its language's output folder (`chat.swift`).
public struct GeneratedFile: Hashable, Sendable {
    public var path: String
    public var contents: String
    /// The schema the file was generated from, as it was read; nil for a file every schema
    /// shares (a runtime's). A run removes only stale files of the schemas it was given.
    public var schema: String?

    public init(path: String, contents: String, schema: String? = nil) {
        self.path = path
        self.contents = contents
        self.schema = schema
    }
}
