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
            let path = write.path
            switch write {
            case let .set(_, _, mustNotExist):
                if mustNotExist, try existing[path] ?? exists(path) { throw StoreError.alreadyExists(path) }
                existing[path] = true
            case .update, .merge:
                existing[path] = true
            case let .delete(_, mustExist):
                if mustExist, try !(existing[path] ?? exists(path)) { throw StoreError.notFound(path) }
                existing[path] = false
            }
        }
    }
}
