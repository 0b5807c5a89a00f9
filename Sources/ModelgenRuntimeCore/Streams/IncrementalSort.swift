/// One subscription's sort, kept between emissions. When the stream above hands over a
/// ``RowPatch`` with its new array (a join that re-joined a renamed member's messages), only the
/// rows it names are placed again, the others stay where they were; with a `limit`, the rows
/// outside the first ones are looked at again only when a changed row leaves room for one of them.
/// Any other array is sorted afresh.
package final class IncrementalSort<Row: Equatable> {
    private let order: PositionOrder<Row>
    private let limit: Int?
    private var rows: [Row] = []
    /// The positions in `rows` of the rows kept, in order.
    private var kept: [Int] = []
    private var output: [Row]?

    package init(orders: [RowOrder<Row>], limit: Int?) {
        order = PositionOrder(orders: orders)
        self.limit = limit
    }

    /// The rows kept, in order, or nil when they are the rows last returned.
    package func update(_ next: [Row]) -> [Row]? {
        let changed = output == nil ? nil : RowPatch.handedOver?.positions(from: rows, to: next)
        kept = changed.flatMap { placeAgain(next, changed: $0) } ?? order.first(next, count: keptCount(next.count))
        rows = next
        let result = kept.map { next[$0] }
        guard result != output else { return nil }
        output = result
        return result
    }

    private func keptCount(_ size: Int) -> Int {
        PositionOrder<Row>.keptCount(limit: limit, size: size)
    }

    /// The kept positions after the rows at `changed` took their new values, or nil when a row
    /// outside the kept ones may now belong among them.
    private func placeAgain(_ next: [Row], changed: [Int]) -> [Int]? {
        let count = keptCount(next.count)
        guard !changed.isEmpty, count > 0 else { return Array(kept.prefix(count)) }
        let moved = Set(changed)
        guard moved.count * 8 <= next.count else { return nil }
        var placed = kept.filter { !moved.contains($0) }
        for position in moved {
            placed.insert(position, at: order.insertionPoint(of: position, in: placed, rows: next))
        }
        // Every row left out was after the last kept one, and is unchanged: the first `count` are
        // right when the last of them is not after that row's old place. (`placed` holds at
        // least the `count` positions kept before.)
        if kept.count < rows.count, let boundary = kept.last {
            let last = placed[count - 1]
            guard order.compare(next[last], last, rows[boundary], boundary) <= 0 else { return nil }
        }
        return Array(placed.prefix(count))
    }
}

/// The order of a sort stream's rows: by its orders, ties by position in the input.
struct PositionOrder<Row> {
    let orders: [RowOrder<Row>]

    /// How many of `size` rows a `limit` keeps: none when it is zero or less, all when nil.
    static func keptCount(limit: Int?, size: Int) -> Int {
        limit.map { Swift.max(0, Swift.min($0, size)) } ?? size
    }

    /// -1, 0 or 1: `a` at `aPosition` against `b` at `bPosition`.
    func compare(_ a: Row, _ aPosition: Int, _ b: Row, _ bPosition: Int) -> Int {
        for order in orders {
            let result = order.compare(a, b)
            if result != 0 { return result }
        }
        return aPosition < bPosition ? -1 : (aPosition > bPosition ? 1 : 0)
    }

    /// Where in `placed` (positions in order) the row at `position` goes.
    func insertionPoint(of position: Int, in placed: [Int], rows: [Row]) -> Int {
        var low = 0, high = placed.count
        while low < high {
            let middle = (low + high) / 2
            if compare(rows[position], position, rows[placed[middle]], placed[middle]) < 0 { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The positions of the first `count` rows, in order.
    func first(_ rows: [Row], count: Int) -> [Int] {
        guard count > 0 else { return [] }
        guard !orders.isEmpty else { return Array(0..<Swift.min(count, rows.count)) }
        guard count < rows.count else { return rows.indices.sorted { compare(rows[$0], $0, rows[$1], $1) < 0 } }
        // In one pass: a row enters only if it precedes the last kept one.
        var best: [Int] = []
        best.reserveCapacity(count + 1)
        for position in rows.indices {
            if best.count == count, compare(rows[position], position, rows[best[count - 1]], best[count - 1]) > 0 { continue }
            best.insert(position, at: insertionPoint(of: position, in: best, rows: rows))
            if best.count > count { best.removeLast() }
        }
        return best
    }
}
