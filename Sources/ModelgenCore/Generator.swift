import Foundation

/// Runs the stages — load, validate, render — over a set of schemas. Writing is separate so
/// that nothing is written unless every schema is valid.
public struct Generator: Sendable {
    public var loader: any SchemaLoader = YAMLSchemaLoader()
    public var validator: any SchemaValidating = SchemaValidator()
    public var renderers: [any Renderer] = Generator.allRenderers
    public var templates: TemplateEngine

    /// Every language modelgen generates.
    public static let allRenderers: [any Renderer] = [SwiftRenderer(), KotlinRenderer(), TypeScriptRenderer()]

    public init(templates: TemplateEngine) {
        self.templates = templates
    }

    /// The validated models of `sources`, or every problem found in any of them.
    /// Settings from the command line that override the schemas' own.
    public struct Overrides: Sendable {
        public var kotlinPackage: String?
        public var typeScriptRuntimeModule: String?

        public init(kotlinPackage: String? = nil, typeScriptRuntimeModule: String? = nil) {
            self.kotlinPackage = kotlinPackage
            self.typeScriptRuntimeModule = typeScriptRuntimeModule
        }
    }

    public func models(_ sources: [SchemaSource], overrides: Overrides = Overrides()) throws(DiagnosticsError) -> [Model] {
        var problems: [Diagnostic] = []
        var models: [Model] = []
        var baseNames: [String: String] = [:]
        for source in sources {
            if let other = baseNames[source.baseName] {
                problems.append(.error("'\(source.path)' and '\(other)' would both generate files named '\(source.baseName)'", at: nil))
                continue
            }
            baseNames[source.baseName] = source.path
            do {
                let syntax = try loader.load(source)
                var model = try validator.validate(syntax, baseName: source.baseName)
                if let kotlinPackage = overrides.kotlinPackage { model.kotlinPackage = kotlinPackage }
                if let module = overrides.typeScriptRuntimeModule { model.typeScriptRuntimeModule = module }
                models.append(model)
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return models
    }

    /// The files for `models` in the renderers' languages, plus their support files, in a fixed
    /// order. One file at a time, its declarations on all cores (see ``TemplateEngine``): a
    /// `concurrentPerform` inside another runs on one thread.
    public func render(_ models: [Model]) throws -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        for renderer in renderers {
            for model in models {
                files += try renderer.render(model, templates: templates)
            }
        }
        for renderer in renderers {
            files += try renderer.supportFiles(templates: templates)
        }
        return files
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
