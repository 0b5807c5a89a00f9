package modelgen.runtime

import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.core.Scheduler
import io.reactivex.rxjava3.functions.BiFunction
import io.reactivex.rxjava3.functions.Function
import java.util.Optional
import java.util.concurrent.TimeUnit

/** The rows that match `predicate`, in order; emits only when they change. */
fun <Row> Observable<List<Row>>.filterRows(predicate: (Row) -> Boolean): Observable<List<Row>> =
    map(Function { rows: List<Row> -> rows.filter(predicate) }).distinctUntilChanged()

/** How many rows there are, or how many match `predicate`; emits only when it changes. */
fun <Row> Observable<List<Row>>.countRows(predicate: ((Row) -> Boolean)? = null): Observable<Int> =
    map(Function { rows: List<Row> -> if (predicate == null) rows.size else rows.count(predicate) }).distinctUntilChanged()

/** The first row for each value of `key`, in order (null counts as one value); emits only when they change. */
fun <Row> Observable<List<Row>>.distinctRows(key: (Row) -> Any?): Observable<List<Row>> =
    map(Function { rows: List<Row> -> firstForEachKey(rows, key) }).distinctUntilChanged()

/** The first of `rows` for each value of `key`, keys compared under the contract. */
internal fun <Row> firstForEachKey(rows: List<Row>, key: (Row) -> Any?): List<Row> {
    val seen = HashSet<ContractKey?>()
    return rows.filter { row -> seen.add(key(row)?.let(::ContractKey)) }
}

/**
 * Each row with the first row of `right` (in its order) whose key equals its key, or null. A
 * hash join: keys compare under the contract (strings by code point, NaN equals NaN, −0 equals
 * 0); a null key matches nothing. Emits once both sides have, then on every change of the
 * result; when only `right` changes, only the rows whose match changed are joined again.
 */
fun <Row, Right, Joined> Observable<List<Row>>.leftJoin(
    right: Observable<List<Right>>,
    leftKey: (Row) -> Any?,
    rightKey: (Right) -> Any?,
    combine: (Row, Right?) -> Joined
): Observable<List<Joined>> = join(right, leftKey, rightKey) { row, match -> Optional.ofNullable(combine(row, match?.row)) }

/** Like [leftJoin], leaving out rows with no match. */
fun <Row, Right, Joined> Observable<List<Row>>.innerJoin(
    right: Observable<List<Right>>,
    leftKey: (Row) -> Any?,
    rightKey: (Right) -> Any?,
    combine: (Row, Right) -> Joined
): Observable<List<Joined>> = join(right, leftKey, rightKey) { row, match ->
    if (match == null) Optional.empty() else Optional.ofNullable(combine(row, match.row))
}

/** A join whose `combine` returns the joined row, or empty to leave the row out; one [IncrementalJoin] per subscription. */
private fun <Row, Right, Joined> Observable<List<Row>>.join(
    right: Observable<List<Right>>,
    leftKey: (Row) -> Any?,
    rightKey: (Right) -> Any?,
    combine: (Row, JoinIndex.Match<Right>?) -> Optional<out Joined>
): Observable<List<Joined>> {
    val left = this
    return Observable.defer {
        val join = IncrementalJoin(leftKey, rightKey, combine)
        Observable.combineLatest(left, right, BiFunction { rows: List<Row>, candidates: List<Right> ->
            Optional.ofNullable(join.update(rows, candidates))
        }).mapOptional<List<Joined>>(Function { joined: Optional<List<Joined>> -> joined })
    }
}

/**
 * One subscription's join, kept between emissions: when only the right side changes, just the
 * rows whose match changed are joined again — a renamed member re-joins that member's
 * messages, not every message.
 */
internal class IncrementalJoin<Row, Right, Joined>(
    private val leftKey: (Row) -> Any?,
    rightKey: (Right) -> Any?,
    private val combine: (Row, JoinIndex.Match<Right>?) -> Optional<out Joined>
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
                val joined = combine(current[index], matches.lookup(key))
                val slot = slots[index]
                if (slot < 0 && !joined.isPresent) continue
                // A row that joins or leaves an inner join moves the positions after it.
                if (slot < 0 || !joined.isPresent) return join(current)
                if (output[slot] != joined.get()) {
                    output[slot] = joined.get()
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
            val result = combine(row, key?.let { matches.lookup(it) })
            slots.add(if (result.isPresent) joined.size else -1)
            if (result.isPresent) joined.add(result.get())
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

/**
 * The last value once `milliseconds` have passed without a new one, on `scheduler`'s clock; a
 * value equal to the one it emitted before is left out.
 */
fun <T : Any> Observable<T>.debounced(milliseconds: Long, scheduler: Scheduler): Observable<T> =
    debounce(milliseconds, TimeUnit.MILLISECONDS, scheduler).distinctUntilChanged()
