import Foundation
import Testing
@testable import ModelgenCore

/// The code generated for each schema in `schemas/` is committed under `Tests/Goldens/<schema>/`,
/// as `modelgen schemas/<schema>.yaml --out Tests/Goldens/<schema>` writes it, less the Kotlin
/// and TypeScript runtimes (copied verbatim from `Templates/`, checked below).
/// Set `MODELGEN_RECORD_GOLDENS=1` to re-record them, then read the diff.
@Suite struct GoldenTests {
    static let schemas = Schemas.withGoldens
    static let recording = ProcessInfo.processInfo.environment["MODELGEN_RECORD_GOLDENS"] == "1"

    @Test(arguments: schemas)
    func outputMatchesTheGolden(schema: String) throws {
        let templates = try TemplateEngine()
        let model = try Schemas.example(schema)
        let files = try Generator.allRenderers.flatMap { try $0.render(model, templates: templates) }
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

    @Test func theRuntimesAreTheTemplatesCopiedVerbatim() throws {
        let templates = try TemplateEngine()
        let kotlin = try KotlinRenderer().supportFiles(templates: templates)
        let typescript = try TypeScriptRenderer().supportFiles(templates: templates)
        #expect(kotlin.contains { $0.path == "kotlin/modelgen/runtime/InMemoryStore.kt" })
        #expect(kotlin.contains { $0.path == "kotlin/modelgen/runtime/firestore/FirestoreStore.kt" })
        #expect(typescript.contains { $0.path == "typescript/runtime/index.ts" })
        for file in kotlin + typescript {
            let source = file.path.replacingOccurrences(of: "kotlin/modelgen/runtime/", with: "kotlin/runtime/")
            let template = try String(contentsOf: Schemas.packageRoot.appendingPathComponent("Templates/\(source)"), encoding: .utf8)
            #expect(file.contents == template, "\(file.path)")
        }
        #expect(try SwiftRenderer().supportFiles(templates: templates).isEmpty, "the Swift output uses the ModelgenRuntime library")
    }

    @Test func generationIsDeterministic() throws {
        let generator = Generator(templates: try TemplateEngine())
        let models = try Self.schemas.map { try Schemas.example($0) }
        #expect(try generator.render(models) == generator.render(models))
    }
}

@Suite struct EmbeddedTemplateTests {
    @Test func theBinaryCarriesTheTemplatesFolderAsItIs() throws {
        let folder = Schemas.packageRoot.appendingPathComponent("Templates").path
        var onDisk: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = (folder as NSString).appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue, !relative.hasPrefix(".") else { continue }
            onDisk[relative] = try String(contentsOfFile: path, encoding: .utf8)
        }
        #expect(onDisk.keys.sorted() == embeddedTemplates.keys.sorted(), "run scripts/embed-templates")
        for (path, text) in onDisk where embeddedTemplates[path] != text {
            Issue.record("Templates/\(path) changed since it was embedded; run scripts/embed-templates")
        }
    }
}
