/// Which positions of an array of rows a stream changed since the array it emitted before: a
/// join that re-joins a renamed member's messages tells the sort below it, as a task-local value
/// while the sort receives the new array, which rows to place again. The patch holds both arrays,
/// so the addresses of their storage, by which it names them, belong to no other array while it
/// is around.
package struct RowPatch: Sendable {
    /// The patch the stream being received from handed over, if any.
    @TaskLocal package static var handedOver: RowPatch?

    /// The two arrays, kept alive.
    private final class Arrays: @unchecked Sendable {
        let previous: Any
        let next: Any

        init(previous: Any, next: Any) {
            self.previous = previous
            self.next = next
        }
    }

    private let arrays: Arrays
    private let previous: UInt
    private let next: UInt
    private let positions: [Int]

    /// A patch from `previous` to `next`, which differ at `positions`; nil when either has no
    /// storage of its own to name it by.
    package init?<Row>(from previous: [Row], to next: [Row], positions: [Int]) {
        guard let previousAddress = Self.address(of: previous), let nextAddress = Self.address(of: next) else { return nil }
        arrays = Arrays(previous: previous, next: next)
        self.previous = previousAddress
        self.next = nextAddress
        self.positions = positions
    }

    /// The positions that differ between `previous` and `next`, if this patch is about them.
    package func positions<Row>(from previous: [Row], to next: [Row]) -> [Int]? {
        guard previous.count == next.count, Self.address(of: previous) == self.previous, Self.address(of: next) == self.next else { return nil }
        return positions
    }

    /// Where the array's elements are stored (empty arrays may all share one place).
    private static func address<Row>(of rows: [Row]) -> UInt? {
        rows.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } }
    }
}
