import ArgumentParser
import Foundation
import ModelgenCore

/// `modelgen json-schema`: the schema language as a JSON Schema, for editors.
struct JSONSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json-schema",
        abstract: "Print the JSON Schema of the schema language, for editor completion and checking.",
        discussion: """
        yaml-language-server (VS Code's YAML extension, and editors that use it) reads it: put \
        '# yaml-language-server: $schema=<path to the file>' on a schema's first line to get \
        completion, hover documentation and errors as you type. It checks keys and shapes; \
        modelgen checks the rest.
        """
    )

    @Option(name: [.short, .long], help: "Write it to this file instead of printing it.")
    var out: String?

    func run() throws {
        let text = try SchemaJSONSchema.text()
        guard let out else {
            print(text, terminator: "")
            return
        }
        do {
            try text.write(toFile: out, atomically: true, encoding: .utf8)
        } catch {
            report(DiagnosticsError([.error("cannot write '\(out)': \(error.localizedDescription)", at: nil)]))
            throw ExitCode.failure
        }
    }
}
