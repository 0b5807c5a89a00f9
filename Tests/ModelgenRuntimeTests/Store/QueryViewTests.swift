import RuntimeTestSupport
import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// A listener's changes, applied one by one to the documents it had, must give the documents
/// it has now, and those must be what the query returns when run from scratch.
@Suite struct QueryViewTests {
    static let queries: [StoreQuery] = [
        StoreQuery(collection: ["c"]),
        StoreQuery(collection: ["c"], orderBy: [.descending(["n"])]),
        StoreQuery(collection: ["c"], filter: .compare(["n"], .greaterOrEqual, 3), orderBy: [.ascending(["n"])], limit: 4),
        StoreQuery(collection: ["c"], orderBy: [.ascending(["tag"]), .descending(["n"])], limit: 1),
        StoreQuery(collection: ["c"], filter: .compare(["tag"], .equal, "a"), limit: 0),
        StoreQuery(collection: ["c"], filter: .compare(["n"], .greaterOrEqual, 3), orderBy: [.ascending(["n"])], limitToLast: 4),
        StoreQuery(collection: ["c"], orderBy: [.ascending(["tag"]), .descending(["n"])], limitToLast: 2),
        StoreQuery(collection: ["c"], orderBy: [.descending(["n"])], limitToLast: 0),
        StoreQuery(collection: ["c"], orderBy: [.ascending(["n"])], start: QueryBound([2], inclusive: false), end: QueryBound([4], inclusive: true)),
        StoreQuery(collection: ["c"], orderBy: [.descending(["n"]), .descending(.documentID)], limit: 3, start: QueryBound([4, "d5"], inclusive: false)),
        StoreQuery(collection: ["c"], orderBy: [.ascending(["tag"]), .ascending(["n"])], limitToLast: 2, start: QueryBound(["a", 1], inclusive: true), end: QueryBound(["b"], inclusive: false)),
    ]

    @Test(arguments: queries.indices)
    func changesReplayToTheQueryResult(query index: Int) throws {
        let query = Self.queries[index]
        for seed in UInt64(1)...20 {
            var random = SeededRandom(seed: seed)
            let store = InMemoryStore()
            let snapshots = Calls<QuerySnapshot>()
            let registration = store.addListener(to: query) { snapshots.append(try! $0.get()) }
            var replayed: [DocumentSnapshot] = []
            var seen = 0
            for _ in 0..<60 {
                try store.commit((0..<Int.random(in: 1...3, using: &random)).map { _ in Self.write(using: &random) })
                for snapshot in snapshots.all.dropFirst(seen) {
                    replayed = try Self.replay(snapshot.changes, on: replayed)
                    #expect(replayed == snapshot.documents, "seed \(seed)")
                }
                seen = snapshots.all.count
                #expect(replayed == (try store.getDocuments(query)), "seed \(seed)")
                if let last = query.limitToLast {
                    var unlimited = query
                    unlimited.limitToLast = nil
                    #expect(replayed == Array(try store.getDocuments(unlimited).suffix(max(0, last))), "the last \(last), seed \(seed)")
                }
            }
            registration.remove()
        }
    }

    /// A set, update or delete of one of eight documents, with or without `n` and `tag`.
    static func write(using random: inout SeededRandom) -> DocumentWrite {
        let path = ["c", "d\(Int.random(in: 0..<8, using: &random))"]
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return .delete(path)
        case 1: return .set(path, ["tag": "a"])
        default:
            var data: DocumentData = ["n": .int(Int64.random(in: 0..<6, using: &random))]
            if Bool.random(using: &random) { data["tag"] = Bool.random(using: &random) ? "a" : "b" }
            return .set(path, data)
        }
    }

    /// Applies changes with Firestore's index rules, checking each names the right document.
    static func replay(_ changes: [DocumentChange], on documents: [DocumentSnapshot]) throws -> [DocumentSnapshot] {
        var documents = documents
        for change in changes {
            switch change {
            case let .added(document, newIndex):
                documents.insert(document, at: newIndex)
            case let .modified(document, oldIndex, newIndex):
                try #require(documents[oldIndex].id == document.id)
                documents.remove(at: oldIndex)
                documents.insert(document, at: newIndex)
            case let .removed(document, oldIndex):
                try #require(documents[oldIndex] == document)
                documents.remove(at: oldIndex)
            }
        }
        return documents
    }

    @Test func aFirstSnapshotAddsEveryDocumentAndUnchangedWritesSayNothing() throws {
        let store = InMemoryStore()
        try store.commit([.set(["c", "b"], ["n": 2]), .set(["c", "a"], ["n": 1])])
        let snapshots = Calls<QuerySnapshot>()
        let registration = store.addListener(to: StoreQuery(collection: ["c"], orderBy: [.ascending(["n"])])) { snapshots.append(try! $0.get()) }
        try store.setData(["n": 1], at: ["c", "a"])
        try store.setData(["n": 3], at: ["c", "a"])
        let a1 = DocumentSnapshot(id: "a", data: ["n": 1], parent: ["c"]), a3 = DocumentSnapshot(id: "a", data: ["n": 3], parent: ["c"])
        let b = DocumentSnapshot(id: "b", data: ["n": 2], parent: ["c"])
        #expect(snapshots.all == [
            QuerySnapshot(documents: [a1, b], changes: [.added(a1, newIndex: 0), .added(b, newIndex: 1)]),
            QuerySnapshot(documents: [b, a3], changes: [.modified(a3, oldIndex: 0, newIndex: 1)]),
        ])
        registration.remove()
    }
}
