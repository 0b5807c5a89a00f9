import Foundation
@testable import ModelgenCore

/// Generates random schemas' code and compiles it where users build it: Swift in an Xcode 26 app
/// target, Kotlin 2.2, TypeScript 6.0 and 5.9 under the strict preset.
/// Every schema's type names are unique across a run, so that one compile takes them all.
struct RandomSchemaCompiler {
    /// Where one compile failed: the compiler and settings, and its messages.
    struct Failure: Error, CustomStringConvertible {
        var target: Target
        var messages: String
        var description: String { "\(target): \(messages)" }
    }

    /// A compiler and its settings.
    enum Target: CustomStringConvertible, CaseIterable {
        case swift(SwiftCompiler.Settings)
        case kotlin
        case typeScript(TypeScriptChecker.Release)

        /// Swift in the Xcode 26 app settings only: the goldens show that plain Swift 6 takes what
        /// they take, and a compile of a few hundred models takes minutes.
        static var allCases: [Target] {
            [.swift(.xcode26App), .kotlin] + TypeScriptChecker.Release.allCases.map(Target.typeScript)
        }

        var description: String {
            switch self {
            case let .swift(settings): "Swift in \(settings.rawValue)"
            case .kotlin: "Kotlin \(KotlinToolchain.Release.current.rawValue)"
            case let .typeScript(release): "TypeScript \(release.rawValue)"
            }
        }
    }

    let generator = Generator(templates: try! TemplateEngine(), runtimes: try! RuntimeFiles())

    /// The model of `sketch`, or nil when the validator refuses it (with its first problem).
    func model(_ sketch: SchemaSketch) -> Result<Model, DiagnosticsError> {
        Result { () throws(DiagnosticsError) in
            try generator.models([SchemaSource(path: sketch.file + ".yaml", text: sketch.yaml)]).first!
        }
    }

    /// Compiles the code of `models` for `target`; throws the compiler's messages, in which the
    /// files are named after the schemas (`s17.swift`, `s17/S17Model.kt`, `s17.ts`).
    func compile(_ models: [Model], for target: Target) throws {
        let language = switch target {
        case .swift: "swift"
        case .kotlin: "kotlin"
        case .typeScript: "typescript"
        }
        var files: [String: String] = [:]
        // The Firestore adapters need the Firebase SDKs, which are not here.
        for file in try generator.render(models).first(where: { $0.language.name == language })?.files ?? []
        where !file.path.split(separator: "/").contains("firestore") {
            files[file.path] = file.contents
        }
        do {
            switch target {
            case let .swift(settings):
                try SwiftCompiler().typecheck(files, module: "RandomSchemas", settings: settings)
            case .kotlin:
                let kotlin = try require(KotlinToolchain.find(.current), "Kotlin")
                let directory = try makeTemporaryDirectory("random-schemas")
                defer { try? FileManager.default.removeItem(atPath: directory) }
                try kotlin.compile(files, into: directory + "/schemas.jar")
            case let .typeScript(release):
                try require(TypeScriptChecker.find(release), "TypeScript").check(files)
            }
        } catch let error as ToolchainError {
            throw Failure(target: target, messages: error.description)
        }
    }

    /// The schemas whose files `failure` places a message in: `s17.swift:3:1`, `s17.ts:3:1`,
    /// `s17/S17Model.kt:3:1` (Kotlin's package is the schema's file name).
    func culprits(of failure: Failure, among models: [Model]) -> [Model] {
        let places = try! Regex(#"(?:^|[\s(])([A-Za-z0-9_]+)(?:\.swift|\.ts|/[A-Za-z0-9_/]+\.kt):\d+:\d+"#)
        let files = Set(failure.messages.matches(of: places).compactMap { $0.output[1].substring.map(String.init) })
        return models.filter { files.contains(String($0.schemaFileName.dropLast(".yaml".count))) }
    }

    /// `sketch` with as many of its parts left out as can be while its code still fails to
    /// compile for `target`: the smallest schema that fails, and how; nil when it compiles alone.
    func shrink(_ sketch: SchemaSketch, failingFor target: Target, with failure: Failure) -> (SchemaSketch, Failure)? {
        guard case let .success(model) = self.model(sketch) else { return nil }
        do {
            try compile([model], for: target)
            return nil
        } catch let failure as Failure {
            return shrink(sketch, failing: failure, for: target)
        } catch {
            return nil
        }
    }

    private func shrink(_ sketch: SchemaSketch, failing failure: Failure, for target: Target) -> (SchemaSketch, Failure) {
        var smallest = (sketch, failure)
        var shrunk = true
        while shrunk {
            shrunk = false
            for (_, part) in smallest.0.parts.reversed() {
                let candidate = smallest.0.removing(part.name)
                guard case let .success(model) = self.model(candidate) else { continue }
                do {
                    try compile([model], for: target)
                } catch let failure as Failure {
                    smallest = (candidate, failure)
                    shrunk = true
                    break
                } catch {
                    continue
                }
            }
        }
        return smallest
    }
}
