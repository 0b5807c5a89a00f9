import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// Create-only and must-exist writes, as Firestore's preconditions (`currentDocument.exists`):
/// each checked in order, against its document as the commit's earlier writes leave it, as
/// Firestore's emulator checks them; a refused one refuses its whole commit.
@Suite struct PreconditionTests {
    let path = ["c", "a"]

    @Test func aCreateOnlyWriteFailsWhereADocumentIs() throws {
        let store = InMemoryStore()
        try store.commit([.set(path, ["n": 1], mustNotExist: true)])
        #expect(throws: StoreError.alreadyExists(path)) { try store.commit([.set(path, ["n": 2], mustNotExist: true)]) }
        #expect(StoreError.alreadyExists(path).description == "a document already exists at 'c/a'")
        #expect(try store.getDocument(path)?.data == ["n": 1])
        try store.commit([.set(path, ["n": 3])])
        #expect(try store.getDocument(path)?.data == ["n": 3], "without the option a set replaces")
    }

    @Test func aMustExistDeleteFailsWhereNoDocumentIs() throws {
        let store = InMemoryStore()
        #expect(throws: StoreError.notFound(path)) { try store.commit([.delete(path, mustExist: true)]) }
        try store.commit([.delete(path)])
        try store.commit([.set(path, [:])])
        try store.commit([.delete(path, mustExist: true)])
        #expect(try store.getDocument(path) == nil)
    }

    @Test func eachIsCheckedAfterTheCommitsEarlierWrites() throws {
        let store = InMemoryStore()
        try store.commit([.set(path, ["n": 1], mustNotExist: true), .delete(path, mustExist: true)])
        #expect(try store.getDocument(path) == nil)
        try store.commit([.set(path, ["n": 1])])
        try store.commit([.delete(path), .set(path, ["n": 2], mustNotExist: true)])
        #expect(try store.getDocument(path)?.data == ["n": 2])
        #expect(throws: StoreError.alreadyExists(["c", "b"])) {
            try store.commit([.set(["c", "b"], [:]), .set(["c", "b"], [:], mustNotExist: true)])
        }
        #expect(throws: StoreError.notFound(path)) { try store.commit([.delete(path), .delete(path, mustExist: true)]) }
    }

    @Test func aRefusedOneRefusesItsWholeCommitAndNoListenerHears() throws {
        let store = InMemoryStore()
        try store.commit([.set(path, ["n": 1])])
        let counts = Calls<Int>()
        let registration = store.addListener(to: StoreQuery(collection: ["c"])) { counts.append((try? $0.get().documents.count) ?? -1) }
        let version = store.version(at: path)
        #expect(throws: StoreError.alreadyExists(["c", "z"])) {
            try store.commit(batch: [.set(["c", "b"], [:]), .delete(path), .set(["c", "z"], [:]), .set(["c", "z"], [:], mustNotExist: true)]) { _ in }
        }
        #expect(try store.getDocuments(StoreQuery(collection: ["c"])).map(\.id) == ["a"])
        #expect(store.version(at: path) == version)
        #expect(counts.all == [1], "only the first snapshot")
        registration.remove()
    }

    @Test func aTransactionsCreateOnlyWriteFailsOnADocumentMadeMeanwhile() async throws {
        let store = InMemoryStore()
        await #expect(throws: StoreError.alreadyExists(path)) {
            try await store.runTransaction { transaction in
                if try transaction.get(["c", "other"]) == nil { try store.setData(["by": "another client"], at: path) }
                transaction.write(.set(path, ["by": "me"], mustNotExist: true))
            }
        }
        #expect(try store.getDocument(path)?.data == ["by": "another client"])
    }

    /// `é` precomposed and decomposed are two ids to Firestore, though Swift's `String` calls them
    /// equal: a write of one leaves the other as it was (the store differential found it).
    @Test func idsSwiftCallsEqualAreTwoDocuments() throws {
        let store = InMemoryStore()
        let composed = ["c", "\u{E9}"], decomposed = ["c", "e\u{301}"]
        try store.commit([.set(composed, ["n": 1]), .set(decomposed, ["n": 2])])
        #expect(throws: StoreError.alreadyExists(decomposed)) {
            try store.commit([.delete(composed, mustExist: true), .set(decomposed, [:], mustNotExist: true)])
        }
        #expect(Preconditions.paths([.delete(composed, mustExist: true), .delete(decomposed, mustExist: true)]).count == 2)
    }

    @Test func theDocumentsToLookUpAreThoseOfConditionalWritesOnce() {
        let writes: [DocumentWrite] = [.set(["c", "a"], [:]), .delete(["c", "b"], mustExist: true), .set(["c", "b"], [:], mustNotExist: true), .delete(["c", "d"])]
        #expect(Preconditions.paths(writes) == [["c", "b"]])
        #expect(Preconditions.paths([.set(path, [:]), .delete(path)]).isEmpty)
    }
}
