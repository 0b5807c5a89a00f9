/// One key of a sort stream's order: a value of each row, in the contract's value order (nil
/// first, NaN below every other number, strings by code point), ascending or descending.
public struct RowOrder<Row> {
    /// -1, 0 or 1.
    @usableFromInline let compare: (Row, Row) -> Int

    @usableFromInline init(compare: @escaping (Row, Row) -> Int) {
        self.compare = compare
    }

    @inlinable public static func ascending<Key: ContractOrdered>(_ key: @escaping (Row) -> Key?) -> Self {
        Self { order(key($0), key($1)) }
    }

    @inlinable public static func descending<Key: ContractOrdered>(_ key: @escaping (Row) -> Key?) -> Self {
        Self { order(key($1), key($0)) }
    }

    @inlinable static func order<Key: ContractOrdered>(_ lhs: Key?, _ rhs: Key?) -> Int {
        switch (lhs, rhs) {
        case let (lhs?, rhs?): Key.contractCompare(lhs, rhs)
        case (nil, nil): 0
        case (nil, _): -1
        case (_, nil): 1
        }
    }
}

extension Array {
    /// The elements by `orders` (ties keep their order here), the first `limit` of them (none
    /// when it is zero or less; all when nil).
    @inlinable public func sortedRows(by orders: [RowOrder<Element>], limit: Int? = nil) -> [Element] {
        let kept = limit.map { Swift.max(0, Swift.min($0, count)) } ?? count
        guard !orders.isEmpty, kept > 0 else { return Array(prefix(kept)) }
        let compare = { (left: Element, right: Element) -> Int in
            for order in orders {
                let result = order.compare(left, right)
                if result != 0 { return result }
            }
            return 0
        }
        guard kept < count else {
            return indices.sorted { left, right in
                let result = compare(self[left], self[right])
                return result != 0 ? result < 0 : left < right
            }.map { self[$0] }
        }
        // The first `kept` in one pass: a row enters only if it precedes the last kept one (a
        // later row that ties stays after it, as a stable sort keeps it).
        var best: [Element] = []
        best.reserveCapacity(kept)
        for row in self where best.count < kept || compare(row, best[best.count - 1]) < 0 {
            var low = 0, high = best.count
            while low < high {
                let middle = (low + high) / 2
                if compare(row, best[middle]) < 0 { high = middle } else { low = middle + 1 }
            }
            if best.count == kept { best.removeLast() }
            best.insert(row, at: low)
        }
        return best
    }
}

extension Publisher where Failure == any Error {
    /// The rows by `orders` (ties keep their order), the first `limit` of them; emits only when
    /// they change.
    public func sortRows<Row: Equatable>(by orders: [RowOrder<Row>], limit: Int? = nil) -> AnyPublisher<[Row], any Error> where Output == [Row] {
        map { $0.sortedRows(by: orders, limit: limit) }.removeDuplicates().eraseToAnyPublisher()
    }
}
