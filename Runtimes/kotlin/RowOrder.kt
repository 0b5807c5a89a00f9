package modelgen.runtime

/**
 * One key of a sort stream's order: a value of each row, in the contract's value order (null
 * first, NaN below every other number, strings by code point), ascending or descending.
 */
class RowOrder<Row> private constructor(
    /** -1, 0 or 1. */
    internal val compare: (Row, Row) -> Int
) {
    companion object {
        fun <Row> ascending(key: (Row) -> Any?): RowOrder<Row> = RowOrder { a, b -> order(key(a), key(b)) }

        fun <Row> descending(key: (Row) -> Any?): RowOrder<Row> = RowOrder { a, b -> order(key(b), key(a)) }

        private fun order(a: Any?, b: Any?): Int = when {
            a == null -> if (b == null) 0 else -1
            b == null -> 1
            else -> Match.order(a, b)
        }
    }
}

/**
 * The rows by `orders` (ties keep their order here), the first `limit` of them (none when it is
 * zero or less; all when null).
 */
fun <Row> sortedRows(rows: List<Row>, orders: List<RowOrder<Row>>, limit: Int? = null): List<Row> =
    PositionOrder(orders).first(rows, PositionOrder.keptCount(limit, rows.size)).map { rows[it] }
