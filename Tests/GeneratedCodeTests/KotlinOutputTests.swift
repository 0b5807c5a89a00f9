import Foundation
import ModelgenCore
import Testing

/// The golden Kotlin compiles with `kotlinc -Werror` against RxJava 3, and the chat model
/// behaves as the Swift one does when driven through its in-memory store.
@Suite(.serialized) struct KotlinOutputTests {
    @Test(arguments: Goldens.schemas)
    func compilesWithoutWarnings(schema: String) throws {
        let kotlin = try require(KotlinToolchain.find(), "Kotlin")
        let files = Goldens.files(schema, "kotlin", extension: ".kt")
        #expect(files.keys.contains { $0.hasPrefix("modelgen/runtime/") })
        let directory = try makeTemporaryDirectory("kotlin-golden")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try kotlin.compile(files, into: directory + "/out.jar")
    }

    @Test func theChatDriverSeesTheExpectedEmissions() throws {
        let kotlin = try require(KotlinToolchain.find(), "Kotlin")
        let directory = try makeTemporaryDirectory("kotlin-driver")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = Goldens.files("chat", "kotlin", extension: ".kt").merging(Goldens.drivers("kotlin", extension: ".kt")) { $1 }
        try kotlin.compile(files, into: directory + "/driver.jar")
        let output = try kotlin.run(jar: directory + "/driver.jar", mainClass: "drivers.ChatDriverKt")
        #expect(output.succeeded, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.hasSuffix("chat driver: all checks passed\n"), "\(output.stdout)")
    }
}
