import Foundation
import PackagePlugin

/// Compiles the package's top-level `Templates/` folder into the target that uses this plugin.
@main
struct EmbedTemplatesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding templates",
                executable: try context.tool(named: "embed-templates").url,
                arguments: [templates.path, output.path],
                inputFiles: templateFiles(in: templates),
                outputFiles: [output]
            ),
        ]
    }

    private func templateFiles(in directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }.sorted { $0.path < $1.path }
    }
}
