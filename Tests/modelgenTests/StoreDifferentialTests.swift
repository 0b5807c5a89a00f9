import Foundation
import Testing

/// The emulator the tests check against, `HOST:PORT`.
private let emulatorHost = ProcessInfo.processInfo.environment["MODELGEN_EMULATOR"]

/// The store differential: random stores and queries (`StoreScenarioGenerator`) answered by
/// Firestore's emulator and by the in-memory stores of the three runtimes, which must answer
/// alike — the query's documents in the same order, or a refusal, and the same documents after the
/// writes. Firestore is the oracle; the first scenario where an answer differs is minimised and
/// printed with each answer.
@Suite(.enabled(if: emulatorHost != nil, "needs Firestore's emulator: run under scripts/with-firestore-emulator"))
struct StoreDifferentialTests {
    /// CI's fixed seed and count; `MODELGEN_STORE_SEED` and `MODELGEN_STORE_SCENARIOS` run others.
    static let seed = ProcessInfo.processInfo.environment["MODELGEN_STORE_SEED"].flatMap { UInt64($0) } ?? 38
    static let count = ProcessInfo.processInfo.environment["MODELGEN_STORE_SCENARIOS"].flatMap { Int($0) } ?? 1_000

    @Test func theStoresAnswerAsFirestoreDoes() throws {
        var generator = StoreScenarioGenerator(seed: Self.seed)
        let scenarios = (0..<Self.count).map { _ in generator.scenario() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-differential-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let differential = try StoreDifferential(emulator: emulatorHost ?? "", directory: directory)
        let (firestore, differences) = try differential.compare(scenarios)
        let refused = firestore.count { if case .refused = $0.query { true } else { false } }
        let refusedWrites = firestore.count { $0.written == "refused" }
        let notTypeScript = scenarios.count { !$0.fitsTypeScript }
        print("store differential: \(scenarios.count) scenarios of seed \(Self.seed) (queries: \(refused) refused by Firestore; writes: \(refusedWrites) refused) in Swift, Kotlin and TypeScript (\(notTypeScript) holding ints past 2^52 not in TypeScript), \(differences.count) differences")
        guard let first = differences.first, let index = scenarios.firstIndex(where: { StoreScenarioText.line($0) == StoreScenarioText.line(first.scenario) }) else { return }
        let minimised = try differential.minimised(first.scenario)
        let again = try differential.compare([minimised]).differences.first.map(String.init(describing:)) ?? ""
        Issue.record("\(differences.count) scenarios differ; the first, scenario \(index + 1) of seed \(Self.seed), minimised:\n\(again)")
    }
}
