import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// `distinctRows`: the first row for each key, in order, keys equal under the contract.
@Suite struct DistinctRowsTests {
    @Test func theFirstRowOfEachKeyIsKeptInOrder() {
        let rows: [(id: String, key: String?)] = [("a", "x"), ("b", nil), ("c", "x"), ("d", "\u{E9}"), ("e", "e\u{301}"), ("f", nil), ("g", "y")]
        #expect(rows.distinctRows { $0.key }.map(\.id) == ["a", "b", "d", "e", "g"], "nil is one key; é in two forms is two")
        let numbers: [Double] = [.nan, 0, -0.0, 1, .nan, 1]
        #expect(numbers.distinctRows { $0 }.count == 3, "NaN equals NaN, -0 equals 0")
        #expect([Int]().distinctRows { $0 }.isEmpty)
    }

    @Test func theStreamEmitsOnlyWhenItsRowsChange() {
        let input = PassthroughSubject<[Int], any Error>()
        var emitted: [[Int]] = []
        let cancellable = input.distinctRows { $0 % 3 }.sink(receiveCompletion: { _ in }, receiveValue: { emitted.append($0) })
        input.send([1, 4, 2])
        input.send([1, 7, 2])
        input.send([5, 1, 2])
        cancellable.cancel()
        #expect(emitted == [[1, 2], [5, 1]], "[1, 7, 2] keeps [1, 2] again: no emission")
    }
}
