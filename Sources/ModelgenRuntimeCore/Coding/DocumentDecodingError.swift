/// Why a stored value could not be decoded, and where in the document.
public struct DocumentDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Problem: Hashable, Sendable {
        case missing
        case wrongType(expected: String, found: String)
        /// An int beyond ±(2^53 − 1), which not every language can hold exactly.
        case outOfRange(Int64)
        /// A collection group's document in a collection that is not at the expected path
        /// (`shops/{shopId}/reviews`).
        case elsewhere(expected: String)
    }

    /// Keys and list indexes from the document's top level down to the value.
    public var path: [String]
    public var problem: Problem

    public init(path: [String] = [], _ problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// The same error one level further out.
    public func inside(_ key: String) -> DocumentDecodingError {
        DocumentDecodingError(path: [key] + path, problem)
    }

    public var description: String {
        let location = path.isEmpty ? "value" : "'\(path.joined(separator: "."))'"
        return switch problem {
        case .missing: "\(location) is missing"
        case let .wrongType(expected, found): "\(location) should be \(expected) but is \(found)"
        case let .outOfRange(value): "\(location) is \(value), outside ±(2^53 − 1)"
        case let .elsewhere(expected): "the document is not in \(expected)"
        }
    }
}
