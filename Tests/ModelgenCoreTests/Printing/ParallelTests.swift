import Testing
@testable import ModelgenCore

@Suite struct ParallelTests {
    private struct Failure: Error, Equatable {
        let item: Int
    }

    @Test(arguments: [0, 1, 2, 7, 1_000])
    func keepsTheOrderOfTheItems(count: Int) throws {
        let items = Array(0..<count)
        #expect(try Parallel.map(items) { $0 * 2 } == items.map { $0 * 2 })
    }

    @Test func throwsTheFirstErrorInTheOrderOfTheItems() {
        #expect(throws: Failure(item: 10)) {
            try Parallel.map(Array(0..<1_000)) { item in
                if item % 10 == 0, item > 0 { throw Failure(item: item) }
                return item
            }
        }
    }
}
