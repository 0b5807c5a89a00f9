import RuntimeTestSupport
import Testing
@testable import ModelgenAsync

/// Aggregate streams: over rows, emitting only on change under the contract's equality, and
/// over a store query, kept from each snapshot's changes.
@Suite struct AggregateTests {
    private struct Row: Equatable {
        var points: Int?
        var price: Double?
    }

    @Test func theStreamEmitsOnlyWhenTheValueChanges() {
        let input = Subject<[Row]>()
        let recorder = Recorder(input.stream.aggregateRows(.sum(of: \Row.price)))
        input.send([Row(points: nil, price: .nan)])
        input.send([Row(points: 1, price: .nan)])
        input.send([Row(points: 1, price: 1), Row(points: nil, price: 2)])
        input.send([Row(points: nil, price: 3)])
        #expect(recorder.values.count == 2 && recorder.values[0].isNaN && recorder.values[1] == 3, "NaN equals NaN; 1 + 2 equals 3: \(recorder.values)")
    }

    @Test func anIntSumOutOfRangeEndsTheStream() {
        let input = Subject<[Row]>()
        let recorder = Recorder(input.stream.aggregateRows(.sum(of: \Row.points)) { $0.price == nil })
        input.send([Row(points: 9_007_199_254_740_991, price: nil), Row(points: 1, price: 1)])
        input.send([Row(points: 9_007_199_254_740_991, price: nil), Row(points: 1, price: nil)])
        input.send([])
        #expect(recorder.values == [9_007_199_254_740_991])
        #expect(recorder.failure as? AggregateError == .intSumOutOfRange)
        #expect(input.subscribers == 0)
    }

    @Test func aStoreAggregateFollowsTheQuery() throws {
        let store = InMemoryStore()
        let query = StoreQuery(collection: ["items"])
        let sum = Recorder(CollectionStream.aggregate(.sum(of: \Item.n), store: store, query: query, scheduler: .immediate, onDecodeFailure: { _ in }) { $0.n > 0 })
        let count = Recorder(CollectionStream.count(of: Item.self, store: store, query: query, scheduler: .immediate, onDecodeFailure: { _ in }))
        try store.setData(["n": 2], at: ["items", "a"])
        try store.setData(["n": -5], at: ["items", "b"])
        try store.setData(["n": "bad"], at: ["items", "c"])
        try store.setData(["n": 4], at: ["items", "a"])
        #expect(sum.values == [0, 2, 4])
        #expect(count.values == [0, 1, 2])
        try store.setData(["n": 9_007_199_254_740_991], at: ["items", "d"])
        #expect(sum.failure as? AggregateError == .intSumOutOfRange)
        #expect(store.listenerCount == 1, "the failed aggregate's listener is removed")
        count.cancel()
        #expect(store.listenerCount == 0)
    }
}
