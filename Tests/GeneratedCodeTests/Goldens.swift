import Foundation
import ModelgenCore

/// The committed golden output, as files to compile.
enum Goldens {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var schemas: [String] {
        let folder = packageRoot.appendingPathComponent("Tests/Goldens").path
        // A folder per schema; the files beside them (firestore.indexes.json) hold every schema's.
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(name), isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
    }

    /// The golden files of `Tests/Goldens/<schema>/<language>/` with the given extension and
    /// the runtime modelgen writes beside them, by path relative to the language's output folder.
    static func files(_ schema: String, _ language: String, extension ext: String) -> [String: String] {
        let folder = packageRoot.appendingPathComponent("Tests/Goldens/\(schema)/\(language)").path
        return sources(in: folder, extension: ext).merging(runtime(of: language, extension: ext)) { first, _ in first }
    }

    /// The runtime modelgen writes beside the output of `language` (`kotlin-flow`: Kotlin's core
    /// and its Flow layer), from `Runtimes/` as it is on disk, leaving out the Firestore adapters
    /// (no Firebase SDK here).
    static func runtime(of language: String, extension ext: String) -> [String: String] {
        guard let language = Language.named(language),
              let runtimes = try? RuntimeFiles(overrideDirectory: packageRoot.appendingPathComponent("Runtimes").path),
              let templates = try? TemplateEngine() else { return [:] }
        var generator = Generator(templates: templates, runtimes: runtimes)
        generator.languages = [language]
        let files = (try? generator.render([]))?.flatMap(\.files) ?? []
        return Dictionary(uniqueKeysWithValues: files.filter { $0.path.hasSuffix(ext) && !$0.path.split(separator: "/").contains("firestore") }.map { ($0.path, $0.contents) })
    }

    /// The golden files of every schema in `language`, with one copy of the runtime: each
    /// schema's model has a package (Kotlin) or file (TypeScript) of its own.
    static func everySchema(_ language: String, extension ext: String) -> [String: String] {
        schemas.reduce(into: [:]) { files, schema in files.merge(Self.files(schema, language, extension: ext)) { first, _ in first } }
    }

    /// The driver programs under `Tests/Drivers/<language>/`.
    static func drivers(_ language: String, extension ext: String) -> [String: String] {
        sources(in: packageRoot.appendingPathComponent("Tests/Drivers/\(language)").path, extension: ext)
    }

    static func sources(in folder: String, extension ext: String) -> [String: String] {
        var result: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(ext), !relative.split(separator: "/").contains("firestore") else { continue }
            result[relative] = try? String(contentsOfFile: (folder as NSString).appendingPathComponent(relative), encoding: .utf8)
        }
        return result
    }
}

/// The toolchain, or a failure naming what to install: these tests never pass without running.
func require<T>(_ status: ToolchainStatus<T>, _ language: String) throws -> T {
    switch status {
    case let .available(toolchain): return toolchain
    case let .missing(install):
        throw ToolchainError("\(language) toolchain not found; install it with `\(install)` (scripts/test does)")
    }
}
