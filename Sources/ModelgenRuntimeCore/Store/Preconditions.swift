/// The preconditions of create-only, must-exist and unchanged-since writes (Firestore's
/// `currentDocument`), checked in order, each against its document as the commit's earlier
/// writes leave it — as Firestore's emulator checks them: a create then a must-exist delete of
/// one document applies, a set then a create is refused. An unchanged-since write after another
/// write of its document in one commit is refused as changed: the earlier write is a change
/// since the read (Firestore's emulator refuses such a commit whole, "Cannot collapse mutations
/// with different version preconditions").
public struct Preconditions {
    /// Each document the writes so far wrote, by its exact path: whether they left it there.
    private var written: [ContractKey<String>: Bool] = [:]

    /// A check of a commit's writes, none of them seen yet.
    public init() {}

    /// The distinct paths of the writes that have a precondition, in order: the documents a
    /// store must look up to check them. None when no write has one.
    public static func paths(_ writes: [DocumentWrite]) -> [[String]] {
        var seen: Set<ContractKey<String>> = []
        return writes.filter(\.isConditional).map(\.path).filter { seen.insert(key($0)).inserted }
    }

    /// A document's path as a key that tells apart ids Swift's `String` equality does not (`é`
    /// precomposed and decomposed are two documents to Firestore); segments hold no '/'.
    private static func key(_ path: [String]) -> ContractKey<String> {
        ContractKey(path.joined(separator: "/"))
    }

    /// Checks each write in turn (``check(_:read:)-swift.method``).
    public static func check(_ writes: [DocumentWrite], read: ([String]) throws -> DocumentData?) throws {
        var preconditions = Preconditions()
        for write in writes { try preconditions.check(write, read: read) }
    }

    /// Throws ``StoreError/alreadyExists(_:)`` for a create-only write of a document that
    /// exists, ``StoreError/notFound(_:)`` for a must-exist delete of one that does not,
    /// ``StoreError/changedSinceRead(_:)`` for an unchanged-since write of one that does not read
    /// as it was read, where `read` gives a document's data before the commit (nil: none); then
    /// counts the write as the next of its commit.
    public mutating func check(_ write: DocumentWrite, read: ([String]) throws -> DocumentData?) throws {
        let key = Self.key(write.path)
        try write.checkPrecondition {
            if let exists = written[key] { return .written(exists: exists) }
            return try read(write.path).map(PreconditionState.stored) ?? .absent
        }
        if case .delete = write { written[key] = false } else { written[key] = true }
    }
}

/// A document as a write's precondition finds it.
private enum PreconditionState {
    /// There is none.
    case absent
    /// It is stored with this data, unwritten by the commit so far.
    case stored(DocumentData)
    /// The commit's earlier writes wrote it, leaving it there or not.
    case written(exists: Bool)

    var exists: Bool {
        switch self {
        case .absent: false
        case .stored: true
        case let .written(exists): exists
        }
    }
}

private extension DocumentWrite {
    /// Throws when the write's precondition fails, `state` giving its document just before it;
    /// asks `state` only for a conditional write.
    func checkPrecondition(state: () throws -> PreconditionState) throws {
        guard isConditional else { return }
        let state = try state()
        if let read = unchangedSince {
            guard case let .stored(data) = state, read.isUnchanged(id: path[path.count - 1], data: data) else { throw StoreError.changedSinceRead(path) }
        }
        switch self {
        case .set where !state.exists: break
        case .set: throw StoreError.alreadyExists(path)
        case .delete(_, true, _) where !state.exists: throw StoreError.notFound(path)
        case .update, .merge, .delete: break
        }
    }
}
