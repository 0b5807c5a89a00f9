extension DocumentValue {
    /// Whether two values are stored exactly alike: same types, same bits (any NaN is NaN), same
    /// code points.
    /// Stricter than `==`, which compares numbers as numbers.
    static func identical(_ lhs: DocumentValue, _ rhs: DocumentValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null), (.serverTimestamp, .serverTimestamp): true
        case let (.bool(l), .bool(r)): l == r
        case let (.int(l), .int(r)): l == r
        case let (.double(l), .double(r)): l.bitPattern == r.bitPattern || (l.isNaN && r.isNaN)
        case let (.timestamp(l), .timestamp(r)): l == r
        case let (.string(l), .string(r)): CodePoints.equal(l, r)
        case let (.bytes(l), .bytes(r)): l == r
        case let (.reference(l), .reference(r)): l.count == r.count && zip(l, r).allSatisfy { CodePoints.equal($0, $1) }
        case let (.geoPoint(l), .geoPoint(r)):
            l.latitude.bitPattern == r.latitude.bitPattern && l.longitude.bitPattern == r.longitude.bitPattern
        case let (.array(l), .array(r)): l.count == r.count && zip(l, r).allSatisfy { identical($0, $1) }
        case let (.map(l), .map(r)): identical(l, r)
        default: false
        }
    }

    static func identical(_ lhs: DocumentData, _ rhs: DocumentData) -> Bool {
        lhs.count == rhs.count && lhs.allSatisfy { key, value in rhs.value(forExactKey: key).map { identical(value, $0) } ?? false }
    }
}
