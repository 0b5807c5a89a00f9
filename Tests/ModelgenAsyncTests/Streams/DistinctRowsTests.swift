import Testing
@testable import ModelgenAsync

@Suite struct DistinctRowsTests {
    @Test func theStreamEmitsOnlyWhenItsRowsChange() {
        let input = Subject<[Int]>()
        let recorder = Recorder(input.stream.distinctRows { $0 % 3 })
        input.send([1, 4, 2])
        input.send([1, 7, 2])
        input.send([5, 1, 2])
        #expect(recorder.values == [[1, 2], [5, 1]], "[1, 7, 2] keeps [1, 2] again: no emission")
    }
}
