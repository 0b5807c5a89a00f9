import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

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

    @Test func listFiltersNeedANonEmptyList() {
        #expect(queryError(.compare(["s"], .isIn, [])) == .emptyList(.isIn, ["s"]))
        #expect(queryError(.compare(["s"], .isIn, "x")) == .emptyList(.isIn, ["s"]))
        #expect(queryError(.compare(["s"], .notIn, [])) == .emptyList(.notIn, ["s"]))
        #expect(queryError(.compare(["s"], .arrayContainsAny, [])) == .emptyList(.arrayContainsAny, ["s"]))
        #expect(queryError(.compare(.documentID, .isIn, [])) == .emptyList(.isIn, .documentID))
        #expect(queryError(.compare(["s"], .isIn, [[1, 2], "x"])) == nil, "an in list's elements may be arrays")
        #expect(queryError(.compare(["s"], .notIn, [[1, 2], "x"])) == nil, "so may a not-in list's")
        #expect(queryError(.compare(["s"], .arrayContainsAny, [[1, 2]])) == .unsupportedValue(["s"]))
        #expect(StoreError.emptyList(.isIn, ["a", "b"]).description == "the 'in' filter on 'a.b' needs a non-empty list")
    }

    @Test func listFiltersTakeFirestoresNumberOfValues() {
        let values = (1...31).map { DocumentValue.int($0) }
        #expect(queryError(.compare(["s"], .isIn, .array(Array(values.prefix(30))))) == nil)
        #expect(queryError(.compare(["s"], .isIn, .array(values))) == .tooManyValues(.isIn, ["s"], limit: 30))
        #expect(queryError(.compare(["s"], .arrayContainsAny, .array(values))) == .tooManyValues(.arrayContainsAny, ["s"], limit: 30))
        #expect(queryError(.compare(["s"], .notIn, .array(Array(values.prefix(10))))) == nil)
        #expect(queryError(.compare(["s"], .notIn, .array(Array(values.prefix(11))))) == .tooManyValues(.notIn, ["s"], limit: 10))
        #expect(queryError(.compare(.documentID, .notIn, .array(Array(repeating: "a", count: 11)))) == .tooManyValues(.notIn, .documentID, limit: 10))
        #expect(StoreError.tooManyValues(.notIn, ["s"], limit: 10).description == "the 'not-in' filter on 's' takes at most 10 values")
    }

    @Test func aQueryHasAtMostOneNotEqualFilter() {
        let two: QueryFilter = .or([.compare(["a"], .notEqual, 1), .and([.compare(["b"], .notEqual, 2)])])
        #expect(queryError(two) == .conflictingFilters(.notEqual, .notEqual))
        #expect(StoreError.conflictingFilters(.notEqual, .notEqual).description == "a query can have at most one '!=' filter")
        #expect(queryError(.and([.compare(["a"], .notEqual, 1), .compare(["a"], .greater, 0)])) == nil)
    }

    @Test func notInTakesNoOtherNegationNorDisjunction() {
        let notIn = QueryFilter.compare(["a"], .notIn, [1])
        #expect(queryError(.and([.compare(["b"], .notEqual, 1), notIn])) == .conflictingFilters(.notIn, .notEqual))
        #expect(StoreError.conflictingFilters(.notIn, .notEqual).description == "a query cannot have both 'not-in' and '!=' filters")
        #expect(queryError(.and([notIn, .compare(["b"], .notIn, [2])])) == .conflictingFilters(.notIn, .notIn))
        #expect(queryError(.and([notIn, .compare(["b"], .isIn, [2])])) == .conflictingFilters(.isIn, .notIn))
        #expect(queryError(.and([notIn, .compare(["b"], .arrayContainsAny, [2])])) == .conflictingFilters(.arrayContainsAny, .notIn))
        #expect(queryError(.and([notIn, .or([.compare(["b"], .equal, 1), .compare(["b"], .equal, 2)])])) == .notInWithOr)
        #expect(queryError(.and([notIn, .or([.compare(["b"], .equal, 1)]), .compare(["c"], .arrayContains, 1)])) == nil, "an or of one term is that term")
    }

    /// The emulator: "A maximum of 1 'ARRAY_CONTAINS' filter is allowed per disjunction", for
    /// `array-contains` and `array-contains-any` alike; one comparison given twice is one.
    @Test func arrayContainsOncePerConjunction() {
        let tags = QueryFilter.compare(["tags"], .arrayContainsAny, ["a"])
        let labels = QueryFilter.compare(["labels"], .arrayContainsAny, ["b"])
        let label = QueryFilter.compare(["labels"], .arrayContains, "b")
        #expect(queryError(.and([tags, labels])) == .twoArrayContains)
        #expect(queryError(.and([tags, .or([labels, .compare(["n"], .equal, 1)])])) == .twoArrayContains)
        #expect(queryError(.and([tags, label])) == .twoArrayContains)
        #expect(queryError(.and([label, .or([.compare(["tags"], .arrayContains, "a"), .compare(["n"], .isIn, [1, 2])])])) == .twoArrayContains)
        #expect(queryError(.or([tags, labels])) == nil)
        #expect(queryError(.or([label, .compare(["tags"], .arrayContains, "a")])) == nil)
        #expect(queryError(.and([label, label])) == nil, "one comparison twice in one and")
        #expect(queryError(.or([.and([label, label]), .compare(["n"], .equal, 1)])) == nil)
        #expect(queryError(.and([label, .or([label, .compare(["n"], .equal, 1)])])) == .twoArrayContains, "twice from two levels: the emulator refuses it")
        #expect(queryError(.and([label, .and([label, .compare(["n"], .equal, 1)])])) == .twoArrayContains)
        #expect(queryError(.and([label, .or([label])])) == nil, "an or of one term is that term, as the SDKs send it")
        #expect(queryError(.and([.compare(["l"], .arrayContains, 1), .compare(["l"], .arrayContains, 1.0)])) == .twoArrayContains, "1 and 1.0 are two to the server")
        #expect(queryError(.compare(.documentID, .arrayContainsAny, ["a"])) == .invalidDocumentIDFilter)
    }

    /// The emulator: "Too many disjunctions after normalization. Result had 36 disjunctions which
    /// is more than the maximum of 30", an `in` counting one per value.
    @Test func atMostThirtyDisjunctions() {
        func isIn(_ field: String, _ count: Int) -> QueryFilter { .compare([field], .isIn, .array((0..<count).map { .int(Int64($0)) })) }
        let equal = QueryFilter.compare(["y"], .equal, 0)
        #expect(queryError(isIn("x", 30)) == nil)
        #expect(queryError(.and([isIn("x", 6), isIn("y", 5)])) == nil)
        #expect(queryError(.and([isIn("x", 6), isIn("y", 6)])) == .tooManyDisjunctions)
        #expect(queryError(.or([isIn("x", 29), equal])) == nil)
        #expect(queryError(.or([isIn("x", 30), equal])) == .tooManyDisjunctions)
        #expect(queryError(.or((0..<31).map { .compare(["x"], .equal, .int(Int64($0))) })) == .tooManyDisjunctions)
        #expect(queryError(.and([.compare(["t"], .arrayContainsAny, .array((0..<6).map { .int(Int64($0)) })), isIn("y", 6)])) == .tooManyDisjunctions)
        #expect(queryError(.and([isIn("x", 30), .or([])])) == nil, "an empty or is dropped")
    }

    /// The emulator keeps equal values of one type once when it counts disjunctions: 14 values and
    /// two more, × 2, run when the two are "x" and "x", NaN and NaN, 0.0 and -0.0, and are refused
    /// as 32 when they are 0 and 0.0 or 1 and 1.0.
    @Test func aValueGivenTwiceIsOneDisjunction() {
        let fourteen = (0..<14).map { DocumentValue.string("v\($0)") }
        func pair(_ a: DocumentValue, _ b: DocumentValue) -> QueryFilter {
            .and([.compare(["a"], .isIn, .array(fourteen + [a, b])), .compare(["b"], .isIn, ["p", "q"])])
        }
        #expect(queryError(pair("x", "x")) == nil)
        #expect(queryError(pair(.double(.nan), .double(.nan))) == nil)
        #expect(queryError(pair(.double(0), .double(-0.0))) == nil)
        #expect(queryError(pair(.null, .null)) == nil)
        #expect(queryError(pair(.int(0), .double(0))) == .tooManyDisjunctions)
        #expect(queryError(pair(.int(1), .double(1))) == .tooManyDisjunctions)
        #expect(queryError(pair("x", "y")) == .tooManyDisjunctions)
    }

    /// The emulator's refusals of an order: "order by clause cannot contain duplicate fields x",
    /// "order by clause cannot contain more fields after the key", and "Equality on key is not
    /// allowed if there are other inequality fields and key does not appear in inequalities".
    @Test func anOrderEndsAtTheDocumentID() {
        let positive = QueryFilter.compare(["x"], .greater, 0)
        #expect(queryError(nil, orderBy: [.ascending(["x"]), .descending(["x"])]) == .fieldOrderedTwice(["x"]))
        #expect(queryError(nil, orderBy: [.ascending(.documentID), .ascending(["x"])]) == .orderAfterDocumentID)
        #expect(queryError(positive, orderBy: [.ascending(.documentID)]) == .orderAfterDocumentID, "x follows as an inequality's field")
        #expect(queryError(positive, orderBy: [.ascending(["x"]), .ascending(.documentID)]) == nil)
        #expect(queryError(.compare(.documentID, .greater, "a"), orderBy: [.ascending(.documentID)]) == nil)
        let id = QueryFilter.compare(.documentID, .equal, "a")
        #expect(queryError(.and([id, positive])) == .documentIDEqualityWithInequality)
        #expect(queryError(.or([.compare(.documentID, .isIn, ["a"]), positive])) == .documentIDEqualityWithInequality)
        #expect(queryError(.and([id, .compare(.documentID, .greater, "0"), positive])) == nil, "the id has an inequality too")
        #expect(queryError(.and([id, .compare(["x"], .equal, 0)])) == nil)
        #expect(queryError(.and([id, .compare(["x"], .less, nil)])) == nil, "a range on null matches nothing: the server counts no inequality")
        #expect(queryError(.or([id, .compare(["x"], .greaterOrEqual, .double(.nan))])) == nil, "nor on NaN")
        #expect(queryError(.and([id, .compare(["x"], .notEqual, nil)])) == .documentIDEqualityWithInequality, "'!= null' is one")
        #expect(StoreError.fieldOrderedTwice(["x"]).description == "a query cannot order by 'x' twice")
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
        #expect(throws: StoreError.emptyList(.isIn, ["n"])) {
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

    @Test func boundsTakeOneValuePerOrderKeyAndPlainIDs() throws {
        func error(_ start: QueryBound, orderBy: [QueryOrder] = [.ascending(["n"]), .ascending(.documentID)]) -> StoreError? {
            do { try FirestoreRules.check(StoreQuery(collection: ["c"], orderBy: orderBy, start: start)); return nil } catch { return error as? StoreError }
        }
        #expect(error(QueryBound([1, "a"], inclusive: true)) == nil)
        #expect(error(QueryBound([1], inclusive: false)) == nil, "a prefix of the order")
        #expect(error(QueryBound([1, "a", 2], inclusive: true)) == .cursorTooLong(values: 3, orderKeys: 2))
        #expect(error(QueryBound([1], inclusive: true), orderBy: []) == .cursorTooLong(values: 1, orderKeys: 0),
                "the implicit order by id takes no value")
        #expect(error(QueryBound([1, "a/b"], inclusive: true)) == .invalidDocumentIDCursor)
        #expect(error(QueryBound([1, 2], inclusive: true)) == .invalidDocumentIDCursor)
        #expect(error(QueryBound([.serverTimestamp], inclusive: true)) == .unsupportedValue(["n"]))
        #expect(StoreError.cursorTooLong(values: 3, orderKeys: 2).description == "a cursor takes at most one value per 'orderBy' key: 3 values for 2 keys")
        #expect(StoreError.invalidDocumentIDCursor.description == "a cursor's value for the document id must be a non-empty string holding no '/'")
        let end = StoreQuery(collection: ["c"], orderBy: [.ascending(["n"])], end: QueryBound([1, 2], inclusive: false))
        #expect(throws: StoreError.cursorTooLong(values: 2, orderKeys: 1)) { try InMemoryStore().getDocuments(end) }
    }
}
