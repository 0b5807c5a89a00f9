/// String comparison by Unicode code points, as Firestore does: UTF-8 byte order, and equality
/// of exact scalar sequences with no normalization (Swift's `String ==` and `<` normalize).
public enum CodePoints {
    public static func equal(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.elementsEqual(rhs.utf8)
    }

    public static func less(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    /// -1, 0 or 1.
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        var left = lhs.utf8.makeIterator(), right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case let (l?, r?) where l != r: return l < r ? -1 : 1
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            default: continue
            }
        }
    }
}
