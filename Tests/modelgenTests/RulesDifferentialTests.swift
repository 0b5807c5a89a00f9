import Foundation
import ModelgenCore
import Testing

private let emulatorHost = ProcessInfo.processInfo.environment["MODELGEN_EMULATOR"]

/// The generated rules and the client agree on random writes (issue 39's differential): for
/// each schema, creates and updates with one mutation or none — extra keys, wrong types, nulls
/// and missing fields, values at and one past each constraint, strings with astral characters at
/// the length bound, ints past ±(2^53 − 1), NaN and infinities, references into other
/// collections, path fields and server times set by the client, lists and maps holding a wrong
/// element — sent as a signed-in user to Firestore's emulator under `modelgen rules`. Whatever
/// the client would refuse (its decoders, its typed writes' checks, what the typed writes send)
/// the rules refuse, and the rest they allow; a wrong element the rules cannot reach (a map's
/// values, the elements of a list without a `maxItems` of at most 20: the rules language has no
/// loops) is counted apart, and the rules must then judge the write as if it were not there.
@Suite(.enabled(if: emulatorHost != nil, "needs Firestore's emulator: run under scripts/with-firestore-emulator"))
struct RulesDifferentialTests {
    static let seed: UInt64 = 39
    static let writesPerSchema = 400

    struct Outcome {
        var disagreements: [String] = []
        var allowed = 0
        var unchecked = 0
    }

    /// Sends `count` random writes of `schema`'s collections under its rules, changed by `weaken`.
    static func run(_ schema: String, count: Int, weaken: (String) -> String = { $0 }) throws -> Outcome {
        let (models, _) = try Generator(templates: try TemplateEngine(), runtimes: try RuntimeFiles()).check(try SchemaSource.collect([schema]))
        let model = try #require(models.first)
        let emulator = RulesEmulator(host: emulatorHost ?? "", project: "differential-\(UUID().uuidString.prefix(8).lowercased())")
        #expect(try emulator.load(rules: weaken(SecurityRules([model]).fileText)) == [])
        var differential = RulesDifferential(model: model, seed: seed)
        var outcome = Outcome()
        for item in differential.cases(count) {
            for write in item.before { #expect(try emulator.commit(write, as: .admin) == 200, "\(item.description): setting up") }
            let status = try emulator.commit(item.write, as: .user(item.uid))
            outcome.allowed += status == 200 ? 1 : 0
            if let rulesAllow = item.rulesAllowUnchecked {
                outcome.unchecked += 1
                if status != (rulesAllow ? 200 : 403) {
                    outcome.disagreements.append("\(item.description): the rules answer \(status), though they cannot check the element; the client: \(item.why)")
                }
            } else if status != (item.clientAllows ? 200 : 403) {
                outcome.disagreements.append("\(item.description): the rules answer \(status); the client \(item.clientAllows ? "allows it" : "refuses it"): \(item.why)")
            }
        }
        return outcome
    }

    @Test(arguments: ["schemas/chat.yaml", "schemas/shops.yaml", "Tests/Schemas/task-board.yaml", "Tests/Schemas/torture.yaml", "Tests/Rules/board.yaml"])
    func theRulesAndTheClientAgreeOnRandomWrites(schema: String) throws {
        let outcome = try Self.run(schema, count: Self.writesPerSchema)
        print("rules differential of \(schema), seed \(Self.seed): \(Self.writesPerSchema) writes, \(outcome.allowed) allowed, \(outcome.disagreements.count) disagreements; \(outcome.unchecked) with a wrong element the rules cannot check")
        #expect(outcome.disagreements.isEmpty, "\(outcome.disagreements.joined(separator: "\n"))")
    }

    /// The differential finds a weakened rule without being told where to look: every
    /// disagreement it reports is a write the weakening lets through.
    @Test(arguments: [
        ("a create's key list", "data.keys().hasOnly(['teamId',", "data.keys().hasOnly(['extra', 'teamId',", "teams/", "no typed write holds key 'extra'"),
        ("a list element's type", "(list.size() <= 1 || list[1] is string)", "true", "'tags'", "an element of another type"),
        ("an upper bound", "data.points <= 10", "data.points <= 11", "'points'", "must be at most 10"),
        ("an update's key list", "affectedKeys().hasOnly(['name'])", "affectedKeys().hasOnly(['name', 'extra'])", "update teams/", "no typed write holds key 'extra'"),
    ])
    func aWeakenedRuleIsFound(weakening: String, original: String, weakened: String, names: String, because: String) throws {
        let outcome = try Self.run("Tests/Rules/board.yaml", count: Self.writesPerSchema) { rules in
            #expect(rules.contains(original), "no '\(original)' to weaken")
            return rules.replacingOccurrences(of: original, with: weakened)
        }
        #expect(!outcome.disagreements.isEmpty, "weakening \(weakening) went unnoticed")
        for disagreement in outcome.disagreements {
            #expect(disagreement.contains(names) && disagreement.contains(because) && disagreement.contains("the rules answer 200"), "\(weakening): \(disagreement)")
        }
    }
}
