import Foundation

/// The comparisons generated predicates and equality use, under the behaviour contract.
///
/// In predicates a comparison with nil is false (generated code writes `== nil` itself);
/// strings compare by code point; NaN equals NaN but no range comparison, `isIn` or
/// `contains(Any)` matches it, as in Firestore's queries.
public enum Match {
    /// Structural equality for generated `==`: nil equals nil.
    @inlinable public static func same<T: ContractEquatable>(_ lhs: T, _ rhs: T) -> Bool {
        T.contractEqual(lhs, rhs)
    }

    @inlinable public static func hash<T: ContractEquatable>(_ value: T, into hasher: inout Hasher) {
        value.contractHash(into: &hasher)
    }

    @inlinable public static func equal<T: ContractEquatable>(_ lhs: T?, _ rhs: T?) -> Bool {
        guard let lhs, let rhs else { return false }
        return T.contractEqual(lhs, rhs)
    }

    /// `!=` holds only for two present values.
    @inlinable public static func notEqual<T: ContractEquatable>(_ lhs: T?, _ rhs: T?) -> Bool {
        guard let lhs, let rhs else { return false }
        return !T.contractEqual(lhs, rhs)
    }

    @inlinable public static func less<T: ContractOrdered>(_ lhs: T?, _ rhs: T?) -> Bool {
        compare(lhs, rhs) { $0 < 0 }
    }

    @inlinable public static func lessOrEqual<T: ContractOrdered>(_ lhs: T?, _ rhs: T?) -> Bool {
        compare(lhs, rhs) { $0 <= 0 }
    }

    @inlinable public static func greater<T: ContractOrdered>(_ lhs: T?, _ rhs: T?) -> Bool {
        compare(lhs, rhs) { $0 > 0 }
    }

    @inlinable public static func greaterOrEqual<T: ContractOrdered>(_ lhs: T?, _ rhs: T?) -> Bool {
        compare(lhs, rhs) { $0 >= 0 }
    }

    /// Whether `value` is one of `candidates`.
    @inlinable public static func isIn<T: ContractEquatable>(_ value: T?, _ candidates: [T]) -> Bool {
        guard let value, !value.contractIsNaN else { return false }
        return candidates.contains { T.contractEqual(value, $0) }
    }

    /// Whether `value` is present and none of `candidates` (NaN is one of `[NaN]`).
    @inlinable public static func notIn<T: ContractEquatable>(_ value: T?, _ candidates: [T]) -> Bool {
        guard let value else { return false }
        return !candidates.contains { T.contractEqual(value, $0) }
    }

    /// Whether the list `values` holds one of `candidates` (never by a NaN).
    @inlinable public static func containsAny<T: ContractEquatable>(_ values: [T]?, _ candidates: [T]) -> Bool {
        guard let values else { return false }
        return values.contains { value in !value.contractIsNaN && candidates.contains { T.contractEqual(value, $0) } }
    }

    /// Whether the list `values` holds `element`.
    @inlinable public static func contains<T: ContractEquatable>(_ values: [T]?, _ element: T?) -> Bool {
        guard let values, let element, !element.contractIsNaN else { return false }
        return values.contains { T.contractEqual($0, element) }
    }

    @usableFromInline static func compare<T: ContractOrdered>(_ lhs: T?, _ rhs: T?, _ holds: (Int) -> Bool) -> Bool {
        guard let lhs, let rhs, !lhs.contractIsNaN, !rhs.contractIsNaN else { return false }
        return holds(T.contractCompare(lhs, rhs))
    }
}

/// Values with an order under the contract: strings by code point, numbers with NaN lowest.
public protocol ContractOrdered: ContractEquatable {
    /// -1, 0 or 1.
    static func contractCompare(_ lhs: Self, _ rhs: Self) -> Int
}

extension String: ContractOrdered {
    @inlinable public static func contractCompare(_ lhs: String, _ rhs: String) -> Int { CodePoints.compare(lhs, rhs) }
}

extension Double: ContractOrdered {
    public static func contractCompare(_ lhs: Double, _ rhs: Double) -> Int { ValueOrder.compareDoubles(lhs, rhs) }
}

extension Int: ContractOrdered {
    @inlinable public static func contractCompare(_ lhs: Int, _ rhs: Int) -> Int { lhs == rhs ? 0 : (lhs < rhs ? -1 : 1) }
}

extension Bool: ContractOrdered {
    @inlinable public static func contractCompare(_ lhs: Bool, _ rhs: Bool) -> Int { lhs == rhs ? 0 : (lhs ? 1 : -1) }
}

extension Timestamp: ContractOrdered {
    @inlinable public static func contractCompare(_ lhs: Timestamp, _ rhs: Timestamp) -> Int { lhs == rhs ? 0 : (lhs < rhs ? -1 : 1) }
}

extension Data: ContractOrdered {
    /// Byte by byte, unsigned; a prefix first.
    @inlinable public static func contractCompare(_ lhs: Data, _ rhs: Data) -> Int {
        lhs == rhs ? 0 : (lhs.lexicographicallyPrecedes(rhs) ? -1 : 1)
    }
}

extension GeoPoint: ContractOrdered {
    @inlinable public static func contractCompare(_ lhs: GeoPoint, _ rhs: GeoPoint) -> Int { lhs == rhs ? 0 : (lhs < rhs ? -1 : 1) }
}
