import Foundation
import Testing

private let emulatorHost = ProcessInfo.processInfo.environment["MODELGEN_EMULATOR"]

/// `modelgen rules` proven on Firestore's rules engine (its emulator, started by scripts/test):
/// the rules of every example and test schema compile without an issue, and the rules of
/// Tests/Rules/board.yaml allow and refuse, write by write, what its schema says — each case
/// worked from the schema, the typed writes' contract (Schema.md) and Firestore's documented
/// rules semantics, never from what the rules printed. A weakened rule fails some case.
@Suite(.enabled(if: emulatorHost != nil, "needs Firestore's emulator: run under scripts/with-firestore-emulator"))
struct RulesEmulatorTests {
    static func emulator() -> RulesEmulator {
        RulesEmulator(host: emulatorHost ?? "", project: "rules-\(UUID().uuidString.prefix(8).lowercased())")
    }

    static func rules(_ schemas: [String]) throws -> String {
        let result = try CLI.run(["rules"] + schemas)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test(arguments: ["schemas/chat.yaml", "schemas/shops.yaml", "Tests/Schemas/torture.yaml", "Tests/Schemas/task-board.yaml", "Tests/Rules/board.yaml"])
    func theRulesCompileWithoutAnIssue(schema: String) throws {
        #expect(try Self.emulator().load(rules: Self.rules([schema])) == [])
    }

    @Test func eachWriteAndReadIsDecidedAsTheSchemaSays() throws {
        let emulator = Self.emulator()
        #expect(try emulator.load(rules: Self.rules(["Tests/Rules/board.yaml"])) == [])
        let failures = try RulesCases.run(on: emulator)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// Each weakening of the generated rules lets through a write a case expects refused.
    @Test(arguments: [
        ("a task's create key list", "data.keys().hasOnly(['teamId',", "data.keys().hasOnly(['colour', 'teamId',"),
        ("a length bound", ".size() <= 4", ".size() <= 5"),
        ("the owner of a written document", "request.resource.data.ownerUid == request.auth.uid", "true"),
        ("an embedded type's key list", "value.keys().hasOnly(['url', 'width', 'alt'])", "true"),
        ("a reference's collection", "/members/$(value[6])", "/$(value[5])/$(value[6])"),
    ])
    func aWeakenedRuleIsCaught(weakening: String, original: String, weakened: String) throws {
        let rules = try Self.rules(["Tests/Rules/board.yaml"])
        #expect(rules.contains(original), "no '\(original)' to weaken")
        let emulator = Self.emulator()
        #expect(try emulator.load(rules: rules.replacingOccurrences(of: original, with: weakened)) == [])
        #expect(try !RulesCases.run(on: emulator).isEmpty, "weakening \(weakening) went unnoticed")
    }
}
