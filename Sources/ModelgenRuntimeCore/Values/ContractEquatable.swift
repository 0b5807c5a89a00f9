import Foundation

/// Equality and hashing under the behaviour contract: NaN equals NaN, −0 equals 0, and strings
/// are equal only when their code points are. Generated types use it for `==` and `hash(into:)`.
public protocol ContractEquatable {
    static func contractEqual(_ lhs: Self, _ rhs: Self) -> Bool
    func contractHash(into hasher: inout Hasher)
    /// Whether the value is NaN: equal to NaN, but matched by no range comparison, `in` or
    /// `contains`, as in Firestore's queries.
    var contractIsNaN: Bool { get }
}

extension ContractEquatable {
    public var contractIsNaN: Bool { false }
}

/// Contract equality for types whose `==` already is contract equality (generated types).
extension ContractEquatable where Self: Hashable {
    public static func contractEqual(_ lhs: Self, _ rhs: Self) -> Bool { lhs == rhs }
    public func contractHash(into hasher: inout Hasher) { hash(into: &hasher) }
}

extension String: ContractEquatable {
    @inlinable public static func contractEqual(_ lhs: String, _ rhs: String) -> Bool { CodePoints.equal(lhs, rhs) }

    public func contractHash(into hasher: inout Hasher) {
        CodePoints.utf8(self) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(0xFF as UInt8)
    }
}

extension Double: ContractEquatable {
    @inlinable public static func contractEqual(_ lhs: Double, _ rhs: Double) -> Bool {
        lhs == rhs || (lhs.isNaN && rhs.isNaN)
    }

    @inlinable public var contractIsNaN: Bool { isNaN }

    public func contractHash(into hasher: inout Hasher) {
        if isNaN {
            hasher.combine(Double.nan.bitPattern)
        } else {
            hasher.combine(self == 0 ? 0 : self)
        }
    }
}

extension Int: ContractEquatable {
    @inlinable public static func contractEqual(_ lhs: Int, _ rhs: Int) -> Bool { lhs == rhs }
    public func contractHash(into hasher: inout Hasher) { hasher.combine(self) }
}

extension Bool: ContractEquatable {
    @inlinable public static func contractEqual(_ lhs: Bool, _ rhs: Bool) -> Bool { lhs == rhs }
    public func contractHash(into hasher: inout Hasher) { hasher.combine(self) }
}

extension Timestamp: ContractEquatable {}

extension Data: ContractEquatable {}

extension GeoPoint: ContractEquatable {}

extension DocumentValue: ContractEquatable {
    public var contractIsNaN: Bool { isNaN }
}

extension Optional: ContractEquatable where Wrapped: ContractEquatable {
    @inlinable public static func contractEqual(_ lhs: Wrapped?, _ rhs: Wrapped?) -> Bool {
        switch (lhs, rhs) {
        case let (l?, r?): Wrapped.contractEqual(l, r)
        case (nil, nil): true
        default: false
        }
    }

    public func contractHash(into hasher: inout Hasher) {
        switch self {
        case let value?:
            hasher.combine(1 as UInt8)
            value.contractHash(into: &hasher)
        case nil:
            hasher.combine(0 as UInt8)
        }
    }

    public var contractIsNaN: Bool { self?.contractIsNaN ?? false }
}

extension Array: ContractEquatable where Element: ContractEquatable {
    public static func contractEqual(_ lhs: [Element], _ rhs: [Element]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { Element.contractEqual($0, $1) }
    }

    public func contractHash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { element.contractHash(into: &hasher) }
    }
}

extension Dictionary: ContractEquatable where Key == String, Value: ContractEquatable {
    public static func contractEqual(_ lhs: [String: Value], _ rhs: [String: Value]) -> Bool {
        lhs.count == rhs.count && lhs.allSatisfy { key, value in
            rhs.value(forExactKey: key).map { Value.contractEqual(value, $0) } ?? false
        }
    }

    /// Order-independent, like `Dictionary`'s own hashing.
    public func contractHash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in self {
            var entry = Hasher()
            key.contractHash(into: &entry)
            value.contractHash(into: &entry)
            combined ^= entry.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
