import ArgumentParser
import Foundation
import ModelgenCore

/// The main job: schemas in, source files out.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate model code (the default command)."
    )

    @Argument(help: "Schema files, or folders of *.yaml schema files.")
    var schemas: [String]

    @Option(name: .long, help: "The output folder; each language goes into a folder of its own inside it.")
    var out: String?

    @Option(name: .long, parsing: .upToNextOption, help: "Languages to generate, comma-separated: \(Language.allCases.map(\.rawValue).joined(separator: ", ")). Default: all.")
    var lang: [String] = []

    @Flag(name: .long, help: "Write nothing; exit 1 with a unified diff if the output folder is not what would be generated.")
    var check = false

    @Option(name: .long, help: "A folder of templates that replace the built-in ones with the same relative path.")
    var templates: String?

    @Option(name: .long, help: "The Kotlin package, overriding the schemas' 'kotlin.package'.")
    var kotlinPackage: String?

    @Option(name: .long, help: "The module the TypeScript output imports the runtime from, overriding the schemas' 'typescript.runtimeModule' (default: ./runtime/index.js).")
    var typescriptRuntimeModule: String?

    @Flag(name: .long, help: "Print the resolved model (the IR) as JSON instead of generating code.")
    var dumpIR = false

    func validate() throws {
        if out == nil, !dumpIR {
            throw ValidationError("Missing '--out <folder>'.")
        }
        _ = try languages()
    }

    func languages() throws -> [Language] {
        try Self.parseLanguages(lang)
    }

    /// `swift,kotlin` → the languages, or all of them when none are named.
    static func parseLanguages(_ lang: [String]) throws -> [Language] {
        let names = lang.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard !names.isEmpty else { return Generator.allRenderers.map(\.language) }
        return try names.map { name in
            guard let language = Language(rawValue: name), Generator.allRenderers.contains(where: { $0.language == language }) else {
                throw ValidationError("Unknown language '\(name)'; choose from \(Generator.allRenderers.map(\.language.rawValue).joined(separator: ", ")).")
            }
            return language
        }
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
        let sources = try SchemaSource.collect(schemas)
        var generator = Generator(templates: try TemplateEngine(overrideDirectory: templates))
        let languages = try languages()
        generator.renderers = Generator.allRenderers.filter { languages.contains($0.language) }
        let overrides = Generator.Overrides(kotlinPackage: kotlinPackage, typeScriptRuntimeModule: typescriptRuntimeModule)
        let models = try generator.models(sources, overrides: overrides)
        if dumpIR {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(models), as: UTF8.self))
            return
        }
        guard let out else { return }
        let files = try generator.render(models)
        let scopes = languages.map(\.rawValue)
        let writer = OutputWriter()
        if check {
            let diff = try writer.check(files, in: out, scopes: scopes)
            guard diff.isEmpty else {
                print(diff, terminator: "")
                FileHandle.standardError.write(Data("modelgen: '\(out)' is out of date; run modelgen without --check to update it\n".utf8))
                throw ExitCode.failure
            }
            print("modelgen: '\(out)' is up to date (\(files.count) files)")
            return
        }
        let summary = try writer.write(files, to: out, scopes: scopes)
        for path in summary.written { print("wrote \((out as NSString).appendingPathComponent(path))") }
        for path in summary.removed { print("removed \((out as NSString).appendingPathComponent(path))") }
        print("modelgen: \(summary.written.count) written, \(summary.unchanged.count) unchanged, \(summary.removed.count) removed in '\(out)'")
    }
}
