import Foundation

/// A document left out of a stream because it did not decode.
public struct DecodeFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The document's path segments.
    public var path: [String]
    public var error: DocumentDecodingError

    public init(path: [String], error: DocumentDecodingError) {
        self.path = path
        self.error = error
    }

    public var description: String {
        "\(path.joined(separator: "/")): \(error)"
    }

    /// Writes the failure to standard error: the default hook of a generated model.
    public static let log: DecodeFailureHandler = { failure in
        FileHandle.standardError.write(Data("modelgen: skipped document \(failure)\n".utf8))
    }
}

/// Called with every document that a stream leaves out because it does not decode.
public typealias DecodeFailureHandler = @Sendable (DecodeFailure) -> Void
