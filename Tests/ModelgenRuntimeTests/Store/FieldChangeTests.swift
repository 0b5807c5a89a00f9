import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// Typed changes as the store gets them: one update at the field, or, for keys of a map, one at
/// each key's path, as Firestore's field paths naming a key (`reactions.👍`).
@Suite struct FieldChangeTests {
    let path = ["posts", "p1"]

    @Test func aChangeOfKeysIsAnUpdateAtEachKey() {
        let change = FieldChange<[String: Int]>.keys(["👍": .increment(1), "a.b": .set(3), "👎": .delete])
        #expect(change.updates == [["👍"]: .increment(.int(1)), ["a.b"]: .value(.int(3)), ["👎"]: .delete])
        #expect(FieldChange<[String: Int]>.set(["x": 1]).updates == [[]: .value(.map(["x": .int(1)]))])
        #expect(FieldChange<[String]?>.arrayUnion(["a"]).updates == [[]: .arrayUnion([.string("a")])], "an optional list's too")
        #expect(FieldChange<[String]?>.arrayRemove(["a"]).updates == [[]: .arrayRemove([.string("a")])])
        let write = DocumentWrite.update(path, changing: [["reactions"]: change.updates, ["other"]: nil, ["n"]: FieldChange<Int>.increment(2).updates])
        #expect(write == .update(path, [
            ["reactions", "👍"]: .increment(.int(1)), ["reactions", "a.b"]: .value(.int(3)), ["reactions", "👎"]: .delete, ["n"]: .increment(.int(2)),
        ]))
    }

    @Test func keysChangeOnlyThemselves() throws {
        let store = InMemoryStore()
        try store.commit([.set(path, ["reactions": .map(["👎": .int(2), "x": .int(1)]), "tags": "x"])])
        try store.commit([
            .update(path, changing: [
                ["reactions"]: FieldChange<[String: Int]>.keys(["👍": .increment(1), "a.b": .set(3), "👎": .delete]).updates,
                ["tags"]: FieldChange<[String: [String]]?>.keys(["k": .arrayUnion(["a", "b"])]).updates,
            ]),
        ])
        #expect(try store.getDocument(path)?.data == [
            "reactions": .map(["x": .int(1), "👍": .int(1), "a.b": .int(3)]),
            "tags": .map(["k": .array([.string("a"), .string("b")])]),
        ])
        try store.commit([.update(path, changing: [["tags"]: FieldChange<[String: [String]]?>.keys(["k": .arrayRemove(["a"]), "j": .set([])]).updates])])
        #expect(try store.getDocument(path)?.data["tags"] == .map(["k": .array([.string("b")]), "j": .array([])]))
    }

    @Test func aMergeOfKeysCreatesTheDocumentWithThoseKeys() throws {
        let store = InMemoryStore()
        try store.commit([.merge(path, changing: [["scores"]: FieldChange<[String: Double]>.keys(["s": .increment(1.5)]).updates])])
        #expect(try store.getDocument(path)?.data == ["scores": .map(["s": .double(1.5)])])
    }

    @Test func anEmptyKeyIsRefusedAndNothingIsWritten() throws {
        let store = InMemoryStore()
        try store.commit([.set(path, ["reactions": .map([:])])])
        let write = DocumentWrite.update(path, changing: [["reactions"]: FieldChange<[String: Int]>.keys(["": .set(1), "y": .set(2)]).updates])
        #expect(throws: StoreError.invalidField(["reactions", ""])) { try store.commit([write]) }
        #expect(try store.getDocument(path)?.data == ["reactions": .map([:])])
    }

    @Test func noKeysChangeNothingButNeedTheDocument() throws {
        let store = InMemoryStore()
        let write = DocumentWrite.update(path, changing: [["reactions"]: FieldChange<[String: Int]>.keys([:]).updates])
        #expect(throws: StoreError.notFound(path)) { try store.commit([write]) }
        try store.commit([.set(path, ["n": 1])])
        try store.commit([write])
        #expect(try store.getDocument(path)?.data == ["n": 1])
    }
}
