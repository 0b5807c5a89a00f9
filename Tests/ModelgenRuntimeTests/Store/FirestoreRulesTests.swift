import Testing
@testable import ModelgenRuntime

/// What the iOS SDK raises for (an uncatchable NSException, which ended the app when the Firestore
/// adapter passed it on) is a typed ``StoreError`` from ``FirestoreRules``, in every store.
@Suite struct FirestoreRulesTests {
    func queryError(_ filter: QueryFilter?, orderBy: [QueryOrder] = []) -> StoreError? {
        do {
            try FirestoreRules.check(StoreQuery(collection: ["c"], filter: filter, orderBy: orderBy))
            return nil
        } catch {
            return error as? StoreError
        }
    }

    func writeError(_ write: DocumentWrite) -> StoreError? {
        do {
            try FirestoreRules.check(write)
            return nil
        } catch {
            return error as? StoreError
        }
    }

    @Test func anInFilterNeedsANonEmptyList() {
        #expect(queryError(.compare(["s"], .isIn, [])) == .emptyInList(["s"]))
        #expect(queryError(.compare(["s"], .isIn, "x")) == .emptyInList(["s"]))
        #expect(queryError(.compare(.documentID, .isIn, [])) == .emptyInList(.documentID))
        #expect(queryError(.compare(["s"], .isIn, [[1, 2], "x"])) == nil, "an in list's elements may be arrays")
        #expect(StoreError.emptyInList(["a", "b"]).description == "an 'in' filter on 'a.b' needs a non-empty list")
    }

    @Test func aQueryHasAtMostOneNotEqualFilter() {
        let two: QueryFilter = .or([.compare(["a"], .notEqual, 1), .and([.compare(["b"], .notEqual, 2)])])
        #expect(queryError(two) == .multipleNotEqualFilters)
        #expect(queryError(.and([.compare(["a"], .notEqual, 1), .compare(["a"], .greater, 0)])) == nil)
    }

    @Test func documentIDFiltersTakeIDs() {
        #expect(queryError(.compare(.documentID, .equal, "")) == .invalidDocumentIDFilter)
        #expect(queryError(.compare(.documentID, .less, "a/b")) == .invalidDocumentIDFilter)
        #expect(queryError(.compare(.documentID, .equal, 3)) == .invalidDocumentIDFilter)
        #expect(queryError(.compare(.documentID, .isIn, ["a", ""])) == .invalidDocumentIDFilter)
        #expect(queryError(.compare(.documentID, .arrayContains, "a")) == .invalidDocumentIDFilter)
        #expect(queryError(.compare(.documentID, .notEqual, "a")) == nil)
    }

    @Test func fieldsNeedNames() {
        #expect(queryError(.compare([], .equal, 1)) == .invalidField([]))
        #expect(queryError(.compare(["a", ""], .equal, 1)) == .invalidField(["a", ""]))
        #expect(queryError(nil, orderBy: [.ascending(["", "b"])]) == .invalidField(["", "b"]))
        #expect(queryError(.compare(["__x__"], .equal, 1)) == nil, "a query may name a reserved field")
        #expect(writeError(.set(["c", "d"], ["__x__": 1])) == .invalidField(["__x__"]))
        #expect(writeError(.set(["c", "d"], ["m": ["": 1]])) == .invalidField(["m", ""]))
        #expect(writeError(.update(["c", "d"], [["a", "__"]: .value(1)])) == .invalidField(["a", "__"]))
        #expect(writeError(.merge(["c", "d"], [[]: .value(1)])) == .invalidField([]))
    }

    @Test func valuesFirestoreCannotTakeThere() {
        let early = DocumentValue.timestamp(Timestamp(seconds: -62_135_596_801))
        let late = DocumentValue.timestamp(Timestamp(seconds: 253_402_300_800))
        #expect(writeError(.set(["c", "d"], ["a": [[1]]])) == .unsupportedValue(["a"]))
        #expect(writeError(.set(["c", "d"], ["a": [["m": [[1]]]]])) == .unsupportedValue(["a", "m"]))
        #expect(writeError(.set(["c", "d"], ["a": [.serverTimestamp]])) == .unsupportedValue(["a"]))
        #expect(writeError(.set(["c", "d"], ["a": early])) == .unsupportedValue(["a"]))
        #expect(writeError(.update(["c", "d"], [["a"]: .value(late)])) == .unsupportedValue(["a"]))
        #expect(writeError(.update(["c", "d"], [["a"]: .arrayUnion([[1]])])) == .unsupportedValue(["a"]))
        #expect(writeError(.update(["c", "d"], [["a"]: .arrayRemove([.serverTimestamp])])) == .unsupportedValue(["a"]))
        #expect(queryError(.compare(["a"], .equal, .serverTimestamp)) == .unsupportedValue(["a"]))
        #expect(queryError(.compare(["a"], .equal, [[1]])) == .unsupportedValue(["a"]))
        #expect(writeError(.set(["c", "d"], ["a": ["m": .serverTimestamp], "b": .timestamp(Timestamp(seconds: -62_135_596_800))])) == nil)
    }

    @Test func inMemoryStoresRefuseWhatFirestoreRefuses() throws {
        let store = InMemoryStore()
        try store.setData(["n": 1], at: ["c", "kept"])
        #expect(throws: StoreError.unsupportedValue(["a"])) {
            try store.commit([.set(["c", "new"], ["n": 2]), .set(["c", "d"], ["a": [[1]]])])
        }
        #expect(try store.getDocuments(StoreQuery(collection: ["c"])).map(\.id) == ["kept"], "a refused batch writes nothing")
        #expect(throws: StoreError.emptyInList(["n"])) {
            try store.getDocuments(StoreQuery(collection: ["c"], filter: .compare(["n"], .isIn, [])))
        }
    }

    @Test func anEmptyCompositeFilterFiltersNothing() {
        let documents = [DocumentSnapshot(id: "a", data: ["n": 1]), DocumentSnapshot(id: "b", data: ["n": 2])]
        func ids(_ filter: QueryFilter) -> [String] {
            QueryEngine.run(StoreQuery(collection: ["c"], filter: filter), over: documents).map(\.id)
        }
        #expect(ids(.or([])) == ["a", "b"])
        #expect(ids(.or([.compare(["n"], .equal, 1), .or([.and([])])])) == ["a"], "the empty or is dropped, not counted as true")
        #expect(ids(.and([.compare(["n"], .equal, 2), .or([])])) == ["b"])
    }

    @Test func storedTimestampsKeepWholeMicroseconds() throws {
        let store = InMemoryStore(pendingWrites: true)
        let precise = Timestamp(seconds: 5, nanoseconds: 123_456_789)
        let stored = DocumentValue.timestamp(Timestamp(seconds: 5, nanoseconds: 123_456_000))
        try store.commit([.set(["c", "d"], ["t": .timestamp(precise), "m": ["t": .timestamp(precise)], "s": .serverTimestamp, "l": []])])
        try store.updateData([["l"]: .arrayUnion([.timestamp(precise)])], at: ["c", "d"])
        store.flushPendingWrites(at: Timestamp(seconds: 9, nanoseconds: 999_999_999))
        let data = try #require(try store.getDocument(["c", "d"])).data
        #expect(data["t"] == stored)
        #expect(data["m"] == ["t": stored])
        #expect(data["l"] == [stored])
        #expect(data["s"] == .timestamp(Timestamp(seconds: 9, nanoseconds: 999_999_000)))
    }
}

extension FirestoreRulesTests {
    @Test func limitToLastNeedsAnOrderAndNoLimit() {
        func error(_ query: StoreQuery) -> StoreError? {
            do { try FirestoreRules.check(query); return nil } catch { return error as? StoreError }
        }
        #expect(error(StoreQuery(collection: ["c"], limitToLast: 2)) == .limitToLastWithoutOrder)
        #expect(error(StoreQuery(collection: ["c"], filter: .compare(["n"], .greater, 1), limitToLast: 2)) == .limitToLastWithoutOrder,
                "an inequality's implicit order is no orderBy")
        #expect(error(StoreQuery(collection: ["c"], limit: 1, limitToLast: 2)) == .twoLimits)
        #expect(error(StoreQuery(collection: ["c"], orderBy: [.ascending(["n"])], limitToLast: 2)) == nil)
        #expect(StoreError.limitToLastWithoutOrder.description == "a query with 'limitToLast' needs an 'orderBy'")
    }
}
