import Foundation
import Testing

/// `modelgen diagram` writes one page per schema, as the goldens hold them.
@Suite struct DiagramCommandTests {
    @Test func writesAPagePerSchemaAndOnlyWhenChanged() throws {
        let out = try Scratch()
        defer { out.remove() }
        let first = try CLI.run(["diagram", "schemas/", "--out", out.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("modelgen: 2 written, 0 unchanged, 0 removed in '\(out.path)'\n"))
        for schema in ["chat", "shops"] {
            let golden = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Tests/Goldens/\(schema)/\(schema).md"), encoding: .utf8)
            #expect(try String(contentsOfFile: out.file("\(schema).md"), encoding: .utf8) == golden)
        }
        let second = try CLI.run(["diagram", "schemas/", "-o", out.path])
        #expect(second.stdout == "modelgen: 0 written, 2 unchanged, 0 removed in '\(out.path)'\n")
    }

    @Test func aBadSchemaWritesNoPage() throws {
        let out = try Scratch()
        defer { out.remove() }
        let result = try CLI.run(["diagram", "schemas/chat.yaml", "Tests/BadSchemas/unknown-stream.yaml", "--out", out.path])
        #expect(result.status == 1)
        #expect(result.stderr == "Tests/BadSchemas/unknown-stream.yaml:12:16: error: unknown stream 'alll'; did you mean 'all'?\n")
        #expect(out.snapshot().isEmpty)
    }
}
