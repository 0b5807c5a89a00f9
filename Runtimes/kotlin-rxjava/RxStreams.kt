package modelgen.runtime

import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.core.ObservableEmitter
import io.reactivex.rxjava3.core.Scheduler
import io.reactivex.rxjava3.functions.Cancellable
import io.reactivex.rxjava3.functions.Function
import java.util.Optional

// The RxJava 3 layer's live streams: a store listener as an `Observable`, decoded on the
// model's scheduler.

/** A store query as a stream of decoded rows. */
object CollectionStream {
    /**
     * Emits the query's rows, decoded on `scheduler`, whenever they change; documents that do
     * not decode are left out and reported to `onDecodeFailure`, once per stored version. The
     * listener is added on subscribe and removed on dispose, when work still queued on the
     * scheduler is dropped; a listener error ends the stream, after the snapshots before it.
     */
    fun <Row> observe(
        store: DocumentStore,
        query: StoreQuery,
        codec: RowCodec<Row>,
        scheduler: Scheduler,
        onDecodeFailure: (DecodeFailure) -> Unit
    ): Observable<List<Row>> = Observable.defer {
        val decoder = QueryDecoder(query.collection, codec, onDecodeFailure)
        listen<QuerySnapshot> { emit, fail -> store.addQueryListener(query, emit, fail) }
            .observeOn(scheduler, true)
            .mapOptional<List<Row>>(Function { snapshot: QuerySnapshot -> Optional.ofNullable(decoder.rowsAfter(snapshot)) })
    }

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
        scheduler: Scheduler,
        onDecodeFailure: (DecodeFailure) -> Unit,
        isIncluded: (Row) -> Boolean = { true }
    ): Observable<Output> = Observable.defer {
        val aggregator = QueryAggregator(aggregate, ReportingDecoder(query.collection, codec, onDecodeFailure), isIncluded)
        listen<QuerySnapshot> { emit, fail -> store.addQueryListener(query, emit, fail) }
            .observeOn(scheduler, true)
            .mapOptional<Output>(Function { snapshot: QuerySnapshot -> Optional.ofNullable(aggregator.resultAfter(snapshot)) })
    }

    /** Emits how many of the query's documents decode and match `isIncluded`: the [aggregate] [Aggregate.count]. */
    fun <Row> count(
        store: DocumentStore,
        query: StoreQuery,
        codec: RowCodec<Row>,
        scheduler: Scheduler,
        onDecodeFailure: (DecodeFailure) -> Unit,
        isIncluded: (Row) -> Boolean = { true }
    ): Observable<Int> = aggregate(store, query, codec, Aggregate.count(), scheduler, onDecodeFailure, isIncluded)
}

/** One document as a stream. */
object DocumentStream {
    /**
     * Emits the document at `path`, decoded on `scheduler`, whenever it changes: empty when
     * there is none or when it does not decode (reported to `onDecodeFailure`).
     */
    fun <Row : Any> observe(
        store: DocumentStore,
        path: List<String>,
        codec: DocumentCodec<Row>,
        scheduler: Scheduler,
        onDecodeFailure: (DecodeFailure) -> Unit
    ): Observable<Optional<Row>> = Observable.defer {
        val decoder = DocumentDecoder(path.dropLast(1), codec, onDecodeFailure)
        listen<Optional<DocumentSnapshot>> { emit, fail ->
            store.addDocumentListener(path, { emit(Optional.ofNullable(it)) }, fail)
        }
            .observeOn(scheduler, true)
            .map(Function { snapshot: Optional<DocumentSnapshot> -> Optional.ofNullable(decoder.row(snapshot.orElse(null))) })
    }.distinctUntilChanged()
}

/** A store listener as an observable: added on subscribe, removed on dispose. */
private fun <T : Any> listen(
    add: (emit: (T) -> Unit, fail: (Throwable) -> Unit) -> ListenerRegistration
): Observable<T> = Observable.create { emitter: ObservableEmitter<T> ->
    val serialized = emitter.serialize()
    val registration = add({ serialized.onNext(it) }, { serialized.tryOnError(it) })
    emitter.setCancellable(Cancellable { registration.remove() })
}
