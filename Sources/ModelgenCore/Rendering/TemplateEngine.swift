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
        let filters = Extension()
        filters.registerFilter("indented") { (value: Any?, arguments: [Any?]) in
            let indent = String(repeating: " ", count: arguments.first.flatMap { $0 as? Int } ?? 0)
            return Self.lines(value).joined(separator: "\n" + indent)
        }
        filters.registerFilter("block") { (value: Any?, arguments: [Any?]) in
            let indent = String(repeating: " ", count: arguments.first.flatMap { $0 as? Int } ?? 0)
            return Self.lines(value).map { $0.isEmpty ? "\n" : "\(indent)\($0)\n" }.joined()
        }
        environment = Environment(loader: CachingLoader(templates), extensions: [filters], trimBehaviour: .nothing)
    }

    /// A filter's list of lines: ``TemplateLines``, or any other list's elements described.
    private static func lines(_ value: Any?) -> [String] {
        if let lines = value as? TemplateLines { return lines.lines }
        return ((value as? [Any]) ?? []).map { "\($0)" }
    }

    /// Renders the template at `path` (relative to `Templates/`) with `context`, whose values
    /// are ``TemplateContext``s, strings, numbers or lists of them.
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

/// Serves templates by name, parsing each once: Stencil's own loaders parse a template every
/// time it is loaded, which an `{% include %}` inside a loop does once per iteration.
///
/// An `{% include "path" %}` of a template that exists is replaced by that template's text at
/// load, so that it is not parsed again on every render either (Stencil parses a template's
/// tokens each time it renders). The result is the same: an include renders in the including
/// template's context.
///
/// It also trims whitespace once, at load: a line that holds nothing but a block tag (`{% … %}`)
/// loses its indentation and its newline, so templates read indented and render clean. (Stencil's
/// `.smart` trimming does the same with a regular expression on every text node, every time it
/// is rendered.)
private final class CachingLoader: Loader, @unchecked Sendable {
    private let sources: [String: String]
    private var parsed: [String: Template] = [:]
    private let lock = NSLock()

    init(_ sources: [String: String]) {
        self.sources = sources
    }

    func loadTemplate(name: String, environment: Environment) throws -> Template {
        lock.lock()
        defer { lock.unlock() }
        if let template = parsed[name] { return template }
        guard let source = sources[name] else { throw TemplateDoesNotExist(templateNames: [name], loader: self) }
        let template = environment.templateClass.init(templateString: expandingIncludes(of: source, depth: 0), environment: environment, name: name)
        parsed[name] = template
        return template
    }

    /// A template's text, trimmed, with the includes of templates that exist expanded as deep as
    /// 16 levels (a template that includes itself keeps its last include).
    private func expandingIncludes(of source: String, depth: Int) -> String {
        let text = Self.trimmed(source)
        guard depth < 16 else { return text }
        return text.replacing(/\{%\s*include\s+"([^"]+)"\s*%\}/) { match in
            sources[String(match.output.1)].map { expandingIncludes(of: $0, depth: depth + 1) } ?? String(match.output.0)
        }
    }

    static func trimmed(_ source: String) -> String {
        var result = ""
        for line in source.split(separator: "\n", omittingEmptySubsequences: false).dropLast(source.hasSuffix("\n") ? 1 : 0) {
            let content = line.drop { $0 == " " || $0 == "\t" }
            let isBlockTag = content.hasPrefix("{%") && content.hasSuffix("%}") && !content.dropFirst(2).contains("{%")
            result += isBlockTag ? String(content) : String(line) + "\n"
        }
        return source.hasSuffix("\n") ? result : String(result.dropLast())
    }
}
