import Foundation
import Testing

/// The emulator the tests check against, `HOST:PORT`.
private let emulatorHost = ProcessInfo.processInfo.environment["MODELGEN_EMULATOR"]

/// `modelgen verify --emulator`: the conformance vectors checked against Firestore's emulator,
/// which `scripts/test` starts (`scripts/with-firestore-emulator` sets `MODELGEN_EMULATOR`).
@Suite(.enabled(if: emulatorHost != nil, "needs Firestore's emulator: run under scripts/with-firestore-emulator"))
struct VerifyEmulatorTests {

    /// The vectors on which the contract and the emulator differ today, and why (issue 38 lists
    /// each). Making one agree takes it off this list; a new difference fails the test.
    static let knownDifferences: [String: String] = [
        "field-transforms.yaml": "one update naming a field and a field inside it (tags, tags.x): the emulator applies it, in an order the keys decide; the stores refuse it, as Firestore's cross-SDK conformance tests (update-prefix-*.json) do",
        "typed-embedded-values.yaml": "one update naming a field and a field inside it (cover, cover.url): the emulator applies it, in an order the keys decide; the stores refuse it, as Firestore's cross-SDK conformance tests (update-prefix-*.json) do",
        "not-in-and-contains-any.yaml": "not-in [NaN] returns a stored NaN on the emulator; production leaves it out, as the stores do (Firebase's integration tests)",
        "constraints.yaml": "an increment past 'max' (points 10 + 100): the client cannot know an increment's result and applies it; the schema's security rules, which the emulator runs, hold 'max' on the stored result and refuse it (Schema.md, Security rules)",
        "written-ids.yaml": "the emulator takes the id '____', which the documented expression __.*__ matches: the stores follow the documentation",
    ]

    /// The vectors that write server timestamps: the emulator sets them to its own clock.
    static let skipped: Set<String> = [
        "declared-writes.yaml", "firestore-refusals.yaml", "pending-timestamps.yaml", "server-timestamps.yaml", "typed-merges.yaml", "typed-writes.yaml",
    ]

    @Test func theVectorsAgreeWithFirestoreButTheKnownDifferences() throws {
        let result = try CLI.run(["verify", "--emulator", emulatorHost ?? "", "Tests/Conformance/"])
        var outcomes: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") where line.hasPrefix("Tests/Conformance/") {
            let parts = line.dropFirst("Tests/Conformance/".count).split(separator: ":", maxSplits: 1)
            outcomes[String(parts[0])] = parts.count > 1 ? String(parts[1].dropFirst().prefix { $0 != ":" && $0 != " " }) : ""
        }
        let failed = Set(outcomes.filter { $0.value == "FAIL" }.keys), skipped = Set(outcomes.filter { $0.value == "skipped" }.keys)
        #expect(outcomes.count == VerifyCommandTests.vectors.count, "\(result.stdout)")
        #expect(failed == Set(Self.knownDifferences.keys), "\(result.stdout)")
        #expect(skipped == Self.skipped, "\(result.stdout)")
        let passed = outcomes.count - failed.count - skipped.count
        #expect(passed >= 37)
        #expect(result.stdout.hasSuffix("\(passed) of \(outcomes.count) vectors passed, \(skipped.count) skipped, \(failed.count) failed\n"), "\(result.stdout)")
        #expect(result.status == (failed.isEmpty ? 0 : 1))
    }
}

/// `--emulator`'s options, and an emulator that does not answer.
struct VerifyEmulatorOptionTests {
    @Test func theEmulatorTakesHostAndPortAndRunsTheVectorsAsTheyAre() throws {
        for (arguments, message) in [
            (["Tests/Conformance/", "--emulator", "localhost"], "--emulator takes HOST:PORT, as FIRESTORE_EMULATOR_HOST does: 'localhost'"),
            (["Tests/Conformance/", "--emulator", "localhost:port"], "--emulator takes HOST:PORT"),
            (["Tests/Conformance/", "--emulator", "localhost:8080", "--reads"], "--emulator runs the vectors as they are: not with --random, --reads or --lang"),
            (["Tests/Conformance/", "--emulator", "localhost:8080", "--lang", "swift"], "--emulator runs the vectors as they are"),
        ] {
            let result = try CLI.run(["verify"] + arguments)
            #expect(result.status != 0)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }

    /// Nothing answers on port 1: the vector fails with the reason, never passes or is skipped.
    @Test func anEmulatorThatDoesNotAnswerFailsTheVectors() throws {
        let result = try CLI.run(["verify", "--emulator", "127.0.0.1:1", "Tests/Conformance/query-order.yaml"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("Tests/Conformance/query-order.yaml: FAIL"), "\(result.stdout)")
        #expect(result.stdout.contains("the emulator did not answer"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("0 of 1 vectors passed, 0 skipped, 1 failed\n"), "\(result.stdout)")
    }
}
