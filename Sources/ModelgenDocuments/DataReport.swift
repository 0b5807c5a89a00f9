import ModelgenCore
import ModelgenRuntimeCore

/// The stored documents of models' collections that would not decode, as `validate-data`
/// prints them: one line per document, in the collections' order and then by path.
public struct DataReport: Sendable {
    /// A document that does not decode as its collection's type.
    public struct Failure: Sendable, Equatable {
        /// The document's path: `shops/s1`.
        public var path: String
        /// The collection's document type: `Shop`.
        public var collection: String
        /// The decode failure, as a decode-failure handler gets it.
        public var message: String
    }

    /// The documents that fail, in the collections' order and then by path.
    public var failures: [Failure]
    /// How many documents were read.
    public var documentCount: Int
    /// How many collections were read.
    public var collectionCount: Int

    /// Reads every collection of `models` from `endpoint` and decodes each document.
    public static func read(_ models: [Model], from endpoint: FirestoreEndpoint) throws -> DataReport {
        var report = DataReport(failures: [], documentCount: 0, collectionCount: 0)
        for model in models {
            let check = DocumentCheck(model: model)
            for collection in model.collections {
                let documents = try endpoint.documents(at: collection.pathText)
                report.collectionCount += 1
                report.documentCount += documents.count
                for document in documents {
                    guard let message = document.unreadable ?? check.decodeFailure(document.data, in: collection)?.description else { continue }
                    report.failures.append(Failure(path: document.path.joined(separator: "/"), collection: collection.name, message: message))
                }
            }
        }
        return report
    }

    /// One line per failure (`shops/s1 (Shop): 'rating' should be double but is string`) and a count.
    public var text: String {
        let lines = failures.map { "\($0.path) (\($0.collection)): \($0.message)" }
        let documents = documentCount == 1 ? "document" : "documents"
        let collections = collectionCount == 1 ? "collection" : "collections"
        let summary = failures.isEmpty
            ? "All \(documentCount) \(documents) of \(collectionCount) \(collections) decode."
            : "\(failures.count) of \(documentCount) \(documents) of \(collectionCount) \(collections) would not decode."
        return (lines + [summary]).map { $0 + "\n" }.joined()
    }
}
