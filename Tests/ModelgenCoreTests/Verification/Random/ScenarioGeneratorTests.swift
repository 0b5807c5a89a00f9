import Foundation
import Testing
@testable import ModelgenCore

@Suite struct ScenarioGeneratorTests {
    static func scenarios(_ schema: String, seed: UInt64, count: Int) throws -> (model: Model, vectors: [Vector]) {
        let folder = Schemas.folders.first { FileManager.default.fileExists(atPath: Schemas.packageRoot.appendingPathComponent("\($0)/\(schema).yaml").path) }!
        let source = try SchemaSource.read(path: Schemas.packageRoot.appendingPathComponent("\(folder)/\(schema).yaml").path)
        let model = try SchemaValidator().validate(try YAMLSchemaLoader().load(source), baseName: "vector")
        var generator = ScenarioGenerator(model: model, seed: seed)
        return (model, (1...count).map { generator.scenario($0) })
    }

    static func text(_ vector: Vector) -> String {
        VectorWriter(schemaPath: "s.yaml").text(vector, comment: [])
    }

    @Test(arguments: ["chat", "shops", "torture"])
    func everyScenarioIsAValidVector(_ schema: String) throws {
        let (model, vectors) = try Self.scenarios(schema, seed: 11, count: 200)
        for vector in vectors {
            let problems = VectorChecker.problems(vector, model)
            #expect(problems.isEmpty, "\(problems)\n\(Self.text(vector))")
            let typed = vector.steps.filter { if case .write = $0.action { true } else { false } }.count
            #expect((6...30).contains(vector.steps.count - typed))
        }
    }

    /// An int beyond ±(2^53 − 1) comes only in a document received at the id no other step
    /// writes, so that no increment meets it (TypeScript's known limit).
    @Test func wideIntsAreReceivedWhereNothingIncrementsThem() throws {
        let (_, vectors) = try Self.scenarios("shops", seed: 7, count: 300)
        var wide = 0
        for step in vectors.flatMap(\.steps) {
            switch step.action {
            case let .receive(path, data) where data.contains { RandomValues.holdsWideInt($0.value) }:
                wide += 1
                #expect(path.last == RandomValues.wideID)
            case let .set(path, _), let .receive(path, _), let .update(path, _), let .delete(path):
                #expect(path.last != RandomValues.wideID)
            case let .write(_, arguments):
                #expect(!arguments.contains { $0.name == "id" && "\($0.update)".contains(RandomValues.wideID) })
            default: break
            }
        }
        #expect(wide > 0)
    }

    @Test func theSameSeedGivesTheSameScenarios() throws {
        let first = try Self.scenarios("chat", seed: 3, count: 20).vectors.map(Self.text)
        let again = try Self.scenarios("chat", seed: 3, count: 20).vectors.map(Self.text)
        let other = try Self.scenarios("chat", seed: 4, count: 20).vectors.map(Self.text)
        #expect(first == again)
        #expect(first != other)
    }

    /// The scenarios hold every kind of step and the values the contract treats with care.
    @Test func scenariosHoldEveryStepAndTheValuesThatMatter() throws {
        let (_, vectors) = try Self.scenarios("torture", seed: 5, count: 300)
        let text = vectors.map(Self.text).joined(separator: "\n")
        for kind in ["- set:", "- receive:", "- update:", "- delete:", "- batch:", "- subscribe:", "- read:", "- cancel:", "- fail: { collection:", "- fail: { label:",
                     "- write: create", "- write: update", "- write: merge", "- write: delete", "mustNotExist: true", "mustExist: true", "unchangedSince: {"] {
            #expect(text.contains(kind), "no \(kind)")
        }
        for value in ["!double nan", "!double inf", "!double -inf", "-0.0", "!timestamp 2024-01-01T00:00:00.000001001Z", "!serverTimestamp \"\"",
                      "\"\u{E9}\"", "\"e\u{301}\"", "\"\u{FF21}\"", "\"\u{1F600}\"", "extra: ", "1152921504606846976"] {
            #expect(text.contains(value), "no \(value)")
        }
    }

    /// Now and then a field is missing or holds another type: chat's `Room.name`, a string,
    /// for one.
    @Test func someDocumentsAreOutsideTheSchema() throws {
        let (model, vectors) = try Self.scenarios("chat", seed: 9, count: 200)
        let room = try #require(model.collections.first { $0.name == "Room" })
        #expect(room.fields.map(\.key) == ["name"])
        var missing = 0, wrongType = 0
        for case let .set(path, data) in vectors.flatMap({ $0.steps.map(\.action) }) where path.count == 2 {
            guard let name = data.first(where: { $0.key == "name" })?.value else { missing += 1; continue }
            if case .string = name {} else { wrongType += 1 }
        }
        #expect(missing > 0)
        #expect(wrongType > 0)
    }
}
