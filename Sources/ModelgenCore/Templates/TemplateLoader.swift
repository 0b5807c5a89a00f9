import Foundation
import Stencil

/// Serves templates by name, parsing each once: Stencil's own loaders parse a template every
/// time it is loaded, which an `{% include %}` inside a loop does once per iteration. Each is
/// trimmed and has its includes expanded first (``ExpandedTemplate``).
final class TemplateLoader: Loader, @unchecked Sendable {
    private let sources: [String: String]
    private var parsed: [String: (template: ParsedTemplate, expanded: ExpandedTemplate)] = [:]
    private let lock = NSLock()

    init(_ sources: [String: String]) {
        self.sources = sources
    }

    func loadTemplate(name: String, environment: Environment) throws -> Template {
        try parsedTemplate(name: name, environment: environment)
    }

    func parsedTemplate(name: String, environment: Environment) throws -> ParsedTemplate {
        try load(name, environment: environment).template
    }

    /// The template, line and column of a place Stencil reports in a template it parsed.
    func source(of place: SourceMap, environment: Environment) -> (template: String, line: Int, column: Int)? {
        place.filename.flatMap { try? load($0, environment: environment) }?.expanded.source(of: place.location)
    }

    private func load(_ name: String, environment: Environment) throws -> (template: ParsedTemplate, expanded: ExpandedTemplate) {
        lock.lock()
        defer { lock.unlock() }
        if let loaded = parsed[name] { return loaded }
        guard sources[name] != nil else { throw TemplateDoesNotExist(templateNames: [name], loader: self) }
        let expanded = ExpandedTemplate(name, sources: sources)
        let loaded = (ParsedTemplate(templateString: expanded.text, environment: environment, name: name), expanded)
        parsed[name] = loaded
        return loaded
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

    /// Renders each top-level node, then joins their texts in one allocation: Stencil's
    /// `renderNodes` appends them one by one, copying a frame's tens of megabytes of code again
    /// each time the text outgrows its storage. (`break` and `continue`, which `renderNodes`
    /// also checks for, cannot stand outside a loop.)
    override func render(_ dictionary: [String: Any]? = nil) throws -> String {
        let context = Context(dictionary: dictionary ?? [:], environment: renderEnvironment)
        return String(concatenating: try nodes.get().map { node in
            do {
                return try node.render(context)
            } catch let error as TemplateSyntaxError where error.token == nil {
                throw TemplateSyntaxError(reason: error.reason, token: node.token, stackTrace: error.stackTrace)
            } catch let error as TemplateSyntaxError {
                throw error
            } catch {
                throw TemplateSyntaxError(reason: "\(error)", token: node.token)
            }
        })
    }
}
