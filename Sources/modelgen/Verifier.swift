import Foundation
import ModelgenCore
import ModelgenToolchains

/// Runs conformance vectors against the code modelgen generates, in each language.
struct Verifier {
    enum Outcome {
        case passed
        case failed(String)
        case notRun(String)
    }

    let templates: TemplateEngine
    let languages: [Language]
    let modelgenPackage: String

    /// Loads and checks every vector, generating each one's model; reports all problems.
    static func load(_ paths: [String]) throws(DiagnosticsError) -> [(vector: Vector, model: Model)] {
        var loaded: [(vector: Vector, model: Model)] = []
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
                if mistakes.isEmpty { loaded.append((vector, model)) }
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
    func run(_ vectors: [(vector: Vector, model: Model)]) -> [Language: [Outcome]] {
        var outcomes: [Language: [Outcome]] = [:]
        for language in languages {
            do {
                let outputs = try runners(language, vectors)
                outcomes[language] = zip(vectors, outputs).map { entry, output in
                    guard let output else { return .notRun(language.installHint) }
                    guard output.succeeded else { return .failed("the runner exited with status \(output.status):\n\(output.stderr)\(output.stdout)") }
                    return TraceCheck.firstDifference(Trace(parsing: output.stdout), entry.vector).map(Outcome.failed) ?? .passed
                }
            } catch let error as NotRun {
                outcomes[language] = vectors.map { _ in .notRun(error.install) }
            } catch {
                outcomes[language] = vectors.map { _ in .failed("\(error)") }
            }
        }
        return outcomes
    }

    struct NotRun: Error {
        var install: String
    }

    /// Builds the runners of one language and runs each vector's, collecting their output.
    private func runners(_ language: Language, _ vectors: [(vector: Vector, model: Model)]) throws -> [ProcessOutput?] {
        let files = try RunnerProject(language: language, templates: templates).files(for: vectors, modelgenPackage: modelgenPackage)
        let sources = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        switch language {
        case .swift:
            guard case let .available(swift) = SwiftToolchain.find() else { throw NotRun(install: language.installHint) }
            let directory = (modelgenPackage as NSString).appendingPathComponent(".build-verify")
            let runner = try swift.build(sources, in: directory, product: "VerifyRunner")
            return try vectors.indices.map { try ProcessRunner.run(runner, [String($0)]) }
        case .kotlin:
            guard case let .available(kotlin) = KotlinToolchain.find() else { throw NotRun(install: language.installHint) }
            let directory = try makeTemporaryDirectory("modelgen-verify-kotlin")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try kotlin.compile(sources, into: directory + "/runners.jar")
            return try vectors.indices.map { try kotlin.run(jar: directory + "/runners.jar", mainClass: "vectors.MainKt", arguments: [String($0)]) }
        case .typescript:
            guard case let .available(typescript) = TypeScriptToolchain.find() else { throw NotRun(install: language.installHint) }
            let directory = try makeTemporaryDirectory("modelgen-verify-typescript")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try typescript.compile(sources, into: directory)
            return try vectors.indices.map { try typescript.run(script: directory + "/main.js", arguments: [String($0)]) }
        }
    }
}

extension Language {
    /// What to install when the language's toolchain is missing.
    var installHint: String {
        switch self {
        case .swift: "install a Swift 6.1 toolchain"
        case .kotlin: "apt-get install -y \(KotlinToolchain.debianPackages)"
        case .typescript: "apt-get install -y \(TypeScriptToolchain.debianPackages)"
        }
    }
}
