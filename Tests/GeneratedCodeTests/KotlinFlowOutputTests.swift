import Foundation
import ModelgenCore
import Testing

/// The golden Kotlin over coroutines Flow of every schema, with the runtime's core and its Flow
/// layer, compiles with warnings as errors against kotlinx-coroutines on each supported Kotlin
/// release, and the chat model behaves as the RxJava one does when driven through its in-memory
/// store.
@Suite(.serialized) struct KotlinFlowOutputTests {
    @Test(arguments: KotlinToolchain.Release.allCases)
    func compilesWithoutWarnings(on release: KotlinToolchain.Release) throws {
        let kotlin = try require(KotlinToolchain.find(release, flavour: "kotlin-flow"), "Kotlin \(release.rawValue)")
        let files = Goldens.everySchema("kotlin-flow", extension: ".kt")
        #expect(files["modelgen/runtime/FlowStreams.kt"] != nil, "the Flow layer, beside the core")
        #expect(files["modelgen/runtime/RxStreams.kt"] == nil, "no RxJava layer")
        #expect(Goldens.schemas.allSatisfy { schema in files.keys.contains { $0.hasSuffix("/\(NameCase.upperCamel(schema))Model.kt") } })
        let directory = try makeTemporaryDirectory("kotlin-flow-golden")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try kotlin.compile(files, into: directory + "/out.jar")
    }

    @Test func theChatDriverSeesTheExpectedEmissions() throws {
        let kotlin = try require(KotlinToolchain.find(.current, flavour: "kotlin-flow"), "Kotlin")
        let directory = try makeTemporaryDirectory("kotlin-flow-driver")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = Goldens.files("chat", "kotlin-flow", extension: ".kt").merging(Goldens.drivers("kotlin-flow", extension: ".kt")) { $1 }
        try kotlin.compile(files, into: directory + "/driver.jar")
        let output = try kotlin.run(jar: directory + "/driver.jar", mainClass: "drivers.ChatDriverKt")
        #expect(output.succeeded, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.hasSuffix("flow chat driver: all checks passed\n"), "\(output.stdout)")
    }
}
