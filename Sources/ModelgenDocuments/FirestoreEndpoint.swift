import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ModelgenRuntimeCore

/// One Firestore database over its REST API (`v1`): Firestore's emulator, or production with
/// an OAuth access token (`gcloud auth print-access-token`), which reads past security rules.
public struct FirestoreEndpoint: Sendable {
    /// `http://127.0.0.1:8080` for the emulator, `https://firestore.googleapis.com` for production.
    public var baseURL: String
    /// The Firebase project's id.
    public var project: String
    /// The database's id: `(default)` unless the project has others.
    public var database: String
    /// Sent as `Authorization: Bearer …`; the emulator takes `owner` as the Admin SDKs' token.
    public var token: String?

    public init(baseURL: String, project: String, database: String = "(default)", token: String?) {
        self.baseURL = baseURL
        self.project = project
        self.database = database
        self.token = token
    }

    /// The emulator at `host` (`HOST:PORT`), read as an administrator.
    public static func emulator(_ host: String, project: String, database: String = "(default)") -> FirestoreEndpoint {
        FirestoreEndpoint(baseURL: "http://\(host)", project: project, database: database, token: "owner")
    }

    /// The resource name every document's name starts with.
    public var root: String { "projects/\(project)/databases/\(database)/documents" }

    /// A document as stored: its path's segments and its fields.
    public struct StoredDocument: Sendable {
        /// The segments of its path: `["shops", "s1"]`.
        public var path: [String]
        /// Its fields; empty when `unreadable`.
        public var data: DocumentData
        /// Why a value of the document could not be read, if one could not.
        public var unreadable: String?
    }

    /// Why a request failed, or a value could not be read.
    public struct RequestError: Error, CustomStringConvertible {
        /// What went wrong, naming the endpoint or the value.
        public var description: String
    }

    /// Every document of the collections at `pattern` (`shops/{shopId}/reviews`), in path order,
    /// read in pages of `pageSize`. A collection under a document is read as a collection group
    /// and kept to the documents whose path fits the pattern.
    public func documents(at pattern: String, pageSize: Int = 300) throws -> [StoredDocument] {
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false)
        guard let collectionID = segments.last.map(String.init) else { return [] }
        var result: [StoredDocument] = []
        var after: String?
        repeat {
            var query: [String: Any] = [
                "from": [["collectionId": collectionID, "allDescendants": segments.count > 1]],
                "orderBy": [["field": ["fieldPath": "__name__"], "direction": "ASCENDING"]],
                "limit": pageSize,
            ]
            if let after { query["startAt"] = ["values": [["referenceValue": after]], "before": false] }
            let answer = try request("POST", "v1/\(root):runQuery", ["structuredQuery": query])
            let documents = (answer as? [[String: Any]] ?? []).compactMap { $0["document"] as? [String: Any] }
            for document in documents {
                guard let name = document["name"] as? String else { continue }
                let path = RESTValue.path(ofName: name, root: root)
                // As a collection group's rows decode: only documents at the collection's path.
                guard let id = path.last, (try? DocumentSnapshot(id: id, data: [:], parent: path.dropLast()).pathParameters(in: pattern)) != nil else { continue }
                let fields = document["fields"] as? [String: Any] ?? [:]
                do {
                    result.append(StoredDocument(path: path, data: try fields.mapValues { try RESTValue.decode($0, root: root) }))
                } catch {
                    result.append(StoredDocument(path: path, data: [:], unreadable: "\(error)"))
                }
            }
            after = documents.count == pageSize ? documents.last?["name"] as? String : nil
        } while after != nil
        return result
    }

    /// Sends one request and returns its JSON answer; an HTTP error is thrown with Firestore's message.
    func request(_ method: String, _ resource: String, _ body: Any?) throws -> Any {
        guard let url = URL(string: "\(baseURL)/\(resource)") else { throw RequestError(description: "'\(baseURL)' is not a URL") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body { request.httpBody = try JSONSerialization.data(withJSONObject: body) }
        let (status, data) = try Self.send(request)
        let answer = try? JSONSerialization.jsonObject(with: data)
        guard (200..<300).contains(status) else {
            let message = ((answer as? [String: Any])?["error"] as? [String: Any])?["message"] as? String
            throw RequestError(description: "\(baseURL) answered HTTP \(status)\(message.map { ": \($0)" } ?? "")")
        }
        return answer ?? [:]
    }

    private static func send(_ request: URLRequest) throws -> (Int, Data) {
        let semaphore = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<(Int, Data), any Error> = .failure(RequestError(description: "no answer"))
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                result = .failure(RequestError(description: "\(request.url?.absoluteString ?? ""): \(error.localizedDescription)"))
            } else {
                result = .success(((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data()))
            }
            semaphore.signal()
        }.resume()
        semaphore.wait()
        return try result.get()
    }
}
