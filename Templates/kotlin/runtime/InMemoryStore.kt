package modelgen.runtime

import io.reactivex.rxjava3.core.Completable
import io.reactivex.rxjava3.core.Maybe
import io.reactivex.rxjava3.core.Single
import java.util.concurrent.locks.ReentrantLock
import kotlin.concurrent.withLock

/**
 * A [DocumentStore] held in memory, with Firestore's query semantics: for tests, previews and
 * offline demos.
 *
 * It is safe to use from any thread. Listeners are called synchronously, in the order they
 * were added: first when added, then after each write or batch that changes what they see. A
 * listener may write to the store; listeners after it then see the newest state once.
 *
 * With `pendingWrites`, a [DocumentValue.ServerTimestamp] written stays pending (it reads as
 * null and sorts after every timestamp) until [flushPendingWrites] sets it, as in a Firestore
 * client that has not synced yet; without it, it is set to `clock()` when written.
 */
class InMemoryStore(
    private val pendingWrites: Boolean = false,
    private val clock: () -> Timestamp = { Timestamp.now() }
) : DocumentStore {
    private val lock = ReentrantLock()
    /** Collection path → document id → data. */
    private val collections = HashMap<List<String>, HashMap<String, DocumentData>>()
    private val listeners = ArrayList<Listener>()

    /** A registered listener; its state is guarded by the store's lock. */
    private class Listener(val collection: List<String>, val deliver: () -> Unit, val fail: (Throwable) -> Unit) {
        var isRemoved = false
    }

    // Reading

    override fun getDocuments(query: StoreQuery): Single<List<DocumentSnapshot>> = Single.fromCallable {
        StorePaths.check(query.collection, true)
        lock.withLock { results(query) }
    }

    override fun getDocument(path: List<String>): Maybe<DocumentSnapshot> = Maybe.defer {
        StorePaths.check(path, false)
        val document = lock.withLock { document(path) }
        if (document == null) Maybe.empty() else Maybe.just(document)
    }

    /** How many listeners are active: zero once every stream has been disposed. */
    val listenerCount: Int
        get() = lock.withLock { listeners.size }

    private fun results(query: StoreQuery): List<DocumentSnapshot> {
        val documents = collections[query.collection] ?: return emptyList()
        return QueryEngine.run(query, documents.map { (id, data) -> DocumentSnapshot(id, data) })
    }

    private fun document(path: List<String>): DocumentSnapshot? {
        val id = path.last()
        return collections[path.dropLast(1)]?.get(id)?.let { DocumentSnapshot(id, it) }
    }

    // Listening

    override fun addQueryListener(
        query: StoreQuery,
        onSnapshot: (List<DocumentSnapshot>) -> Unit,
        onError: (Throwable) -> Unit
    ): ListenerRegistration {
        try {
            StorePaths.check(query.collection, true)
        } catch (error: StoreException) {
            onError(error)
            return OnceRegistration {}
        }
        var last: List<DocumentSnapshot>? = null
        return register(query.collection, onError) {
            val current = results(query)
            if (current != last) {
                last = current
                onSnapshot(current)
            }
        }
    }

    override fun addDocumentListener(
        path: List<String>,
        onSnapshot: (DocumentSnapshot?) -> Unit,
        onError: (Throwable) -> Unit
    ): ListenerRegistration {
        try {
            StorePaths.check(path, false)
        } catch (error: StoreException) {
            onError(error)
            return OnceRegistration {}
        }
        var delivered = false
        var last: DocumentSnapshot? = null
        return register(path.dropLast(1), onError) {
            val current = document(path)
            if (!delivered || current != last) {
                delivered = true
                last = current
                onSnapshot(current)
            }
        }
    }

    /** Adds a listener and delivers the current state to it at once. */
    private fun register(collection: List<String>, fail: (Throwable) -> Unit, deliver: () -> Unit): ListenerRegistration {
        val entry = Listener(collection, deliver, fail)
        lock.withLock {
            listeners.add(entry)
            entry.deliver()
        }
        return OnceRegistration {
            lock.withLock {
                entry.isRemoved = true
                listeners.remove(entry)
            }
        }
    }

    /** Lets every listener of the changed collections see the new state, in registration order. */
    private fun notify(changed: Set<List<String>>) {
        for (listener in listeners.toList()) {
            if (!listener.isRemoved && listener.collection in changed) listener.deliver()
        }
    }

    /**
     * Ends every listener on `collection` (its queries and its documents) with `error`, as when
     * Firestore refuses a listener; they are removed.
     */
    fun failListeners(collection: List<String>, error: Throwable) {
        lock.withLock {
            val failing = listeners.filter { it.collection == collection }
            listeners.removeAll(failing)
            for (listener in failing) {
                listener.isRemoved = true
                listener.fail(error)
            }
        }
    }

    // Writing

    /** Applies up to [MAXIMUM_BATCH_SIZE] writes atomically when subscribed, then notifies listeners once. */
    override fun commitBatch(writes: List<DocumentWrite>): Completable = Completable.fromAction { apply(writes) }

    /** Replaces the document at `path`. */
    fun setData(data: DocumentData, path: List<String>) {
        apply(listOf(DocumentWrite.Set(path, data)))
    }

    /** Changes fields of the document at `path`; throws [StoreException.NotFound] if there is none. */
    fun updateData(fields: Map<FieldPath, DocumentValue>, path: List<String>) {
        apply(listOf(DocumentWrite.Update(path, fields)))
    }

    /** Deletes the document at `path`. */
    fun deleteDocument(path: List<String>) {
        apply(listOf(DocumentWrite.Delete(path)))
    }

    /** Applies any number of writes at once, in atomic batches of at most [MAXIMUM_BATCH_SIZE]. */
    fun commit(writes: List<DocumentWrite>) {
        for (batch in writes.chunked(MAXIMUM_BATCH_SIZE)) apply(batch)
    }

    /**
     * Sets every pending server timestamp to `at` (the clock's time by default), as when the
     * writes reach the server, and notifies listeners.
     */
    fun flushPendingWrites(at: Timestamp? = null) {
        lock.withLock {
            val now = at ?: clock()
            val changed = HashSet<List<String>>()
            for ((collection, documents) in collections) {
                for (entry in documents.entries) {
                    if (entry.value.values.any { containsServerTimestamp(it) }) {
                        entry.setValue(entry.value.mapValues { settingServerTimestamps(it.value, now) })
                        changed.add(collection)
                    }
                }
            }
            notify(changed)
        }
    }

    /** Applies one batch atomically and notifies; throws a [StoreException] and changes nothing on failure. */
    private fun apply(writes: List<DocumentWrite>) {
        if (writes.size > MAXIMUM_BATCH_SIZE) throw StoreException.BatchTooLarge(writes.size)
        for (write in writes) StorePaths.check(write.path, false)
        lock.withLock {
            val now = clock()
            val undo = ArrayList<() -> Unit>()
            try {
                for (write in writes) {
                    val documents = collections.getOrPut(write.path.dropLast(1)) { HashMap() }
                    val id = write.path.last()
                    val previous = documents[id]
                    undo.add { if (previous == null) documents.remove(id) else documents[id] = previous }
                    when (write) {
                        is DocumentWrite.Set -> documents[id] = resolve(write.data, now)
                        is DocumentWrite.Update -> {
                            val data = HashMap(previous ?: throw StoreException.NotFound(write.path))
                            for ((field, value) in write.fields) set(data, field.keys, resolve(value, now))
                            documents[id] = data
                        }
                        is DocumentWrite.Delete -> documents.remove(id)
                    }
                }
            } catch (error: Throwable) {
                undo.asReversed().forEach { it() }
                throw error
            }
            notify(writes.map { it.path.dropLast(1) }.toSet())
        }
    }

    /** Written data with server timestamps set to the batch's time, unless they stay pending. */
    private fun resolve(data: DocumentData, now: Timestamp): DocumentData =
        if (pendingWrites) HashMap(data) else data.mapValues { resolve(it.value, now) }

    private fun resolve(value: DocumentValue, now: Timestamp): DocumentValue =
        if (pendingWrites || !containsServerTimestamp(value)) value else settingServerTimestamps(value, now)

    private fun containsServerTimestamp(value: DocumentValue): Boolean = when (value) {
        is DocumentValue.ServerTimestamp -> true
        is DocumentValue.ArrayValue -> value.values.any { containsServerTimestamp(it) }
        is DocumentValue.MapValue -> value.fields.values.any { containsServerTimestamp(it) }
        else -> false
    }

    private fun settingServerTimestamps(value: DocumentValue, time: Timestamp): DocumentValue = when (value) {
        is DocumentValue.ServerTimestamp -> DocumentValue.TimestampValue(time)
        is DocumentValue.ArrayValue -> DocumentValue.ArrayValue(value.values.map { settingServerTimestamps(it, time) })
        is DocumentValue.MapValue -> DocumentValue.MapValue(value.fields.mapValues { settingServerTimestamps(it.value, time) })
        else -> value
    }

    /** Sets the value at a path of keys, creating maps on the way as Firestore's update does. */
    private fun set(data: MutableMap<String, DocumentValue>, keys: List<String>, value: DocumentValue) {
        val first = keys.firstOrNull() ?: return
        if (keys.size == 1) {
            data[first] = value
            return
        }
        val inner = HashMap((data[first] as? DocumentValue.MapValue)?.fields ?: emptyMap())
        set(inner, keys.drop(1), value)
        data[first] = DocumentValue.MapValue(inner)
    }
}
