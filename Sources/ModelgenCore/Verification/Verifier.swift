import Foundation

/// Runs conformance vectors against the code modelgen generates, in each language.
public struct Verifier: Sendable {
    public enum Outcome: Sendable {
        case passed
        case failed(String)
        /// The language's toolchain is missing; what to install.
        case notRun(String)
        /// The run stopped at a step Firestore's emulator cannot be asked (why), unchecked.
        case skipped(String)
    }

    public var languages: [Language]
    public var templates: TemplateEngine
    public var runtimes: RuntimeFiles
    /// The folder of the modelgen package, whose ModelgenRuntime the Swift runners depend on.
    public var modelgenPackage: String
    /// Firestore's emulator (`HOST:PORT`) that ``runOnEmulator(_:)`` runs the vectors' store against.
    public var emulator: String?

    public init(languages: [Language], templates: TemplateEngine, runtimes: RuntimeFiles, modelgenPackage: String, emulator: String? = nil) {
        self.languages = languages
        self.templates = templates
        self.runtimes = runtimes
        self.modelgenPackage = modelgenPackage
        self.emulator = emulator
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

    /// What running one vector in one language gave.
    public enum Run: Sendable {
        case trace(Trace)
        case failed(String)
        /// The language's toolchain is missing; what to install.
        case notRun(String)
    }

    /// The outcome of every vector in every language, by language then vector.
    public func run(_ vectors: [LoadedVector]) -> [Language: [Outcome]] {
        traces(vectors).mapValues { runs in zip(vectors, runs).map { Self.outcome(of: $1, for: $0.vector) } }
    }

    /// A run's outcome: a trace checked against the vector (a skipped one as skipped), else why
    /// it did not run. `onEmulator`: refusals match by place, and zeros by value.
    private static func outcome(of run: Run, for vector: Vector, onEmulator: Bool = false) -> Outcome {
        switch run {
        case let .trace(trace):
            if let reason = trace.skipped { return .skipped(reason) }
            return TraceCheck.firstDifference(trace, vector, messages: !onEmulator, signOfZero: !onEmulator).map(Outcome.failed) ?? .passed
        case let .failed(reason): return .failed(reason)
        case let .notRun(install): return .notRun(install)
        }
    }

    /// The outcome of every vector run by the Swift runner over Firestore's emulator instead of
    /// the in-memory store: Firestore itself as the oracle. Refusals and listener errors match
    /// by their place, not their words; -0.0 matches 0.0 (the emulator's REST API, which the
    /// runner speaks, stores -0.0 as 0.0; its gRPC API and production keep the sign).
    public func runOnEmulator(_ vectors: [LoadedVector]) -> [Outcome] {
        var resources = VerificationResources(templates: templates, runtimes: runtimes, modelgenPackage: modelgenPackage)
        resources.emulatorHost = emulator
        let swift = SwiftLanguage(CombineFlavour())
        let runs = Self.batches(vectors, size: swift.batchSize).flatMap { run($0, swift, resources) }
        return zip(vectors, runs).map { Self.outcome(of: $1, for: $0.vector, onEmulator: true) }
    }

    /// What every vector printed in every language, by language then vector: each language runs
    /// them as data (``scenarioRuns(_:_:_:_:)``).
    public func traces(_ vectors: [LoadedVector]) -> [Language: [Run]] {
        timedTraces(vectors).runs
    }

    /// ``traces(_:)``, with the seconds each language took to build and run them.
    func timedTraces(_ vectors: [LoadedVector]) -> (runs: [Language: [Run]], seconds: [Language: Double]) {
        let resources = VerificationResources(templates: templates, runtimes: runtimes, modelgenPackage: modelgenPackage)
        // Each vector as a line of JSON once, for every language.
        let lines = vectors.map { ScenarioLine.of($0.vector, model: $0.model) }
        // The languages run side by side: each mostly waits on its compiler or its runner.
        let runs = Locked<[Language: [Run]]>([:]), seconds = Locked<[Language: Double]>([:])
        DispatchQueue.concurrentPerform(iterations: languages.count) { position in
            let start = Date()
            defer { seconds.withLock { $0[languages[position]] = Date().timeIntervalSince(start) } }
            let language = languages[position]
            let traces = scenarioRuns(vectors, lines, language.definition, resources)
            runs.withLock { $0[language] = traces }
        }
        return (runs.value, seconds.value)
    }

    /// What vector `index` of `all` gave in each of ``languages``, in their order.
    func runs(_ all: [Language: [Run]], at index: Int) -> [(language: Language, run: Run)] {
        languages.map { (language: $0, run: all[$0]![index]) }
    }

    /// The vectors in batches of at most `size`, holding at most `size / 2` distinct models (a
    /// model is much more code than a runner).
    static func batches(_ vectors: [LoadedVector], size: Int) -> [ArraySlice<LoadedVector>] {
        var batches: [ArraySlice<LoadedVector>] = []
        var start = 0, models: Set<Model> = []
        for (index, entry) in vectors.enumerated() {
            if index - start == size || (!models.contains(entry.model) && models.count == size / 2) {
                batches.append(vectors[start..<index])
                start = index
                models = []
            }
            models.insert(entry.model)
        }
        if start < vectors.count { batches.append(vectors[start...]) }
        return batches
    }

    /// The runs of one batch of vectors, each run by number in one build.
    private func run(_ batch: ArraySlice<LoadedVector>, _ verification: SwiftLanguage, _ resources: VerificationResources) -> [Run] {
        Self.buildingApart(Array(batch), runs: { _ in 1 }) { vectors in
            try verification.run(try verification.project(vectors, using: resources), count: vectors.count, using: resources).map(Run.init)
        }
    }

    /// What `body` gives for `items`. When their project does not build (a ``ToolchainError``), its
    /// halves are built apart, down to single items, so that one whose code does not build fails
    /// alone, with its errors; `runs` is how many runs an item gives.
    static func buildingApart<Item>(_ items: [Item], runs: (Item) -> Int, _ body: ([Item]) throws -> [Run]) -> [Run] {
        let count = items.map(runs).reduce(0, +)
        do {
            return try body(items)
        } catch let missing as ToolchainMissing {
            return Array(repeating: .notRun(missing.install), count: count)
        } catch is ToolchainError where items.count > 1 {
            let middle = items.count / 2
            return buildingApart(Array(items[..<middle]), runs: runs, body) + buildingApart(Array(items[middle...]), runs: runs, body)
        } catch {
            return Array(repeating: .failed("\(error)"), count: count)
        }
    }
}

extension Verifier.Run {
    /// A runner's output: its trace, or how it failed.
    init(_ output: ProcessOutput) {
        self = output.succeeded ? .trace(Trace(parsing: output.stdout)) : .failed("the runner exited with status \(output.status):\n\(output.stderr)\(output.stdout)")
    }
}

extension Language {
    /// What to install when the language's toolchain is missing.
    public var installHint: String { definition.installHint }
}
