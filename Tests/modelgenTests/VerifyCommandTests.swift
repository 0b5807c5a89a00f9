import Foundation
import Testing

/// `modelgen verify` runs the conformance vectors in Swift (Combine and Swift concurrency), Kotlin
/// (RxJava and Flow) and TypeScript.
@Suite struct VerifyCommandTests {
    static let vectors = ((try? FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent("Tests/Conformance").path)) ?? [])
        .filter { $0.hasSuffix(".yaml") }

    /// Every vector passes in every language, and every stream of every vector, read once before
    /// each expect, gives what it last emitted: `--reads` keeps each vector's expectations but
    /// those of decode failures (a read decodes again), which the next test checks.
    @Test func everyVectorPassesInEveryLanguageAndEveryStreamReadOnceGivesItsLatestEmission() throws {
        #expect(Self.vectors.count >= 12)
        let result = try CLI.run(["verify", "Tests/Conformance/", "--reads"])
        let runs = Self.vectors.count * 5
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("modelgen verify: \(runs) of \(runs) runs passed (\(Self.vectors.count) vectors × 5 languages)\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("FAIL"))
    }

    /// The vectors that expect decode failures pass as they are, without `--reads`.
    @Test func theVectorsOfDecodeFailuresPassInEveryLanguage() throws {
        let vectors = try Self.vectors.filter { name in
            try String(contentsOf: CLI.packageRoot.appendingPathComponent("Tests/Conformance/\(name)"), encoding: .utf8).contains("decodeFailure")
        }
        #expect(vectors.count >= 10)
        let result = try CLI.run(["verify"] + vectors.map { "Tests/Conformance/\($0)" })
        let runs = vectors.count * 5
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("modelgen verify: \(runs) of \(runs) runs passed (\(vectors.count) vectors × 5 languages)\n"), "\(result.stdout)")
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

    /// 110 vectors in one run (two batches in Swift and Kotlin), and one vector of 2,000 explicit writes in one batch and 300
    /// further steps: the runners build in batches and split long programs into functions.
    @Test func manyVectorsAndALongOneRunInEveryLanguage() throws {
        let folder = try Scratch()
        defer { folder.remove() }
        for index in 0..<110 {
            // Documents n = 0…k-1; the count of n >= 3 rises by one from the fourth on.
            let k = index % 7 + 1
            let writes = (0..<k).map { "  - set: items/i\($0)\n    data: { n: \($0) }" }.joined(separator: "\n")
            let counts = [0] + (3..<max(3, k)).map { $0 - 2 }
            try Self.vector(model: "M\(index)", steps: writes, expect: "count: \(counts)").write(toFile: folder.file("v\(index).yaml"), atomically: true, encoding: .utf8)
        }
        // 2,000 writes commit at once, one snapshot; then 300 deletes, one each.
        let batch = "  - batch:\n" + (0..<2000).map { "      - set: items/i\($0)\n        data: { n: \($0) }" }.joined(separator: "\n")
        let deletes = (0..<300).map { "  - delete: items/i\($0)" }.joined(separator: "\n")
        let counts = [0, 1997] + (0..<300).map { $0 < 3 ? 1997 : 1997 - ($0 - 2) }
        try Self.vector(model: "Long", steps: batch + "\n" + deletes, expect: "count: \(Self.changes(counts))").write(toFile: folder.file("long.yaml"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["verify", folder.path])
        #expect(result.stdout.hasSuffix("modelgen verify: 555 of 555 runs passed (111 vectors × 5 languages)\n"), "\(result.stdout.suffix(3000))")
    }

    /// A vector over items `{ n: int }` whose `count` stream counts those with n >= 3.
    static func vector(model: String, steps: String, expect: String) -> String {
        """
        schema: |
          model: \(model)
          collections:
            Item: { path: items, fields: { n: int } }
          streams:
            items: { from: Item }
            big: { filter: items, where: n >= 3 }
            count: { count: big }
        steps:
          - subscribe: count
            stream: count
        \(steps)
          - expect:
              \(expect)
        """
    }

    /// The values a stream emits: each that differs from the one before (a count emits only on change).
    static func changes(_ values: [Int]) -> [Int] {
        values.enumerated().filter { $0.offset == 0 || values[$0.offset - 1] != $0.element }.map(\.element)
    }

    /// A vector whose generated code does not build fails in each language with the compiler's
    /// errors, and the vector built with it still runs.
    @Test func aVectorThatDoesNotBuildFailsAlone() throws {
        let folder = try Scratch()
        defer { folder.remove() }
        // One default frame, for every language.
        let template = folder.file("templates/default/model.stencil")
        try FileManager.default.createDirectory(atPath: (template as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "{{ code }}\n{% if name == \"BrokenModel\" %}this does not build{% endif %}\n".write(toFile: template, atomically: true, encoding: .utf8)
        try Self.vector(model: "Broken", steps: "", expect: "count: [0]").write(toFile: folder.file("a-broken.yaml"), atomically: true, encoding: .utf8)
        try Self.vector(model: "Fine", steps: "", expect: "count: [0]").write(toFile: folder.file("b-fine.yaml"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["verify", folder.file("a-broken.yaml"), folder.file("b-fine.yaml"), "--templates", folder.file("templates")])
        #expect(result.status == 1)
        #expect(result.stdout.contains("  swift       FAIL \(folder.file("a-broken.yaml")):swift build failed:"), "\(result.stdout)")
        #expect(result.stdout.contains("  swift-async FAIL \(folder.file("a-broken.yaml")):swift build failed:"), "\(result.stdout)")
        #expect(result.stdout.contains("  kotlin      FAIL \(folder.file("a-broken.yaml")):Kotlin 2.2.20-Beta2 failed:"), "\(result.stdout)")
        #expect(result.stdout.contains("  kotlin-flow FAIL \(folder.file("a-broken.yaml")):Kotlin 2.2.20-Beta2 failed:"), "\(result.stdout)")
        #expect(result.stdout.contains("  typescript  FAIL \(folder.file("a-broken.yaml")):tsc failed:"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("modelgen verify: 5 of 10 runs passed (2 vectors × 5 languages)\n"), "\(result.stdout)")
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
        #expect(result.stdout.hasSuffix("5 of 5 runs passed (1 vectors × 5 languages)\n"), "\(result.stdout)")
    }

    @Test func aMissingToolchainIsNotRunNeverPassed() throws {
        let result = try CLI.run(["verify", "Tests/Conformance/batches.yaml", "--lang", "kotlin"], environment: ["MODELGEN_RXJAVA_CLASSPATH": "/nonexistent/rxjava.jar"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("  kotlin      not run: toolchain missing (scripts/install-toolchains"), "\(result.stdout)")
        #expect(result.stdout.contains("RxJava 3: apt-get install -y librx-java libreactive-streams-java"), "\(result.stdout)")
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
