import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// Field transforms as Firestore's server applies them (`DocumentTransform.FieldTransform` in its
/// API reference: `increment`, `appendMissingElements`, `removeAllFromArray`; a delete removes the
/// field from the document, as the SDKs' `ObjectValue.delete`).
@Suite struct FieldUpdateTests {
    let path = ["c", "d"]

    /// The document after one update of `fields` on `data`.
    private func updating(_ data: DocumentData, _ fields: [FieldPath: FieldUpdate]) throws -> DocumentData {
        let store = InMemoryStore()
        try store.setData(data, at: path)
        try store.updateData(fields, at: path)
        return try #require(try store.getDocument(path)).data
    }

    private func identical(_ data: DocumentData, _ expected: DocumentData) -> Bool {
        DocumentValue.identical(data, expected)
    }

    @Test func incrementAddsIntsAsIntsAndAnythingWithADoubleAsDoublesOrSetsTheOperand() throws {
        let data = try updating(["i": 1, "d": 1.5, "s": "x"], [
            ["i"]: .increment(2), ["d"]: .increment(1), ["s"]: .increment(1), ["m"]: .increment(0.5), ["o", "n"]: .increment(3),
            ["z"]: .increment(-0.0),
        ])
        #expect(identical(data, ["i": .int(3), "d": .double(2.5), "s": .int(1), "m": .double(0.5), "o": ["n": .int(3)], "z": .double(-0.0)]))
    }

    @Test func intIncrementsSaturateAndNaNPropagates() throws {
        let data = try updating(["max": .int(.max), "min": .int(.min), "nan": 1], [
            ["max"]: .increment(1), ["min"]: .increment(-1), ["nan"]: .increment(.double(.nan)),
        ])
        #expect(identical(data, ["max": .int(.max), "min": .int(.min), "nan": .double(.nan)]))
    }

    @Test func arrayUnionAppendsWhatIsNotThereByTheContractsEquality() throws {
        let data = try updating(["tags": [1, "a"], "zeros": [0.0], "nans": [.double(.nan)], "s": "x"], [
            ["tags"]: .arrayUnion([1.0, "a", 2, 2]), ["zeros"]: .arrayUnion([-0.0]), ["nans"]: .arrayUnion([.double(.nan)]),
            ["s"]: .arrayUnion(["a"]),
        ])
        #expect(identical(data, ["tags": [1, "a", 2], "zeros": [0.0], "nans": [.double(.nan)], "s": ["a"]]))
    }

    @Test func arrayRemoveRemovesEveryEqualElement() throws {
        let data = try updating(["tags": [1, 1.0, "a", 1], "zeros": [-0.0, 1], "s": "x"], [
            ["tags"]: .arrayRemove([1]), ["zeros"]: .arrayRemove([0.0]), ["s"]: .arrayRemove(["x"]), ["m"]: .arrayRemove([]),
        ])
        #expect(identical(data, ["tags": ["a"], "zeros": [1], "s": [], "m": []]))
    }

    @Test func deleteRemovesTheFieldOnlyWhereItIs() throws {
        let data = try updating(["o": ["p": true, "q": 1], "top": 1, "s": "x"], [
            ["o", "p"]: .delete, ["top"]: .delete, ["missing", "x"]: .delete, ["s", "x"]: .delete,
        ])
        #expect(identical(data, ["o": ["q": 1], "s": "x"]))
    }

    @Test func overlappingFieldsAndIncrementsByNonNumbersAreRefusedAndChangeNothing() throws {
        let store = InMemoryStore()
        try store.setData(["a": ["b": 1]], at: path)
        #expect(throws: StoreError.overlappingFields(["a"], ["a", "b"])) {
            try store.updateData([["a", "b"]: .value(2), ["a"]: .delete], at: path)
        }
        #expect(throws: StoreError.notANumber(["a", "b"])) {
            try store.commit([.set(["c", "e"], [:]), .update(path, [["a", "b"]: .increment("1")])])
        }
        #expect(try store.getDocument(["c", "e"]) == nil)
        #expect(try store.getDocument(path)?.data == ["a": ["b": 1]])
        #expect(StoreError.overlappingFields(["a"], ["a", "b"]).description == "one update cannot change both 'a' and 'a.b'")
    }
}
