/// How a language runs conformance vectors compiled, a runner program each: the project it
/// prints for them — each vector's model and runner program, and what they share — and how it
/// builds and runs that project. Only the Swift runners on Firestore's emulator run so; every
/// language runs vectors on the in-memory store as data (``ScenarioVerification``).
protocol VectorVerification: RunnerSpelling {
    /// How the program's statements are spelled.
    var program: ProgramTable { get }
    /// The program around its `run` function's statements.
    func program(_ frame: RunnerFrame) -> [String]

    /// The runner project for `vectors`, by path relative to the project's folder.
    func project(_ vectors: [LoadedVector], using resources: VerificationResources) throws -> [GeneratedFile]

    /// Builds `project` and runs the runner of each of `count` vectors, in order.
    /// Throws ``ToolchainMissing`` when the language's toolchain is not installed.
    func run(_ project: [GeneratedFile], count: Int, using resources: VerificationResources) throws -> [ProcessOutput]
}

/// Where a language's runner project puts its pieces; the project is the same in every
/// language: the runtime and the trace support, one `main` running the vectors by number, each
/// distinct model once in a module of its own, and each vector's runner in its module.
struct RunnerLayout {
    /// The module of vector number `%` (`vectors.v%`), and of shared model number `%`.
    var vector: String
    var model: String
    /// The trace support's files, each by its path under `Runtimes/` (`verify/kotlin/Support.kt`)
    /// and its path in the project.
    var support: [(source: String, path: String)]
    var mainPath: String
    /// The path of a vector module's runner.
    var runner: (String) -> String
    /// The path of a model module's file, where not the generated file's own.
    var modelFile: ((String) -> String)? = nil
}

/// The modules of a runner project: each vector's, each distinct model's, and the model module
/// each vector's runner imports.
struct RunnerModules {
    let vectors: [String]
    let models: [Model]
    let modelModules: [String]
    let modelOf: [String]

    init(_ vectors: [LoadedVector], layout: RunnerLayout) {
        let (models, positions) = vectors.sharedModels
        let modelModules = models.indices.map { layout.model.filling("\($0)") }
        self.vectors = vectors.indices.map { layout.vector.filling("\($0)") }
        self.models = models
        self.modelModules = modelModules
        modelOf = positions.map { modelModules[$0] }
    }
}

extension VectorVerification where Self: LanguageDefinition {
    /// The files of the runner project for `vectors` laid out by `layout` in `modules`, `main`
    /// printed by `main` from the vectors' modules.
    func runnerFiles(
        _ vectors: [LoadedVector], using resources: VerificationResources, layout: RunnerLayout, modules: RunnerModules, main: ([String]) -> [String]
    ) throws -> [GeneratedFile] {
        var files = resources.runtimeAndSupport(of: self, support: layout.support)
            + [GeneratedFile(path: layout.mainPath, contents: main(modules.vectors).fileText)]
        for (model, module) in zip(modules.models, modules.modelModules) {
            let file = try resources.modelFile(model, in: self)
            files.append(layout.modelFile.map { GeneratedFile(path: $0(module), contents: file.contents) } ?? file)
        }
        for (index, entry) in vectors.enumerated() {
            let module = modules.modelOf[index]
            let runner = program(entry.vector, model: entry.model, module: modules.vectors[index], modelModule: module)
            files.append(GeneratedFile(path: layout.runner(modules.vectors[index]), contents: runner.fileText))
        }
        return files
    }
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
    /// Firestore's emulator (`HOST:PORT`) that Swift runners use as their store instead of the
    /// in-memory one.
    var emulatorHost: String? = nil

    /// What a runner project of `language` starts from: the language's runtime where modelgen
    /// puts it (without the Firestore adapter: no Firebase SDK here), and the runners' trace
    /// support (files of `Runtimes/verify/`) where the layout puts it.
    func runtimeAndSupport(of language: any LanguageDefinition, support: [(source: String, path: String)]) -> [GeneratedFile] {
        let runtime = language.runtimes.flatMap { runtime in
            runtimes.files(under: runtime.source).filter { !$0.path.hasPrefix("firestore/") }.map {
                GeneratedFile(path: "\(runtime.destination)/\($0.path)", contents: $0.contents)
            }
        }
        return runtime + support.map { GeneratedFile(path: $0.path, contents: runtimes.text($0.source)) }
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

extension [LoadedVector] {
    /// The vectors' distinct models, in order of first use, and which of them each vector
    /// uses: vectors of one schema share one generated model, so a batch compiles it once.
    var sharedModels: (models: [Model], modelOf: [Int]) {
        var models: [Model] = [], positions: [Model: Int] = [:]
        let modelOf = map { entry in
            if let known = positions[entry.model] { return known }
            positions[entry.model] = models.count
            models.append(entry.model)
            return models.count - 1
        }
        return (models, modelOf)
    }
}

extension ProcessOutput {
    /// Each vector's part of the output of one run of `count` vectors, whose `main` prints
    /// `vector N` before each vector's trace and `vector N crashed` before what it threw. A
    /// vector the run did not reach failed with the run's status and errors.
    func split(count: Int) -> [ProcessOutput] {
        var parts: [Int: (stdout: [Substring], crash: [Substring]?)] = [:]
        var current: Int?
        for line in stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = line.split(separator: " ")
            if words.count >= 2, words.count <= 3, words[0] == "vector", let number = Int(words[1]) {
                current = number
                if words.count == 2 { parts[number] = ([], nil) } else { parts[number]?.crash = [] }
            } else if let current {
                if parts[current]?.crash != nil { parts[current]?.crash?.append(line) } else { parts[current]?.stdout.append(line) }
            }
        }
        return (0..<count).map { index in
            guard let part = parts[index] else { return ProcessOutput(status: succeeded ? 1 : status, stdout: "", stderr: stderr) }
            let stdout = part.stdout.joined(separator: "\n") + "\n"
            guard let crash = part.crash else { return ProcessOutput(status: 0, stdout: stdout, stderr: "") }
            return ProcessOutput(status: 1, stdout: stdout, stderr: crash.joined(separator: "\n"))
        }
    }
}
