import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-models [--target NAME]…`:
/// for each target with a `modelgen.yaml`, writes each language into the folder its `outputs`
/// names (Kotlin and TypeScript for the other apps; Swift too if it names a folder for it).
@main
struct ModelgenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let check = extractor.extractFlag(named: "check") > 0
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let tool = try context.tool(named: "modelgen").url
        var configured = 0
        for target in targets.compactMap({ $0 as? SourceModuleTarget }) {
            let configuration = target.directoryURL.appending(path: "modelgen.yaml")
            guard FileManager.default.fileExists(atPath: configuration.path) else { continue }
            configured += 1
            let process = Process()
            process.executableURL = tool
            process.arguments = ["--config", configuration.path] + (check ? ["--check"] : []) + extractor.remainingArguments
            try process.run()
            process.waitUntilExit()
            guard process.terminationReason == .exit, process.terminationStatus == 0 else {
                Diagnostics.error("modelgen failed for target '\(target.name)'")
                return
            }
        }
        if configured == 0 {
            Diagnostics.warning("no target has a modelgen.yaml; add one naming 'outputs' for the languages to write")
        }
        warnAboutSchemasOutsideTargets(context)
    }

    /// SwiftPM drops a target that has no Swift source of its own, and a schema in its folder is
    /// then silently not built: say so for each folder of `Sources/` that holds schemas but is
    /// no target.
    private func warnAboutSchemasOutsideTargets(_ context: PluginContext) {
        let targets = Set(context.package.targets.compactMap { ($0 as? SourceModuleTarget)?.directoryURL.standardizedFileURL.path })
        let sources = context.package.directoryURL.appending(path: "Sources")
        let folders = (try? FileManager.default.contentsOfDirectory(at: sources, includingPropertiesForKeys: nil)) ?? []
        for folder in folders where !targets.contains(folder.standardizedFileURL.path) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            guard names.contains(where: { $0 == "modelgen.yaml" || $0.hasSuffix(".modelgen.yaml") }) else { continue }
            Diagnostics.warning("'\(folder.path)' holds modelgen schemas but is not a target: SwiftPM drops a target without a Swift source file of its own; add one, such as Exports.swift holding '@_exported import ModelgenRuntime'")
        }
    }
}
