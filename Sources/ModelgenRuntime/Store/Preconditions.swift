/// The preconditions of create-only and must-exist writes (Firestore's `currentDocument`), checked
/// in order, each against its document as the commit's earlier writes leave it — as Firestore's
/// emulator checks them: a create then a must-exist delete of one document applies, a set then a
/// create is refused.
public enum Preconditions {
    /// The distinct paths of the writes that have a precondition, in order: the documents a
    /// store must look up to check them. None when no write has one.
    public static func paths(_ writes: [DocumentWrite]) -> [[String]] {
        var seen: Set<[String]> = []
        return writes.filter(\.isConditional).map(\.path).filter { seen.insert($0).inserted }
    }

    /// Throws ``StoreError/alreadyExists(_:)`` for a create-only write of a document that
    /// exists, ``StoreError/notFound(_:)`` for a must-exist delete of one that does not, where
    /// `exists` tells whether a document is there before the writes.
    public static func check(_ writes: [DocumentWrite], exists: ([String]) throws -> Bool) throws {
        var existing: [[String]: Bool] = [:]
        for write in writes {
            try write.checkPrecondition { try existing[write.path] ?? exists(write.path) }
            if case .delete = write { existing[write.path] = false } else { existing[write.path] = true }
        }
    }
}

extension DocumentWrite {
    /// Throws when the write's precondition fails, `exists` telling whether its document is there
    /// just before it; asks `exists` only for a create-only or must-exist write.
    func checkPrecondition(exists: () throws -> Bool) throws {
        switch self {
        case let .set(path, _, mustNotExist): if mustNotExist, try exists() { throw StoreError.alreadyExists(path) }
        case let .delete(path, mustExist): if mustExist, try !exists() { throw StoreError.notFound(path) }
        case .update, .merge: break
        }
    }
}
