import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ModelgenRuntimeCore

/// Blocking calls to the emulator's REST API for one project, made on a session of their own.
final class EmulatorClient: Sendable {
    let values: EmulatorValues
    private let base: String
    private let session: URLSession

    /// `host` is `HOST:PORT`.
    init(host: String, project: String) {
        values = EmulatorValues(root: "projects/\(project)/databases/(default)/documents")
        base = "http://\(host)/v1/"
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 120
        session = URLSession(configuration: configuration)
    }

    /// The Admin SDKs' token, which the emulator lets past every security rule.
    static let admin = "owner"

    /// No token: a client that is not signed in.
    static let signedOut = ""

    /// Applies the writes as one atomic commit, sent with `token`.
    func commit(_ writes: [JSON], as token: String = admin) throws {
        _ = try post(values.root + ":commit", .object([("writes", .array(writes))]), as: token)
    }

    /// Makes `rules` the project's security rules; fails when the emulator reports any issue.
    func load(rules: String) throws {
        let file = JSON.object([("name", .string("firestore.rules")), ("content", .string(rules))])
        let answer = try post("projects/\(values.root.split(separator: "/")[1]):securityRules", .object([("rules", .object([("files", .array([file]))]))]), method: "PUT", emulatorAPI: true)
        if let issues = answer["issues"], issues.array?.isEmpty == false {
            throw EmulatorError(status: "RULES", message: "the emulator reports issues in the rules: \(issues.text)")
        }
    }

    /// The documents at `paths`, in order, each with its update time; nil for none.
    func get(_ paths: [[String]]) throws -> [(document: DocumentSnapshot, updateTime: String)?] {
        let answer = try post(values.root + ":batchGet", .object([("documents", .array(paths.map { .string(values.name($0)) }))]))
        // Keyed by UTF-8 bytes: Swift's `String` keys would take `é` and `e\u{301}` for one name.
        var found: [[UInt8]: (DocumentSnapshot, String)] = [:]
        for entry in answer.array ?? [] {
            guard let document = entry["found"] else { continue }
            found[Array((document["name"]?.string ?? "").utf8)] = (try values.document(document), document["updateTime"]?.string ?? "")
        }
        return paths.map { found[Array(values.name($0).utf8)] }
    }

    /// The query's documents, in its order.
    func run(_ query: StoreQuery) throws -> [DocumentSnapshot] {
        let (parent, body) = EmulatorQuery(values: values, query: query).request
        let answer = try post(([values.root] + parent.map(Self.escaped)).joined(separator: "/") + ":runQuery", body)
        let documents = try (answer.array ?? []).compactMap { $0["document"] }.map(values.document)
        return query.limitToLast == nil ? documents : documents.reversed()
    }

    /// Removes every document of the project.
    func wipe() {
        var request = URLRequest(url: URL(string: base.replacingOccurrences(of: "/v1/", with: "/emulator/v1/") + values.root)!)
        request.httpMethod = "DELETE"
        _ = send(request)
    }

    private func post(_ resource: String, _ body: JSON, as token: String = admin, method: String = "POST", emulatorAPI: Bool = false) throws -> JSON {
        let root = emulatorAPI ? base.replacingOccurrences(of: "/v1/", with: "/emulator/v1/") : base
        guard let url = URL(string: root + resource) else { throw EmulatorError(status: "CLIENT", message: "no URL for \(resource)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if !token.isEmpty { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        request.httpBody = Data(body.text.utf8)
        guard let (data, status) = send(request) else {
            // Nothing to compare: the run ends as failed, with the reason.
            FileHandle.standardError.write(Data("the emulator did not answer at \(base)\n".utf8))
            exit(1)
        }
        let answer = try JSON(parsing: data)
        guard (200..<300).contains(status) else {
            let error = answer["error"]
            throw EmulatorError(status: error?["status"]?.string ?? "HTTP \(status)", message: error?["message"]?.string ?? String(decoding: data, as: UTF8.self))
        }
        return answer
    }

    private func send(_ request: URLRequest) -> (data: Data, status: Int)? {
        let answer = Answer()
        let finished = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, response, error in
            answer.set(data, (response as? HTTPURLResponse)?.statusCode ?? 0, error)
            finished.signal()
        }.resume()
        finished.wait()
        return answer.get()
    }

    /// A path segment in a URL: every byte but the unreserved ones percent-encoded.
    private static func escaped(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_~")) ?? segment
    }
}

/// A request's answer, handed from the session's queue to the waiting caller.
private final class Answer: @unchecked Sendable {
    private var data: Data?
    private var status = 0
    private var error: (any Error)?

    func set(_ data: Data?, _ status: Int, _ error: (any Error)?) {
        (self.data, self.status, self.error) = (data, status, error)
    }

    /// The body and status, or nil when the request got no answer.
    func get() -> (Data, Int)? {
        error == nil ? (data ?? Data(), status) : nil
    }
}
