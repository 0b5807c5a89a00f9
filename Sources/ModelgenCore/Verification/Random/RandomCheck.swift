import Foundation

/// `modelgen verify --random`: random scenarios of one schema run in every language, and the
/// first on which the languages' traces differ, minimised and written as a vector file.
public struct RandomCheck: Sendable {
    public var verifier: Verifier
    /// The schema, and its path as the vector file written for a difference gives it.
    public var schema: SchemaSource
    public var schemaPath: String
    public var seed: UInt64

    public enum Result: Sendable {
        /// Every language printed the same for every scenario.
        case agreed(scenarios: Int)
        case differed(Finding)
        /// A language's toolchain is missing; what to install.
        case notRun(language: String, install: String)
        /// A scenario failed in every language (its runners did not build, or crashed): a bug of
        /// the scenarios or the runners, which no comparison of the languages would show.
        case failedEverywhere(scenario: Int, reason: String)
    }

    /// A scenario on which the languages differ, minimised.
    public struct Finding: Sendable {
        /// Which scenario (from 1), and its steps before and after minimising.
        public var scenario: Int
        public var originalSteps: Int
        public var steps: Int
        /// Where the languages' traces part, for the minimised scenario.
        public var difference: String
        /// The minimised scenario as a vector file, with what most languages emitted as expectations.
        public var vectorFile: String
    }

    private let model: Model

    /// Throws the schema's problems when it is not valid.
    public init(verifier: Verifier, schema: SchemaSource, schemaPath: String, seed: UInt64) throws(DiagnosticsError) {
        self.verifier = verifier
        self.schema = schema
        self.schemaPath = schemaPath
        self.seed = seed
        model = try SchemaValidator().validate(try YAMLSchemaLoader().load(schema), baseName: "vector")
        let index = ModelIndex(model)
        guard model.streams.contains(where: { !index.waits($0.name) }), !model.collections.isEmpty else {
            throw DiagnosticsError([.error(
                "random scenarios need a collection and a stream that is not debounced (they do not advance time)",
                at: SourceLocation(file: schemaPath, line: 1, column: 1)
            )])
        }
    }

    /// How far a run has come: scenarios compared, the scenarios among them on which the
    /// languages differ, the seconds since it started, and the seconds each language has taken
    /// to build and run its share (the languages run side by side).
    public struct Progress: Sendable {
        public var done: Int
        public var total: Int
        public var differences: Int
        public var seconds: Double
        public var languageSeconds: [(language: String, seconds: Double)]
    }

    /// Runs `count` scenarios, `chunk` at a time in every language, reporting `progress` after
    /// each chunk, and stops after the chunk holding the first difference or failure; `origin`
    /// (the command that ran them) heads a finding's vector file.
    public func run(count: Int, origin: String, chunk: Int = 500, progress: (Progress) -> Void = { _ in }) -> Result {
        var generator = ScenarioGenerator(model: model, seed: seed)
        let start = Date()
        var done = 0, seconds: [Language: Double] = [:]
        while done < max(count, 1) {
            let scenarios = (done + 1...min(done + chunk, max(count, 1))).map { generator.scenario($0) }
            let (runs, chunkSeconds) = verifier.timedTraces(scenarios.map { LoadedVector(vector: $0, model: model) })
            seconds.merge(chunkSeconds, uniquingKeysWith: +)
            let differing = scenarios.indices.filter { difference($0, in: runs) != nil }
            progress(Progress(
                done: done + scenarios.count, total: max(count, 1), differences: differing.count, seconds: Date().timeIntervalSince(start),
                languageSeconds: verifier.languages.map { (language: $0.name, seconds: seconds[$0] ?? 0) }
            ))
            if let result = outcome(scenarios, runs, first: done, differing: differing, origin: origin) { return result }
            done += scenarios.count
        }
        return .agreed(scenarios: done)
    }

    /// What a chunk of scenarios (numbered after `first`) found, if anything: a language not
    /// run, a scenario failing everywhere, or the first difference, minimised.
    private func outcome(_ scenarios: [Vector], _ runs: [Language: [Verifier.Run]], first: Int, differing: [Int], origin: String) -> Result? {
        for language in verifier.languages {
            if case let .notRun(install)? = runs[language]?.first { return .notRun(language: language.name, install: install) }
        }
        for index in scenarios.indices {
            let reasons = verifier.runs(runs, at: index).compactMap { if case let .failed(reason) = $0.run { reason } else { nil } }
            if reasons.count == verifier.languages.count, let reason = reasons.first {
                return .failedEverywhere(scenario: first + index + 1, reason: reason)
            }
        }
        guard let index = differing.first, let difference = difference(index, in: runs), let differing = difference.differing.last else { return nil }
        let scenario = scenarios[index]
        // Minimised in two languages that differ, the first that agrees with the first
        // language and the last that does not, then run once more in every language.
        var pair = verifier
        pair.languages = [difference.agreeing[0], differing]
        var minimiser = Minimiser(verifier: pair, model: model)
        let (steps, _) = minimiser.minimise(scenario.steps.map(\.action), runs: pair.runs(runs, at: index))
        let minimisedRuns = verifier.runs(verifier.traces([Minimiser.vector(steps, named: scenario.file, model: model)]), at: 0)
        let found = LanguageDifference.among(minimisedRuns)
        let file = vectorFile(scenario, steps: steps, runs: minimisedRuns, comment: [
            "Found by `\(origin)`: scenario \(first + index + 1), minimised from \(scenario.steps.count) steps to \(steps.count).",
            found.map { "The languages differ \($0.description)" }
                ?? "The languages differed when the scenario ran before, but not now: some language's trace is not deterministic.",
        ])
        return .differed(Finding(scenario: first + index + 1, originalSteps: scenario.steps.count, steps: steps.count,
                                 difference: found?.description ?? "", vectorFile: file))
    }

    private func difference(_ index: Int, in runs: [Language: [Verifier.Run]]) -> LanguageDifference? {
        LanguageDifference.among(verifier.runs(runs, at: index))
    }

    /// The steps as a vector file, with expectations after each step from the trace most
    /// languages printed.
    private func vectorFile(_ scenario: Vector, steps: [VectorStep.Action], runs: [(language: Language, run: Verifier.Run)], comment: [String]) -> String {
        let traces = runs.enumerated().compactMap { index, entry -> (position: Int, language: Language, trace: Trace, lines: [String])? in
            guard case let .trace(trace) = entry.run else { return nil }
            return (index, entry.language, trace, TraceComparison.timeline(trace).map { "\($0.step) \($0.text)" })
        }
        // The largest group of languages that printed the same; of equal groups, the one with the first language.
        let groups = Dictionary(grouping: traces, by: \.lines).values.sorted { ($1.count, $0[0].position) < ($0.count, $1[0].position) }
        let majority = groups.first ?? []
        let expected = majority.first?.trace ?? Trace(parsing: "")
        let note = [
            "The expectations are what \(majority.map(\.language.name).joined(separator: " and ")) emitted: check them against the contract",
            "(Documentation/Behaviour.md) before keeping this vector, and give the schema's path from where you keep it.",
        ]
        var vector = scenario
        vector.steps = ExpectationWriter.steps(steps, expecting: expected)
        return VectorWriter(schemaPath: schemaPath).text(vector, comment: comment.flatMap { $0.split(separator: "\n").map(String.init) } + note)
    }
}
