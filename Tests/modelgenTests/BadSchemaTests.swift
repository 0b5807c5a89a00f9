import Foundation
import Testing

/// Every schema in `Tests/BadSchemas/` states its diagnostics in `# expect:` lines; modelgen
/// must print exactly those on stderr, exit 1, and leave the output folder as it was.
@Suite struct BadSchemaTests {
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent("Tests/BadSchemas").path)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.sorted()

    @Test func thereAreEnoughOfThem() {
        #expect(Self.files.count >= 40)
    }

    @Test(arguments: files)
    func isRejectedWithItsDiagnostics(file: String) throws {
        let path = "Tests/BadSchemas/\(file)"
        // Read leniently: one of them is not UTF-8 on purpose.
        let text = String(decoding: try Data(contentsOf: CLI.packageRoot.appendingPathComponent(path)), as: UTF8.self)
        let expected = text.split(separator: "\n").filter { $0.hasPrefix("# expect: ") }.map { $0.dropFirst("# expect: ".count) + "\n" }.joined()
        #expect(!expected.isEmpty, "\(file) has no '# expect:' line")
        let out = try Scratch()
        defer { out.remove() }
        try "a file modelgen did not write\n".write(toFile: out.file("notes.txt"), atomically: true, encoding: .utf8)
        let before = out.snapshot()
        let result = try CLI.run([path, "--out", out.path])
        #expect(result.status == 1)
        #expect(result.stderr == expected)
        #expect(result.stdout.isEmpty)
        #expect(out.snapshot() == before)
    }
}
