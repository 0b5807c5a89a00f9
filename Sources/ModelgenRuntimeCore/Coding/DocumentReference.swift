extension DocumentValue {
    /// The path parameters and the id of `value`, a reference to a document of the collection at
    /// `collection` (written as the schema writes it: `chatrooms/{roomId}/members`), in order:
    /// `["r1", "u1"]` for `chatrooms/r1/members/u1`. Generated reference types decode with it.
    public static func referenceParameters(_ value: DocumentValue, collection: String) throws(DocumentDecodingError) -> [String] {
        let expected = "a reference to \(collection)"
        guard case let .reference(path) = value else { throw DocumentDecodingError(.wrongType(expected: expected, found: value.typeName)) }
        guard let parameters = parameters(of: path, in: collection) else {
            throw DocumentDecodingError(.wrongType(expected: expected, found: "a reference to \(path.joined(separator: "/"))"))
        }
        return parameters + [path[path.count - 1]]
    }

    /// The values of `collection`'s path parameters in `path`, a document path; nil when the
    /// document is not in a collection of that pattern.
    static func parameters(of path: [String], in collection: String) -> [String]? {
        let pattern = collection.split(separator: "/", omittingEmptySubsequences: false)
        guard path.count == pattern.count + 1,
              zip(pattern, path).allSatisfy({ $0.first == "{" || CodePoints.equal(String($0), $1) })
        else { return nil }
        return zip(pattern, path).compactMap { $0.first == "{" ? $1 : nil }
    }
}

extension DocumentSnapshot {
    /// The values of the path parameters of `collection` (written as the schema writes it:
    /// `shops/{shopId}/reviews`) in the document's path, in order: `["s1"]` for
    /// `shops/s1/reviews/r1`. A collection group's rows decode with it; a document of the group
    /// in a collection of another pattern does not decode.
    public func pathParameters(in collection: String) throws(DocumentDecodingError) -> [String] {
        guard let parameters = DocumentValue.parameters(of: path, in: collection) else {
            throw DocumentDecodingError(.elsewhere(expected: collection))
        }
        return parameters
    }
}

/// A generated reference type (`MemberReference`): the path parameters and id of a document,
/// stored as a reference to it and ordered by its path, as Firestore orders references.
public protocol TypedReference: ContractOrdered, FieldCodable {
    /// The segments of the document's path: `["chatrooms", "r1", "members", "u1"]`.
    var path: [String] { get }
}

extension TypedReference {
    public var documentValue: DocumentValue { .reference(path) }

    public static func contractCompare(_ lhs: Self, _ rhs: Self) -> Int {
        ValueOrder.compare(.reference(lhs.path), .reference(rhs.path))
    }
}
