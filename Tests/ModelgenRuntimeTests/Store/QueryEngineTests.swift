import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

@Suite struct QueryEngineTests {
    let documents: [DocumentSnapshot] = [
        DocumentSnapshot(id: "a", data: ["n": 1, "s": "x", "tags": ["red"], "o": ["city": "Tokyo"]]),
        DocumentSnapshot(id: "b", data: ["n": .double(2.5), "s": nil]),
        DocumentSnapshot(id: "c", data: ["n": "3", "tags": ["red", "blue"]]),
        DocumentSnapshot(id: "d", data: [:]),
        DocumentSnapshot(id: "e", data: ["n": .double(.nan), "s": "y"]),
    ]

    func ids(_ filter: QueryFilter? = nil, orderBy: [QueryOrder] = [], limit: Int? = nil) -> [String] {
        QueryEngine.run(StoreQuery(collection: ["c"], filter: filter, orderBy: orderBy, limit: limit), over: documents).map(\.id)
    }

    @Test func missingFieldsNeverMatch() {
        // `!=` is an inequality: the results are ordered by `n` (NaN, numbers, strings), then id.
        #expect(ids(.compare(["n"], .notEqual, 99)) == ["e", "a", "b", "c"])
        #expect(ids(.compare(["s"], .equal, nil)) == ["b"])
        #expect(ids(.compare(["s"], .notEqual, nil)) == ["a", "e"])
        #expect(ids(.compare(["s"], .notEqual, "x")) == ["e"])
    }

    /// Null has no order: the emulator answers `s >= null` (and every range on null) with no
    /// document, though `s` holds a null (found by the store differential).
    @Test func noRangeMatchesNull() {
        for op in [QueryOperator.less, .lessOrEqual, .greater, .greaterOrEqual] {
            #expect(ids(.compare(["s"], op, nil)) == [], "\(op)")
        }
    }

    @Test func rangesMatchTheirOwnTypeOnly() {
        #expect(ids(.compare(["n"], .greaterOrEqual, 1)) == ["a", "b"])
        #expect(ids(.compare(["n"], .less, 2)) == ["a"], "NaN sorts below every number, but no range comparison matches it")
        #expect(ids(.compare(["n"], .greater, "")) == ["c"])
        #expect(ids(.compare(["n"], .equal, .double(1))) == ["a"])
        #expect(ids(.compare(["n"], .equal, .double(.nan))) == ["e"])
    }

    @Test func inArrayContainsNestedFieldsAndTheDocumentID() {
        #expect(ids(.compare(["n"], .isIn, [1, "3"])) == ["a", "c"])
        #expect(ids(.compare(["tags"], .arrayContains, "red")) == ["a", "c"])
        #expect(ids(.compare(["o", "city"], .equal, "Tokyo")) == ["a"])
        #expect(ids(.compare(.documentID, .greater, "c")) == ["d", "e"])
        #expect(ids(.or([.compare(["s"], .equal, "y"), .and([.compare(["n"], .equal, 1), .compare(["s"], .equal, "x")])])) == ["a", "e"])
    }

    @Test func orderLeavesOutDocumentsWithoutTheFieldAndBreaksTiesByID() {
        #expect(ids(orderBy: [.ascending(["n"])]) == ["e", "a", "b", "c"])
        #expect(ids(orderBy: [.descending(["tags"])]) == ["c", "a"], "equal prefix: the longer array is greater")
        #expect(ids(orderBy: [.ascending(["s"])]) == ["b", "a", "e"])
        let ties = [DocumentSnapshot(id: "x", data: ["k": 1]), DocumentSnapshot(id: "y", data: ["k": 1]), DocumentSnapshot(id: "z", data: ["k": 0])]
        #expect(QueryEngine.run(StoreQuery(collection: ["c"], orderBy: [.descending(["k"])]), over: ties).map(\.id) == ["y", "x", "z"])
        #expect(QueryEngine.run(StoreQuery(collection: ["c"], orderBy: [.ascending(["k"])]), over: ties).map(\.id) == ["z", "x", "y"])
        #expect(QueryEngine.run(StoreQuery(collection: ["c"]), over: ties.reversed()).map(\.id) == ["x", "y", "z"])
    }

    @Test func limitAppliesAfterOrder() {
        #expect(ids(orderBy: [.descending(["n"])], limit: 2) == ["c", "b"])
        #expect(ids(limit: 10) == ["a", "b", "c", "d", "e"])
    }

    /// The documents and results of firebase-js-sdk's 'can use NOT_IN filters' and 'can use
    /// array-contains-any filters' (test/integration/api/query.test.ts, run against the server).
    @Test func notInAndArrayContainsAnyAsOnTheServer() {
        let zips: [DocumentSnapshot] = [
            DocumentSnapshot(id: "a", data: ["zip": .double(.nan)]),
            DocumentSnapshot(id: "b", data: ["zip": 91102]),
            DocumentSnapshot(id: "c", data: ["zip": 98101]),
            DocumentSnapshot(id: "d", data: ["zip": "98101"]),
            DocumentSnapshot(id: "e", data: ["zip": [98101]]),
            DocumentSnapshot(id: "i", data: ["code": 500]),
            DocumentSnapshot(id: "j", data: ["zip": nil]),
        ]
        func zipIDs(_ op: QueryOperator, _ values: DocumentValue) -> [String] {
            QueryEngine.run(StoreQuery(collection: ["c"], filter: .compare(["zip"], op, values)), over: zips).map(\.id)
        }
        // not-in orders by zip: NaN, then numbers, strings, arrays.
        #expect(zipIDs(.notIn, [98101, 98103]) == ["a", "b", "d", "e"])
        #expect(zipIDs(.notIn, [.double(.nan)]) == ["b", "c", "d", "e"])
        #expect(zipIDs(.notIn, [nil]) == [])
        #expect(zipIDs(.notIn, [[98101]]) == ["a", "b", "c", "d"])
        #expect(zipIDs(.isIn, [nil]) == [], "a stored null matches no in")
        let arrays: [DocumentSnapshot] = [
            DocumentSnapshot(id: "a", data: ["array": [42]]),
            DocumentSnapshot(id: "b", data: ["array": ["a", 42]]),
            DocumentSnapshot(id: "c", data: ["array": [.double(41.999), "42"]]),
            DocumentSnapshot(id: "e", data: ["array": [43]]),
            DocumentSnapshot(id: "g", data: ["array": 42]),
            DocumentSnapshot(id: "h", data: ["array": [nil]]),
            DocumentSnapshot(id: "i", data: ["array": [.double(.nan)]]),
        ]
        func arrayIDs(_ values: DocumentValue) -> [String] {
            QueryEngine.run(StoreQuery(collection: ["c"], filter: .compare(["array"], .arrayContainsAny, values)), over: arrays).map(\.id)
        }
        #expect(arrayIDs([42, 43]) == ["a", "b", "e"])
        #expect(arrayIDs([nil]) == [])
        #expect(arrayIDs([.double(.nan)]) == [])
        #expect(arrayIDs([43, .double(.nan)]) == ["e"])
    }

    /// firebase-js-sdk test/integration/api/cursor.test.ts, run against the server: 'can be used
    /// in descending queries' and 'can accept Timestamps as bounds'.
    @Test func boundsAsOnTheServer() {
        let sorts: [DocumentSnapshot] = [
            DocumentSnapshot(id: "a", data: ["sort": 1]), DocumentSnapshot(id: "b", data: ["sort": 2]),
            DocumentSnapshot(id: "c", data: ["sort": 2]), DocumentSnapshot(id: "d", data: ["sort": 3]),
            DocumentSnapshot(id: "e", data: ["sort": 0]), DocumentSnapshot(id: "f", data: ["nosort": 1]),
        ]
        func sortIDs(start: QueryBound? = nil, end: QueryBound? = nil, limitToLast: Int? = nil) -> [String] {
            let order: [QueryOrder] = [.descending(["sort"]), .descending(.documentID)]
            return QueryEngine.run(StoreQuery(collection: ["c"], orderBy: order, limitToLast: limitToLast, start: start, end: end), over: sorts).map(\.id)
        }
        #expect(sortIDs(start: QueryBound([2], inclusive: true)) == ["c", "b", "a", "e"])
        #expect(sortIDs(end: QueryBound([2], inclusive: false)) == ["d"])
        // A prefix bound keeps every tie when inclusive and none when exclusive.
        #expect(sortIDs(start: QueryBound([2], inclusive: false)) == ["a", "e"])
        #expect(sortIDs(end: QueryBound([2], inclusive: true)) == ["d", "c", "b"])
        // The page after a row: its sort and id, the id breaking the tie.
        #expect(sortIDs(start: QueryBound([2, "c"], inclusive: false)) == ["b", "a", "e"])
        #expect(sortIDs(start: QueryBound([], inclusive: false)) == [], "an empty exclusive bound keeps nothing")
        // limitToLast keeps the last of what the bounds keep: d c b a e, bounded to c b a, last two.
        #expect(sortIDs(start: QueryBound([2, "c"], inclusive: true), end: QueryBound([1], inclusive: true), limitToLast: 2) == ["b", "a"])

        let times: [DocumentSnapshot] = [(2, "a"), (5, "b"), (3, "c"), (1, "d"), (5, "e"), (4, "f")].map { micros, id in
            DocumentSnapshot(id: id, data: ["timestamp": .timestamp(Timestamp(seconds: 100, nanoseconds: micros * 1000))])
        }
        let bounded = StoreQuery(
            collection: ["c"], orderBy: [.ascending(["timestamp"])],
            start: QueryBound([.timestamp(Timestamp(seconds: 100, nanoseconds: 2000))], inclusive: false),
            end: QueryBound([.timestamp(Timestamp(seconds: 100, nanoseconds: 5000))], inclusive: true)
        )
        #expect(QueryEngine.run(bounded, over: times).map(\.id) == ["c", "f", "b", "e"])
    }
}
