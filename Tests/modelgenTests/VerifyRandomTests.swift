import Foundation
import Testing

/// `modelgen verify --random`: the languages checked against each other on random scenarios.
/// In VerifyCommandTests' suite: the Swift runners of every run share one build folder, and take
/// turns on its lock.
extension VerifyCommandTests {
    /// Every runner, each Swift and Kotlin flavour among them: each builds once per schema and
    /// runs the scenarios as data, so hundreds cost seconds.
    @Test(arguments: [
        ("schemas/chat.yaml", "1", 400), ("schemas/shops.yaml", "2", 400), ("Tests/Schemas/torture.yaml", "3", 200),
    ])
    func theLanguagesAgreeOnRandomScenariosOfTheExamples(_ schema: String, _ seed: String, _ count: Int) throws {
        let languages = "swift,swift-async,kotlin,kotlin-flow,typescript"
        let result = try CLI.run(["verify", schema, "--random", "\(count)", "--seed", seed, "--lang", languages])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == """
            modelgen verify: \(count) random scenarios of \(schema) (seed \(seed)) in \(languages.replacingOccurrences(of: ",", with: ", "))
            modelgen verify: the languages agree on all \(count) scenarios

            """)
    }

    /// A TypeScript runtime that orders timestamps without their nanoseconds (as a `Date` would)
    /// is caught; the scenario is minimised to a few steps and printed as a vector that passes
    /// in every language with the runtimes as they are, and fails with the broken one.
    @Test func aBrokenRuntimeIsCaughtAndMinimised() throws {
        let runtimes = try brokenRuntime("typescript/timestamp.ts", replacing: "if (this.nanoseconds !== other.nanoseconds) return this.nanoseconds < other.nanoseconds ? -1 : 1;", with: "")
        defer { runtimes.remove() }
        // Two events a microsecond apart (written 1,001 ns apart, stored to the microsecond),
        // subscribed: timeline.yaml has one ordered stream and nothing else, so that the example
        // schemas can grow without moving the scenario that meets them (seed 1, scenario 1).
        // Kotlin beside TypeScript: the minimiser's many runs compile on a warm JVM, cheaper than
        // Swift's builds.
        let result = try CLI.run(["verify", "Tests/RandomScenarios/timeline.yaml", "--random", "3", "--seed", "1", "--lang", "kotlin,typescript", "--runtimes", runtimes.path])
        #expect(result.status == 1, "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let found = try #require(lines.first { $0.contains(" differs; minimised from ") }, "\(result.stdout)")
        let steps = try #require(Int(found.split(separator: " ").last?.dropLast() ?? ""))
        #expect(steps <= 4, "\(result.stdout)")
        #expect(result.stdout.contains("\n#   typescript: after step "), "\(result.stdout)")
        #expect(result.stdout.contains("# The expectations are what kotlin emitted"), "\(result.stdout)")

        let folder = try Scratch()
        defer { folder.remove() }
        let vector = lines.drop { !$0.hasPrefix("# Found by") }.joined(separator: "\n")
            .replacingOccurrences(of: "schema: Tests/RandomScenarios/timeline.yaml", with: "schema: \(CLI.packageRoot.appendingPathComponent("Tests/RandomScenarios/timeline.yaml").path)")
        try vector.write(toFile: folder.file("found.yaml"), atomically: true, encoding: .utf8)
        let kept = try CLI.run(["verify", folder.file("found.yaml")])
        #expect(kept.status == 0, "\(kept.stdout)\(vector)")
        let broken = try CLI.run(["verify", folder.file("found.yaml"), "--lang", "typescript", "--runtimes", runtimes.path])
        #expect(broken.stdout.contains("  typescript  FAIL "), "\(broken.stdout)")
    }

    /// A scenario whose runners build in no language is reported, not taken for agreement: both
    /// runtimes are broken here, so that nothing builds.
    @Test func aScenarioThatFailsInEveryLanguageIsReported() throws {
        let runtimes = try brokenRuntime("kotlin/Match.kt", replacing: "object Match {", with: "object Match {\n    val broken: Int = \"\"")
        defer { runtimes.remove() }
        let typescript = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Runtimes/typescript/match.ts"), encoding: .utf8)
        try FileManager.default.createDirectory(atPath: runtimes.file("typescript"), withIntermediateDirectories: true)
        try typescript.replacingOccurrences(of: "export const Match: {", with: "const broken: number = \"\";\nexport const Match: {")
            .write(toFile: runtimes.file("typescript/match.ts"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["verify", "schemas/chat.yaml", "--random", "1", "--seed", "1", "--lang", "kotlin,typescript", "--runtimes", runtimes.path])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("modelgen verify: scenario 1 failed in every language: "), "\(result.stdout)")
    }

    @Test func randomNeedsOneSchemaAndAScenarioCount() throws {
        for (arguments, message) in [
            (["schemas/chat.yaml", "--random", "0"], "--random needs a number of scenarios above zero"),
            (["schemas/chat.yaml", "schemas/shops.yaml", "--random", "3"], "--random takes one schema file"),
            (["Tests/Conformance/", "--seed", "3"], "--seed goes with --random"),
            (["schemas/chat.yaml", "--random", "3", "--lang", "swift"], "--random compares languages: give at least two"),
        ] {
            let result = try CLI.run(["verify"] + arguments)
            #expect(result.status != 0)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        let bad = try CLI.run(["verify", "Tests/BadSchemas/cycle.yaml", "--random", "3"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("Tests/BadSchemas/cycle.yaml:"), "\(bad.stderr)")
    }
}
