/// A document as it was read, for a write made only if its document still reads the same
/// (`unchangedSince:` of a typed update or delete): at commit, the stored document is decoded as
/// the read value's type and must equal it.
///
/// Firestore's own precondition is the document's update time, which the client SDKs do not
/// show; comparing what the document reads as is what a client can do, in a transaction. It
/// differs in one case: a document changed and changed back since the read counts as unchanged.
/// A document rewritten with what it held keeps its update time on Firestore too.
public struct ReadDocument: Hashable, Sendable {
    /// The value read, encoded.
    public let data: DocumentData
    private let readsTheSame: @Sendable (String, DocumentData) -> Bool

    /// The document `document` was read from.
    public init<Document: DocumentCodable & Equatable & Sendable>(_ document: Document) {
        data = document.documentData
        readsTheSame = { id, stored in (try? Document(id: id, data: stored)) == document }
    }

    /// Whether the document with this id and data, decoded, equals the value read.
    public func isUnchanged(id: String, data: DocumentData) -> Bool {
        readsTheSame(id, data)
    }

    public static func == (lhs: ReadDocument, rhs: ReadDocument) -> Bool { lhs.data == rhs.data }
    public func hash(into hasher: inout Hasher) { hasher.combine(data) }
}
