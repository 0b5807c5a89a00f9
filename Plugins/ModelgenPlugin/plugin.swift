import Foundation
import PackagePlugin

/// Generates the Swift model of each schema in a target at build time: the target's
/// `*.modelgen.yaml` files, or the schemas its `modelgen.yaml` names. Each schema becomes one
/// Swift file named after it (`chat.modelgen.yaml` → `chat.swift`), compiled into the target:
/// over Swift concurrency when the target depends on `ModelgenAsync`, else over Combine.
@main
struct ModelgenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let products = target.dependencies.compactMap { dependency -> String? in
            if case let .product(product) = dependency { product.name } else { nil }
        }
        return try ModelgenCommands.commands(
            folder: target.directoryURL, workFolder: context.pluginWorkDirectoryURL, tool: try context.tool(named: "modelgen").url,
            language: ModelgenCommands.language(dependingOn: products)
        )
    }
}

/// The build commands for the schemas of one folder.
enum ModelgenCommands {
    /// `swift-async` for a target that depends on the runtime's concurrency layer, else `swift`.
    static func language(dependingOn products: [String]) -> String {
        products.contains("ModelgenAsync") ? "swift-async" : "swift"
    }

    static func commands(folder: URL, workFolder: URL, tool: URL, language: String = "swift") throws -> [Command] {
        let configuration = folder.appending(path: "modelgen.yaml")
        let hasConfiguration = FileManager.default.fileExists(atPath: configuration.path)
        let schemas = hasConfiguration ? try schemaPaths(in: configuration) : schemaFiles(in: folder)
        return schemas.map { schema in
            let name = baseName(schema)
            let output = workFolder.appending(path: name)
            return .buildCommand(
                displayName: "Generating the Swift model of \(schema.lastPathComponent)",
                executable: tool,
                arguments: [schema.path, "--out", output.path, "--lang", language] + (hasConfiguration ? ["--config", configuration.path] : []),
                inputFiles: [schema, tool] + (hasConfiguration ? [configuration] : []),
                outputFiles: [output.appending(path: "\(language)/\(name).swift")]
            )
        }
    }

    /// `chat.modelgen.yaml` → `chat`, as modelgen names its output.
    static func baseName(_ schema: URL) -> String {
        var name = schema.lastPathComponent
        for suffix in [".yaml", ".yml", ".modelgen"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
        }
        return name
    }

    static func schemaFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".modelgen.yaml") }.sorted().map { folder.appending(path: $0) }
    }

    /// The `schemas:` a configuration lists (`schemas: [a.yaml]` or a block list), else the
    /// folder's `*.modelgen.yaml`. Only this key is read here; modelgen checks the whole file.
    static func schemaPaths(in configuration: URL) throws -> [URL] {
        let folder = configuration.deletingLastPathComponent()
        let lines = try String(contentsOf: configuration, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("schemas:") }) else { return schemaFiles(in: folder) }
        let unquote = { (text: Substring) in
            text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
        let inline = lines[start].dropFirst("schemas:".count).split(separator: "#").first.map(unquote) ?? ""
        var names: [String]
        if inline.hasPrefix("[") {
            names = inline.dropFirst().dropLast().split(separator: ",").map(unquote)
        } else if !inline.isEmpty {
            names = [inline]
        } else {
            names = lines[(start + 1)...].prefix { $0.hasPrefix(" ") || $0.hasPrefix("-") || $0.isEmpty }
                .compactMap { line in
                    let item = line.trimmingCharacters(in: .whitespaces)
                    return item.hasPrefix("- ") ? unquote(item.dropFirst(2).split(separator: "#").first ?? "") : nil
                }
        }
        return names.filter { !$0.isEmpty }.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : folder.appending(path: $0) }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension ModelgenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let schemas = target.inputFiles.filter { $0.url.lastPathComponent.hasSuffix(".modelgen.yaml") }
        guard let folder = schemas.first?.url.deletingLastPathComponent() else { return [] }
        return try ModelgenCommands.commands(folder: folder, workFolder: context.pluginWorkDirectoryURL, tool: try context.tool(named: "modelgen").url)
    }
}
#endif
