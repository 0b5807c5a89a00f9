import ArgumentParser
import Foundation
import ModelgenCore

/// `modelgen rules`: Firestore's security rules for the schemas' collections, as the Firebase
/// CLI deploys them.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Print Firestore security rules for the schemas' collections, as firestore.rules.",
        discussion: """
        A client may then write only documents the model decodes: each collection's fields under \
        their keys, each of its type and within the schema's constraints, server times and path \
        values where the schema says; and it may read, create, update and delete as each \
        collection's 'access' says (signed-in users, with a warning, where it says nothing). \
        Deploy with 'firebase deploy --only firestore:rules'. Give all the schemas of one \
        Firebase project at once: the file holds the rules of every schema given.
        """
    )

    @OptionGroup var file: SchemasToFile

    func run() throws {
        do {
            let rules = try SecurityRules(try validModels(file.schemas))
            if !rules.warnings.isEmpty { report(DiagnosticsError(rules.warnings)) }
            try emit(rules.fileText, to: file.out)
        } catch let error as DiagnosticsError {
            report(error)
            throw ExitCode.failure
        }
    }
}
