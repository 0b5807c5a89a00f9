import Foundation
import Testing
@testable import ModelgenCore

/// The code generated for each schema in `schemas/` is committed under `Tests/Goldens/<schema>/`,
/// as `modelgen schemas/<schema>.yaml --out Tests/Goldens/<schema>` writes it, less the Kotlin
/// and TypeScript runtimes (copied verbatim from `Runtimes/`, checked below), with `ir.json`, the
/// model as `modelgen schemas/<schema>.yaml --dump-ir` prints it, `<schema>.md`, its page as
/// `modelgen diagram` writes it, and `firestore.rules`, as `modelgen rules` writes it.
/// Set `MODELGEN_RECORD_GOLDENS=1` to re-record them, then read the diff.
@Suite struct GoldenTests {
    static let schemas = Schemas.withGoldens
    static let recording = ProcessInfo.processInfo.environment["MODELGEN_RECORD_GOLDENS"] == "1"

    @Test(arguments: schemas)
    func outputMatchesTheGolden(schema: String) throws {
        let model = try Schemas.example(schema)
        let files = try Language.all.map { language in
            let file = try ModelRenderer(language: language.definition, templates: TemplateEngine()).render(model)
            return GeneratedFile(path: "\(language.name)/\(file.path)", contents: file.contents)
        } + [
            GeneratedFile(path: "ir.json", contents: try Model.json([model])), ModelPage(model: model).file,
            GeneratedFile(path: "firestore.rules", contents: try SecurityRules([model]).fileText),
        ]
        let folder = Schemas.packageRoot.appendingPathComponent("Tests/Goldens/\(schema)").path
        if Self.recording {
            try? FileManager.default.removeItem(atPath: folder)
            _ = try OutputWriter().write(files, to: folder, scopes: Language.all.map(\.name))
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

    @Test func theRuntimesAreCopiedVerbatimBesideTheModels() throws {
        let generator = Generator(templates: try TemplateEngine(), runtimes: try RuntimeFiles())
        let outputs = try generator.render([])
        let files = Dictionary(uniqueKeysWithValues: outputs.flatMap { output in output.files.map { ("\(output.language.name)/\($0.path)", $0.contents) } })
        #expect(files["kotlin/modelgen/runtime/InMemoryStore.kt"] != nil)
        #expect(files["kotlin/modelgen/runtime/RxStreams.kt"] != nil, "Kotlin's RxJava layer, beside its core")
        #expect(files["kotlin/modelgen/runtime/firestore/FirestoreStore.kt"] != nil)
        #expect(files["typescript/runtime/index.ts"] != nil)
        #expect(!files.keys.contains { $0.hasPrefix("swift/") }, "the Swift output uses the ModelgenRuntime library")
        for output in outputs {
            for file in output.files {
                // The file of exactly one of the language's runtime folders that its destination holds.
                let originals = output.language.definition.runtimes.filter { file.path.hasPrefix($0.destination + "/") }.compactMap { runtime in
                    try? String(contentsOf: Schemas.packageRoot.appendingPathComponent("Runtimes/\(runtime.source)/\(file.path.dropFirst(runtime.destination.count + 1))"), encoding: .utf8)
                }
                #expect(originals == [file.contents], "\(output.language.name)/\(file.path)")
            }
        }
    }

    @Test func generationIsDeterministic() throws {
        let generator = Generator(templates: try TemplateEngine(), runtimes: try RuntimeFiles())
        let models = try Self.schemas.map { try Schemas.example($0) }
        let (first, second) = (try generator.render(models), try generator.render(models))
        #expect(first.map(\.files) == second.map(\.files))
    }
}
