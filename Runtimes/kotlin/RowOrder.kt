package modelgen.runtime

import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.core.Single
import io.reactivex.rxjava3.functions.Function

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
fun <Row> sortedRows(rows: List<Row>, orders: List<RowOrder<Row>>, limit: Int? = null): List<Row> {
    val kept = if (limit == null) rows.size else limit.coerceIn(0, rows.size)
    if (orders.isEmpty()) return rows.take(kept)
    val comparator = Comparator<Row> { a, b ->
        for (order in orders) {
            val result = order.compare(a, b)
            if (result != 0) return@Comparator result
        }
        0
    }
    // sortedWith is stable: ties keep their order.
    if (kept == 0 || kept >= rows.size) return rows.sortedWith(comparator).take(kept)
    // The first `kept` in one pass: a row enters only if it precedes the last kept one (a later
    // row that ties stays after it, as a stable sort keeps it).
    val best = ArrayList<Row>(kept)
    for (row in rows) {
        if (best.size == kept && comparator.compare(row, best[kept - 1]) >= 0) continue
        var low = 0
        var high = best.size
        while (low < high) {
            val middle = (low + high) ushr 1
            if (comparator.compare(row, best[middle]) < 0) high = middle else low = middle + 1
        }
        if (best.size == kept) best.removeAt(kept - 1)
        best.add(low, row)
    }
    return best
}

/** The rows by `orders`, the first `limit` of them; emits only when they change. */
fun <Row> Observable<List<Row>>.sortRows(orders: List<RowOrder<Row>>, limit: Int? = null): Observable<List<Row>> =
    map(Function { rows: List<Row> -> sortedRows(rows, orders, limit) }).distinctUntilChanged()

/** The rows read, by `orders`, the first `limit` of them. */
fun <Row> Single<List<Row>>.sortRows(orders: List<RowOrder<Row>>, limit: Int? = null): Single<List<Row>> =
    map(Function { rows: List<Row> -> sortedRows(rows, orders, limit) })
