import Foundation
import Testing
@testable import ModelgenCore

@Suite struct OutputWriterTests {
    let writer = OutputWriter()

    @Test func writesOnlyChangedFilesAndKeepsTheMtimeOfTheRest() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let files = [GeneratedFile(path: "swift/a.swift", contents: "a\n"), GeneratedFile(path: "swift/b.swift", contents: "b\n")]
        let first = try writer.write(files, to: directory.path, scopes: ["swift"])
        #expect(first.written == ["swift/a.swift", "swift/b.swift"])
        let before = try directory.modificationDate("swift/a.swift")
        Thread.sleep(forTimeInterval: 0.05)
        let second = try writer.write([files[0], GeneratedFile(path: "swift/b.swift", contents: "b2\n")], to: directory.path, scopes: ["swift"])
        #expect(second.written == ["swift/b.swift"])
        #expect(second.unchanged == ["swift/a.swift"])
        #expect(try directory.modificationDate("swift/a.swift") == before)
        #expect(directory.read("swift/b.swift") == "b2\n")
        #expect(directory.read(OutputWriter.manifestName) == "swift/a.swift\t\nswift/b.swift\t\n")
    }

    @Test func removesItsOwnStaleFilesInScopeOnly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try writer.write([
            GeneratedFile(path: "swift/old.swift", contents: "x"), GeneratedFile(path: "kotlin/k.kt", contents: "k"),
        ], to: directory.path, scopes: ["swift", "kotlin"])
        let summary = try writer.write([GeneratedFile(path: "swift/new.swift", contents: "y")], to: directory.path, scopes: ["swift"])
        #expect(summary.removed == ["swift/old.swift"])
        #expect(directory.read("swift/old.swift") == nil)
        #expect(directory.read("kotlin/k.kt") == "k")
        #expect(directory.read(OutputWriter.manifestName) == "kotlin/k.kt\t\nswift/new.swift\t\n")
    }

    @Test func removesStaleFilesOnlyOfTheSchemasItMay() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let chat = OutputWriter.normalized("/s/chat.yaml")
        let (chatEntry, shopsEntry) = (OutputWriter.relative("/s/chat.yaml", to: directory.path), OutputWriter.relative("/s/shops.yaml", to: directory.path))
        #expect(chatEntry.hasPrefix("../") && chatEntry.hasSuffix("/s/chat.yaml"))
        _ = try writer.write([
            GeneratedFile(path: "swift/chat.swift", contents: "c", schema: "/s/chat.yaml"),
            GeneratedFile(path: "swift/shops.swift", contents: "s", schema: "/s/./shops.yaml"),
            GeneratedFile(path: "swift/Old.swift", contents: "o", schema: "/s/chat.yaml"),
        ], to: directory.path, scopes: ["swift"])
        #expect(directory.read(OutputWriter.manifestName) == "swift/Old.swift\t\(chatEntry)\nswift/chat.swift\t\(chatEntry)\nswift/shops.swift\t\(shopsEntry)\n")
        let onlyChat = OutputWriter { $0 == chat }
        let summary = try onlyChat.write([GeneratedFile(path: "swift/chat.swift", contents: "c2", schema: "/s/chat.yaml")], to: directory.path, scopes: ["swift"])
        #expect(summary.removed == ["swift/Old.swift"])
        #expect(directory.read("swift/shops.swift") == "s", "another schema's output stays")
        #expect(directory.read(OutputWriter.manifestName) == "swift/chat.swift\t\(chatEntry)\nswift/shops.swift\t\(shopsEntry)\n")
    }

    /// Schemas are recorded relative to the output folder: the same checkout in another folder
    /// leaves the manifest as it is (it was rewritten with the new absolute paths).
    @Test func aMovedCheckoutKeepsItsManifest() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        try root.write("a/schemas/chat.yaml", "model: Chat\n")
        let file = GeneratedFile(path: "swift/chat.swift", contents: "c", schema: root.file("a/schemas/chat.yaml"))
        _ = try writer.write([file], to: root.file("a/out"), scopes: ["swift"])
        #expect(root.read("a/out/" + OutputWriter.manifestName) == "swift/chat.swift\t../schemas/chat.yaml\n")
        try FileManager.default.moveItem(atPath: root.file("a"), toPath: root.file("b"))
        let moved = GeneratedFile(path: "swift/chat.swift", contents: "c", schema: root.file("b/schemas/chat.yaml"))
        let summary = try OutputWriter { $0 == OutputWriter.normalized(root.file("b/schemas/chat.yaml")) }.write([moved], to: root.file("b/out"), scopes: ["swift"])
        #expect(summary.written.isEmpty && summary.unchanged == ["swift/chat.swift"])
        #expect(root.read("b/out/" + OutputWriter.manifestName) == "swift/chat.swift\t../schemas/chat.yaml\n")
        // A stale file of that schema is still found to be its own, and removed.
        try root.write("b/out/" + OutputWriter.manifestName, "swift/Old.swift\t../schemas/chat.yaml\nswift/chat.swift\t../schemas/chat.yaml\n")
        try root.write("b/out/swift/Old.swift", "o")
        let again = try OutputWriter { $0 == OutputWriter.normalized(root.file("b/schemas/chat.yaml")) }.write([moved], to: root.file("b/out"), scopes: ["swift"])
        #expect(again.removed == ["swift/Old.swift"])
    }

    /// Without a manifest (deleted, or not committed), files that say modelgen generated them, or
    /// that hold what would be written (a runtime's copy), are taken as its own.
    @Test func withoutAManifestItsOwnFilesAreKnownByTheirHeaderOrTheirBytes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("swift/chat.swift", "// Generated by modelgen from chat.yaml. Do not edit.\nold\n")
        try directory.write("kotlin/Match.kt", "runtime\n")
        let summary = try writer.write([
            GeneratedFile(path: "swift/chat.swift", contents: "// Generated by modelgen from chat.yaml. Do not edit.\nnew\n"),
            GeneratedFile(path: "kotlin/Match.kt", contents: "runtime\n"),
        ], to: directory.path, scopes: ["swift", "kotlin"])
        #expect(summary.written == ["swift/chat.swift"] && summary.unchanged == ["kotlin/Match.kt"])
        #expect(directory.read(OutputWriter.manifestName) == "kotlin/Match.kt\t\nswift/chat.swift\t\n")
        // With a manifest, a file it does not list is someone's, header or not.
        try directory.write("swift/copy.swift", "// Generated by modelgen from chat.yaml. Do not edit.\nedited\n")
        #expect(throws: DiagnosticsError.self) {
            try writer.write([GeneratedFile(path: "swift/copy.swift", contents: "new\n")], to: directory.path, scopes: ["swift"])
        }
        #expect(directory.read("swift/copy.swift") == "// Generated by modelgen from chat.yaml. Do not edit.\nedited\n")
    }

    /// Paths are compared by their components, as given: `a/../b` is `b`, a relative path is
    /// taken from the current folder, and a folder that does not exist yet reads the same.
    @Test func pathsAreNormalizedByTheirComponents() {
        #expect(OutputWriter.normalized("/x/./y/../z.yaml") == "/x/z.yaml")
        #expect(OutputWriter.normalized("z.yaml") == OutputWriter.normalized(FileManager.default.currentDirectoryPath + "/z.yaml"))
        #expect(OutputWriter.relative("/p/schemas/chat.yaml", to: "/p/not/yet/there") == "../../../schemas/chat.yaml")
        #expect(OutputWriter.relative("/p/out/chat.yaml", to: "/p/out") == "chat.yaml")
    }

    @Test func keepsFilesAnOlderManifestRecordedWithoutTheirSchema() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("swift/shops.swift", "s")
        try directory.write(OutputWriter.manifestName, "swift/shops.swift\n")
        let summary = try writer.write([GeneratedFile(path: "swift/chat.swift", contents: "c", schema: "/s/chat.yaml")], to: directory.path, scopes: ["swift"])
        #expect(summary.removed.isEmpty)
        #expect(directory.read("swift/shops.swift") == "s")
    }

    @Test func neverOverwritesAFileItDidNotWrite() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("swift/a.swift", "mine")
        try directory.write("swift/notes.txt", "mine too")
        #expect(throws: DiagnosticsError.self) {
            try writer.write([GeneratedFile(path: "swift/a.swift", contents: "generated")], to: directory.path, scopes: ["swift"])
        }
        #expect(directory.snapshot() == ["swift/a.swift": "mine", "swift/notes.txt": "mine too"])
        _ = try writer.write([GeneratedFile(path: "swift/b.swift", contents: "b")], to: directory.path, scopes: ["swift"])
        _ = try writer.write([], to: directory.path, scopes: ["swift"])
        #expect(directory.read("swift/notes.txt") == "mine too")
        #expect(directory.read("swift/b.swift") == nil)
    }

    @Test func refusesAFileAsTheOutputFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("file", "x")
        do {
            _ = try writer.write([GeneratedFile(path: "swift/a.swift", contents: "a")], to: directory.file("file"), scopes: ["swift"])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "modelgen: error: output path '\(directory.file("file"))' is a file, not a folder")
        }
    }

    @Test func checkReportsADiffAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try writer.write([GeneratedFile(path: "swift/a.swift", contents: "one\ntwo\n")], to: directory.path, scopes: ["swift"])
        let before = directory.snapshot()
        let diff = try writer.check([
            GeneratedFile(path: "swift/a.swift", contents: "one\nthree\n"), GeneratedFile(path: "swift/n.swift", contents: "new\n"),
        ], in: directory.path, scopes: ["swift"])
        #expect(diff == """
        --- a/swift/a.swift
        +++ b/swift/a.swift
        @@ -1,2 +1,2 @@
         one
        -two
        +three
        --- /dev/null
        +++ b/swift/n.swift
        @@ -0,0 +1,1 @@
        +new

        """)
        #expect(directory.snapshot() == before)
        #expect(try writer.check([GeneratedFile(path: "swift/a.swift", contents: "one\ntwo\n")], in: directory.path, scopes: ["swift"]).isEmpty)
    }
}

@Suite struct UnifiedDiffTests {
    @Test func hunksKeepThreeLinesOfContextAndMergeWhenClose() {
        let old = (1...12).map(String.init).joined(separator: "\n") + "\n"
        let new = ["1", "two", "3", "4", "5", "6", "7", "8", "9", "10", "12"].joined(separator: "\n") + "\n"
        #expect(UnifiedDiff.diff(old: old, new: new, oldName: "a", newName: "b") == """
        --- a
        +++ b
        @@ -1,5 +1,5 @@
         1
        -2
        +two
         3
         4
         5
        @@ -8,5 +8,4 @@
         8
         9
         10
        -11
         12

        """)
    }

    @Test func identicalTextsHaveNoHunks() {
        #expect(UnifiedDiff.diff(old: "a\n", new: "a\n", oldName: "x", newName: "y") == "--- x\n+++ y\n")
    }
}

@Suite struct AtomicWriteTests {
    @Test func aFailedWriteLeavesNoPartialOrTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("swift/b.swift"), withIntermediateDirectories: true)
        #expect(throws: DiagnosticsError.self) {
            try OutputWriter().write([
                GeneratedFile(path: "swift/a.swift", contents: String(repeating: "a", count: 100_000)),
                GeneratedFile(path: "swift/b.swift", contents: "b"),
            ], to: directory.path, scopes: ["swift"])
        }
        #expect(directory.read("swift/a.swift")?.count == 100_000, "a file is written whole or not at all")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.file("swift")).sorted()
        #expect(names == ["a.swift", "b.swift"], "no temporary file is left behind")
    }
}
