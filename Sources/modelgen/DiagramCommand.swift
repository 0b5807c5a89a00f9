import ArgumentParser
import Foundation
import ModelgenCore

/// `modelgen diagram`: a Markdown page per schema with a Mermaid diagram of its model.
struct DiagramCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diagram",
        abstract: "Write a Markdown page per schema with a Mermaid diagram of its collections, embedded types and streams.",
        discussion: """
        Each page (chat.yaml → chat.md) shows which stream reads which collection or stream, \
        joins as two edges, and the embedded types fields hold, then tables of collections, \
        types and streams with their predicates and order. GitHub and GitLab draw the diagram \
        in a pull request. Pages are written as generated code is: only when changed, and \
        nothing when a schema has an error.
        """
    )

    @Argument(help: "Schema files, or folders of *.yaml schema files.")
    var schemas: [String]

    @Option(name: [.short, .long], help: "The folder to write the pages to.")
    var out: String

    func run() throws {
        do {
            try write()
        } catch {
            report(error)
            throw ExitCode.failure
        }
    }

    private func write() throws(DiagnosticsError) {
        let models = try validModels(schemas)
        let writer = OutputWriter(mayRemove: GenerateCommand.removable(given: schemas))
        let summary = try writer.write(models.map { ModelPage(model: $0).file }, to: out, scopes: [""])
        let display = { (path: String) in (out as NSString).appendingPathComponent(path) }
        for path in summary.written { print("wrote \(display(path))") }
        for path in summary.removed { print("removed \(display(path))") }
        print("modelgen: \(summary.written.count) written, \(summary.unchanged.count) unchanged, \(summary.removed.count) removed in '\(out)'")
    }
}
