import Foundation
import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// Collection-group queries in the in-memory store: every collection whose last segment is the
/// group's id, under any parent ("Every collection or subcollection with this ID as the last
/// segment of its path will be included": FIRFirestore.h, `collectionGroupWithID:`), ordered by
/// full document path after the order keys (firebase-js-sdk model/document_key.ts,
/// `DocumentKey.comparator`, compares whole paths segment by segment).
@Suite struct CollectionGroupTests {
    let reviews = StoreQuery(collectionGroup: "reviews")

    private func store() throws -> InMemoryStore {
        let store = InMemoryStore()
        try store.setData(["stars": 4], at: ["shops", "s2", "reviews", "a"])
        try store.setData(["stars": 5], at: ["shops", "s1", "reviews", "b"])
        try store.setData(["stars": 3], at: ["shops", "s1", "reviews", "a"])
        try store.setData(["stars": 1], at: ["users", "u1", "reviews", "a"])
        try store.setData(["stars": 2], at: ["reviews", "top"])
        try store.setData(["stars": 5], at: ["shops", "s1", "photos", "a"])
        // Not of the group: the id elsewhere than last, as the end of a longer id, inside a segment.
        try store.setData(["stars": 5], at: ["reviews", "top", "photos", "a"])
        try store.setData(["stars": 5], at: ["shops", "s1", "myreviews", "a"])
        try store.setData(["stars": 5], at: ["x\",\"reviews", "a"])
        return store
    }

    @Test func readsEveryCollectionWithTheIdInPathOrder() throws {
        let documents = try store().getDocuments(reviews)
        #expect(documents.map { $0.path.joined(separator: "/") } == [
            "reviews/top", "shops/s1/reviews/a", "shops/s1/reviews/b", "shops/s2/reviews/a", "users/u1/reviews/a",
        ])
    }

    /// An order by the document id is an order by whole path, as Firestore's `__name__` (the
    /// emulator: `c/c` before `p/p1/c/9`; found by the store differential); a filter or cursor on
    /// the id of a collection group takes whole paths, which the stores do not compare, and a
    /// plain id is refused, as the emulator refuses it ("Resource name … lacks "/"").
    @Test func theDocumentIDOrdersByWholePathAndFiltersNoGroup() throws {
        let store = try store()
        let byID = StoreQuery(collectionGroup: "reviews", orderBy: [.descending(.documentID)], limit: 3)
        #expect(try store.getDocuments(byID).map { $0.path.joined(separator: "/") } == ["users/u1/reviews/a", "shops/s2/reviews/a", "shops/s1/reviews/b"])
        let filtered = StoreQuery(collectionGroup: "reviews", filter: .compare(.documentID, .equal, "a"))
        #expect(throws: StoreError.documentIDInCollectionGroup) { try store.getDocuments(filtered) }
        let bounded = StoreQuery(collectionGroup: "reviews", orderBy: [.ascending(.documentID)], start: QueryBound(["a"], inclusive: true))
        #expect(throws: StoreError.documentIDInCollectionGroup) { try store.getDocuments(bounded) }
    }

    @Test func tiesOnTheOrderKeysGoByPathInTheLastKeysDirection() throws {
        let store = try store()
        try store.setData(["stars": 5], at: ["shops", "s0", "reviews", "z"])
        var query = StoreQuery(collectionGroup: "reviews", filter: .compare(["stars"], .greaterOrEqual, .int(4)), orderBy: [.descending(["stars"])])
        #expect(try store.getDocuments(query).map { $0.path.joined(separator: "/") } == [
            "shops/s1/reviews/b", "shops/s0/reviews/z", "shops/s2/reviews/a",
        ])
        query.limit = 2
        #expect(try store.getDocuments(query).map(\.id) == ["b", "z"])
    }

    @Test func aGroupIsNamedByOneCollectionID() throws {
        var query = StoreQuery(collection: ["shops", "s1", "reviews"])
        query.isCollectionGroup = true
        #expect(throws: StoreError.invalidPath(["shops", "s1", "reviews"])) { try InMemoryStore().getDocuments(query) }
    }

    @Test func aPathBeforeTheLongerPathsItStarts() {
        let short = DocumentSnapshot(id: "x", data: [:], parent: ["a"])
        let long = DocumentSnapshot(id: "a", data: [:], parent: ["a", "x", "b"])
        let other = DocumentSnapshot(id: "y", data: [:], parent: ["a"])
        #expect(DocumentSnapshot.comparePaths(short, long) == -1)
        #expect(DocumentSnapshot.comparePaths(long, short) == 1)
        #expect(DocumentSnapshot.comparePaths(long, other) == -1)
        #expect(DocumentSnapshot.comparePaths(short, short) == 0)
    }

    @Test func listenersHearEveryCollectionOfTheGroupIncludingNewOnes() throws {
        let store = try store()
        let calls = Calls<[String]>()
        let registration = store.addListener(to: StoreQuery(collectionGroup: "reviews", orderBy: [.ascending(["stars"])])) { result in
            calls.append((try? result.get().documents.map { $0.path.joined(separator: "/") }) ?? ["error"])
        }
        try store.setData(["stars": 0], at: ["cities", "c1", "reviews", "n"])
        try store.setData(["stars": 9], at: ["shops", "s1", "photos", "b"])
        try store.deleteDocument(at: ["users", "u1", "reviews", "a"])
        registration.remove()
        #expect(calls.all.map(\.first) == ["users/u1/reviews/a", "cities/c1/reviews/n", "cities/c1/reviews/n"])
        #expect(calls.all.map(\.count) == [5, 6, 5])
    }

    @Test func documentsOfTheSameIdInTwoCollectionsAreTwoRows() throws {
        let store = try store()
        let calls = Calls<[DocumentChange]>()
        let registration = store.addListener(to: reviews) { calls.append((try? $0.get().changes) ?? []) }
        try store.setData(["stars": 2], at: ["shops", "s2", "reviews", "a"])
        registration.remove()
        let change = try #require(calls.all.last?.first)
        guard case let .modified(document, oldIndex, newIndex) = change else { Issue.record("\(change)"); return }
        #expect(document.path == ["shops", "s2", "reviews", "a"])
        #expect((oldIndex, newIndex) == (3, 3))
    }

    @Test func aRowTakesThePathParametersOfItsCollectionsPattern() throws {
        let document = DocumentSnapshot(id: "r1", data: [:], parent: ["shops", "s1", "reviews"])
        #expect(try document.pathParameters(in: "shops/{shopId}/reviews") == ["s1"])
        let elsewhere = DocumentSnapshot(id: "r1", data: [:], parent: ["users", "u1", "reviews"])
        #expect(throws: DocumentDecodingError(.elsewhere(expected: "shops/{shopId}/reviews"))) {
            try elsewhere.pathParameters(in: "shops/{shopId}/reviews")
        }
        #expect(DocumentDecodingError(.elsewhere(expected: "shops/{shopId}/reviews")).description == "the document is not in shops/{shopId}/reviews")
    }
}
