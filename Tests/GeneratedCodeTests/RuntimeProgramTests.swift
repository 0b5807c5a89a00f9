import Foundation
import ModelgenCore
import Testing

/// The Kotlin and TypeScript runtimes' own test programs (`Tests/Runtimes/`), which check them
/// the way `Tests/ModelgenRuntimeTests` checks the Swift one.
@Suite(.serialized) struct RuntimeProgramTests {
    /// Files under `folder` of the package, by path relative to the package.
    func files(under folder: String, extension ext: String) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Goldens.sources(in: Goldens.packageRoot.appendingPathComponent(folder).path, extension: ext).map {
            ("\(folder)/\($0.key)", $0.value)
        })
    }

    @Test func theTypeScriptRuntimePassesItsChecks() throws {
        let typescript = try require(TypeScriptToolchain.find(), "TypeScript")
        let directory = try makeTemporaryDirectory("typescript-runtime")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sources = files(under: "Runtimes/typescript", extension: ".ts")
            .merging(files(under: "Tests/Runtimes/typescript", extension: ".ts")) { $1 }
        try typescript.compile(sources, into: directory)
        let output = try typescript.run(script: directory + "/Tests/Runtimes/typescript/runtime-tests.js")
        #expect(output.succeeded, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.hasSuffix("checks passed\n"), "\(output.stdout)")
    }

    @Test func theKotlinRuntimePassesItsChecks() throws {
        let kotlin = try require(KotlinToolchain.find(), "Kotlin")
        let directory = try makeTemporaryDirectory("kotlin-runtime")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The runtime's core and its RxJava layer, which the tests check.
        let sources = files(under: "Runtimes/kotlin", extension: ".kt")
            .merging(files(under: "Runtimes/kotlin-rxjava", extension: ".kt")) { $1 }
            .merging(files(under: "Tests/Runtimes/kotlin", extension: ".kt")) { $1 }
        try kotlin.compile(sources, into: directory + "/runtime.jar")
        let output = try kotlin.run(jar: directory + "/runtime.jar", mainClass: "modelgen.runtime.tests.RuntimeTestsKt")
        #expect(output.succeeded, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.hasSuffix("checks passed\n"), "\(output.stdout)")
    }
}
