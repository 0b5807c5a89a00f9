import ArgumentParser
import Foundation
import ModelgenCore

/// `modelgen verify`: runs conformance vectors in every language and compares what they emit.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Run conformance vectors against the generated Swift, Kotlin and TypeScript.",
        discussion: """
        A vector is a schema and steps — writes, subscriptions, cancellations, listener errors — \
        with the emissions expected after them (see Documentation/Conformance.md). Each vector \
        runs in every language against the code modelgen generates for its schema; a language \
        whose toolchain is missing is reported as not run, never as passed.
        """
    )

    @Argument(help: "Vector files, or folders of *.yaml vector files; with --random, one schema file.")
    var vectors: [String]

    @Option(name: .long, parsing: .upToNextOption, help: "Languages to run, comma-separated (default: all).")
    var lang: [String] = []

    @Option(name: .long, help: "A folder of templates that replace the built-in ones with the same relative path.")
    var templates: String?

    @Option(name: .long, help: "A folder of runtime files that replace the built-in ones with the same relative path (kotlin/ValueOrder.kt): to check a changed runtime.")
    var runtimes: String?

    @Flag(name: .long, help: "Check one-shot reads instead: before each expect, read every stream subscribed so far once, and expect the value the subscription last emitted.")
    var reads = false

    @Option(name: .long, help: ArgumentHelp("Instead of vectors, run N random scenarios of the schema in every language and report the first on which they differ, minimised, as a vector file.", valueName: "N"))
    var random: Int?

    @Option(name: .long, help: ArgumentHelp("Instead of the languages, check the vectors against Firestore's emulator at HOST:PORT: the Swift runner with the emulator as its store. Refusals and listener errors match by place, not wording; a vector with steps the emulator cannot be asked (pending writes, listener errors, server timestamps) is skipped, never passed.", valueName: "HOST:PORT"))
    var emulator: String?

    @Flag(name: .long, help: "With --random, print the seconds each language took to build its runner and run the scenarios.")
    var timings = false

    @Option(name: .long, help: "The seed of --random's scenarios (default: a new one, printed); the same seed gives the same scenarios.")
    var seed: UInt64?

    func validate() throws {
        if let random, random < 1 { throw ValidationError("--random needs a number of scenarios above zero") }
        if random != nil, vectors.count != 1 { throw ValidationError("--random takes one schema file") }
        if random != nil, reads { throw ValidationError("--random and --reads cannot be used together") }
        if seed != nil, random == nil { throw ValidationError("--seed goes with --random") }
        if timings, random == nil { throw ValidationError("--timings goes with --random") }
        if emulator != nil, random != nil || reads || !lang.isEmpty { throw ValidationError("--emulator runs the vectors as they are: not with --random, --reads or --lang") }
        if let emulator, emulator.split(separator: ":").count != 2 || Int(emulator.split(separator: ":").last ?? "") == nil {
            throw ValidationError("--emulator takes HOST:PORT, as FIRESTORE_EMULATOR_HOST does: '\(emulator)'")
        }
        if random != nil, Set(try GenerateCommand.parseLanguages(lang, defaults: Language.all)).count < 2 { throw ValidationError("--random compares languages: give at least two") }
    }

    func run() throws {
        let languages = try GenerateCommand.parseLanguages(lang, defaults: Language.all)
        if let random { return try runRandom(random, languages: languages) }
        do {
            let paths = try SchemaSource.collect(vectors).map(\.path)
            let vectors = try Verifier.load(paths)
            let loaded = reads ? vectors.map { $0.readingEveryStream() } : vectors
            if let emulator { return try runOnEmulator(loaded, emulator) }
            let verifier = try makeVerifier(languages)
            let outcomes = verifier.run(loaded)
            var allPassed = true
            for (index, entry) in loaded.enumerated() {
                print(entry.vector.file)
                for language in languages {
                    let name = language.name.padding(toLength: 11, withPad: " ", startingAt: 0)
                    switch outcomes[language]?[index] ?? .notRun(language.installHint) {
                    case .passed:
                        print("  \(name) pass")
                    case let .failed(reason):
                        allPassed = false
                        print("  \(name) FAIL \(entry.vector.file):\(reason.replacingOccurrences(of: "\n", with: "\n    "))")
                    case let .notRun(install):
                        allPassed = false
                        print("  \(name) not run: toolchain missing (\(install))")
                    case .skipped:
                        allPassed = false
                    }
                }
            }
            let total = loaded.count * languages.count
            let passed = languages.reduce(0) { count, language in
                count + (outcomes[language] ?? []).filter { if case .passed = $0 { true } else { false } }.count
            }
            print("modelgen verify: \(passed) of \(total) runs passed (\(loaded.count) vectors × \(languages.count) languages)")
            if !allPassed { throw ExitCode.failure }
        } catch let error as DiagnosticsError {
            report(error)
            throw ExitCode.failure
        }
    }

    /// `--emulator`: each vector's outcome on Firestore's emulator, and a count of each kind.
    private func runOnEmulator(_ loaded: [LoadedVector], _ emulator: String) throws {
        var verifier = try makeVerifier([])
        verifier.emulator = emulator
        let outcomes = verifier.runOnEmulator(loaded)
        var passed = 0, skipped = 0
        for (entry, outcome) in zip(loaded, outcomes) {
            switch outcome {
            case .passed:
                passed += 1
                print("\(entry.vector.file): pass")
            case let .skipped(reason):
                skipped += 1
                print("\(entry.vector.file): skipped: \(reason)")
            case let .failed(reason):
                print("\(entry.vector.file): FAIL \(reason.replacingOccurrences(of: "\n", with: "\n    "))")
            case let .notRun(install):
                print("\(entry.vector.file): not run: toolchain missing (\(install))")
            }
        }
        let failed = loaded.count - passed - skipped
        print("modelgen verify: on Firestore's emulator at \(emulator), \(passed) of \(loaded.count) vectors passed, \(skipped) skipped, \(failed) failed")
        if failed > 0 { throw ExitCode.failure }
    }

    private func makeVerifier(_ languages: [Language]) throws -> Verifier {
        guard let package = SwiftToolchain.modelgenPackage else {
            throw DiagnosticsError([.error("cannot find the modelgen package (for ModelgenRuntime); set MODELGEN_PACKAGE to its folder", at: nil)])
        }
        return Verifier(
            languages: languages, templates: try TemplateEngine(overrideDirectory: templates),
            runtimes: try RuntimeFiles(overrideDirectory: runtimes), modelgenPackage: package
        )
    }

    /// `--random N`: N scenarios of the one schema given; a difference is printed as a vector file.
    private func runRandom(_ count: Int, languages: [Language]) throws {
        let seed = seed ?? UInt64.random(in: 0...999_999)
        let names = languages.map(\.name).joined(separator: ", ")
        do {
            let schema = try SchemaSource.read(path: vectors[0])
            let check = try RandomCheck(verifier: try makeVerifier(languages), schema: schema, schemaPath: schema.path, seed: seed)
            print("modelgen verify: \(count) random scenarios of \(schema.path) (seed \(seed)) in \(names)")
            let origin = "modelgen verify --random \(count) --seed \(seed) \(schema.path)"
            let progress = Progress(enabled: isatty(STDERR_FILENO) == 1)
            var last: RandomCheck.Progress?
            let result = check.run(count: count, origin: origin) { progress.show($0); last = $0 }
            progress.end()
            if timings, let last {
                print("modelgen verify: " + last.languageSeconds.map { "\($0.language) \(String(format: "%.1f", $0.seconds)) s" }.joined(separator: ", "))
            }
            switch result {
            case let .agreed(scenarios):
                print("modelgen verify: the languages agree on all \(scenarios) scenarios")
            case let .notRun(language, install):
                print("modelgen verify: \(language) not run: toolchain missing (\(install))")
                throw ExitCode.failure
            case let .failedEverywhere(scenario, reason):
                print("modelgen verify: scenario \(scenario) failed in every language: \(reason)")
                throw ExitCode.failure
            case let .differed(finding):
                print("modelgen verify: scenario \(finding.scenario) differs; minimised from \(finding.originalSteps) steps to \(finding.steps):")
                print(finding.vectorFile, terminator: "")
                throw ExitCode.failure
            }
        } catch let error as DiagnosticsError {
            report(error)
            throw ExitCode.failure
        }
    }
}

/// The progress line of a random run, on a terminal: rewritten after each chunk of scenarios.
private struct Progress {
    var enabled: Bool

    func show(_ progress: RandomCheck.Progress) {
        guard enabled else { return }
        let rate = progress.seconds > 0 ? Int((Double(progress.done) / progress.seconds).rounded()) : 0
        let differing = progress.differences == 1 ? "1 differs" : "\(progress.differences) differ"
        FileHandle.standardError.write(Data("\r\u{1B}[Kmodelgen verify: \(progress.done) of \(progress.total) scenarios, \(rate)/s, \(differing)".utf8))
    }

    func end() {
        if enabled { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
