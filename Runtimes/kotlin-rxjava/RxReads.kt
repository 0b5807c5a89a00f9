package modelgen.runtime

import io.reactivex.rxjava3.core.Maybe
import io.reactivex.rxjava3.core.Notification
import io.reactivex.rxjava3.core.Single
import io.reactivex.rxjava3.functions.BiFunction
import io.reactivex.rxjava3.functions.Function
import java.util.Optional

// One-shot reads: a stream's value read once, by the same rules as the stream. A store query or
// a document is the store's get (Firestore's `get()`), decoded as the stream decodes it, where
// the store answers: a read never waits on the model's scheduler (as in Swift and TypeScript), so
// a test's `TestScheduler` does not hold it; `observeOn` moves its value where it is wanted. A
// derived stream's value is computed from one read of each input.

/**
 * The query's rows, read once, in the query's order; documents that do not decode are left out
 * and reported to `onDecodeFailure`, as [CollectionStream.observe] does.
 */
fun <Row> CollectionStream.fetch(
    store: DocumentStore,
    query: StoreQuery,
    codec: RowCodec<Row>,
    onDecodeFailure: (DecodeFailure) -> Unit
): Single<List<Row>> = store.getDocuments(query).map(Function { documents: List<DocumentSnapshot> ->
    decodedRows(documents, query.collection, codec, onDecodeFailure)
})

/** How many of the query's documents decode and match `isIncluded`, read once. */
fun <Row> CollectionStream.fetchCount(
    store: DocumentStore,
    query: StoreQuery,
    codec: RowCodec<Row>,
    onDecodeFailure: (DecodeFailure) -> Unit,
    isIncluded: (Row) -> Boolean = { true }
): Single<Int> = fetch(store, query, codec, onDecodeFailure).countRows(isIncluded)

/**
 * The document at `path`, read once: empty when there is none or when it does not decode
 * (reported to `onDecodeFailure`).
 */
fun <Row : Any> DocumentStream.fetch(
    store: DocumentStore,
    path: List<String>,
    codec: DocumentCodec<Row>,
    onDecodeFailure: (DecodeFailure) -> Unit
): Maybe<Row> = store.getDocument(path).flatMap(Function { document: DocumentSnapshot ->
    val row = decodedDocument(document, path, codec, onDecodeFailure)
    if (row == null) Maybe.empty() else Maybe.just(row)
})

/** The rows read that match `predicate`, in order. */
fun <Row> Single<List<Row>>.filterRows(predicate: (Row) -> Boolean): Single<List<Row>> =
    map(Function { rows: List<Row> -> rows.filter(predicate) })

/** The first row read for each value of `key`, in order (null counts as one value). */
fun <Row> Single<List<Row>>.distinctRows(key: (Row) -> Any?): Single<List<Row>> =
    map(Function { rows: List<Row> -> firstForEachKey(rows, key) })

/** How many rows were read, or how many match `predicate`. */
fun <Row> Single<List<Row>>.countRows(predicate: ((Row) -> Boolean)? = null): Single<Int> =
    map(Function { rows: List<Row> -> if (predicate == null) rows.size else rows.count(predicate) })

/** The rows read, by `orders`, the first `limit` of them. */
fun <Row> Single<List<Row>>.sortRows(orders: List<RowOrder<Row>>, limit: Int? = null): Single<List<Row>> =
    map(Function { rows: List<Row> -> sortedRows(rows, orders, limit) })

/** The aggregate of the rows read, or of those that match `predicate`. */
fun <Row, Output : Any> Single<List<Row>>.aggregateRows(aggregate: Aggregate<Row, Output>, predicate: ((Row) -> Boolean)? = null): Single<Output> =
    map(Function { rows: List<Row> -> aggregate.over(rows, predicate) })

/**
 * Joins of rows read once, by the rules of [leftJoin] and [innerJoin]: each row with the first
 * row of `right` (in its order) whose key equals its key under the contract. Both sides are read
 * at the same time.
 */
object JoinRows {
    /** Each row read with its match, or null. */
    fun <Row, Right, Joined> left(
        left: Single<List<Row>>,
        right: Single<List<Right>>,
        leftKey: (Row) -> Any?,
        rightKey: (Right) -> Any?,
        combine: (Row, Right?) -> Joined
    ): Single<List<Joined>> = Single.zip(left, right, BiFunction { rows: List<Row>, candidates: List<Right> ->
        leftJoined(rows, candidates, leftKey, rightKey, combine)
    })

    /** Like [left], leaving out rows with no match. */
    fun <Row, Right, Joined> inner(
        left: Single<List<Row>>,
        right: Single<List<Right>>,
        leftKey: (Row) -> Any?,
        rightKey: (Right) -> Any?,
        combine: (Row, Right) -> Joined
    ): Single<List<Joined>> = Single.zip(left, right, BiFunction { rows: List<Row>, candidates: List<Right> ->
        innerJoined(rows, candidates, leftKey, rightKey, combine)
    })
}

/**
 * The value of a materialized read, or its error thrown: a combine's read waits for every input
 * (each reporting its decode failures) before it fails with the first failing input's error.
 */
fun <T : Any> Notification<T>.valueOrThrow(): T = value ?: throw error ?: IllegalStateException("a read completed without a value")

/** The document read as a `Single`: empty when there is none, as a combine's read holds it. */
fun <Row : Any> Maybe<Row>.toOptional(): Single<Optional<Row>> =
    map(Function { row: Row -> Optional.of(row) }).defaultIfEmpty(Optional.empty())
