import ArgumentParser
import Foundation
import ModelgenCore

/// `modelgen`: generates Swift, Kotlin and TypeScript model code from YAML schemas.
@main
struct ModelgenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modelgen",
        abstract: "Generates reactive model code for Swift, Kotlin and TypeScript from YAML schemas.",
        discussion: """
        A schema describes Firestore-style collections and the live streams derived from them:

          model: Chat
          collections:
            Message:
              path: chatrooms/{roomId}/messages
              fields:
                text: string
                ownerUid: string
                createdAt: timestamp?
              orderBy: createdAt desc
            Member:
              path: chatrooms/{roomId}/members
              fields:
                name: string
          streams:
            messages:   { from: Message }
            members:    { from: Member }
            myMessages: { filter: messages, where: ownerUid == $uid }
            speakCount: { count: myMessages }
            messagesWithOwners:
              join: messages
              with: members
              on: ownerUid == id
              as: owner

        Example: modelgen schemas/ --out Generated/
        """,
        version: modelgenVersion,
        subcommands: [GenerateCommand.self, VerifyCommand.self, DiagramCommand.self, IndexesCommand.self, RulesCommand.self, ValidateDataCommand.self, JSONSchemaCommand.self],
        defaultSubcommand: GenerateCommand.self
    )

    /// `modelgen`, `modelgen --help` and `-h` print the help of the default command, generate,
    /// with the overview and the subcommands; anything else is parsed as usual.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] else {
            return main(arguments)
        }
        print(HelpText.combined(root: helpMessage(), generate: helpMessage(for: GenerateCommand.self)))
    }
}

/// Help texts put together: ArgumentParser's sections (`OVERVIEW:`, `USAGE:`, `OPTIONS:` …).
enum HelpText {
    /// The root's overview and discussion, generate's usage (as the default command, without its
    /// name), arguments and options, and the root's subcommands.
    static func combined(root: String, generate: String) -> String {
        let (rootSections, generateSections) = (sections(of: root), sections(of: generate))
        let usage = (generateSections["USAGE"] ?? "").replacingOccurrences(of: "modelgen generate ", with: "modelgen ")
        return [
            rootSections["OVERVIEW"], usage, generateSections["ARGUMENTS"], generateSections["OPTIONS"], rootSections["SUBCOMMANDS"],
        ].compactMap { $0 }.joined(separator: "\n\n") + "\n"
    }

    /// The text of each section, by its heading, heading included, without blank lines at its end.
    static func sections(of help: String) -> [String: String] {
        var sections: [String: [String]] = [:]
        var current = ""
        for line in help.components(separatedBy: "\n") {
            if let colon = line.firstIndex(of: ":"), line.first?.isUppercase == true,
               line[..<colon].allSatisfy({ $0.isUppercase }) {
                current = String(line[..<colon])
            }
            sections[current, default: []].append(line)
        }
        return sections.mapValues { lines in
            var lines = lines
            while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
            return lines.joined(separator: "\n")
        }
    }
}

/// The version `modelgen --version` prints.
let modelgenVersion = "0.1.0"

/// Prints diagnostics on standard error, one per line.
func report(_ error: DiagnosticsError) {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
}

/// The schemas a command reads and the one file it writes (`indexes`, `rules`).
struct SchemasToFile: ParsableArguments {
    @Argument(help: "Schema files, or folders of *.yaml schema files.")
    var schemas: [String]

    @Option(name: [.short, .long], help: "The file to write (default: print to standard output); written only when it changes.")
    var out: String?
}

/// Prints `text`, or writes it to `out` when it differs from what is there, saying which.
func emit(_ text: String, to out: String?) throws {
    guard let out else { return print(text, terminator: "") }
    if (try? String(contentsOfFile: out, encoding: .utf8)) == text {
        print("modelgen: '\(out)' unchanged")
    } else {
        try text.write(toFile: out, atomically: true, encoding: .utf8)
        print("wrote \(out)")
    }
}

/// The valid models of the schema files and folders at `paths`, with their warnings printed:
/// what the commands that read schemas without generating code (diagram, indexes) start from.
/// They generate no language, so no language's reserved names are refused.
func validModels(_ paths: [String]) throws(DiagnosticsError) -> [Model] {
    var generator = Generator(templates: try TemplateEngine(), runtimes: try RuntimeFiles())
    generator.languages = []
    let (models, warnings) = try generator.check(try SchemaSource.collect(paths))
    if !warnings.isEmpty { report(DiagnosticsError(warnings)) }
    return models
}
