import Foundation

/// The text of one schema file and the path it is reported under.
public struct SchemaSource: Hashable, Sendable {
    /// The path diagnostics print, as the user wrote it.
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// Reads a schema file; an unreadable or non-UTF-8 file is a diagnostic at its path.
    public static func read(path: String) throws(DiagnosticsError) -> SchemaSource {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DiagnosticsError([.error("cannot read schema file '\(path)'", at: nil)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw DiagnosticsError([.error("schema file is not valid UTF-8", at: SourceLocation(file: path, line: 1, column: 1))])
        }
        return SchemaSource(path: path, text: text)
    }

    /// The name outputs are named after: the file name without `.modelgen.yaml`, `.yaml` or `.yml`.
    public var baseName: String {
        var name = (path as NSString).lastPathComponent
        for suffix in [".yaml", ".yml"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        if name.hasSuffix(".modelgen") { name.removeLast(".modelgen".count) }
        return name
    }
}
