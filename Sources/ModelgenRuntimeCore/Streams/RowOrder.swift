/// One key of a sort stream's order: a value of each row, in the contract's value order (nil
/// first, NaN below every other number, strings by code point), ascending or descending.
public struct RowOrder<Row>: Sendable {
    /// -1, 0 or 1.
    @usableFromInline let compare: @Sendable (Row, Row) -> Int

    @usableFromInline init(compare: @escaping @Sendable (Row, Row) -> Int) {
        self.compare = compare
    }

    @inlinable public static func ascending<Key: ContractOrdered & Sendable>(_ key: @escaping @Sendable (Row) -> Key?) -> Self {
        Self { order(key($0), key($1)) }
    }

    @inlinable public static func descending<Key: ContractOrdered & Sendable>(_ key: @escaping @Sendable (Row) -> Key?) -> Self {
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
    public func sortedRows(by orders: [RowOrder<Element>], limit: Int? = nil) -> [Element] {
        PositionOrder(orders: orders).first(self, count: PositionOrder<Element>.keptCount(limit: limit, size: count)).map { self[$0] }
    }
}
