/// Runs conformance vectors against the code modelgen generates, in each language.
public struct Verifier: Sendable {
    public enum Outcome: Sendable {
        case passed
        case failed(String)
        /// The language's toolchain is missing; what to install.
        case notRun(String)
    }

    public var languages: [Language]
    public var templates: TemplateEngine
    public var runtimes: RuntimeFiles
    /// The folder of the modelgen package, whose ModelgenRuntime the Swift runners depend on.
    public var modelgenPackage: String

    public init(languages: [Language], templates: TemplateEngine, runtimes: RuntimeFiles, modelgenPackage: String) {
        self.languages = languages
        self.templates = templates
        self.runtimes = runtimes
        self.modelgenPackage = modelgenPackage
    }

    /// Loads and checks every vector, generating each one's model; reports all problems.
    public static func load(_ paths: [String]) throws(DiagnosticsError) -> [LoadedVector] {
        var loaded: [LoadedVector] = []
        var problems: [Diagnostic] = []
        for path in paths {
            do {
                let vector = try VectorLoader().load(try SchemaSource.read(path: path))
                let model: Model
                do {
                    let syntax = try YAMLSchemaLoader().load(vector.schema)
                    model = try SchemaValidator().validate(syntax, baseName: "vector")
                } catch {
                    problems += error.diagnostics.map { shifted($0, vector) }
                    continue
                }
                let mistakes = VectorChecker.problems(vector, model)
                problems += mistakes
                if mistakes.isEmpty { loaded.append(LoadedVector(vector: vector, model: model)) }
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return loaded
    }

    /// A diagnostic in an inline schema, moved to its place in the vector file.
    private static func shifted(_ diagnostic: Diagnostic, _ vector: Vector) -> Diagnostic {
        guard vector.schemaLineOffset > 0, var location = diagnostic.location, location.file == vector.file else { return diagnostic }
        location.line += vector.schemaLineOffset
        location.column += vector.schemaColumnOffset
        return Diagnostic(diagnostic.severity, at: location, diagnostic.message)
    }

    /// The outcome of every vector in every language, by language then vector.
    public func run(_ vectors: [LoadedVector]) -> [Language: [Outcome]] {
        let resources = VerificationResources(templates: templates, runtimes: runtimes, modelgenPackage: modelgenPackage)
        var outcomes: [Language: [Outcome]] = [:]
        for language in languages {
            let verification = language.definition
            do {
                let project = try verification.project(vectors, using: resources)
                let outputs = try verification.run(project, count: vectors.count, using: resources)
                outcomes[language] = zip(vectors, outputs).map { entry, output in
                    guard output.succeeded else { return .failed("the runner exited with status \(output.status):\n\(output.stderr)\(output.stdout)") }
                    return TraceCheck.firstDifference(Trace(parsing: output.stdout), entry.vector).map(Outcome.failed) ?? .passed
                }
            } catch let missing as ToolchainMissing {
                outcomes[language] = vectors.map { _ in .notRun(missing.install) }
            } catch {
                outcomes[language] = vectors.map { _ in .failed("\(error)") }
            }
        }
        return outcomes
    }
}

extension Language {
    /// What to install when the language's toolchain is missing.
    public var installHint: String { definition.installHint }
}
