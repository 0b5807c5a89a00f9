import Foundation
import ModelgenCore
import Testing

/// The golden TypeScript compiles with `tsc --strict --noUnusedLocals --noUnusedParameters`
/// against RxJS 7, and the chat model behaves as the Swift one does.
@Suite(.serialized) struct TypeScriptOutputTests {
    @Test(arguments: Goldens.schemas)
    func compilesWithoutWarnings(schema: String) throws {
        let typescript = try require(TypeScriptToolchain.find(), "TypeScript")
        let files = Goldens.files(schema, "typescript", extension: ".ts")
        #expect(files.keys.contains("runtime/index.ts"))
        let directory = try makeTemporaryDirectory("typescript-golden")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try typescript.compile(files, into: directory)
    }

    @Test func theChatDriverSeesTheExpectedEmissions() throws {
        let typescript = try require(TypeScriptToolchain.find(), "TypeScript")
        let directory = try makeTemporaryDirectory("typescript-driver")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = Goldens.files("chat", "typescript", extension: ".ts").merging(Goldens.drivers("typescript", extension: ".ts")) { $1 }
        try typescript.compile(files, into: directory)
        let output = try typescript.run(script: directory + "/chat-driver.js")
        #expect(output.succeeded, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.hasSuffix("chat driver: all checks passed\n"), "\(output.stdout)")
    }
}
