import Foundation
import ModelgenResources
import Stencil

/// Renders the Stencil templates of `Templates/`, built into the binary, or a user's
/// replacements for some of them (`--templates DIR`, same relative paths). The templates are
/// frames: each receives code modelgen printed and may add text around it. There is one set,
/// `default/`, for every language; a language's own frame (`kotlin/type.stencil`), built in or
/// given, takes its place for that language.
///
/// It renders from several threads at once: parsed templates are not changed by rendering, and
/// the loader that parses them holds a lock.
public struct TemplateEngine: @unchecked Sendable {
    private let environment: Environment
    private let loader: TemplateLoader
    /// The file each replaced template was read from, by path: where its errors are reported.
    /// Errors in a built-in template are reported at its path in modelgen's sources, `Templates/…`.
    private let files: [String: String]
    /// Every template's path.
    private let paths: Set<String>

    /// The built-in templates, with any file under `overrideDirectory` replacing its namesake
    /// or giving a language its own frame.
    public init(overrideDirectory: String? = nil) throws(DiagnosticsError) {
        let frames = embeddedTemplates.keys.filter { $0.hasPrefix(Self.defaults) }.map { $0.dropFirst(Self.defaults.count) }
        let ownFrames = Language.all.flatMap { language in frames.map { "\(language.name)/\($0)" } }
        let templates = try BuiltInFiles(embeddedTemplates, addable: ownFrames, overrideDirectory: overrideDirectory, what: "templates")
        files = templates.replacements
        paths = Set(templates.files.keys)
        loader = TemplateLoader(templates.files)
        environment = Environment(loader: loader, trimBehaviour: .nothing)
    }

    /// The folder of the frames every language uses unless it has its own.
    private static let defaults = "default/"

    /// The path of the frame `name` (`type.stencil`) for `language`: its own, if it has one,
    /// else the default.
    func frame(_ name: String, for language: String) -> String {
        paths.contains("\(language)/\(name)") ? "\(language)/\(name)" : Self.defaults + name
    }

    /// Renders the template at `path` (relative to `Templates/`) with `context`, whose values
    /// are strings, numbers, booleans or lists of them.
    func render(_ path: String, _ context: [String: Any]) throws -> String {
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
}
