/// How one language runs vectors as data: a project of the runtime, the interpreter
/// (`Runtimes/verify/<language>/`), and each schema's model with its scenario table, built once
/// and given the vectors as ``ScenarioLine``s.
protocol ScenarioVerification: Sendable {
    /// The project holding `models`, model `i`'s table run when the runner is given `i`.
    func scenarioProject(_ models: [Model], using resources: VerificationResources) throws -> [GeneratedFile]

    /// The runner of `project`, built, or found built in ``ScenarioCache``. Throws
    /// ``ToolchainMissing`` when the language's toolchain is not installed.
    func scenarioRunner(_ project: [GeneratedFile], using resources: VerificationResources) throws -> ScenarioRunner
}

extension Verifier {
    /// The runs of the vectors that run as data in `language` (by index into `vectors`), in
    /// projects of at most `batchSize / 2` schemas; the others (a transaction, on the emulator)
    /// are left out, for compiled runners.
    func scenarioRuns(_ vectors: [LoadedVector], _ language: any LanguageDefinition, _ resources: VerificationResources) -> [Int: Run] {
        guard resources.emulatorHost == nil, let scenarios = language as? any ScenarioVerification else { return [:] }
        let lines = vectors.map { ScenarioLine.of($0.vector, model: $0.model) }
        let scripted = vectors.indices.filter { lines[$0] != nil }
        let (models, modelOf) = scripted.map { vectors[$0] }.sharedModels
        var runs: [Int: Run] = [:]
        for start in stride(from: 0, to: models.count, by: max(language.batchSize / 2, 1)) {
            let batch = Array(models[start..<min(start + max(language.batchSize / 2, 1), models.count)])
            let members = scripted.indices.filter { (start..<start + batch.count).contains(modelOf[$0]) }
            let outcome = Self.run(batch, from: start, scenarios, resources) { model in
                members.filter { modelOf[$0] == model }.map { (index: scripted[$0], line: lines[scripted[$0]]!) }
            }
            for (index, run) in outcome { runs[index] = run }
        }
        return runs
    }

    /// Builds the project of `models` (numbered from `first`) and runs each model's vectors,
    /// given by `vectorsOf`, through its table.
    private static func run(
        _ models: [Model], from first: Int, _ scenarios: any ScenarioVerification, _ resources: VerificationResources,
        vectorsOf: (Int) -> [(index: Int, line: String)]
    ) -> [(Int, Run)] {
        let all = models.indices.flatMap { vectorsOf(first + $0) }
        let runner: ScenarioRunner
        do {
            runner = try scenarios.scenarioRunner(try scenarios.scenarioProject(models, using: resources), using: resources)
        } catch let missing as ToolchainMissing {
            return all.map { ($0.index, .notRun(missing.install)) }
        } catch is ToolchainError where models.count > 1 {
            // Built apart, a schema whose code does not build fails alone, with its errors.
            let middle = models.count / 2
            return run(Array(models[..<middle]), from: first, scenarios, resources, vectorsOf: vectorsOf)
                + run(Array(models[middle...]), from: first + middle, scenarios, resources, vectorsOf: vectorsOf)
        } catch {
            return all.map { ($0.index, .failed("\(error)")) }
        }
        return models.indices.flatMap { offset -> [(Int, Run)] in
            let vectors = vectorsOf(first + offset)
            do {
                let outputs = try runner.run(model: offset, vectors.map(\.line))
                return zip(vectors, outputs).map { vector, output in
                    (vector.index, output.succeeded ? .trace(Trace(parsing: output.stdout)) : .failed("the runner exited with status \(output.status):\n\(output.stderr)\(output.stdout)"))
                }
            } catch {
                return vectors.map { ($0.index, .failed("\(error)")) }
            }
        }
    }
}
