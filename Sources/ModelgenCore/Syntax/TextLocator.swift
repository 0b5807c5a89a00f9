/// Maps an offset inside a schema string (in Unicode scalars) to its place in the file.
///
/// A single-line plain or quoted YAML scalar maps exactly; anything else (block scalars,
/// folded lines, escapes before the offset) falls back to the start of the scalar.
public struct TextLocator: Sendable {
    public var start: SourceLocation
    private var exact: Bool

    public init(start: SourceLocation, exact: Bool) {
        self.start = start
        self.exact = exact
    }

    /// A locator for text that starts exactly at `start`.
    public static func exact(at start: SourceLocation) -> TextLocator {
        TextLocator(start: start, exact: true)
    }

    public func location(at offset: Int) -> SourceLocation {
        exact ? start.advanced(by: offset) : start
    }
}
