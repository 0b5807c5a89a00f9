package modelgen.runtime

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.FlowPreview
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.debounce
import kotlinx.coroutines.flow.distinctUntilChanged
import kotlinx.coroutines.flow.emitAll
import kotlinx.coroutines.flow.filterNotNull
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.flow.mapNotNull
import java.util.Optional

// The operators over live rows work where their input's do (a model's stream: on its
// scheduler; see FlowScheduling.kt).

/** The rows that match `predicate`, in order; emits only when they change. */
fun <Row> Flow<List<Row>>.filterRows(predicate: (Row) -> Boolean): Flow<List<Row>> =
    derived { input -> input.map { rows -> rows.filter(predicate) }.distinctUntilChanged() }

/** How many rows there are, or how many match `predicate`; emits only when it changes. */
fun <Row> Flow<List<Row>>.countRows(predicate: ((Row) -> Boolean)? = null): Flow<Int> =
    derived { input -> input.map { rows -> rows.countRows(predicate) }.distinctUntilChanged() }

/** The first row for each value of `key`, in order (null counts as one value); emits only when they change. */
fun <Row> Flow<List<Row>>.distinctRows(key: (Row) -> Any?): Flow<List<Row>> =
    derived { input -> input.map { rows -> firstForEachKey(rows, key) }.distinctUntilChanged() }

/**
 * The rows by `orders`, the first `limit` of them; emits only when they change. When few rows
 * changed since the last list, only those are placed again: lists and their rows are taken as
 * unchanging, as every stream's are.
 */
fun <Row> Flow<List<Row>>.sortRows(orders: List<RowOrder<Row>>, limit: Int? = null): Flow<List<Row>> =
    derived { input ->
        flow {
            val sort = IncrementalSort(orders, limit)
            emitAll(input.mapNotNull { rows -> sort.update(rows) })
        }
    }

/** The aggregate of the rows, or of those that match `predicate`; emits only when it changes. */
fun <Row, Output : Any> Flow<List<Row>>.aggregateRows(aggregate: Aggregate<Row, Output>, predicate: ((Row) -> Boolean)? = null): Flow<Output> =
    derived { input -> input.map { rows -> aggregate.over(rows, predicate) }.distinctUntilChanged() }

/** As [aggregateRows], for an aggregate that may have no value: null then. */
@JvmName("aggregateRowsOrNull")
fun <Row, Value : Any> Flow<List<Row>>.aggregateRows(aggregate: Aggregate<Row, Optional<Value>>, predicate: ((Row) -> Boolean)? = null): Flow<Value?> =
    derived { input -> input.map { rows -> aggregate.over(rows, predicate).orElse(null) }.distinctUntilChanged() }

/**
 * Each row with the first row of `right` (in its order) whose key equals its key, or null. A
 * hash join: keys compare under the contract (strings by code point, NaN equals NaN, −0 equals
 * 0); a null key matches nothing. Emits once both sides have, then on every change of the
 * result; when only `right` changes, only the rows whose match changed are joined again.
 */
fun <Row, Right, Joined> Flow<List<Row>>.leftJoin(
    right: Flow<List<Right>>,
    leftKey: (Row) -> Any?,
    rightKey: (Right) -> Any?,
    combine: (Row, Right?) -> Joined
): Flow<List<Joined>> = joined(right) { leftJoinState(leftKey, rightKey, combine) }

/** Like [leftJoin], leaving out rows with no match. */
fun <Row, Right, Joined> Flow<List<Row>>.innerJoin(
    right: Flow<List<Right>>,
    leftKey: (Row) -> Any?,
    rightKey: (Right) -> Any?,
    combine: (Row, Right) -> Joined
): Flow<List<Joined>> = joined(right) { innerJoinState(leftKey, rightKey, combine) }

/** A join kept by one [IncrementalJoin] per collector. */
@Suppress("UNCHECKED_CAST")
private fun <Row, Right, Joined> Flow<List<Row>>.joined(
    right: Flow<List<Right>>,
    state: () -> IncrementalJoin<Row, Right, Joined>
): Flow<List<Joined>> = derived(listOf(this, right)) { inputs ->
    flow {
        val join = state()
        val joined = latestValues(inputs) { values -> join.update(values[0] as List<Row>, values[1] as List<Right>) }
        emitAll(joined.filterNotNull())
    }
}

/**
 * The last value once `milliseconds` have passed without a new one, on `scheduler`'s clock (its
 * delays), where the work of a model's stream on `scheduler` runs too; a value equal to the one
 * it emitted before is left out.
 */
@OptIn(FlowPreview::class)
fun <T> Flow<T>.debounced(milliseconds: Long, scheduler: CoroutineDispatcher): Flow<T> {
    val input = if (this is ScheduledFlow<T> && this.scheduler == scheduler) work else this
    return ScheduledFlow(input.debounce(milliseconds).distinctUntilChanged(), scheduler)
}

// One-shot reads of rows, by the rules of the live operators above.

/** The rows read that match `predicate`, in order. */
fun <Row> List<Row>.filterRows(predicate: (Row) -> Boolean): List<Row> = filter(predicate)

/** The first row read for each value of `key`, in order (null counts as one value). */
fun <Row> List<Row>.distinctRows(key: (Row) -> Any?): List<Row> = firstForEachKey(this, key)

/** How many rows were read, or how many match `predicate`. */
fun <Row> List<Row>.countRows(predicate: ((Row) -> Boolean)? = null): Int = if (predicate == null) size else count(predicate)

/** The rows read, by `orders`, the first `limit` of them. */
fun <Row> List<Row>.sortRows(orders: List<RowOrder<Row>>, limit: Int? = null): List<Row> = sortedRows(this, orders, limit)

/** The aggregate of the rows read, or of those that match `predicate`. */
fun <Row, Output : Any> List<Row>.aggregateRows(aggregate: Aggregate<Row, Output>, predicate: ((Row) -> Boolean)? = null): Output =
    aggregate.over(this, predicate)

/** As [aggregateRows], for an aggregate that may have no value: null then. */
@JvmName("aggregateRowsOrNull")
fun <Row, Value : Any> List<Row>.aggregateRows(aggregate: Aggregate<Row, Optional<Value>>, predicate: ((Row) -> Boolean)? = null): Value? =
    aggregate.over(this, predicate).orElse(null)

/**
 * Joins of rows read once, by the rules of [leftJoin] and [innerJoin]: each row with the first
 * row of `right` (in its order) whose key equals its key under the contract. Both sides are read
 * at once, as [combineReads] reads.
 */
object JoinRows {
    /** Each row read with its match, or null. */
    suspend fun <Row, Right, Joined> left(
        left: suspend () -> List<Row>,
        right: suspend () -> List<Right>,
        leftKey: (Row) -> Any?,
        rightKey: (Right) -> Any?,
        combine: (Row, Right?) -> Joined
    ): List<Joined> = combineReads(left, right) { rows, candidates -> leftJoined(rows, candidates, leftKey, rightKey, combine) }

    /** Like [left], leaving out rows with no match. */
    suspend fun <Row, Right, Joined> inner(
        left: suspend () -> List<Row>,
        right: suspend () -> List<Right>,
        leftKey: (Row) -> Any?,
        rightKey: (Right) -> Any?,
        combine: (Row, Right) -> Joined
    ): List<Joined> = combineReads(left, right) { rows, candidates -> innerJoined(rows, candidates, leftKey, rightKey, combine) }
}
