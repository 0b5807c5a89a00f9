import Foundation
import Testing

/// `modelgen verify` runs the conformance vectors in Swift, Kotlin and TypeScript.
@Suite(.serialized) struct VerifyCommandTests {
    static let vectors = ((try? FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent("Tests/Conformance").path)) ?? [])
        .filter { $0.hasSuffix(".yaml") }

    @Test func everyVectorPassesInEveryLanguage() throws {
        #expect(Self.vectors.count >= 12)
        let result = try CLI.run(["verify", "Tests/Conformance/"])
        let runs = Self.vectors.count * 3
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("modelgen verify: \(runs) of \(runs) runs passed (\(Self.vectors.count) vectors × 3 languages)\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("FAIL"))
    }

    /// Every stream of every vector, read once before each expect, gives what it last emitted.
    @Test func everyStreamReadOnceGivesItsLatestEmission() throws {
        let result = try CLI.run(["verify", "Tests/Conformance/", "--reads"])
        let runs = Self.vectors.count * 3
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("modelgen verify: \(runs) of \(runs) runs passed (\(Self.vectors.count) vectors × 3 languages)\n"), "\(result.stdout)")
    }

    /// A `--runtimes` folder that replaces one runtime file with `original` changed to `broken`.
    func brokenRuntime(_ path: String, replacing original: String, with broken: String) throws -> Scratch {
        let runtimes = try Scratch()
        let source = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Runtimes/\(path)"), encoding: .utf8)
        #expect(source.contains(original), "the runtime changed; update the breakage this test makes")
        let target = runtimes.file(path)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try source.replacingOccurrences(of: original, with: broken).write(toFile: target, atomically: true, encoding: .utf8)
        return runtimes
    }

    @Test func aKotlinComparatorThatComparesUTF16UnitsIsCaught() throws {
        let runtimes = try brokenRuntime("kotlin/ValueOrder.kt", replacing: "code < 0xD800 -> code", with: "code < 0x10000 -> code")
        defer { runtimes.remove() }
        let result = try CLI.run(["verify", "Tests/Conformance/strings.yaml", "--lang", "kotlin,typescript", "--runtimes", runtimes.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("  kotlin      FAIL Tests/Conformance/strings.yaml:"), "\(result.stdout)")
        #expect(result.stdout.contains("differs, after step"), "\(result.stdout)")
        #expect(result.stdout.contains("  typescript  pass"))
    }

    @Test func aTypeScriptComparatorThatComparesUTF16UnitsIsCaught() throws {
        let runtimes = try brokenRuntime("typescript/order.ts", replacing: "if (unit < 0xd800) return unit;", with: "if (unit < 0x10000) return unit;")
        defer { runtimes.remove() }
        let result = try CLI.run(["verify", "Tests/Conformance/strings.yaml", "--lang", "typescript", "--runtimes", runtimes.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("  typescript  FAIL Tests/Conformance/strings.yaml:"), "\(result.stdout)")
        #expect(result.stdout.contains("expected: "), "\(result.stdout)")
    }

    @Test func aUsersOwnVectorRuns() throws {
        let folder = try Scratch()
        defer { folder.remove() }
        try """
        model: Notes
        collections:
          Note:
            path: notes
            fields: { body: string, pinned: bool }
            orderBy: body
        streams:
          notes: { from: Note }
          pinned: { count: notes, where: pinned == true }
        """.write(toFile: folder.file("notes.yaml"), atomically: true, encoding: .utf8)
        try """
        schema: notes.yaml
        steps:
          - subscribe: pinned
            stream: pinned
          - set: notes/a
            data: { body: b, pinned: true }
          - set: notes/b
            data: { body: a, pinned: false }
          - expect:
              pinned: [0, 1]
        """.write(toFile: folder.file("pinned.vector.yaml"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["verify", folder.file("pinned.vector.yaml")])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("3 of 3 runs passed (1 vectors × 3 languages)\n"), "\(result.stdout)")
    }

    @Test func aMissingToolchainIsNotRunNeverPassed() throws {
        let result = try CLI.run(["verify", "Tests/Conformance/batches.yaml", "--lang", "kotlin"], environment: ["MODELGEN_RXJAVA_CLASSPATH": "/nonexistent/rxjava.jar"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("  kotlin      not run: toolchain missing (apt-get install -y kotlin librx-java libreactive-streams-java)"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("0 of 1 runs passed (1 vectors × 1 languages)\n"))
    }

    @Test func mistakesInAVectorAreLocated() throws {
        let folder = try Scratch()
        defer { folder.remove() }
        try """
        schema: |
          model: Bad
          collections:
            Item: { path: items, fields: { n: int } }
          streams:
            items: { from: Itme }
        steps:
          - subscribe: all
            stream: itmes
          - expect:
              other: []
        """.write(toFile: folder.file("bad.yaml"), atomically: true, encoding: .utf8)
        let path = folder.file("bad.yaml")
        let result = try CLI.run(["verify", path])
        #expect(result.status == 1)
        #expect(result.stderr == "\(path):6:20: error: unknown collection 'Itme'; did you mean 'Item'?\n", "\(result.stderr)")
        try """
        schema: ../../schemas/chat.yaml
        steps:
          - subscribe: count
            stream: speakCount
            with: { roomId: 1 }
          - expect:
              other: []
          - cancel: nothing
        """.replacingOccurrences(of: "../../schemas/chat.yaml", with: CLI.packageRoot.appendingPathComponent("schemas/chat.yaml").path)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let second = try CLI.run(["verify", path])
        #expect(second.stderr == """
        \(path):3:5: error: 'roomId' is string; 1 does not fit
        \(path):3:5: error: stream 'speakCount' needs 'uid' in 'with'
        \(path):7:7: error: no subscription labelled 'other' before this step
        \(path):8:5: error: no subscription labelled 'nothing' to cancel

        """, "\(second.stderr)")
    }
}
