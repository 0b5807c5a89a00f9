package modelgen.runtime

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.channels.awaitClose
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.buffer
import kotlinx.coroutines.flow.callbackFlow
import kotlinx.coroutines.flow.distinctUntilChanged
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.map
import java.util.Optional

/** A store query as a cold flow of decoded rows. */
object CollectionStream {
    /**
     * Emits the query's rows, decoded on `scheduler`, whenever they change; documents that do
     * not decode are left out and reported to `onDecodeFailure`, once per stored version. The
     * listener is added when the flow is collected and removed when its collector is cancelled,
     * when snapshots not yet decoded are dropped; a listener error ends the flow, after the
     * snapshots before it.
     */
    fun <Row> observe(
        store: DocumentStore,
        query: StoreQuery,
        codec: RowCodec<Row>,
        scheduler: CoroutineDispatcher,
        onDecodeFailure: (DecodeFailure) -> Unit
    ): Flow<List<Row>> = ScheduledFlow(flow {
        val decoder = QueryDecoder(query.collection, codec, onDecodeFailure)
        listen<QuerySnapshot> { emit, fail -> store.addQueryListener(query, emit, fail) }.collect { snapshot ->
            decoder.rowsAfter(snapshot)?.let { emit(it) }
        }
    }, scheduler)

    /**
     * Emits the aggregate of the query's documents that decode and match `isIncluded`, on
     * `scheduler`, whenever it changes. Kept from each snapshot's changes, so a write costs what
     * it changed, not a pass over every row. Documents that do not decode are left out and are
     * reported as by [observe].
     */
    fun <Row, Output : Any> aggregate(
        store: DocumentStore,
        query: StoreQuery,
        codec: RowCodec<Row>,
        aggregate: Aggregate<Row, Output>,
        scheduler: CoroutineDispatcher,
        onDecodeFailure: (DecodeFailure) -> Unit,
        isIncluded: (Row) -> Boolean = { true }
    ): Flow<Output> = ScheduledFlow(flow {
        val aggregator = QueryAggregator(aggregate, ReportingDecoder(query.collection, codec, onDecodeFailure), isIncluded)
        listen<QuerySnapshot> { emit, fail -> store.addQueryListener(query, emit, fail) }.collect { snapshot ->
            aggregator.resultAfter(snapshot)?.let { emit(it) }
        }
    }, scheduler)

    /**
     * As [aggregate], for an aggregate that may have no value (an average, a minimum or a
     * maximum of no row): null then.
     */
    @JvmName("aggregateOrNull")
    fun <Row, Value : Any> aggregate(
        store: DocumentStore,
        query: StoreQuery,
        codec: RowCodec<Row>,
        aggregate: Aggregate<Row, Optional<Value>>,
        scheduler: CoroutineDispatcher,
        onDecodeFailure: (DecodeFailure) -> Unit,
        isIncluded: (Row) -> Boolean = { true }
    ): Flow<Value?> = aggregate<Row, Optional<Value>>(store, query, codec, aggregate, scheduler, onDecodeFailure, isIncluded)
        .derived { values -> values.map { it.orElse(null) } }

    /** Emits how many of the query's documents decode and match `isIncluded`: the [aggregate] [Aggregate.count]. */
    fun <Row> count(
        store: DocumentStore,
        query: StoreQuery,
        codec: RowCodec<Row>,
        scheduler: CoroutineDispatcher,
        onDecodeFailure: (DecodeFailure) -> Unit,
        isIncluded: (Row) -> Boolean = { true }
    ): Flow<Int> = aggregate(store, query, codec, Aggregate.count(), scheduler, onDecodeFailure, isIncluded)
}

/** One document as a cold flow. */
object DocumentStream {
    /**
     * Emits the document at `path`, decoded on `scheduler`, whenever it changes: null when
     * there is none or when it does not decode (reported to `onDecodeFailure`).
     */
    fun <Row : Any> observe(
        store: DocumentStore,
        path: List<String>,
        codec: DocumentCodec<Row>,
        scheduler: CoroutineDispatcher,
        onDecodeFailure: (DecodeFailure) -> Unit
    ): Flow<Row?> = ScheduledFlow(flow {
        val decoder = DocumentDecoder(path.dropLast(1), codec, onDecodeFailure)
        listen<DocumentSnapshot?> { emit, fail -> store.addDocumentListener(path, emit, fail) }.collect { snapshot ->
            emit(decoder.row(snapshot))
        }
    }.distinctUntilChanged(), scheduler)
}

// One-shot reads: a stream's value read once, by the same rules as the stream, decoded in the
// caller's context: the model's reads call them in [reading], on its scheduler.

/**
 * The query's rows, read once, in the query's order; documents that do not decode are left
 * out and reported to `onDecodeFailure`, as [CollectionStream.observe] does.
 */
suspend fun <Row> CollectionStream.fetch(
    store: DocumentStore,
    query: StoreQuery,
    codec: RowCodec<Row>,
    onDecodeFailure: (DecodeFailure) -> Unit
): List<Row> = decodedRows(store.documents(query), query.collection, codec, onDecodeFailure)

/** How many of the query's documents decode and match `isIncluded`, read once. */
suspend fun <Row> CollectionStream.fetchCount(
    store: DocumentStore,
    query: StoreQuery,
    codec: RowCodec<Row>,
    onDecodeFailure: (DecodeFailure) -> Unit,
    isIncluded: (Row) -> Boolean = { true }
): Int = fetch(store, query, codec, onDecodeFailure).count(isIncluded)

/**
 * The document at `path`, read once: null when there is none or when it does not decode
 * (reported to `onDecodeFailure`).
 */
suspend fun <Row : Any> DocumentStream.fetch(
    store: DocumentStore,
    path: List<String>,
    codec: DocumentCodec<Row>,
    onDecodeFailure: (DecodeFailure) -> Unit
): Row? = decodedDocument(store.document(path), path, codec, onDecodeFailure)

/**
 * A store listener as a cold flow: added when collected, removed when the collector is
 * cancelled. Its buffer is unbounded, so that no snapshot is lost while the collector is busy.
 */
private fun <T> listen(add: (emit: (T) -> Unit, fail: (Throwable) -> Unit) -> ListenerRegistration): Flow<T> =
    callbackFlow {
        val registration = add({ trySend(it) }, { close(it) })
        awaitClose { registration.remove() }
    }.buffer(Channel.UNLIMITED)
