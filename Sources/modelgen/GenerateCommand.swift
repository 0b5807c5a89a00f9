import ArgumentParser
import Foundation
import ModelgenCore

/// The main job: schemas in, source files out.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate model code (the default command)."
    )

    @Argument(help: "Schema files, or folders of *.yaml schema files (default: those of --config).")
    var schemas: [String] = []

    @Option(name: [.short, .long], help: "The output folder; each language goes into a folder of its own inside it.")
    var out: String?

    @Option(name: .long, help: "A modelgen.yaml naming schemas, output folders per language and settings.")
    var config: String?

    @Option(name: .long, parsing: .upToNextOption, help: "Languages to generate, comma-separated: \(Language.all.map(\.name).joined(separator: ", ")). Default: \(Language.defaults.map(\.name).joined(separator: ", ")) (with --config and no --out: those it has folders for).")
    var lang: [String] = []

    @Flag(name: .long, help: "Write nothing; exit 1 with a unified diff if the output folder is not what would be generated.")
    var check = false

    @Option(name: .long, help: "A folder of templates that replace the built-in ones with the same relative path.")
    var templates: String?

    @Option(name: .customLong("option"), help: ArgumentHelp(
        "A language's setting, overriding the schemas' and the configuration's: kotlin.package=com.example.app, typescript.runtimeModule=@acme/modelgen-runtime, kotlin.firestoreAdapter=false (repeatable).",
        valueName: "language.setting=value"
    ))
    var options: [String] = []

    @Flag(name: .long, help: "Print the resolved model (the IR) as JSON instead of generating code.")
    var dumpIR = false

    func validate() throws {
        if dumpIR, out != nil || check {
            throw ValidationError("'--dump-ir' prints the model to standard output and writes nothing: leave out '\(check ? "--check" : "--out")' (to keep it in a file: modelgen generate --dump-ir SCHEMA > ir.json).")
        }
        if out == nil, config == nil, !dumpIR {
            throw ValidationError("Missing '--out <folder>' (or '--config <modelgen.yaml>' with output folders).")
        }
        if schemas.isEmpty, config == nil {
            throw ValidationError("Give schema files or folders, or '--config <modelgen.yaml>'.")
        }
        _ = try Self.parseLanguages(lang)
        for option in options {
            do { _ = try Language.override(option: option) } catch { throw ValidationError(error.description) }
        }
    }

    /// `swift,kotlin` → the languages, or `defaults` when none are named.
    static func parseLanguages(_ lang: [String], defaults: [Language] = Language.defaults) throws -> [Language] {
        let names = lang.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard !names.isEmpty else { return defaults }
        return try names.map { name in
            guard let language = Language.named(name) else {
                throw ValidationError("Unknown language '\(name)'; choose from \(Language.all.map(\.name).joined(separator: ", ")).")
            }
            return language
        }
    }

    /// The settings the options and the configuration give, the options first: they win.
    private func overrides(_ configuration: Configuration?) -> [SettingOverride] {
        let given = options.compactMap { try? Language.override(option: $0) }
        let configured = (configuration?.settings ?? []).filter { setting in
            !given.contains { $0.language == setting.language && $0.key == setting.key }
        }
        return given + configured
    }

    func run() throws {
        do {
            try generate()
        } catch let error as DiagnosticsError {
            report(error)
            throw ExitCode.failure
        }
    }

    private func generate() throws {
        let configuration = try config.map { path throws(DiagnosticsError) in try Configuration.load(try SchemaSource.read(path: path)) }
        let paths = schemas.isEmpty ? configuration?.schemas ?? [] : schemas
        guard !paths.isEmpty else {
            throw DiagnosticsError([.error("'\(config ?? "")' names no schemas and its folder holds no *.modelgen.yaml files", at: nil)])
        }
        let sources = try SchemaSource.collect(paths)
        var generator = Generator(templates: try TemplateEngine(overrideDirectory: templates), runtimes: try RuntimeFiles())
        // The schemas are checked for the languages generated: a name only another one reserves is theirs.
        let destinations = dumpIR ? [] : try destinations(configuration)
        generator.languages = dumpIR ? Language.all : Language.all.filter { language in destinations.contains { $0.languages.contains(language) } }
        let (models, warnings) = try generator.check(sources, overrides: overrides(configuration))
        if !warnings.isEmpty { report(DiagnosticsError(warnings)) }
        if dumpIR {
            print(try Model.json(models), terminator: "")
            return
        }
        let outputs = try generator.render(models)
        // The project's files hold every schema of the configuration: not written from a few
        // schemas given on the command line (as the build plugin gives them, one at a time).
        let projectFiles = schemas.isEmpty ? try Self.projectFiles(configuration, models) : []
        let writer = OutputWriter(mayRemove: Self.removable(given: paths))
        var stale: [String] = []
        var summary = WriteSummary()
        for destination in destinations {
            let chosen = outputs.filter { destination.languages.contains($0.language) }.flatMap { output in
                destination.isLanguageFolder ? output.files : output.files.map { GeneratedFile(path: "\(output.language.name)/\($0.path)", contents: $0.contents, schema: $0.schema) }
            }
            let scopes = destination.isLanguageFolder ? [""] : destination.languages.map(\.name)
            if check {
                let diff = try writer.check(chosen, in: destination.folder, scopes: scopes)
                if !diff.isEmpty {
                    print(diff, terminator: "")
                    stale.append(destination.folder)
                }
                continue
            }
            let written = try writer.write(chosen, to: destination.folder, scopes: scopes)
            let display = { (path: String) in (destination.folder as NSString).appendingPathComponent(path) }
            summary.written += written.written.map(display)
            summary.unchanged += written.unchanged.map(display)
            summary.removed += written.removed.map(display)
        }
        stale += try Self.update(projectFiles, checking: check, summary: &summary)
        let places = (destinations.map(\.folder) + projectFiles.map(\.path)).map { "'\($0)'" }.joined(separator: ", ")
        if check {
            guard stale.isEmpty else {
                let folders = stale.map { "'\($0)'" }.joined(separator: ", ")
                FileHandle.standardError.write(Data("modelgen: \(folders) \(stale.count == 1 ? "is" : "are") out of date; run modelgen without --check to update\n".utf8))
                throw ExitCode.failure
            }
            print("modelgen: \(places) up to date (\(outputs.reduce(projectFiles.count) { $0 + $1.files.count }) files)")
            return
        }
        for path in summary.written { print("wrote \(path)") }
        for path in summary.removed { print("removed \(path)") }
        print("modelgen: \(summary.written.count) written, \(summary.unchanged.count) unchanged, \(summary.removed.count) removed in \(places)")
    }

    /// The files of the Firebase project that `modelgen.yaml` names (`rules`, `indexes`), by
    /// path, made before anything is written: a schema their commands refuse writes nothing.
    private static func projectFiles(_ configuration: Configuration?, _ models: [Model]) throws -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        if let path = configuration?.rulesFile {
            let rules = try SecurityRules(models)
            if !rules.warnings.isEmpty { report(DiagnosticsError(rules.warnings)) }
            files.append((path, rules.fileText))
        }
        if let path = configuration?.indexesFile { files.append((path, FirestoreIndexes(models).fileText)) }
        return files
    }

    /// Writes each project file whose bytes differ (with `check`, prints its diff instead);
    /// the paths of those out of date when checking.
    private static func update(_ files: [(path: String, text: String)], checking check: Bool, summary: inout WriteSummary) throws -> [String] {
        var stale: [String] = []
        for (path, text) in files {
            let old = FileManager.default.contents(atPath: path)
            if old == Data(text.utf8) {
                summary.unchanged.append(path)
            } else if check {
                print(UnifiedDiff.diff(old: old.map { String(decoding: $0, as: UTF8.self) } ?? "", new: text, oldName: path, newName: path), terminator: "")
                stale.append(path)
            } else {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                summary.written.append(path)
            }
        }
        return stale
    }

    /// Which schemas' stale files a run given `paths` may remove: those of the schema files it was
    /// given, and of schemas no longer in a folder it was given. Never another schema's.
    static func removable(given paths: [String]) -> @Sendable (String) -> Bool {
        var files: Set<String> = [], folders: Set<String> = []
        for path in paths.map(OutputWriter.normalized) {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                folders.insert(path)
            } else {
                files.insert(path)
            }
        }
        return { [files, folders] schema in
            files.contains(schema)
                || (folders.contains((schema as NSString).deletingLastPathComponent) && !FileManager.default.fileExists(atPath: schema))
        }
    }

    /// Where the output goes: one folder with a subfolder per language (`--out`), or a folder
    /// per language from the configuration.
    private func destinations(_ configuration: Configuration?) throws -> [(folder: String, languages: [Language], isLanguageFolder: Bool)] {
        let named = try Self.parseLanguages(lang)
        if let out {
            return [(out, named, false)]
        }
        let outputs = configuration?.outputs ?? [:]
        let languages = lang.isEmpty ? Language.all.filter { outputs[$0] != nil } : named
        guard !languages.isEmpty else {
            throw DiagnosticsError([.error("'\(config ?? "")' has no 'outputs'; give '--out <folder>'", at: nil)])
        }
        return try languages.map { language in
            guard let folder = outputs[language] else {
                throw DiagnosticsError([.error("'\(config ?? "")' has no output folder for \(language.name) ('outputs.\(language.name)')", at: nil)])
            }
            return (folder, [language], true)
        }
    }
}
