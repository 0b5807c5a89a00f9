import ArgumentParser
import Foundation
import ModelgenCore
import ModelgenDocuments

/// `modelgen validate-data`: the stored documents that the schemas' models would not decode.
struct ValidateDataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate-data",
        abstract: "Print each stored document that the schemas' models would not decode, and why.",
        discussion: """
        Reads every document of the schemas' collections from Firestore (its emulator, or \
        production over REST with an access token: --token "$(gcloud auth print-access-token)") \
        and decodes each as its collection's type, with the messages a decode-failure handler \
        gets. Run it before deploying a schema change: a document listed here is one the \
        generated streams would leave out. Exits with 1 when any document fails, and with 2 when \
        Firestore cannot be read.
        """
    )

    @Argument(help: "Schema files, or folders of *.yaml schema files.")
    var schemas: [String]

    @Option(name: .long, help: "The Firebase project's id.")
    var project: String

    @Option(name: .long, help: ArgumentHelp("Firestore's emulator, as FIRESTORE_EMULATOR_HOST names it; read as an administrator.", valueName: "HOST:PORT"))
    var emulator: String?

    @Option(name: .long, help: "An OAuth access token for production Firestore (firestore.googleapis.com).")
    var token: String?

    @Option(name: .long, help: "The database's id.")
    var database = "(default)"

    func validate() throws {
        if (emulator == nil) == (token == nil) { throw ValidationError("give --emulator HOST:PORT or --token TOKEN (production), one of them") }
    }

    func run() throws {
        let models: [Model]
        do {
            models = try validModels(schemas)
        } catch {
            report(error)
            throw ExitCode.failure
        }
        let endpoint = emulator.map { FirestoreEndpoint.emulator($0, project: project, database: database) }
            ?? FirestoreEndpoint(baseURL: "https://firestore.googleapis.com", project: project, database: database, token: token)
        let report: DataReport
        do {
            report = try DataReport.read(models, from: endpoint)
        } catch {
            FileHandle.standardError.write(Data("modelgen: error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        print(report.text, terminator: "")
        if !report.failures.isEmpty { throw ExitCode.failure }
    }
}
