/// Which positions of an array of rows a stream changed since the array it emitted before: a
/// join that re-joins a renamed member's messages tells the sort below it, as a task-local value
/// while the sort receives the new array, which rows to place again. The two arrays are named by
/// the address of their storage, which no other array has while both are alive.
struct RowPatch: Sendable {
    /// The patch the stream being received from handed over, if any.
    @TaskLocal static var handedOver: RowPatch?

    private let previous: UInt
    private let next: UInt
    private let positions: [Int]

    /// A patch from `previous` (read before it was changed) to `next`; nil for empty arrays.
    init?<Row>(previous: UInt?, next: [Row], positions: [Int]) {
        guard let previous, let next = Self.address(of: next) else { return nil }
        self.previous = previous
        self.next = next
        self.positions = positions
    }

    /// The positions that differ between `previous` and `next`, if this patch is about them.
    func positions<Row>(from previous: [Row], to next: [Row]) -> [Int]? {
        guard previous.count == next.count, Self.address(of: previous) == self.previous, Self.address(of: next) == self.next else { return nil }
        return positions
    }

    /// Where the array's elements are stored; nil when it has none.
    static func address<Row>(of rows: [Row]) -> UInt? {
        rows.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } }
    }
}
