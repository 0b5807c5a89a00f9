/// Which inputs of a combine of latest values changed since its transform last ran, by position.
package struct ChangedInputs: OptionSet {
    package let rawValue: Int
    package static let first = ChangedInputs(rawValue: 1)
    package static let second = ChangedInputs(rawValue: 2)

    package init(rawValue: Int) {
        self.rawValue = rawValue
    }

    package init(input: Int) {
        rawValue = 1 << input
    }
}
