import Foundation
import Testing
@testable import ModelgenCore

/// The JSON Schema for editors, as shipped in Documentation/, checked with a real JSON Schema
/// validator (Debian's python3-jsonschema, through `scripts/check-json-schema`).
@Suite struct SchemaJSONSchemaTests {
    static let shipped = "Documentation/modelgen.schema.json"

    /// The example schemas, which all carry a `# yaml-language-server: $schema=` line.
    static let examples = ["schemas/chat.yaml", "schemas/shops.yaml", "Examples/ChatApp/Sources/ChatModel/chat.modelgen.yaml"]

    /// `ok`, `invalid <where>: <message>` or `not-yaml <message>`, by file.
    static func check(_ files: [String]) throws -> [String: String] {
        let output = try ProcessRunner.run("/usr/bin/python3", ["scripts/check-json-schema", shipped] + files, in: Schemas.packageRoot.path)
        #expect(output.status == 0, "\(output.stderr)")
        var results: [String: String] = [:]
        for line in output.stdout.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 2).map(String.init)
            results[parts[1]] = ([parts[0]] + parts.dropFirst(2)).joined(separator: " ")
        }
        return results
    }

    @Test func theShippedFileIsUpToDate() throws {
        let shipped = try String(contentsOf: Schemas.packageRoot.appendingPathComponent(Self.shipped), encoding: .utf8)
        #expect(try SchemaJSONSchema.text() == shipped, "run 'swift run modelgen json-schema -o \(Self.shipped)'")
    }

    @Test func everyExampleSchemaPointsAtItAndPasses() throws {
        let results = try Self.check(Self.examples + ["Tests/Schemas/torture.yaml"])
        for file in Self.examples + ["Tests/Schemas/torture.yaml"] {
            #expect(results[file] == "ok", "\(file): \(results[file] ?? "not checked")")
        }
        for file in Self.examples {
            let text = try String(contentsOf: Schemas.packageRoot.appendingPathComponent(file), encoding: .utf8)
            let modeline = text.split(separator: "\n").first { $0.hasPrefix("# yaml-language-server: $schema=") }
            let target = modeline.map { URL(fileURLWithPath: String($0.dropFirst("# yaml-language-server: $schema=".count)), relativeTo: Schemas.packageRoot.appendingPathComponent(file).deletingLastPathComponent()) }
            #expect(target?.standardizedFileURL.path == Schemas.packageRoot.appendingPathComponent(Self.shipped).standardizedFileURL.path, "\(file)")
        }
    }

    /// A bad schema whose mistake is one of shape says where editors flag it, in a last line
    /// `# json-schema: editors flag <where>`; every other one passes the JSON Schema (modelgen
    /// finds its problem), unless it is not YAML at all.
    @Test func structuralMistakesAreFlaggedAndOnlyThose() throws {
        let folder = Schemas.packageRoot.appendingPathComponent("Tests/BadSchemas")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        let results = try Self.check(files.map { "Tests/BadSchemas/\($0)" })
        var flagged = 0
        for file in files {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(file)), as: UTF8.self)
            let marker = "# json-schema: editors flag "
            let result = results["Tests/BadSchemas/\(file)"] ?? "not checked"
            if let line = text.split(separator: "\n").last(where: { $0.hasPrefix(marker) }) {
                flagged += 1
                #expect(result.hasPrefix("invalid \(line.dropFirst(marker.count)): "), "\(file): \(result)")
            } else {
                #expect(result == "ok" || result.hasPrefix("not-yaml "), "\(file): \(result)")
            }
        }
        #expect(flagged >= 25)
    }

    /// Hover texts are Schema.md's own sentences, so the two cannot drift apart.
    @Test func itsDocumentationIsSchemaMdWordForWord() throws {
        let reference = try String(contentsOf: Schemas.packageRoot.appendingPathComponent("Documentation/Schema.md"), encoding: .utf8)
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: Schemas.packageRoot.appendingPathComponent(Self.shipped)))
        let texts = Self.values(of: "markdownDescription", in: schema)
        #expect(texts.count >= 20)
        let words = Self.words(reference)
        for text in texts {
            let found = words.contains(Self.words(text))
            #expect(found, "not in Schema.md: \(text)")
        }
    }

    private static func words(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func values(of key: String, in json: Any) -> [String] {
        if let object = json as? [String: Any] {
            return object.flatMap { entry in entry.key == key ? [entry.value as? String ?? ""] : values(of: key, in: entry.value) }
        }
        return (json as? [Any])?.flatMap { values(of: key, in: $0) } ?? []
    }
}
