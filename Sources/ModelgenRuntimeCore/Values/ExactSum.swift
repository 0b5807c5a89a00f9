/// A multiset of doubles whose sum is exact: values are added and removed without rounding, and
/// ``value`` is their exact sum rounded once to the nearest double (ties to even). So the sum
/// does not depend on the order of the changes that led to it: removing a value undoes adding
/// it, which a running `+=` and `-=` does not ((a + b) − b ≠ a). NaN and the infinities are
/// counted apart, so that removing them undoes them too.
///
/// Values are kept as non-overlapping partial sums (Shewchuk's algorithm, as Python's
/// `math.fsum`): those of magnitude 1 or more scaled by 2⁻⁶⁴, so that no partial sum
/// overflows, and smaller ones as they are, so that none loses bits.
public struct ExactSum: Sendable {
    private var large: [Double] = []
    private var small: [Double] = []
    private var nans = 0
    private var positiveInfinities = 0
    private var negativeInfinities = 0
    /// How many values it holds.
    public private(set) var count = 0

    public init() {}

    public mutating func add(_ value: Double) {
        change(value, by: 1)
    }

    public mutating func remove(_ value: Double) {
        change(value, by: -1)
    }

    private mutating func change(_ value: Double, by sign: Int) {
        count += sign
        if value.isNaN {
            nans += sign
        } else if value == .infinity {
            positiveInfinities += sign
        } else if value == -.infinity {
            negativeInfinities += sign
        } else if value.magnitude >= 1 {
            Self.accumulate(Double(sign) * value * 0x1p-64, into: &large)
        } else {
            Self.accumulate(Double(sign) * value, into: &small)
        }
    }

    /// The sum, rounded once: NaN when a value is NaN or both infinities are held, an infinity
    /// when one is or when the sum is beyond the largest double; 0 (never −0) when it holds none.
    public var value: Double {
        if nans > 0 || (positiveInfinities > 0 && negativeInfinities > 0) { return .nan }
        if positiveInfinities > 0 { return .infinity }
        if negativeInfinities > 0 { return -.infinity }
        var partials: [Double] = []
        for value in large.map({ $0 * 0x1p64 }) + small {
            guard value.isFinite else { return value }
            Self.accumulate(value, into: &partials)
            if let last = partials.last, !last.isFinite { return last }
        }
        let sum = Self.rounded(partials)
        return sum == 0 ? 0 : sum
    }

    /// Adds `value` to non-overlapping partials, exactly: each step splits a sum into its
    /// rounded value and the error of that rounding.
    private static func accumulate(_ value: Double, into partials: inout [Double]) {
        var x = value
        var kept = 0
        for index in partials.indices {
            var y = partials[index]
            if x.magnitude < y.magnitude { swap(&x, &y) }
            let high = x + y
            let low = y - (high - x)
            if low != 0 {
                partials[kept] = low
                kept += 1
            }
            x = high
        }
        partials.removeSubrange(kept...)
        partials.append(x)
    }

    /// The exact sum of the partials rounded to the nearest double, ties to even.
    private static func rounded(_ partials: [Double]) -> Double {
        var index = partials.count
        guard index > 0 else { return 0 }
        index -= 1
        var high = partials[index]
        var low = 0.0
        while index > 0 {
            let x = high
            index -= 1
            let y = partials[index]
            high = x + y
            low = y - (high - x)
            if low != 0 { break }
        }
        // Half-way cases: the rest of the partials decides the direction.
        if index > 0, (low < 0 && partials[index - 1] < 0) || (low > 0 && partials[index - 1] > 0) {
            let y = low * 2
            let x = high + y
            if y == x - high { high = x }
        }
        return high
    }
}
