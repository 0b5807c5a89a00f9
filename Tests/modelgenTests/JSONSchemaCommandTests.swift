import Foundation
import Testing

/// `modelgen json-schema` prints, or writes with `-o`/`--out`, the file shipped in Documentation/.
@Suite struct JSONSchemaCommandTests {
    static let shipped = "Documentation/modelgen.schema.json"

    @Test func theShippedFileIsWhatModelgenPrints() throws {
        let printed = try CLI.run(["json-schema"])
        #expect(printed.status == 0)
        let shipped = try String(contentsOf: CLI.packageRoot.appendingPathComponent(Self.shipped), encoding: .utf8)
        #expect(printed.stdout == shipped, "run 'swift run modelgen json-schema -o \(Self.shipped)'")
        let out = try Scratch()
        defer { out.remove() }
        #expect(try CLI.run(["json-schema", "-o", out.file("schema.json")]).status == 0)
        #expect(try String(contentsOfFile: out.file("schema.json"), encoding: .utf8) == shipped)
        // --out, as every command that writes a file or folder takes it.
        #expect(try CLI.run(["json-schema", "--out", out.file("again.json")]).status == 0)
        #expect(try String(contentsOfFile: out.file("again.json"), encoding: .utf8) == shipped)
    }
}
