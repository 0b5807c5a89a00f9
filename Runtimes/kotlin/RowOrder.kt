package modelgen.runtime

import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.core.Single
import io.reactivex.rxjava3.functions.Function
import java.util.Optional

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

/**
 * The rows by `orders`, the first `limit` of them; emits only when they change. When few rows
 * changed since the last list, only those are placed again ([IncrementalSort]): lists and their
 * rows are taken as unchanging, as every stream's are.
 */
fun <Row> Observable<List<Row>>.sortRows(orders: List<RowOrder<Row>>, limit: Int? = null): Observable<List<Row>> {
    val upstream = this
    return Observable.defer {
        val sort = IncrementalSort(orders, limit)
        upstream.mapOptional<List<Row>>(Function { rows: List<Row> -> Optional.ofNullable(sort.update(rows)) })
    }
}

/** The rows read, by `orders`, the first `limit` of them. */
fun <Row> Single<List<Row>>.sortRows(orders: List<RowOrder<Row>>, limit: Int? = null): Single<List<Row>> =
    map(Function { rows: List<Row> -> sortedRows(rows, orders, limit) })
