package modelgen.runtime

import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.functions.BiFunction
import io.reactivex.rxjava3.functions.Function

/** The rows that match `predicate`, in order; emits only when they change. */
fun <Row> Observable<List<Row>>.filterRows(predicate: (Row) -> Boolean): Observable<List<Row>> =
    map(Function { rows: List<Row> -> rows.filter(predicate) }).distinctUntilChanged()

/** How many rows there are, or how many match `predicate`; emits only when it changes. */
fun <Row> Observable<List<Row>>.countRows(predicate: ((Row) -> Boolean)? = null): Observable<Int> =
    map(Function { rows: List<Row> -> if (predicate == null) rows.size else rows.count(predicate) }).distinctUntilChanged()

/**
 * Each row with the first row of `right` (in its order) whose key equals its key, or null. A
 * hash join: keys compare under the contract (strings by code point, NaN equals NaN, −0 equals
 * 0); a null key matches nothing. Emits once both sides have, then on every change of the result.
 */
fun <Row, Right, Joined> Observable<List<Row>>.leftJoin(
    right: Observable<List<Right>>,
    leftKey: (Row) -> Any?,
    rightKey: (Right) -> Any?,
    combine: (Row, Right?) -> Joined
): Observable<List<Joined>> = Observable.combineLatest(this, right, BiFunction { rows: List<Row>, candidates: List<Right> ->
    val index = JoinIndex(candidates, rightKey)
    rows.map { combine(it, index.first(leftKey(it))) }
}).distinctUntilChanged()

/** Like [leftJoin], leaving out rows with no match. */
fun <Row, Right, Joined> Observable<List<Row>>.innerJoin(
    right: Observable<List<Right>>,
    leftKey: (Row) -> Any?,
    rightKey: (Right) -> Any?,
    combine: (Row, Right) -> Joined
): Observable<List<Joined>> = Observable.combineLatest<List<Row>, List<Right>, List<Joined>>(this, right, BiFunction { rows: List<Row>, candidates: List<Right> ->
    val index = JoinIndex(candidates, rightKey)
    val joined = ArrayList<Joined>(rows.size)
    for (row in rows) {
        val match = index.lookup(leftKey(row))
        if (match != null) joined.add(combine(row, match.row))
    }
    joined
}).distinctUntilChanged()

/** The right side of a join by key; a key held twice maps to its first row. */
private class JoinIndex<Right>(candidates: List<Right>, key: (Right) -> Any?) {
    /** A found row (which may itself be null). */
    class Match<Right>(val row: Right)

    private val rows = HashMap<ContractKey, Match<Right>>(candidates.size * 2)

    init {
        for (candidate in candidates) {
            val value = key(candidate) ?: continue
            val contractKey = ContractKey(value)
            if (!rows.containsKey(contractKey)) rows[contractKey] = Match(candidate)
        }
    }

    fun lookup(key: Any?): Match<Right>? = if (key == null) null else rows[ContractKey(key)]

    fun first(key: Any?): Right? = lookup(key)?.row
}

/** A value as a hash key under the contract's equality and hashing ([Match.same], [Match.hash]). */
private class ContractKey(val value: Any) {
    private val hash = Match.hash(value)

    override fun equals(other: Any?): Boolean = other is ContractKey && other.hash == hash && Match.same(other.value, value)

    override fun hashCode(): Int = hash
}
