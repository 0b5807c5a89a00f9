import Foundation
import Testing
@testable import ModelgenCore

/// The output for each schema in `schemas/` is committed under `Tests/Goldens/<schema>/`,
/// exactly as `modelgen schemas/<schema>.yaml --out Tests/Goldens/<schema>` writes it.
/// Set `MODELGEN_RECORD_GOLDENS=1` to re-record them, then read the diff.
@Suite struct GoldenTests {
    static let schemas = ((try? FileManager.default.contentsOfDirectory(atPath: Schemas.packageRoot.appendingPathComponent("schemas").path)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    static let recording = ProcessInfo.processInfo.environment["MODELGEN_RECORD_GOLDENS"] == "1"

    @Test(arguments: schemas)
    func outputMatchesTheGolden(schema: String) throws {
        let generator = Generator(templates: try TemplateEngine())
        let files = try generator.render([try Schemas.example(schema)])
        let folder = Schemas.packageRoot.appendingPathComponent("Tests/Goldens/\(schema)").path
        if Self.recording {
            try? FileManager.default.removeItem(atPath: folder)
            _ = try OutputWriter().write(files, to: folder, scopes: Language.allCases.map(\.rawValue))
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(OutputWriter.manifestName))
            return
        }
        var goldens = Set(FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
        for file in files {
            goldens.remove(file.path)
            let path = (folder as NSString).appendingPathComponent(file.path)
            guard let golden = try? String(contentsOfFile: path, encoding: .utf8) else {
                Issue.record("missing golden \(path); record with MODELGEN_RECORD_GOLDENS=1")
                continue
            }
            if golden != file.contents {
                Issue.record("\(file.path) differs from its golden:\n\(UnifiedDiff.diff(old: golden, new: file.contents, oldName: "golden/\(file.path)", newName: "generated/\(file.path)"))")
            }
        }
        let stale = goldens.filter { path in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(path), isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue
        }
        #expect(stale.isEmpty, "golden files no longer generated: \(stale.sorted())")
    }

    @Test func generationIsDeterministic() throws {
        let generator = Generator(templates: try TemplateEngine())
        let models = try Self.schemas.map { try Schemas.example($0) }
        #expect(try generator.render(models) == generator.render(models))
    }
}
