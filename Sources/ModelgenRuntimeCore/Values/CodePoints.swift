import Foundation

/// String comparison by Unicode code points, as Firestore does: UTF-8 byte order, and equality
/// of exact scalar sequences with no normalization (Swift's `String ==` and `<` normalize).
public enum CodePoints {
    public static func equal(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) == 0
    }

    public static func less(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// -1, 0 or 1: the UTF-8 bytes compared, which orders code points.
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        utf8(lhs) { left in
            utf8(rhs) { right in
                let shared = min(left.count, right.count)
                let bytes = shared == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, shared)
                if bytes != 0 { return bytes < 0 ? -1 : 1 }
                return left.count == right.count ? 0 : left.count < right.count ? -1 : 1
            }
        }
    }

    /// Runs `body` on the string's UTF-8 bytes, in place for a native string.
    static func utf8<Result>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return copy.withUTF8(body)
    }
}
