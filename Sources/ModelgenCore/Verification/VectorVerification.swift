/// How one language runs conformance vectors: the project it prints for them — each vector's
/// model and runner program, and what they share — and how it builds and runs that project.
protocol VectorVerification: Sendable {
    /// What to install when the language's toolchain is missing.
    var installHint: String { get }

    /// The runner project for `vectors`, by path relative to the project's folder.
    func project(_ vectors: [LoadedVector], using resources: VerificationResources) throws -> [GeneratedFile]

    /// Builds `project` and runs the runner of each of `count` vectors, in order.
    /// Throws ``ToolchainMissing`` when the language's toolchain is not installed.
    func run(_ project: [GeneratedFile], count: Int, using resources: VerificationResources) throws -> [ProcessOutput]
}

/// A vector with the model of its schema.
public struct LoadedVector: Sendable {
    public var vector: Vector
    public var model: Model
}

/// What a runner project is built from.
struct VerificationResources {
    var templates: TemplateEngine
    var runtimes: RuntimeFiles
    /// The folder of the modelgen package, whose ModelgenRuntime the Swift runners depend on.
    var modelgenPackage: String

    /// What a runner project of `language` starts from: the language's runtime where modelgen
    /// puts it (without the Firestore adapter: no Firebase SDK here), and the runners' trace
    /// support (`Runtimes/verify/<language>/<support>`) at `supportPath`.
    func runtimeAndSupport(of language: any LanguageDefinition, support: String, at supportPath: String) -> [GeneratedFile] {
        let runtime = language.runtime.map { runtime in
            runtimes.files(under: runtime.source).filter { !$0.path.hasPrefix("firestore/") }.map {
                GeneratedFile(path: "\(runtime.destination)/\($0.path)", contents: $0.contents)
            }
        } ?? []
        return runtime + [GeneratedFile(path: supportPath, contents: runtimes.text("verify/\(language.name)/\(support)"))]
    }

    /// The model file of `model` in `language`, as modelgen generates it.
    func modelFile(_ model: Model, in language: any LanguageDefinition) throws -> GeneratedFile {
        try ModelRenderer(language: language, templates: templates).render(model)
    }
}

/// Each file's text by path, for a toolchain to compile.
extension [GeneratedFile] {
    var byPath: [String: String] {
        Dictionary(map { ($0.path, $0.contents) }) { first, _ in first }
    }
}

/// The toolchain a language needs is not installed.
struct ToolchainMissing: Error {
    var install: String
}

extension [String] {
    /// The lines as a file's text, ending with a newline.
    var fileText: String { joined(separator: "\n") + "\n" }
}
