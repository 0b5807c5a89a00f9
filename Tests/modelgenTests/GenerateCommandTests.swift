import Foundation
import Testing

@Suite(.serialized) struct GenerateCommandTests {
    @Test func generatesEveryLanguageForTheExampleSchemasAndSaysWhere() throws {
        let out = try Scratch()
        defer { out.remove() }
        let result = try CLI.run(["schemas/", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("wrote \(out.file("swift/chat.swift"))"))
        #expect(result.stdout.contains("wrote \(out.file("swift/shops.swift"))"))
        #expect(result.stdout.hasSuffix("unchanged, 0 removed in '\(out.path)'\n"))
        #expect(FileManager.default.fileExists(atPath: out.file("swift/chat.swift")))
    }

    @Test func aSecondRunLeavesEveryFileAlone() throws {
        let out = try Scratch()
        defer { out.remove() }
        _ = try CLI.run(["schemas/", "--out", out.path])
        let before = out.snapshot()
        Thread.sleep(forTimeInterval: 0.05)
        let again = try CLI.run(["schemas/", "--out", out.path])
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("modelgen: 0 written, "))
        #expect(out.snapshot() == before)
    }

    @Test func checkExitsOneWithADiffWhenStaleAndWritesNothing() throws {
        let out = try Scratch()
        defer { out.remove() }
        _ = try CLI.run(["schemas/", "--out", out.path])
        #expect(try CLI.run(["schemas/", "--out", out.path, "--check"]).status == 0)
        let swift = out.file("swift/chat.swift")
        let edited = try String(contentsOfFile: swift, encoding: .utf8).replacingOccurrences(of: "public struct Room", with: "struct Room")
        try edited.write(toFile: swift, atomically: true, encoding: .utf8)
        let before = out.snapshot()
        let result = try CLI.run(["schemas/", "--out", out.path, "--check"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("-struct Room: Identifiable, Sendable {\n+public struct Room: Identifiable, Sendable {"))
        #expect(result.stderr == "modelgen: '\(out.path)' is out of date; run modelgen without --check to update it\n")
        #expect(out.snapshot() == before)
    }

    @Test func dumpIRPrintsTheModelAsJSON() throws {
        let result = try CLI.run(["schemas/chat.yaml", "--dump-ir"])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        #expect(json?.first?["typeName"] as? String == "ChatModel")
    }

    @Test func versionAndHelp() throws {
        #expect(try CLI.run(["--version"]).stdout == "0.1.0\n")
        let help = try CLI.run(["--help"])
        #expect(help.stdout.contains("    messagesWithOwners:\n      join: messages\n      with: members\n      on: ownerUid == id\n      as: owner\n"))
        #expect(help.stdout.contains("modelgen schemas/ --out Generated/"))
    }

    @Test func templatesCanBeOverridden() throws {
        let out = try Scratch(), templates = try Scratch()
        defer { out.remove(); templates.remove() }
        try FileManager.default.createDirectory(atPath: templates.file("swift"), withIntermediateDirectories: true)
        try "{{ file.schemaFile }} by my template\n".write(toFile: templates.file("swift/schema.swift.stencil"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["schemas/chat.yaml", "--out", out.path, "--templates", templates.path, "--lang", "swift"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: out.file("swift/chat.swift"), encoding: .utf8) == "chat.yaml by my template\n")
    }

    @Test func usageErrors() throws {
        let missingOut = try CLI.run(["schemas/"])
        #expect(missingOut.status != 0)
        #expect(missingOut.stderr.contains("Missing '--out <folder>'."))
        let badLanguage = try CLI.run(["schemas/", "--out", "/tmp/x", "--lang", "cobol"])
        #expect(badLanguage.stderr.contains("Unknown language 'cobol'"))
        let missingFile = try CLI.run(["nope.yaml", "--out", "/tmp/x"])
        #expect(missingFile.status == 1)
        #expect(missingFile.stderr == "modelgen: error: no such file or folder 'nope.yaml'\n")
    }

    @Test func anErrorInOneSchemaWritesNothingForAny() throws {
        let out = try Scratch()
        defer { out.remove() }
        _ = try CLI.run(["schemas/", "--out", out.path])
        let before = out.snapshot()
        let result = try CLI.run(["schemas/chat.yaml", "schemas/shops.yaml", "Tests/BadSchemas/unknown-type.yaml", "--out", out.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(out.snapshot() == before)
    }
}
