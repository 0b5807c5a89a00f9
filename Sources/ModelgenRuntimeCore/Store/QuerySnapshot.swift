/// A query's documents, and the changes from its previous snapshot that led to them, as in
/// Firestore: a listener's first snapshot lists every document as added.
public struct QuerySnapshot: Hashable, Sendable {
    /// The documents in query order.
    public var documents: [DocumentSnapshot]
    /// Steps from the previous snapshot's documents to these, applied one after another.
    public var changes: [DocumentChange]

    public init(documents: [DocumentSnapshot], changes: [DocumentChange]) {
        self.documents = documents
        self.changes = changes
    }
}

/// One step from a query's previous documents to its next. Indices count the documents as
/// they are just before (`oldIndex`) and just after (`newIndex`) this step, as Firestore's
/// document changes do.
public enum DocumentChange: Hashable, Sendable {
    case added(DocumentSnapshot, newIndex: Int)
    /// The document's data changed; it moved if the indices differ.
    case modified(DocumentSnapshot, oldIndex: Int, newIndex: Int)
    case removed(DocumentSnapshot, oldIndex: Int)
}
