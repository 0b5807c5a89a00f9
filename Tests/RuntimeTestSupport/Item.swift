import ModelgenRuntimeCore

/// A document type with one int field, which the runtime layers' tests store and stream.
public struct Item: DocumentCodable, Hashable, Sendable {
    public var id: String
    public var n: Int

    public init(id: String, n: Int) {
        self.id = id
        self.n = n
    }

    public init(id: String, data: DocumentData) throws(DocumentDecodingError) {
        self.init(id: id, n: try FieldReader(data).decode("n"))
    }

    public var documentData: DocumentData { ["n": n.documentValue] }
}
