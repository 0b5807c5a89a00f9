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

extension DocumentValue {
    /// How many of `values` Firestore's query normalization keeps apart, counted up to `most`:
    /// values of one type that are equal count once (NaN as NaN, -0.0 as 0.0), an int and a
    /// double apart. Its emulator counts `["a", "a"]` and `[0.0, -0.0]` as one disjunction each,
    /// `[0, 0.0]` as two.
    static func distinctCount(_ values: [DocumentValue], upTo most: Int) -> Int {
        var kept: [DocumentValue] = []
        for value in values.lazy.map(\.signlessZeros) where !kept.contains(where: { identical($0, value) }) {
            kept.append(value)
            if kept.count == most { break }
        }
        return kept.count
    }

    /// The value with every -0.0 in it made 0.0.
    private var signlessZeros: DocumentValue {
        switch self {
        case let .double(number) where number == 0: .double(0)
        case let .array(values): .array(values.map(\.signlessZeros))
        case let .map(fields): .map(fields.mapValues(\.signlessZeros))
        default: self
        }
    }
}
