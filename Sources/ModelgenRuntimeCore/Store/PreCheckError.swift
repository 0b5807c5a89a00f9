/// A declared write's pre-check did not hold: nothing was written.
public struct PreCheckError: Error, Hashable, Sendable, CustomStringConvertible {
    public var write: String
    public var check: String
    /// The value the check read, as text.
    public var value: String

    public init(write: String, check: String, value: String) {
        self.write = write
        self.check = check
        self.value = value
    }

    /// `'sendMessage' needs speakCount < 10, but it is 10`.
    public var description: String { "'\(write)' needs \(check), but it is \(value)" }
}
