import Foundation

/// Firestore's order of values: null < bool < number < timestamp < pending server timestamp
/// < string < bytes < reference < geopoint < array < map. Ints and doubles compare as numbers; NaN is below every other
/// number and equal to itself; −0 equals 0; strings compare by code point.
public enum ValueOrder {
    /// -1, 0 or 1.
    public static func compare(_ lhs: DocumentValue, _ rhs: DocumentValue) -> Int {
        let (leftRank, rightRank) = (rank(lhs), rank(rhs))
        if leftRank != rightRank { return leftRank < rightRank ? -1 : 1 }
        switch (lhs, rhs) {
        case let (.bool(l), .bool(r)): return l == r ? 0 : (l ? 1 : -1)
        case let (.int(l), .int(r)): return l == r ? 0 : (l < r ? -1 : 1)
        case let (.int(l), .double(r)): return -compareDouble(r, withInt: l)
        case let (.double(l), .int(r)): return compareDouble(l, withInt: r)
        case let (.double(l), .double(r)): return compareDoubles(l, r)
        case let (.timestamp(l), .timestamp(r)): return l == r ? 0 : (l < r ? -1 : 1)
        case let (.string(l), .string(r)): return CodePoints.compare(l, r)
        case let (.bytes(l), .bytes(r)): return l == r ? 0 : (l.lexicographicallyPrecedes(r) ? -1 : 1)
        case let (.geoPoint(l), .geoPoint(r)): return l == r ? 0 : (l < r ? -1 : 1)
        case let (.reference(l), .reference(r)):
            for (left, right) in zip(l, r) {
                let order = CodePoints.compare(left, right)
                if order != 0 { return order }
            }
            return l.count == r.count ? 0 : (l.count < r.count ? -1 : 1)
        case let (.array(l), .array(r)):
            for (left, right) in zip(l, r) {
                let order = compare(left, right)
                if order != 0 { return order }
            }
            return l.count == r.count ? 0 : (l.count < r.count ? -1 : 1)
        case let (.map(l), .map(r)):
            let left = l.sorted { CodePoints.less($0.key, $1.key) }
            let right = r.sorted { CodePoints.less($0.key, $1.key) }
            for (lEntry, rEntry) in zip(left, right) {
                let keyOrder = CodePoints.compare(lEntry.key, rEntry.key)
                if keyOrder != 0 { return keyOrder }
                let valueOrder = compare(lEntry.value, rEntry.value)
                if valueOrder != 0 { return valueOrder }
            }
            return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
        default:
            return 0
        }
    }

    /// The type's place in the order; ints and doubles share one.
    static func rank(_ value: DocumentValue) -> Int {
        switch value {
        case .null: 0
        case .bool: 1
        case .int, .double: 2
        case .timestamp: 3
        case .serverTimestamp: 4
        case .string: 5
        case .bytes: 6
        case .reference: 7
        case .geoPoint: 8
        case .array: 9
        case .map: 10
        }
    }

    static func compareDoubles(_ lhs: Double, _ rhs: Double) -> Int {
        switch (lhs.isNaN, rhs.isNaN) {
        case (true, true): 0
        case (true, false): -1
        case (false, true): 1
        default: lhs < rhs ? -1 : (lhs > rhs ? 1 : 0)
        }
    }

    /// Exact comparison of a double with an int, also beyond 2^53.
    static func compareDouble(_ double: Double, withInt int: Int64) -> Int {
        if double.isNaN { return -1 }
        if double < -9.223372036854775808e18 { return -1 }
        if double >= 9.223372036854775808e18 { return 1 }
        let truncated = Int64(double.rounded(.towardZero))
        if truncated != int { return truncated < int ? -1 : 1 }
        let fraction = double - double.rounded(.towardZero)
        return fraction == 0 ? 0 : (fraction < 0 ? -1 : 1)
    }
}
