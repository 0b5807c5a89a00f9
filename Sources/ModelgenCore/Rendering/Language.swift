/// An output language.
public enum Language: String, CaseIterable, Codable, Sendable {
    case swift
    case kotlin
    case typescript
}

/// One output file, by path relative to the output folder (`swift/chat.swift`).
public struct GeneratedFile: Hashable, Sendable {
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// The fourth stage: turns a ``Model`` into source files of one language.
public protocol Renderer: Sendable {
    var language: Language { get }
    /// The files for one schema's model.
    func render(_ model: Model, templates: TemplateEngine) throws -> [GeneratedFile]
    /// Files the generated code needs once per output folder, whatever the schemas.
    func supportFiles(templates: TemplateEngine) throws -> [GeneratedFile]
}
