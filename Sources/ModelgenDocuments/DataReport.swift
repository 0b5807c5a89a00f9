import ModelgenCore
import ModelgenRuntime

/// The stored documents of models' collections that would not decode, as `validate-data`
/// prints them: one line per document, in the collections' order and then by path.
public struct DataReport: Sendable {
    /// A document that does not decode as its collection's type.
    public struct Failure: Sendable, Equatable {
        public var path: String
        public var collection: String
        public var message: String
    }

    public var failures: [Failure]
    public var documentCount: Int
    public var collectionCount: Int

    /// Reads every collection of `models` from `endpoint` and decodes each document.
    public static func read(_ models: [Model], from endpoint: FirestoreEndpoint) throws -> DataReport {
        var report = DataReport(failures: [], documentCount: 0, collectionCount: 0)
        for model in models {
            let check = DocumentCheck(model: model)
            for collection in model.collections {
                let documents = try endpoint.documents(at: collection.pathText.split(separator: "/").map(String.init))
                report.collectionCount += 1
                report.documentCount += documents.count
                for document in documents {
                    guard let failure = check.decodeFailure(document.data, in: collection) else { continue }
                    report.failures.append(Failure(path: document.path.joined(separator: "/"), collection: collection.name, message: failure.description))
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
