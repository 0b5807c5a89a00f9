import RuntimeTestSupport
import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// Updates and deletes made only if their document still reads as a value read before
/// (`unchangedSince`): Firestore's `updateTime` precondition as a client can keep it.
@Suite struct UnchangedSinceTests {
    let path = ["c", "a"]

    @Test func anUpdateAppliesWhileTheDocumentReadsAsRead() throws {
        let store = InMemoryStore()
        try store.commit([.set(path, ["n": 1])])
        let read = ReadDocument(Item(id: "a", n: 1))
        try store.commit([.update(path, [["n"]: .value(2)], unchangedSince: read)])
        #expect(try store.getDocument(path)?.data == ["n": 2])
        #expect(throws: StoreError.changedSinceRead(path)) { try store.commit([.update(path, [["n"]: .value(3)], unchangedSince: read)]) }
        #expect(StoreError.changedSinceRead(path).description == "the document at 'c/a' has changed since it was read")
        #expect(try store.getDocument(path)?.data == ["n": 2])
    }

    @Test func theDocumentIsComparedAsItDecodes() throws {
        let store = InMemoryStore()
        try store.commit([.set(path, ["n": 1, "other": "a field the type does not read"])])
        try store.commit([.delete(path, unchangedSince: ReadDocument(Item(id: "a", n: 1)))])
        #expect(try store.getDocument(path) == nil)
        try store.commit([.set(path, ["n": "not an int"])])
        #expect(throws: StoreError.changedSinceRead(path), "a document that no longer decodes has changed") {
            try store.commit([.delete(path, unchangedSince: ReadDocument(Item(id: "a", n: 1)))])
        }
        try store.commit([.set(path, ["n": 1])])
        #expect(throws: StoreError.changedSinceRead(path), "the id is the write's") {
            try store.commit([.delete(path, unchangedSince: ReadDocument(Item(id: "b", n: 1)))])
        }
    }

    @Test func aMissingDocumentHasChanged() throws {
        let store = InMemoryStore()
        let read = ReadDocument(Item(id: "a", n: 1))
        #expect(throws: StoreError.changedSinceRead(path)) { try store.commit([.delete(path, unchangedSince: read)]) }
        #expect(throws: StoreError.changedSinceRead(path)) { try store.commit([.delete(path, mustExist: true, unchangedSince: read)]) }
        #expect(throws: StoreError.changedSinceRead(path)) { try store.commit([.update(path, [["n"]: .value(2)], unchangedSince: read)]) }
    }

    @Test func anEarlierWriteInTheCommitIsAChange() throws {
        let store = InMemoryStore()
        try store.commit([.set(path, ["n": 1])])
        let read = ReadDocument(Item(id: "a", n: 1))
        #expect(throws: StoreError.changedSinceRead(path), "even one that leaves it as it was") {
            try store.commit([.set(path, ["n": 1]), .update(path, [["n"]: .value(2)], unchangedSince: read)])
        }
        try store.commit([.update(path, [["n"]: .value(2)], unchangedSince: read), .update(path, [["n"]: .value(3)])])
        #expect(try store.getDocument(path)?.data == ["n": 3], "a later write is free of the first's condition")
    }

    @Test func aTransactionChecksAgainstTheDocumentAsItCommits() async throws {
        let store = InMemoryStore()
        try store.commit([.set(path, ["n": 1])])
        await #expect(throws: StoreError.changedSinceRead(path)) {
            try await store.runTransaction { transaction in
                if try transaction.get(["c", "other"]) == nil { try store.commit([.set(path, ["n": 5])]) }
                transaction.write(.update(path, [["n"]: .value(2)], unchangedSince: ReadDocument(Item(id: "a", n: 1))))
            }
        }
        #expect(try store.getDocument(path)?.data == ["n": 5])
    }

    @Test func theyAreLookedUpAsConditionalWrites() {
        let read = ReadDocument(Item(id: "a", n: 1))
        #expect(Preconditions.paths([.update(["c", "a"], [:]), .update(["c", "b"], [:], unchangedSince: read), .delete(["c", "d"], unchangedSince: read)]) == [["c", "b"], ["c", "d"]])
        #expect(read == ReadDocument(Item(id: "z", n: 1)), "equal as the data they hold")
    }
}
