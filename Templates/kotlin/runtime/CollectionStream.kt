package modelgen.runtime

import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.core.ObservableEmitter
import io.reactivex.rxjava3.core.Scheduler
import io.reactivex.rxjava3.functions.Cancellable
import io.reactivex.rxjava3.functions.Function
import java.util.Optional

/** A document left out of a stream because it did not decode. */
data class DecodeFailure(
    /** The document's path segments. */
    val path: List<String>,
    /** Why it did not decode. */
    val error: DocumentDecodingException
) {
    /** `chatrooms/r1/messages/m2: 'text' is missing`. */
    override fun toString(): String = "${path.joinToString("/")}: ${error.message}"
}

/** The default decode-failure hook of a generated model. */
object DecodeFailures {
    /** Writes the failure to standard error. */
    val log: (DecodeFailure) -> Unit = { failure -> System.err.println("modelgen: skipped document $failure") }
}

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
        codec: DocumentCodec<Row>,
        scheduler: Scheduler,
        onDecodeFailure: (DecodeFailure) -> Unit
    ): Observable<List<Row>> = Observable.defer {
        val cache = DecodeCache(query.collection, codec, onDecodeFailure)
        listen<List<DocumentSnapshot>> { emit, fail -> store.addQueryListener(query, emit, fail) }
            .observeOn(scheduler, true)
            .map(Function { snapshots: List<DocumentSnapshot> -> cache.rows(snapshots) })
    }.distinctUntilChanged()
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
        val cache = DecodeCache(path.dropLast(1), codec, onDecodeFailure)
        listen<Optional<DocumentSnapshot>> { emit, fail ->
            store.addDocumentListener(path, { emit(Optional.ofNullable(it)) }, fail)
        }
            .observeOn(scheduler, true)
            .map(Function { snapshot: Optional<DocumentSnapshot> ->
                val rows = if (snapshot.isPresent) cache.rows(listOf(snapshot.get())) else cache.rows(emptyList())
                Optional.ofNullable(rows.firstOrNull())
            })
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

/**
 * The decoded rows of one subscription, by document id and exact stored data: an unchanged
 * document is not decoded again, and a document that fails is reported once per stored version.
 */
internal class DecodeCache<Row>(
    private val collection: List<String>,
    private val codec: DocumentCodec<Row>,
    private val onFailure: (DecodeFailure) -> Unit
) {
    private class Entry<Row>(val data: DocumentData, val decoded: Boolean, val row: Row?)

    private var entries = HashMap<String, Entry<Row>>()

    /** The rows of `snapshots` that decode, in order. */
    @Synchronized
    fun rows(snapshots: List<DocumentSnapshot>): List<Row> {
        val next = HashMap<String, Entry<Row>>(snapshots.size * 2)
        val rows = ArrayList<Row>(snapshots.size)
        for (snapshot in snapshots) {
            val cached = entries[snapshot.id]
            val entry = if (cached != null && identical(cached.data, snapshot.data)) cached else decode(snapshot)
            next[snapshot.id] = entry
            @Suppress("UNCHECKED_CAST")
            if (entry.decoded) rows.add(entry.row as Row)
        }
        entries = next
        return rows
    }

    private fun decode(snapshot: DocumentSnapshot): Entry<Row> = try {
        Entry(snapshot.data, true, codec.decode(snapshot.id, snapshot.data))
    } catch (error: DocumentDecodingException) {
        onFailure(DecodeFailure(collection + snapshot.id, error))
        Entry(snapshot.data, false, null)
    }
}
