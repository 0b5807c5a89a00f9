package modelgen.runtime

/**
 * One subscription's sort, kept between emissions. A list as long as the last one is compared
 * with it by identity, row by row (or, when the join or query stream above made it from the
 * last one, told which rows it replaced: [ChangedRows]): they pass unchanged rows on as the
 * same objects. When few rows changed, only those are placed again (a renamed member moves that
 * member's messages, the others stay where they were); with a `limit`, the rows outside the first
 * ones are looked at again only when a changed row leaves room for one of them. Input lists and
 * their rows are taken as unchanging, as every stream's are.
 */
internal class IncrementalSort<Row>(orders: List<RowOrder<Row>>, private val limit: Int?) {
    private val order = PositionOrder(orders)
    private var rows: List<Row> = emptyList()
    /** The positions in `rows` of the rows kept, in order. */
    private var kept: List<Int> = emptyList()
    private var output: List<Row>? = null

    /** The rows kept, in order, or null when they are the rows last returned. */
    @Synchronized
    fun update(next: List<Row>): List<Row>? {
        val changed = if (output == null) null else changedPositions(next)
        kept = changed?.let { placeAgain(next, it) } ?: order.first(next, keptCount(next.size))
        rows = next
        val result = kept.map { next[it] }
        if (result == output) return null
        output = result
        return result
    }

    private fun keptCount(size: Int): Int = PositionOrder.keptCount(limit, size)

    /** The positions whose row is not the same object as before; null when the lists differ in length or in too many rows. */
    private fun changedPositions(next: List<Row>): List<Int>? = ChangedRows.positions(next, rows, atMost = next.size / 8)

    /**
     * The kept positions after the rows at `changed` took their new values, or null when a row
     * outside the kept ones may now belong among them.
     */
    private fun placeAgain(next: List<Row>, changed: List<Int>): List<Int>? {
        val count = keptCount(next.size)
        if (changed.isEmpty() || count == 0) return kept.take(count)
        val moved = changed.toHashSet()
        val placed = ArrayList<Int>(kept.size + changed.size)
        for (position in kept) if (position !in moved) placed.add(position)
        for (position in changed) placed.add(order.insertionPoint(next, placed, position), position)
        // Every row left out was after the last kept one, and is unchanged: the first `count`
        // are right when the last of them is not after that row's old place. (`placed` holds at
        // least the `count` positions kept before.)
        if (kept.size < rows.size) {
            val boundary = kept.last()
            if (order.compare(next[placed[count - 1]], placed[count - 1], rows[boundary], boundary) > 0) return null
        }
        return if (placed.size == count) placed else placed.subList(0, count).toList()
    }
}

/** The order of a sort stream's rows: by `orders`, ties by position in the input. */
internal class PositionOrder<Row>(private val orders: List<RowOrder<Row>>) {
    /** -1, 0 or 1: `a` at `aPosition` against `b` at `bPosition`. */
    fun compare(a: Row, aPosition: Int, b: Row, bPosition: Int): Int {
        for (order in orders) {
            val result = order.compare(a, b)
            if (result != 0) return result
        }
        return aPosition.compareTo(bPosition)
    }

    /** Where in `placed` (positions in order) the row at `position` goes. */
    fun insertionPoint(rows: List<Row>, placed: List<Int>, position: Int): Int {
        var low = 0
        var high = placed.size
        while (low < high) {
            val middle = (low + high) ushr 1
            if (compare(rows[position], position, rows[placed[middle]], placed[middle]) < 0) high = middle else low = middle + 1
        }
        return low
    }

    /** The positions of the first `count` rows, in order. */
    fun first(rows: List<Row>, count: Int): List<Int> {
        if (count <= 0) return emptyList()
        if (orders.isEmpty()) return (0 until count).toList()
        if (count >= rows.size) return rows.indices.sortedWith(Comparator { a, b -> compare(rows[a], a, rows[b], b) })
        // In one pass: a row enters only if it precedes the last kept one.
        val best = ArrayList<Int>(count + 1)
        for (position in rows.indices) {
            if (best.size == count && compare(rows[position], position, rows[best[count - 1]], best[count - 1]) > 0) continue
            best.add(insertionPoint(rows, best, position), position)
            if (best.size > count) best.removeAt(count)
        }
        return best
    }

    companion object {
        /** How many of `size` rows a `limit` keeps: none when it is zero or less, all when null. */
        fun keptCount(limit: Int?, size: Int): Int = if (limit == null) size else limit.coerceIn(0, size)
    }
}
