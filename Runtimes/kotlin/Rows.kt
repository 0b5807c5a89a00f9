package modelgen.runtime

// Rows as every reactive layer's operators handle them: distinct rows, and joins of two lists of
// rows, once or kept per subscription.

/** The first of `rows` for each value of `key`, keys compared under the contract. */
internal fun <Row> firstForEachKey(rows: List<Row>, key: (Row) -> Any?): List<Row> {
    val seen = HashSet<ContractKey?>()
    return rows.filter { row -> seen.add(key(row)?.let(::ContractKey)) }
}

/**
 * Each of `rows` with the first of `candidates` (in their order) whose key equals its key, or
 * null: a hash join, keys compared under the contract (strings by code point, NaN equals NaN,
 * −0 equals 0); a null key matches nothing. (A join's first update always returns its rows.)
 */
internal fun <Row, Right, Joined> leftJoined(
    rows: List<Row>,
    candidates: List<Right>,
    leftKey: (Row) -> Any?,
    rightKey: (Right) -> Any?,
    combine: (Row, Right?) -> Joined
): List<Joined> = leftJoinState(leftKey, rightKey, combine).update(rows, candidates)!!

/** Like [leftJoined], leaving out rows with no match. */
internal fun <Row, Right, Joined> innerJoined(
    rows: List<Row>,
    candidates: List<Right>,
    leftKey: (Row) -> Any?,
    rightKey: (Right) -> Any?,
    combine: (Row, Right) -> Joined
): List<Joined> = innerJoinState(leftKey, rightKey, combine).update(rows, candidates)!!

/** A live left join's state, one per subscription: each row with its match, or null, as [leftJoined]. */
internal fun <Row, Right, Joined> leftJoinState(
    leftKey: (Row) -> Any?,
    rightKey: (Right) -> Any?,
    combine: (Row, Right?) -> Joined
): IncrementalJoin<Row, Right, Joined> = IncrementalJoin(leftKey, rightKey, false) { row, match -> combine(row, match?.row) }

/** A live inner join's state, one per subscription: as [leftJoinState], leaving out rows with no match. */
internal fun <Row, Right, Joined> innerJoinState(
    leftKey: (Row) -> Any?,
    rightKey: (Right) -> Any?,
    combine: (Row, Right) -> Joined
): IncrementalJoin<Row, Right, Joined> = IncrementalJoin(leftKey, rightKey, true) { row, match -> combine(row, match!!.row) }

/**
 * One subscription's join, kept between emissions: when only the right side changes, just the
 * rows whose match changed are joined again — a renamed member re-joins that member's
 * messages, not every message.
 */
internal class IncrementalJoin<Row, Right, Joined>(
    private val leftKey: (Row) -> Any?,
    rightKey: (Right) -> Any?,
    /** Whether a row with no match is left out (an inner join) rather than joined with none. */
    private val dropsUnmatched: Boolean,
    /** The joined row of a row kept and its match, if any. */
    private val combine: (Row, JoinIndex.Match<Right>?) -> Joined
) {
    private var rows: List<Row>? = null
    /** The indices of the left rows, by key. */
    private val rowsByKey = HashMap<ContractKey, MutableList<Int>>()
    private val matches = JoinIndex(rightKey)
    private var output = ArrayList<Joined>()
    /** Where each left row is in `output`; -1 when it is left out. */
    private val slots = ArrayList<Int>()
    /** The rows last returned. */
    private var emitted: List<Joined> = emptyList()

    /** A copy of the joined rows, or null when they are the rows last returned. */
    @Synchronized
    fun update(left: List<Row>, right: List<Right>): List<Joined>? {
        val keys = matches.replace(right)
        val current = rows
        if (current == null || current !== left) return join(left)
        val patched = java.util.TreeSet<Int>()
        for (key in keys) {
            for (index in rowsByKey[key] ?: continue) {
                val match = matches.lookup(key)
                val kept = match != null || !dropsUnmatched
                val slot = slots[index]
                if (slot < 0 && !kept) continue
                // A row that joins or leaves an inner join moves the positions after it.
                if (slot < 0 || !kept) return join(current)
                val joined = combine(current[index], match)
                if (output[slot] != joined) {
                    output[slot] = joined
                    patched.add(slot)
                }
            }
        }
        if (patched.isEmpty()) return null
        val result = ArrayList(output)
        ChangedRows.record(result, emitted, patched.toIntArray())
        emitted = result
        return result
    }

    /** Joins every row again. */
    private fun join(left: List<Row>): List<Joined>? {
        val first = rows == null
        rows = left
        rowsByKey.clear()
        slots.clear()
        val joined = ArrayList<Joined>(left.size)
        for ((index, row) in left.withIndex()) {
            val key = leftKey(row)?.let { ContractKey(it) }
            if (key != null) rowsByKey.getOrPut(key) { ArrayList() }.add(index)
            val match = key?.let { matches.lookup(it) }
            if (match == null && dropsUnmatched) {
                slots.add(-1)
            } else {
                slots.add(joined.size)
                joined.add(combine(row, match))
            }
        }
        // Compared with what was last returned, not with `output`, which a patch that gave way to
        // this join may have changed half-way. Unchanged, `output` takes back the returned rows, so
        // that the next patch's record of the slots it replaced is true of them.
        if (!first && joined == emitted) {
            output = ArrayList(emitted)
            return null
        }
        output = joined
        emitted = ArrayList(joined)
        return emitted
    }
}

/** The right side of a join by key; a key held twice maps to its first row. */
internal class JoinIndex<Right>(private val key: (Right) -> Any?) {
    /** A found row (which may itself be null). */
    class Match<Right>(val row: Right)

    private var rows: List<Right> = emptyList()
    /** The position of each key's first row. */
    private var firstPositions = HashMap<ContractKey, Int>()

    fun lookup(key: ContractKey): Match<Right>? = firstPositions[key]?.let { Match(rows[it]) }

    /**
     * Takes `next` as the right side; returns the keys whose match may differ. With as many rows
     * as before, only the positions whose row changed are looked at.
     */
    fun replace(next: List<Right>): List<ContractKey> {
        val keys = ArrayList<ContractKey>()
        val changed = ChangedRows.positions(next, rows)
        if (changed == null) {
            val (oldRows, oldPositions) = Pair(rows, firstPositions)
            index(next)
            for ((key, position) in firstPositions) {
                val old = oldPositions[key]
                if (old == null || oldRows[old] != next[position]) keys.add(key)
            }
            for (key in oldPositions.keys) if (!firstPositions.containsKey(key)) keys.add(key)
            return keys
        }
        var keysMoved = false
        // An unchanged document keeps its decoded row, so only the positions holding other
        // objects are looked at: those the members stream says it replaced, without walking
        // the list, when `next` was made from `rows`.
        for (position in changed) {
            val row = next[position]
            val old = rows[position]
            if (row == old) continue
            val oldKey = key(old)?.let { ContractKey(it) }
            val newKey = key(row)?.let { ContractKey(it) }
            if (oldKey != newKey) {
                keysMoved = true
                keys.addAll(listOfNotNull(oldKey, newKey))
            } else if (newKey != null && firstPositions[newKey] == position) {
                keys.add(newKey)
            }
        }
        if (keysMoved) index(next) else rows = next
        return keys
    }

    private fun index(next: List<Right>) {
        rows = next
        firstPositions = HashMap(next.size * 2)
        for ((position, row) in next.withIndex()) {
            val value = key(row) ?: continue
            firstPositions.putIfAbsent(ContractKey(value), position)
        }
    }
}

/** A value as a hash key under the contract's equality and hashing ([Match.same], [Match.hash]). */
internal class ContractKey(val value: Any) {
    private val hash = Match.hash(value)

    override fun equals(other: Any?): Boolean = other is ContractKey && other.hash == hash && Match.same(other.value, value)

    override fun hashCode(): Int = hash
}
