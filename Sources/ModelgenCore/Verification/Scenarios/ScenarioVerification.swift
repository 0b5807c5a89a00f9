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
    /// The runs of `vectors` as data in `language`, in order, in projects of at most `batchSize / 2`
    /// schemas, one process each.
    func scenarioRuns(_ vectors: [LoadedVector], _ language: any LanguageDefinition, _ resources: VerificationResources) -> [Run] {
        let (models, modelOf) = vectors.sharedModels
        let size = max(language.batchSize / 2, 1)
        var runs: [Int: Run] = [:]
        for start in stride(from: 0, to: models.count, by: size) {
            let batch = Array(models[start..<min(start + size, models.count)])
            let members = vectors.indices.filter { (start..<start + batch.count).contains(modelOf[$0]) }
            let outcome = Self.run(batch, language, resources, members.map { (index: $0, model: modelOf[$0] - start, line: ScenarioLine.of(vectors[$0].vector, model: vectors[$0].model)) })
            for (index, run) in outcome { runs[index] = run }
        }
        return vectors.indices.map { runs[$0] ?? .failed("the vector was not run") }
    }

    /// Builds the project of `models` and runs `scenarios` (each with its index into the vectors,
    /// and the number of its model in `models`) in one process.
    private static func run(
        _ models: [Model], _ scenarios: any ScenarioVerification, _ resources: VerificationResources, _ lines: [(index: Int, model: Int, line: String)]
    ) -> [(Int, Run)] {
        let runner: ScenarioRunner
        do {
            runner = try scenarios.scenarioRunner(try scenarios.scenarioProject(models, using: resources), using: resources)
        } catch let missing as ToolchainMissing {
            return lines.map { ($0.index, .notRun(missing.install)) }
        } catch is ToolchainError where models.count > 1 {
            // Built apart, a schema whose code does not build fails alone, with its errors.
            let middle = models.count / 2
            let (first, second) = (lines.filter { $0.model < middle }, lines.filter { $0.model >= middle })
            return run(Array(models[..<middle]), scenarios, resources, first)
                + run(Array(models[middle...]), scenarios, resources, second.map { (index: $0.index, model: $0.model - middle, line: $0.line) })
        } catch {
            return lines.map { ($0.index, .failed("\(error)")) }
        }
        do {
            let outputs = try runner.run(lines.map { (model: $0.model, line: $0.line) })
            return zip(lines, outputs).map { scenario, output in
                (scenario.index, output.succeeded ? .trace(Trace(parsing: output.stdout)) : .failed("the runner exited with status \(output.status):\n\(output.stderr)\(output.stdout)"))
            }
        } catch {
            return lines.map { ($0.index, .failed("\(error)")) }
        }
    }
}
