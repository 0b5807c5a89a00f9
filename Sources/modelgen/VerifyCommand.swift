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

    @Argument(help: "Vector files, or folders of *.yaml vector files.")
    var vectors: [String]

    @Option(name: .long, parsing: .upToNextOption, help: "Languages to run, comma-separated (default: all).")
    var lang: [String] = []

    @Option(name: .long, help: "A folder of templates that replace the built-in ones with the same relative path.")
    var templates: String?

    @Option(name: .long, help: "A folder of runtime files that replace the built-in ones with the same relative path (kotlin/ValueOrder.kt): to check a changed runtime.")
    var runtimes: String?

    @Flag(name: .long, help: "Check one-shot reads instead: before each expect, read every stream subscribed so far once, and expect the value the subscription last emitted.")
    var reads = false

    func run() throws {
        let languages = try GenerateCommand.parseLanguages(lang)
        do {
            let paths = try SchemaSource.collect(vectors).map(\.path)
            let vectors = try Verifier.load(paths)
            let loaded = reads ? vectors.map { $0.readingEveryStream() } : vectors
            guard let package = SwiftToolchain.modelgenPackage else {
                throw DiagnosticsError([.error("cannot find the modelgen package (for ModelgenRuntime); set MODELGEN_PACKAGE to its folder", at: nil)])
            }
            let verifier = Verifier(
                languages: languages, templates: try TemplateEngine(overrideDirectory: templates),
                runtimes: try RuntimeFiles(overrideDirectory: runtimes), modelgenPackage: package
            )
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
}
