import Foundation
import Stencil

/// Serves templates by name, parsing each once: Stencil's own loaders parse a template every
/// time it is loaded, which an `{% include %}` inside a loop does once per iteration.
///
/// An `{% include "path" %}` of a template that exists is replaced by that template's text at
/// load, so that it is not parsed again on every render either. The result is the same: an
/// include renders in the including template's context.
///
/// It also trims whitespace once, at load: a line that holds nothing but a block tag (`{% … %}`)
/// loses its indentation and its newline, so templates read indented and render clean. (Stencil's
/// `.smart` trimming does the same with a regular expression on every text node, every time it
/// is rendered.)
final class TemplateLoader: Loader, @unchecked Sendable {
    private let sources: [String: String]
    private var parsed: [String: ParsedTemplate] = [:]
    private let lock = NSLock()

    init(_ sources: [String: String]) {
        self.sources = sources
    }

    func loadTemplate(name: String, environment: Environment) throws -> Template {
        try parsedTemplate(name: name, environment: environment)
    }

    func parsedTemplate(name: String, environment: Environment) throws -> ParsedTemplate {
        lock.lock()
        defer { lock.unlock() }
        if let template = parsed[name] { return template }
        guard let source = sources[name] else { throw TemplateDoesNotExist(templateNames: [name], loader: self) }
        let template = ParsedTemplate(templateString: expandingIncludes(of: source, depth: 0), environment: environment, name: name)
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

/// A template whose tokens are parsed once, when it is loaded. Stencil parses them again on
/// every render, which for a template rendered once per declaration costs more than rendering.
/// Rendering does not change the parsed nodes, so one template renders on several threads at once.
final class ParsedTemplate: Template, @unchecked Sendable {
    private let renderEnvironment: Environment
    /// The nodes, or the syntax error that is reported when the template is rendered.
    private var nodes: Result<[NodeType], any Error> = .success([])

    required init(templateString: String, environment: Environment? = nil, name: String? = nil) {
        renderEnvironment = environment ?? Environment()
        super.init(templateString: templateString, environment: environment, name: name)
        nodes = Result { try TokenParser(tokens: tokens, environment: renderEnvironment).parse() }
    }

    override func render(_ dictionary: [String: Any]? = nil) throws -> String {
        try renderNodes(nodes.get(), Context(dictionary: dictionary ?? [:], environment: renderEnvironment))
    }
}
