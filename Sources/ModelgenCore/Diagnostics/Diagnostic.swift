/// A position in a source file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Hashable, Codable, Sendable, Comparable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The location `offset` scalars to the right on the same line.
    public func advanced(by offset: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column + offset)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// One problem found in the input, printed as `path:line:column: error: message`, or as
/// `modelgen: error: message` where it has no place in a file.
public struct Diagnostic: Error, Hashable, Codable, Sendable, CustomStringConvertible {
    public var location: SourceLocation?
    public var message: String

    public init(at location: SourceLocation?, _ message: String) {
        self.location = location
        self.message = message
    }

    public static func error(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(at: location, message)
    }

    public var description: String {
        guard let location else { return "modelgen: error: \(message)" }
        return "\(location.file):\(location.line):\(location.column): error: \(message)"
    }
}

/// The error thrown by a stage that found problems: every independent problem, once, in source order.
public struct DiagnosticsError: Error, CustomStringConvertible, Sendable {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = Set(diagnostics).sorted { lhs, rhs in
            switch (lhs.location, rhs.location) {
            case let (left?, right?) where left != right: left < right
            case (nil, _?): true
            case (_?, nil): false
            default: lhs.message < rhs.message
            }
        }
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

/// Collects diagnostics while a stage keeps going past independent problems.
struct DiagnosticCollector {
    private(set) var diagnostics: [Diagnostic] = []

    mutating func error(_ message: String, at location: SourceLocation?) {
        diagnostics.append(.error(message, at: location))
    }

    mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }

    /// Throws everything collected, if anything was.
    func throwIfErrors() throws(DiagnosticsError) {
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
    }
}
