import Foundation

/// Who may read, create, update and delete a collection's documents: the `access` of the
/// schema, which `modelgen rules` writes into Firestore's security rules.
public struct Access: Codable, Hashable, Sendable {
    public var read: AccessRule
    public var create: AccessRule
    public var update: AccessRule
    public var delete: AccessRule

    /// Each operation's name and rule, in the order the rules file gives them.
    public var rules: [(operation: String, rule: AccessRule)] {
        [("read", read), ("create", create), ("update", update), ("delete", delete)]
    }
}

/// One operation's condition and the schema line that gives it.
public struct AccessRule: Codable, Hashable, Sendable {
    public var condition: AccessCondition
    public var line: Int
}

/// A condition on who may do an operation.
public enum AccessCondition: Hashable, Sendable {
    /// Anyone, signed in or not.
    case `public`
    /// Any signed-in user.
    case signedIn
    /// No client: only server code (the Admin SDKs) gets past.
    case never
    /// The signed-in user whose uid a string field, a path parameter or `id` holds; for a field,
    /// on the stored document and on the written one.
    case owner(String)
    /// A signed-in user with a document in the collection named (its document type's name)
    /// under this document or above it, whose id is their uid: `member(Member)`.
    case member(String)
    /// A Firestore rules expression, as written.
    case rule(String)

    /// The condition as the schema writes it: `signedIn`, `owner(ownerUid)`; a rule as its text.
    public var schemaSpelling: String {
        switch self {
        case .public: "public"
        case .signedIn: "signedIn"
        case .never: "never"
        case let .owner(name): "owner(\(name))"
        case let .member(name): "member(\(name))"
        case let .rule(text): text
        }
    }

    /// The condition a spelling names, except a rule, which is written `{ rule: … }`.
    public init?(schemaSpelling text: String) {
        switch text {
        case "public": self = .public
        case "signedIn": self = .signedIn
        case "never": self = .never
        default:
            if let name = Self.argument(of: "owner", in: text) {
                self = .owner(name)
            } else if let name = Self.argument(of: "member", in: text) {
                self = .member(name)
            } else {
                return nil
            }
        }
    }

    /// `name` of `function(name)`, spaces allowed inside the parentheses.
    private static func argument(of function: String, in text: String) -> String? {
        guard text.hasPrefix(function + "("), text.hasSuffix(")") else { return nil }
        let name = text.dropFirst(function.count + 1).dropLast().trimmingCharacters(in: .whitespaces)
        return name.isEmpty || name.contains(where: { !$0.isLetter && !$0.isNumber && $0 != "_" }) ? nil : name
    }
}

extension AccessCondition: Codable {
    private enum CodingKeys: String, CodingKey { case rule }

    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: CodingKeys.self) {
            self = .rule(try container.decode(String.self, forKey: .rule))
            return
        }
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let condition = AccessCondition(schemaSpelling: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is no access condition")
        }
        self = condition
    }

    public func encode(to encoder: any Encoder) throws {
        if case let .rule(text) = self {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(text, forKey: .rule)
        } else {
            var container = encoder.singleValueContainer()
            try container.encode(schemaSpelling)
        }
    }
}

extension Model {
    /// Whether no collection lets a client that is not signed in create, update or delete its
    /// documents (none is `public`, and none is left to a rules expression, which could).
    public var refusesSignedOutWrites: Bool {
        collections.allSatisfy { collection in
            guard let access = collection.access else { return true }
            return [access.create, access.update, access.delete].allSatisfy { rule in
                switch rule.condition {
                case .signedIn, .never, .owner, .member: true
                case .public, .rule: false
                }
            }
        }
    }
}
