/// How one language runs vectors as data: a project of the runtime, the interpreter
/// (`Runtimes/verify/<language>/`), and each schema's model with its scenario table, built once
/// and given the vectors as ``ScenarioLine``s.
protocol ScenarioVerification: Sendable {
    /// What to install when the language's toolchain is missing.
    var installHint: String { get }

    /// How many schemas one project holds at most, times two: kotlinc runs out of memory on a
    /// few hundred models.
    var batchSize: Int { get }

    /// The project holding `models`, each scenario run through the table of model `i` when its line says `"model": i`.
    func scenarioProject(_ models: [Model], using resources: VerificationResources) throws -> [GeneratedFile]

    /// The runner of `project`, built, or found built in ``ScenarioCache``. Throws
    /// ``ToolchainMissing`` when the language's toolchain is not installed.
    func scenarioRunner(_ project: [GeneratedFile], using resources: VerificationResources) throws -> ScenarioRunner
}

extension Verifier {
    /// The runs of `vectors` (each given as its ``ScenarioLine`` in `lines`) as data in `language`,
    /// in order, in projects of at most `batchSize / 2` schemas, one process each.
    func scenarioRuns(_ vectors: [LoadedVector], _ lines: [String], _ language: any LanguageDefinition, _ resources: VerificationResources) -> [Run] {
        let (models, modelOf) = vectors.sharedModels
        let scenarios = Dictionary(grouping: vectors.indices) { modelOf[$0] }
        let schemas = models.indices.map { (model: models[$0], scenarios: scenarios[$0] ?? []) }
        let size = max(language.batchSize / 2, 1)
        var runs = [Run?](repeating: nil, count: vectors.count)
        for start in stride(from: 0, to: schemas.count, by: size) {
            let batch = Array(schemas[start..<min(start + size, schemas.count)])
            let outcome = Self.buildingApart(batch, runs: { $0.scenarios.count }) { try Self.run($0, language, resources, lines) }
            for (index, run) in zip(batch.flatMap { $0.scenarios }, outcome) { runs[index] = run }
        }
        return runs.map { $0 ?? .failed("the vector was not run") }
    }

    /// Builds the project of the schemas' models and runs their scenarios (indices into
    /// `lines`) in one process, schema by schema.
    private static func run(
        _ schemas: [(model: Model, scenarios: [Int])], _ scenarios: any ScenarioVerification, _ resources: VerificationResources, _ lines: [String]
    ) throws -> [Run] {
        let runner = try scenarios.scenarioRunner(try scenarios.scenarioProject(schemas.map { $0.model }, using: resources), using: resources)
        let numbered = schemas.enumerated().flatMap { number, schema in schema.scenarios.map { (model: number, line: lines[$0]) } }
        do {
            return try runner.run(numbered).map(Run.init)
        } catch {
            return numbered.map { _ in .failed("\(error)") }
        }
    }
}
