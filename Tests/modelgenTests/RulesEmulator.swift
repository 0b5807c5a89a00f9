import Foundation
@testable import ModelgenCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A value as Firestore's REST API writes it (`{"integerValue": "1"}`), for writes made by hand
/// as the client SDKs send them.
indirect enum RestValue: Sendable {
    case string(String), int(Int64), double(Double), bool(Bool), null
    case timestamp(String), reference(String), bytes(String), geopoint(Double, Double)
    case list([RestValue]), map([String: RestValue])

    func json(root: String) -> Any {
        switch self {
        case let .string(text): ["stringValue": text]
        case let .int(value): ["integerValue": String(value)]
        case let .double(value): ["doubleValue": value.isNaN ? "NaN" : value.isInfinite ? (value < 0 ? "-Infinity" : "Infinity") : value as Any]
        case let .bool(value): ["booleanValue": value]
        case .null: ["nullValue": NSNull()]
        case let .timestamp(text): ["timestampValue": text]
        case let .reference(path): ["referenceValue": "\(root)/\(path)"]
        case let .bytes(base64): ["bytesValue": base64]
        case let .geopoint(latitude, longitude): ["geoPointValue": ["latitude": latitude, "longitude": longitude]]
        case let .list(values): ["arrayValue": ["values": values.map { $0.json(root: root) }]]
        case let .map(fields): ["mapValue": ["fields": fields.mapValues { $0.json(root: root) }]]
        }
    }
}

/// One write of a document as the client SDKs send it: a set (with server times as
/// transforms), an update (a field mask, the document must exist) or a delete.
enum RestWrite: Sendable {
    case set(String, [String: RestValue], serverTime: [String] = [])
    case update(String, [String: RestValue], mask: [String], serverTime: [String] = [])
    case delete(String)
}

/// Firestore's emulator over REST for one project: its security rules, and requests made as a
/// signed-in user (an unsigned token with the uid and any claims), signed out, or as the
/// Admin SDKs are (`owner`, past every rule).
struct RulesEmulator {
    let host: String
    let project: String

    enum Caller: Equatable, Sendable {
        case user(String, claims: [String: Bool] = [:])
        case signedOut
        case admin
    }

    var root: String { "projects/\(project)/databases/(default)/documents" }

    /// Loads `rules`; the compiler's issues (warnings too), each as `line:column: description`.
    func load(rules: String) throws -> [String] {
        let body = ["rules": ["files": [["name": "firestore.rules", "content": rules]]]]
        let (status, answer) = try request("PUT", "emulator/v1/projects/\(project):securityRules", body, as: .admin)
        guard status == 200 else { return ["HTTP \(status): \(answer["error"] ?? answer)"] }
        return (answer["issues"] as? [[String: Any]] ?? []).map { issue in
            let position = issue["sourcePosition"] as? [String: Any] ?? [:]
            return "\(position["line"] ?? 0):\(position["column"] ?? 0): \(issue["severity"] ?? "") \(issue["description"] ?? "")"
        }
    }

    /// The HTTP status of one commit: 200 when the rules allow it, 403 when they refuse it.
    func commit(_ write: RestWrite, as caller: Caller) throws -> Int {
        try commit([write], as: caller)
    }

    /// The HTTP status of one commit of `writes`.
    func commit(_ writes: [RestWrite], as caller: Caller) throws -> Int {
        try request("POST", "v1/\(root):commit", ["writes": writes.map(json)], as: caller).status
    }

    /// The HTTP status of reading one document: 200 (or 404, none there) when allowed, 403 when refused.
    func get(_ path: String, as caller: Caller) throws -> Int {
        try request("GET", "v1/\(root)/\(path)", nil, as: caller).status
    }

    /// The HTTP status of a query of every document of the collection at `path` (`teams/t1/notes`):
    /// 200 when the rules allow it, 403 when they refuse it.
    func query(_ path: String, as caller: Caller) throws -> Int {
        let segments = path.split(separator: "/")
        let parent = segments.dropLast().joined(separator: "/")
        let query = ["structuredQuery": ["from": [["collectionId": String(segments.last ?? "")]]]]
        return try request("POST", "v1/\(root)\(parent.isEmpty ? "" : "/" + parent):runQuery", query, as: caller).status
    }

    func wipe() throws {
        _ = try request("DELETE", "emulator/v1/\(root)", nil, as: .admin)
    }

    private func json(_ write: RestWrite) -> [String: Any] {
        let document = { (path: String, fields: [String: RestValue]) -> [String: Any] in
            ["name": "\(root)/\(path)", "fields": fields.mapValues { $0.json(root: root) }]
        }
        let transforms = { (fields: [String]) -> [[String: Any]] in fields.map { ["fieldPath": Self.fieldPath($0), "setToServerValue": "REQUEST_TIME"] } }
        switch write {
        case let .set(path, fields, serverTime):
            return ["update": document(path, fields), "updateTransforms": transforms(serverTime)]
        case let .update(path, fields, mask, serverTime):
            return [
                "update": document(path, fields), "updateMask": ["fieldPaths": mask.map(Self.fieldPath)],
                "updateTransforms": transforms(serverTime), "currentDocument": ["exists": true],
            ]
        case let .delete(path):
            return ["delete": "\(root)/\(path)"]
        }
    }

    /// A key as a field path of a mask: quoted in backticks unless it is a plain name.
    static func fieldPath(_ key: String) -> String {
        RulesExpressions.isIdentifier(key) ? key : "`" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "`", with: "\\`") + "`"
    }

    private func request(_ method: String, _ resource: String, _ body: Any?, as caller: Caller) throws -> (status: Int, answer: [String: Any]) {
        var request = URLRequest(url: URL(string: "http://\(host)/\(resource)")!)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token = Self.token(caller) { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body { request.httpBody = try JSONSerialization.data(withJSONObject: body) }
        let semaphore = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (Int, Data)?
        URLSession.shared.dataTask(with: request) { data, response, _ in
            result = ((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data())
            semaphore.signal()
        }.resume()
        semaphore.wait()
        guard let (status, data) = result, status != 0 else { throw CocoaError(.fileReadUnknown) }
        return (status, (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
    }

    /// An unsigned token as the emulator takes it (`alg: none`), or `owner` for the Admin SDKs.
    private static func token(_ caller: Caller) -> String? {
        let base64 = { (object: [String: Any]) -> String in
            let data = try! JSONSerialization.data(withJSONObject: object, options: .sortedKeys)
            return data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        switch caller {
        case .signedOut: return nil
        case .admin: return "owner"
        case let .user(uid, claims):
            let payload: [String: Any] = ["sub": uid, "user_id": uid, "iat": 1, "exp": 9_999_999_999, "aud": "rules", "iss": "https://securetoken.google.com/rules"]
            return base64(["alg": "none", "typ": "JWT"]) + "." + base64(payload.merging(claims) { first, _ in first }) + "."
        }
    }
}
