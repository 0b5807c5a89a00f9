import RuntimeTestSupport
import Testing
@testable import ModelgenRuntime
@testable import ModelgenRuntimeCore

/// `ExactSum`: the exact sum of the values held, rounded once, whatever the order of changes.
/// The expected values were checked with Python's `fractions.Fraction` (exact) and `math.fsum`.
@Suite struct ExactSumTests {
    private func sum(_ values: [Double]) -> Double {
        var sum = ExactSum()
        values.forEach { sum.add($0) }
        return sum.value
    }

    @Test func theSumIsRoundedOnce() {
        #expect(sum([0.1, 0.2, 0.3]) == 0.6, "a running sum gives 0.6000000000000001")
        #expect(sum([0.3, 0.2, 0.1]) == 0.6)
        #expect(sum([1e16, 1, -1e16]) == 1)
        #expect(sum([1, 0x1p-53]) == 1, "half-way: ties to even")
        #expect(sum([1, 0x1p-53, 0x1p-106]) == 1.0000000000000002, "just above half-way")
        #expect(sum([1, -0x1p-53, -0x1p-106]) == 0x1.fffffffffffffp-1, "just below half-way, downwards")
        let tiny = Double.leastNonzeroMagnitude
        #expect(sum([tiny, tiny, tiny]) == 3 * tiny, "subnormals lose nothing")
        #expect(sum([]) == 0 && sum([-0.0]).sign == .plus, "0, never -0")
    }

    @Test func largeValuesDoNotOverflowOnTheWay() {
        #expect(sum([1e308, 1e308, -1e308]) == 1e308)
        #expect(sum([.greatestFiniteMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]) == .greatestFiniteMagnitude)
        #expect(sum([1e308, 1e308]) == .infinity)
        #expect(sum([-1e308, -1e308]) == -.infinity)
    }

    @Test func nanAndInfinitiesAreCountedApart() {
        var sum = ExactSum()
        sum.add(1.5)
        sum.add(.nan)
        #expect(sum.value.isNaN)
        sum.remove(.nan)
        #expect(sum.value == 1.5, "removing the NaN undoes it")
        sum.add(.infinity)
        #expect(sum.value == .infinity)
        sum.add(-.infinity)
        #expect(sum.value.isNaN, "+inf and -inf give NaN")
        sum.remove(.infinity)
        #expect(sum.value == -.infinity)
        sum.remove(-.infinity)
        #expect(sum.value == 1.5 && sum.count == 1)
    }

    /// Adding values and removing some gives what adding only the rest gives, in any order.
    @Test func removingAValueUndoesAddingIt() {
        var random = SeededRandom(seed: 19)
        for _ in 0..<200 {
            let values = (0..<Int.random(in: 1...40, using: &random)).map { _ in
                Double.random(in: 1...10, using: &random) * Double(sign: .plus, exponent: Int.random(in: -1080...1015, using: &random), significand: 1)
                    * (Bool.random(using: &random) ? 1 : -1)
            }
            let removed = values.filter { _ in Bool.random(using: &random) }
            var kept = values
            for value in removed { kept.remove(at: kept.firstIndex(of: value)!) }
            var changed = ExactSum()
            values.shuffled(using: &random).forEach { changed.add($0) }
            removed.shuffled(using: &random).forEach { changed.remove($0) }
            let fresh = sum(kept.shuffled(using: &random))
            #expect(changed.value == fresh && changed.count == kept.count, "\(values) without \(removed)")
        }
    }
}
