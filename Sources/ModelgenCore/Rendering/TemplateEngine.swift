import Foundation
import Stencil

/// Renders the Stencil templates of `Templates/`, built into the binary, or a user's
/// replacements for some of them (`--templates DIR`, same relative paths).
///
/// Besides Stencil's own, templates have two filters for lists of lines:
/// - `{{ lines|indented:4 }}` prints them one per line, each after the first indented by 4
///   spaces (the first by the template itself);
/// - `{{ lines|block:4 }}` at the start of a template line prints each as a whole line indented
///   by 4 spaces, and nothing at all for an empty list: doc comments before a declaration.
///
/// It renders from several threads at once: parsed templates are not changed by rendering, and
/// the loader that parses them holds a lock.
public struct TemplateEngine: @unchecked Sendable {
    private let environment: Environment
    private let loader: TemplateLoader
    /// Every template path, relative to the templates folder.
    public let paths: [String]
    private let sources: [String: String]
    /// The file each replaced template was read from, by path: where its errors are reported.
    /// Errors in a built-in template are reported at its path in modelgen's sources, `Templates/…`.
    private let files: [String: String]

    /// The built-in templates, with any file under `overrideDirectory` replacing its namesake.
    public init(overrideDirectory: String? = nil) throws(DiagnosticsError) {
        var templates = embeddedTemplates
        var files: [String: String] = [:]
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
                files[path] = file
            }
        }
        sources = templates
        self.files = files
        paths = templates.keys.sorted()
        let filters = Extension()
        filters.registerFilter("indented") { (value: Any?, arguments: [Any?]) in
            let indent = String(repeating: " ", count: arguments.first.flatMap { $0 as? Int } ?? 0)
            return Self.lines(value).joined(separator: "\n" + indent)
        }
        filters.registerFilter("block") { (value: Any?, arguments: [Any?]) in
            let indent = String(repeating: " ", count: arguments.first.flatMap { $0 as? Int } ?? 0)
            return Self.lines(value).map { $0.isEmpty ? "\n" : "\(indent)\($0)\n" }.joined()
        }
        loader = TemplateLoader(templates)
        environment = Environment(loader: loader, extensions: [filters], trimBehaviour: .nothing)
    }

    /// A filter's list of lines: ``TemplateLines``, or any other list's elements described.
    private static func lines(_ value: Any?) -> [String] {
        if let lines = value as? TemplateLines { return lines.lines }
        return ((value as? [Any]) ?? []).map { "\($0)" }
    }

    /// Renders the template at `path` (relative to `Templates/`) with `context`, whose values
    /// are ``TemplateContext``s, strings, numbers or lists of them.
    public func render(_ path: String, _ context: [String: Any]) throws -> String {
        try reportingErrors(of: path) { try $0.render(context) }
    }

    /// Renders the template at `path` once for each of `items`, with the context `context(item)`,
    /// on all cores: declarations that do not depend on each other. The texts are in the order
    /// of `items`.
    public func render<Item: Sendable>(_ path: String, each items: [Item], context: @Sendable (Item) -> [String: Any]) throws -> [String] {
        try reportingErrors(of: path) { template in try Parallel.map(items) { try template.render(context($0)) } }
    }

    private func reportingErrors<Result>(of path: String, _ body: (ParsedTemplate) throws -> Result) throws -> Result {
        do {
            return try body(loader.parsedTemplate(name: path, environment: environment))
        } catch {
            throw DiagnosticsError([diagnostic(for: error, in: path)])
        }
    }

    /// An error from the template at `path`: at the tag, in the file that holds it, when Stencil
    /// placed it; otherwise named by the template's path.
    private func diagnostic(for error: any Error, in path: String) -> Diagnostic {
        guard let error = error as? TemplateSyntaxError, let token = error.token,
              let source = loader.source(of: token.sourceMap, environment: environment) else {
            return .error("template '\(path)': \(error)", at: nil)
        }
        let file = files[source.template] ?? "Templates/\(source.template)"
        return .error(error.reason, at: SourceLocation(file: file, line: source.line, column: source.column))
    }

    /// The text of a file under `Templates/` that is copied as it is (a runtime source file).
    public func text(_ path: String) -> String? {
        sources[path]
    }
}
