import Foundation
import ModelgenCore
import Testing

/// The golden Kotlin of every schema, with the runtime, compiles with warnings as errors against
/// RxJava 3 on each supported Kotlin release (2.2 with K2, and 1.9), and the chat model behaves
/// as the Swift one does when driven through its in-memory store.
@Suite(.serialized) struct KotlinOutputTests {
    @Test(arguments: KotlinToolchain.Release.allCases)
    func compilesWithoutWarnings(on release: KotlinToolchain.Release) throws {
        let kotlin = try require(KotlinToolchain.find(release), "Kotlin \(release.rawValue)")
        let files = Goldens.everySchema("kotlin", extension: ".kt")
        #expect(files.keys.contains { $0.hasPrefix("modelgen/runtime/") })
        // Each schema's model file, `ChatModel.kt` for chat.yaml, `TaskBoardModel.kt` for task-board.yaml.
        #expect(Goldens.schemas.allSatisfy { schema in files.keys.contains { $0.hasSuffix("/\(NameCase.upperCamel(schema))Model.kt") } })
        let directory = try makeTemporaryDirectory("kotlin-golden")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try kotlin.compile(files, into: directory + "/out.jar")
    }

    @Test func theChatDriverSeesTheExpectedEmissions() throws {
        let kotlin = try require(KotlinToolchain.find(.current), "Kotlin")
        let directory = try makeTemporaryDirectory("kotlin-driver")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The README's example of map keys uses the shops model.
        let files = Goldens.files("chat", "kotlin", extension: ".kt").merging(Goldens.files("shops", "kotlin", extension: ".kt")) { first, _ in first }
            .merging(Goldens.drivers("kotlin", extension: ".kt")) { $1 }
        try kotlin.compile(files, into: directory + "/driver.jar")
        let output = try kotlin.run(jar: directory + "/driver.jar", mainClass: "drivers.ChatDriverKt")
        #expect(output.succeeded, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.hasSuffix("chat driver: all checks passed\n"), "\(output.stdout)")
    }
}
