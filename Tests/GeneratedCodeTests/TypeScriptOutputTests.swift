import Foundation
import ModelgenCore
import Testing

/// The golden TypeScript of every schema, with the runtime, passes the strict preset of a modern
/// project on TypeScript 6.0 and 5.9, the runtime also with `isolatedDeclarations`, as a library
/// must; it compiles on TypeScript 4.8, the oldest supported, as CommonJS and as the ECMAScript
/// modules of a Node package; and the chat model behaves as the Swift one does.
@Suite(.serialized) struct TypeScriptOutputTests {
    @Test(arguments: TypeScriptChecker.Release.allCases)
    func passesTheStrictPreset(on release: TypeScriptChecker.Release) throws {
        let checker = try require(TypeScriptChecker.find(release), "TypeScript \(release.rawValue)")
        let files = Goldens.everySchema("typescript", extension: ".ts")
        #expect(Goldens.schemas.allSatisfy { files["\($0).ts"] != nil })
        try checker.check(files)
    }

    @Test(arguments: TypeScriptChecker.Release.allCases)
    func theRuntimeDeclaresItsTypesAsALibraryMust(on release: TypeScriptChecker.Release) throws {
        let checker = try require(TypeScriptChecker.find(release), "TypeScript \(release.rawValue)")
        let runtime = Goldens.sources(in: Goldens.packageRoot.appendingPathComponent("Runtimes/typescript").path, extension: ".ts")
        #expect(runtime["index.ts"] != nil)
        try checker.check(runtime, isolatedDeclarations: true)
    }

    @Test(arguments: Goldens.schemas)
    func compilesOnTheOldestSupportedTypeScript(schema: String) throws {
        let typescript = try require(TypeScriptToolchain.find(), "TypeScript")
        let files = Goldens.files(schema, "typescript", extension: ".ts")
        #expect(files.keys.contains("runtime/index.ts"))
        let directory = try makeTemporaryDirectory("typescript-golden")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try typescript.compile(files, into: directory)
        try typescript.checkAsNodeModules(files)
    }

    @Test func theChatDriverSeesTheExpectedEmissions() throws {
        let typescript = try require(TypeScriptToolchain.find(), "TypeScript")
        let directory = try makeTemporaryDirectory("typescript-driver")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The README's example of map keys uses the shops model.
        let files = Goldens.files("chat", "typescript", extension: ".ts").merging(Goldens.files("shops", "typescript", extension: ".ts")) { first, _ in first }
            .merging(Goldens.drivers("typescript", extension: ".ts")) { $1 }
        try typescript.compile(files, into: directory)
        let output = try typescript.run(script: directory + "/chat-driver.js")
        #expect(output.succeeded, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.hasSuffix("chat driver: all checks passed\n"), "\(output.stdout)")
    }
}
