import Foundation

/// A point in time with nanosecond precision, as Firestore stores it.
public struct Timestamp: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var seconds: Int64
    /// 0 ..< 1_000_000_000.
    public var nanoseconds: Int32

    public init(seconds: Int64, nanoseconds: Int32 = 0) {
        precondition((0..<1_000_000_000).contains(nanoseconds), "nanoseconds must be in 0..<1_000_000_000")
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    public init(_ date: Date) {
        let interval = date.timeIntervalSince1970
        let seconds = interval.rounded(.down)
        self.init(seconds: Int64(seconds), nanoseconds: min(Int32(((interval - seconds) * 1e9).rounded()), 999_999_999))
    }

    public static var now: Timestamp { Timestamp(Date()) }

    /// The timestamp rounded down to whole microseconds, as Firestore stores it.
    public var truncatedToMicroseconds: Timestamp {
        Timestamp(seconds: seconds, nanoseconds: nanoseconds - nanoseconds % 1000)
    }

    public var date: Date {
        Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// `2024-01-02T03:04:05.000000006Z`.
    public var description: String {
        // Floor division, without the overflow of `seconds - 86_399` near Int64.min.
        let (quotient, remainder) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let days = remainder < 0 ? quotient - 1 : quotient
        let secondsOfDay = remainder < 0 ? remainder + 86_400 : remainder
        let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
        let fraction = nanoseconds == 0 ? "" : "." + String(String(nanoseconds + 1_000_000_000).dropFirst())
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60))\(fraction)Z"
    }

    /// Howard Hinnant's days-to-civil algorithm.
    private static func civilDate(daysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
