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
/// `modelgen: error: message` where it has no place in a file. A warning does not stop a run.
public struct Diagnostic: Error, Hashable, Codable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Codable, Sendable {
        case error
        case warning
    }

    public var severity: Severity
    public var location: SourceLocation?
    public var message: String

    public init(_ severity: Severity = .error, at location: SourceLocation?, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    public static func error(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.error, at: location, message)
    }

    public static func warning(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.warning, at: location, message)
    }

    public var description: String {
        guard let location else { return "modelgen: \(severity.rawValue): \(message)" }
        return "\(location.file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
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

    mutating func warning(_ message: String, at location: SourceLocation?) {
        diagnostics.append(.warning(message, at: location))
    }

    /// The warnings collected.
    var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

    mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }

    /// Throws everything collected, warnings too, if any of it is an error.
    func throwIfErrors() throws(DiagnosticsError) {
        if diagnostics.contains(where: { $0.severity == .error }) { throw DiagnosticsError(diagnostics) }
    }
}
