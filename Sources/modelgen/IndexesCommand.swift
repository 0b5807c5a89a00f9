import ArgumentParser
import Foundation
import ModelgenCore

/// `modelgen indexes`: the composite indexes the schemas' store queries need, as the Firebase CLI
/// deploys them.
struct IndexesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "indexes",
        abstract: "Print the composite indexes the schemas' store queries need, as firestore.indexes.json.",
        discussion: """
        Firestore serves a query of equalities, or on one order field, from its automatic \
        indexes; a query that also orders by another field, or by two, needs a composite index, \
        or it fails at run time with "The query requires an index". This command lists one for \
        every such query of the schemas' 'from' streams (each disjunct of an 'or' query apart), \
        in the Firebase CLI's format: deploy it with 'firebase deploy --only firestore:indexes'. \
        Give all the schemas of one Firebase project at once: the file holds the indexes of \
        every schema given.
        """
    )

    @OptionGroup var file: SchemasToFile

    func run() throws {
        do {
            try emit(FirestoreIndexes(try validModels(file.schemas)).fileText, to: file.out)
        } catch let error as DiagnosticsError {
            report(error)
            throw ExitCode.failure
        }
    }
}
