import Foundation
@testable import ModelgenCore

/// Loads and validates schema text the way the CLI does, for tests.
enum Schemas {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func syntax(_ yaml: String, file: String = "test.yaml") throws(DiagnosticsError) -> SchemaSyntax {
        try YAMLSchemaLoader().load(SchemaSource(path: file, text: yaml))
    }

    static func model(_ yaml: String, file: String = "test.yaml") throws(DiagnosticsError) -> Model {
        let source = SchemaSource(path: file, text: yaml)
        return try SchemaValidator().validate(try YAMLSchemaLoader().load(source), baseName: source.baseName)
    }

    /// The diagnostics of an invalid schema, printed; empty if it is valid.
    static func errors(_ yaml: String, file: String = "test.yaml") -> [String] {
        do {
            _ = try model(yaml, file: file)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    /// The folders of schemas with goldens: the examples, and the test schemas (torture).
    static let folders = ["schemas", "Tests/Schemas"]

    /// The names of every schema with goldens.
    static var withGoldens: [String] {
        folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }
        }.sorted()
    }

    /// A schema file from `schemas/` or `Tests/Schemas/`.
    static func example(_ name: String) throws -> Model {
        let folder = folders.first { FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("\($0)/\(name).yaml").path) } ?? "schemas"
        let path = packageRoot.appendingPathComponent("\(folder)/\(name).yaml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try model(text, file: "\(folder)/\(name).yaml")
    }

    /// A schema with one collection `A` (fields `name: string`, `n: int`, `tags: [string]`,
    /// `note: string?`) at `as`, a stream `all` over it, and `streams` added.
    static func withStreams(_ streams: String) -> String {
        """
        model: X
        collections:
          A:
            path: as
            fields:
              name: string
              n: int
              tags: "[string]"
              note: string?
        streams:
          all: { from: A }
        \(streams)
        """
    }
}
