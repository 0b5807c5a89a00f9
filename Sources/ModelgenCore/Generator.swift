import Foundation

/// Runs the stages — load, validate, render — over a set of schemas. Writing is separate so
/// that nothing is written unless every schema is valid.
public struct Generator: Sendable {
    /// The languages to render, in the registry's order.
    public var languages: [Language] = Language.defaults
    public var templates: TemplateEngine
    public var runtimes: RuntimeFiles

    public init(templates: TemplateEngine, runtimes: RuntimeFiles) {
        self.templates = templates
        self.runtimes = runtimes
    }

    /// The validated models of `sources`, with `overrides` in place of the schemas' own
    /// settings, or every problem found in any of them.
    public func models(_ sources: [SchemaSource], overrides: [SettingOverride] = []) throws(DiagnosticsError) -> [Model] {
        try check(sources, overrides: overrides).models
    }

    /// The validated models of `sources` and the warnings about them, or every problem found in
    /// any of them, warnings included.
    public func check(_ sources: [SchemaSource], overrides: [SettingOverride] = []) throws(DiagnosticsError) -> (models: [Model], warnings: [Diagnostic]) {
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        var models: [Model] = []
        var baseNames: [String: String] = [:]
        for source in sources {
            if let other = baseNames[source.baseName] {
                problems.append(.error("'\(source.path)' and '\(other)' would both generate files named '\(source.baseName)'", at: nil))
                continue
            }
            baseNames[source.baseName] = source.path
            do {
                var syntax = try YAMLSchemaLoader().load(source)
                for override in overrides {
                    syntax.settings[override.language.name, default: [:]][override.key] = override.value
                }
                let validated = try SchemaValidator(languages: languages).validateWithWarnings(syntax, baseName: source.baseName)
                models.append(validated.model)
                warnings += validated.warnings
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems + warnings) }
        return (models, DiagnosticsError(warnings).diagnostics)
    }

    /// The files of `models` in each of ``languages``, then each language's runtime where a
    /// model imports the copy beside it (or no model is given), by language. One file at a time,
    /// its declarations on all cores (see ``TemplateEngine``): a `concurrentPerform` inside
    /// another runs on one thread.
    public func render(_ models: [Model]) throws -> [(language: Language, files: [GeneratedFile])] {
        try languages.map { language in
            let definition = language.definition
            let renderer = ModelRenderer(language: definition, templates: templates)
            let copying = models.filter(definition.importsCopiedRuntime)
            let adapter = copying.isEmpty || copying.contains(where: definition.writesFirestoreAdapter)
            let runtime = models.isEmpty || !copying.isEmpty ? definition.runtimes.flatMap { runtime in
                runtimes.files(under: runtime.source).filter { adapter || !$0.path.hasPrefix("firestore/") }
                    .map { GeneratedFile(path: "\(runtime.destination)/\($0.path)", contents: $0.contents) }
            } : []
            return (language, try models.map(renderer.render) + runtime)
        }
    }
}

extension SchemaSource {
    /// The schema files named by `paths`: files as given, folders by their `*.yaml` and
    /// `*.yml` files, in name order.
    public static func collect(_ paths: [String]) throws(DiagnosticsError) -> [SchemaSource] {
        var files: [String] = []
        var problems: [Diagnostic] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(.error("no such file or folder '\(path)'", at: nil))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let schemas = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
            if schemas.isEmpty {
                problems.append(.error("folder '\(path)' holds no .yaml schema files", at: nil))
            }
            files += schemas.map { (path as NSString).appendingPathComponent($0) }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        var sources: [SchemaSource] = []
        for file in files {
            do {
                sources.append(try SchemaSource.read(path: file))
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return sources
    }
}
