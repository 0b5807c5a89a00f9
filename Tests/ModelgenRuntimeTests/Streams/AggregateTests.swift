import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// `Aggregate` over rows: sums of ints and doubles, averages, nil values skipped, emissions only
/// on change under the contract's equality.
@Suite struct AggregateTests {
    private struct Row: Equatable {
        var points: Int?
        var price: Double?
    }

    @Test func sumsAndAveragesSkipNil() throws {
        let rows = [Row(points: 2, price: 0.1), Row(points: nil, price: 0.2), Row(points: 3, price: 0.3)]
        #expect(try rows.aggregated(.sum(of: \Row.points)) == 5)
        #expect(try rows.aggregated(.sum(of: \Row.price)) == 0.6)
        #expect(try rows.aggregated(.average(of: \Row.points)) == 2.5, "two values, not three")
        #expect(try rows.aggregated(.sum(of: \Row.points)) { $0.price ?? 0 > 0.15 } == 3)
        #expect(try [Row]().aggregated(.average(of: \Row.price)) == nil)
        #expect(try [Row]().aggregated(.sum(of: \Row.points)) == 0)
        #expect(try [Row(points: 1, price: .nan)].aggregated(.average(of: \Row.price))?.isNaN == true)
        let underflowing = [Row(points: 1, price: -.leastNonzeroMagnitude), Row(points: 1, price: 0)]
        #expect(try underflowing.aggregated(.average(of: \Row.price)) == 0, "half the least double: -0")
        #expect(try underflowing.aggregated(.average(of: \Row.price))?.sign == .plus, "an average of -0 is 0")
    }

    @Test func minimaAndMaximaFollowTheValueOrder() throws {
        let rows = [Row(points: 3, price: 2), Row(points: nil, price: .nan), Row(points: -1, price: -0.0)]
        #expect(try rows.aggregated(.min(of: \Row.points)) == -1)
        #expect(try rows.aggregated(.max(of: \Row.points)) == 3)
        #expect(try rows.aggregated(.min(of: \Row.price))?.isNaN == true, "NaN is below every other number")
        #expect(try rows.aggregated(.max(of: \Row.price)) == 2)
        #expect(try Array(rows.dropFirst()).aggregated(.max(of: \Row.price))?.sign == .plus, "-0 comes back as 0")
        #expect(try [Row]().aggregated(.min(of: \Row.price)) == nil)
        var least = Least<String>()
        ["b", "\u{E9}", "B", "b"].forEach { least.add($0) }
        least.remove("B")
        #expect(least.result() == "b", "one 'b' is left of two, and 'b' < 'é' by code point")
        least.remove("b")
        least.remove("b")
        #expect(least.result() == "\u{E9}")
    }

    @Test func anIntSumBeyondTheSafeRangeFails() {
        let rows = [Row(points: 9_007_199_254_740_991, price: nil), Row(points: 1, price: nil)]
        #expect(throws: AggregateError.intSumOutOfRange) { try rows.aggregated(.sum(of: \Row.points)) }
        #expect((try? [Row(points: 9_007_199_254_740_991, price: nil)].aggregated(.sum(of: \Row.points))) == 9_007_199_254_740_991)
    }

    @Test func theStreamEmitsOnlyWhenTheValueChanges() {
        let input = PassthroughSubject<[Row], any Error>()
        var emitted: [Double] = []
        let cancellable = input.aggregateRows(.sum(of: \Row.price)).sink(receiveCompletion: { _ in }, receiveValue: { emitted.append($0) })
        input.send([Row(points: nil, price: .nan)])
        input.send([Row(points: 1, price: .nan)])
        input.send([Row(points: 1, price: 1), Row(points: nil, price: 2)])
        input.send([Row(points: nil, price: 3)])
        cancellable.cancel()
        #expect(emitted.count == 2 && emitted[0].isNaN && emitted[1] == 3, "NaN equals NaN; 1 + 2 equals 3: \(emitted)")
    }
}
