extension StreamScheduler {
    /// A span of a scheduler's time, in nanoseconds: `.milliseconds(300)`. A whole number
    /// written as an interval is seconds, as for Dispatch's.
    public struct Interval: Comparable, SignedNumeric, Hashable, Sendable {
        public var nanoseconds: Int64

        public init(nanoseconds: Int64) {
            self.nanoseconds = nanoseconds
        }

        public static func seconds(_ s: Int) -> Interval { Interval(nanoseconds: Int64(s) &* 1_000_000_000) }
        public static func seconds(_ s: Double) -> Interval { Interval(nanoseconds: Int64((s * 1e9).rounded())) }
        public static func milliseconds(_ ms: Int) -> Interval { Interval(nanoseconds: Int64(ms) &* 1_000_000) }
        public static func microseconds(_ us: Int) -> Interval { Interval(nanoseconds: Int64(us) &* 1000) }
        public static func nanoseconds(_ ns: Int) -> Interval { Interval(nanoseconds: Int64(ns)) }

        public init(integerLiteral value: Int64) {
            self = .seconds(Int(value))
        }

        public init?<T: BinaryInteger>(exactly source: T) {
            guard let seconds = Int(exactly: source) else { return nil }
            self = .seconds(seconds)
        }

        public var magnitude: Interval { Interval(nanoseconds: nanoseconds.magnitude > UInt64(Int64.max) ? .max : Int64(nanoseconds.magnitude)) }

        public static func < (lhs: Interval, rhs: Interval) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
        public static func + (lhs: Interval, rhs: Interval) -> Interval { Interval(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds) }
        public static func - (lhs: Interval, rhs: Interval) -> Interval { Interval(nanoseconds: lhs.nanoseconds &- rhs.nanoseconds) }
        public static func += (lhs: inout Interval, rhs: Interval) { lhs = lhs + rhs }
        public static func -= (lhs: inout Interval, rhs: Interval) { lhs = lhs - rhs }

        /// The product of two spans of seconds, as Dispatch's intervals multiply.
        public static func * (lhs: Interval, rhs: Interval) -> Interval {
            .seconds(Double(lhs.nanoseconds) / 1e9 * Double(rhs.nanoseconds) / 1e9)
        }

        public static func *= (lhs: inout Interval, rhs: Interval) { lhs = lhs * rhs }
    }
}
