import Foundation
import Stencil

/// Renders the Stencil templates of `Templates/`, built into the binary, or a user's
/// replacements for some of them (`--templates DIR`, same relative paths).
public struct TemplateEngine {
    private let environment: Environment
    /// Every template path, relative to the templates folder.
    public let paths: [String]
    private let sources: [String: String]

    /// The built-in templates, with any file under `overrideDirectory` replacing its namesake.
    public init(overrideDirectory: String? = nil) throws(DiagnosticsError) {
        var templates = embeddedTemplates
        if let overrideDirectory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: overrideDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw DiagnosticsError([.error("templates folder '\(overrideDirectory)' does not exist", at: nil)])
            }
            for path in templates.keys.sorted() {
                let file = (overrideDirectory as NSString).appendingPathComponent(path)
                guard FileManager.default.fileExists(atPath: file) else { continue }
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    throw DiagnosticsError([.error("cannot read template '\(file)'", at: nil)])
                }
                templates[path] = text
            }
        }
        sources = templates
        paths = templates.keys.sorted()
        environment = Environment(loader: DictionaryLoader(templates: templates), trimBehaviour: .smart)
    }

    /// Renders the template at `path` (relative to `Templates/`) with `context`.
    public func render(_ path: String, _ context: [String: Any]) throws -> String {
        do {
            return try environment.renderTemplate(name: path, context: context)
        } catch {
            throw DiagnosticsError([.error("template '\(path)': \(error)", at: nil)])
        }
    }

    /// The text of a file under `Templates/` that is copied as it is (a runtime source file).
    public func text(_ path: String) -> String? {
        sources[path]
    }
}
