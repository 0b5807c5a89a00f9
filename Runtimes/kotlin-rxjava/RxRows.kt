package modelgen.runtime

import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.core.Scheduler
import io.reactivex.rxjava3.functions.BiFunction
import io.reactivex.rxjava3.functions.Function
import java.util.Optional
import java.util.concurrent.TimeUnit

// The RxJava 3 layer's operators on live streams of rows, over the core's rows, joins, sorts
// and aggregates.

/** The rows that match `predicate`, in order; emits only when they change. */
fun <Row> Observable<List<Row>>.filterRows(predicate: (Row) -> Boolean): Observable<List<Row>> =
    map(Function { rows: List<Row> -> rows.filter(predicate) }).distinctUntilChanged()

/** How many rows there are, or how many match `predicate`; emits only when it changes. */
fun <Row> Observable<List<Row>>.countRows(predicate: ((Row) -> Boolean)? = null): Observable<Int> =
    map(Function { rows: List<Row> -> if (predicate == null) rows.size else rows.count(predicate) }).distinctUntilChanged()

/** The first row for each value of `key`, in order (null counts as one value); emits only when they change. */
fun <Row> Observable<List<Row>>.distinctRows(key: (Row) -> Any?): Observable<List<Row>> =
    map(Function { rows: List<Row> -> firstForEachKey(rows, key) }).distinctUntilChanged()

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
): Observable<List<Joined>> = joined(right) { leftJoinState(leftKey, rightKey, combine) }

/** Like [leftJoin], leaving out rows with no match. */
fun <Row, Right, Joined> Observable<List<Row>>.innerJoin(
    right: Observable<List<Right>>,
    leftKey: (Row) -> Any?,
    rightKey: (Right) -> Any?,
    combine: (Row, Right) -> Joined
): Observable<List<Joined>> = joined(right) { innerJoinState(leftKey, rightKey, combine) }

/** A join kept by one [IncrementalJoin] per subscription, which `state` makes. */
private fun <Row, Right, Joined> Observable<List<Row>>.joined(
    right: Observable<List<Right>>,
    state: () -> IncrementalJoin<Row, Right, Joined>
): Observable<List<Joined>> {
    val left = this
    return Observable.defer {
        val join = state()
        Observable.combineLatest(left, right, BiFunction { rows: List<Row>, candidates: List<Right> ->
            Optional.ofNullable(join.update(rows, candidates))
        }).mapOptional<List<Joined>>(Function { joined: Optional<List<Joined>> -> joined })
    }
}

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

/** The aggregate of the rows, or of those that match `predicate`; emits only when it changes. */
fun <Row, Output : Any> Observable<List<Row>>.aggregateRows(aggregate: Aggregate<Row, Output>, predicate: ((Row) -> Boolean)? = null): Observable<Output> =
    map(Function { rows: List<Row> -> aggregate.over(rows, predicate) }).distinctUntilChanged()

/**
 * The last value once `milliseconds` have passed without a new one, on `scheduler`'s clock; a
 * value equal to the one it emitted before is left out.
 */
fun <T : Any> Observable<T>.debounced(milliseconds: Long, scheduler: Scheduler): Observable<T> =
    debounce(milliseconds, TimeUnit.MILLISECONDS, scheduler).distinctUntilChanged()
