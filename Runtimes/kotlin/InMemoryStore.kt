package modelgen.runtime

import java.util.concurrent.locks.ReentrantLock
import kotlin.concurrent.withLock

/**
 * A [DocumentStore] held in memory, with Firestore's query semantics: for tests, previews and
 * offline demos.
 *
 * It is safe to use from any thread. Listeners are called synchronously, in the order they
 * were added: first when added, then after each write or batch that changes what they see. A
 * listener may write to the store; listeners after it then see the newest state once. One-shot
 * calls complete before they return, but for a [commitBatch] with `pendingWrites`.
 *
 * With `pendingWrites`, a [DocumentValue.ServerTimestamp] written stays pending (it reads as
 * null and sorts after every timestamp), and a [commitBatch] unacknowledged, until
 * [flushPendingWrites], as in a Firestore client that has not synced yet; without it, a server
 * timestamp is set to `clock()` when written, and a batch acknowledged when applied.
 *
 * It refuses the queries and writes Firestore refuses, by [FirestoreRules]: a refused query fails
 * a one-shot read and reaches a listener as its error; a refused batch fails at once, unapplied.
 * It keeps timestamps to the microsecond, as Firestore does.
 */
class InMemoryStore(
    private val pendingWrites: Boolean = false,
    private val clock: () -> Timestamp = { Timestamp.now() }
) : DocumentStore {
    private val lock = ReentrantLock()
    /** Collection path → document id → document. */
    private val collections = HashMap<List<String>, HashMap<String, DocumentSnapshot>>()

    /**
     * Each document's version: a new one whenever its data changes or it is created, as
     * Firestore gives a document a new update time (a write that changes nothing keeps it).
     */
    private val versions = HashMap<List<String>, Long>()
    private var lastVersion = 0L
    private val listeners = ArrayList<Listener>()
    /** The completions of the batches committed with `pendingWrites` since the last flush, in commit order. */
    private val unacknowledged = ArrayList<(Result<Unit>) -> Unit>()

    /**
     * A registered listener; its state is guarded by the store's lock. `reads` says whether it
     * sees a collection's documents; `record` takes in a change to one of them, before `deliver`.
     */
    private class Listener(
        val reads: (List<String>) -> Boolean,
        val record: (old: DocumentSnapshot?, new: DocumentSnapshot?) -> Unit,
        val deliver: () -> Unit,
        val fail: (Throwable) -> Unit
    ) {
        var isRemoved = false
    }

    // Reading

    override fun getDocuments(query: StoreQuery, completion: (Result<List<DocumentSnapshot>>) -> Unit) {
        completion(runCatching {
            FirestoreRules.check(query)
            lock.withLock { results(query) }
        })
    }

    override fun getDocument(path: List<String>, completion: (Result<DocumentSnapshot?>) -> Unit) {
        completion(runCatching {
            StorePaths.check(path, false)
            lock.withLock { document(path) }
        })
    }

    /** How many listeners are active: zero once every stream has been disposed. */
    val listenerCount: Int
        get() = lock.withLock { listeners.size }

    private fun results(query: StoreQuery): List<DocumentSnapshot> = QueryEngine.run(query, documents(query))

    /** The documents of the collection `query` reads, or of every collection of its group. */
    private fun documents(query: StoreQuery): Collection<DocumentSnapshot> =
        if (!query.isCollectionGroup) collections[query.collection]?.values ?: emptyList<DocumentSnapshot>()
        else collections.filterKeys { query.reads(it) }.values.flatMap { it.values }

    private fun document(path: List<String>): DocumentSnapshot? = collections[path.dropLast(1)]?.get(path.last())

    // Listening

    override fun addQueryListener(
        query: StoreQuery,
        onSnapshot: (QuerySnapshot) -> Unit,
        onError: (Throwable) -> Unit
    ): ListenerRegistration {
        try {
            FirestoreRules.check(query)
        } catch (error: StoreException) {
            onError(error)
            return OnceRegistration {}
        }
        // The view, the changes it has not taken in yet, and the last snapshot, guarded by the
        // store's lock. Every SNAPSHOT_STRIDEth snapshot copies its documents, which keeps the chain
        // a late read walks back short (see QuerySnapshot.after).
        var view: QueryView? = null
        val pending = ArrayList<Pair<DocumentSnapshot?, DocumentSnapshot?>>()
        var last: QuerySnapshot? = null
        var count = 0
        return register({ query.reads(it) }, { old, new -> pending.add(Pair(old, new)) }, onError) {
            val current = view
            val before = last
            if (current == null || before == null) {
                val first = QueryView(query, documents(query))
                view = first
                val documents = ArrayList(first.documents)
                val snapshot = QuerySnapshot(documents, documents.mapIndexed { index, document -> DocumentChange.Added(document, index) })
                last = snapshot
                onSnapshot(snapshot)
            } else {
                val changes = pending.flatMap { (old, new) -> current.update(old, new) }
                pending.clear()
                if (changes.isNotEmpty()) {
                    count += 1
                    val snapshot = if (count % SNAPSHOT_STRIDE == 0) QuerySnapshot(ArrayList(current.documents), changes) else QuerySnapshot.after(before, changes)
                    last = snapshot
                    onSnapshot(snapshot)
                }
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
        val collection = path.dropLast(1)
        return register({ it == collection }, { _, _ -> }, onError) {
            val current = document(path)
            if (!delivered || current != last) {
                delivered = true
                last = current
                onSnapshot(current)
            }
        }
    }

    /** Adds a listener and delivers the current state to it at once. */
    private fun register(
        reads: (List<String>) -> Boolean,
        record: (DocumentSnapshot?, DocumentSnapshot?) -> Unit,
        fail: (Throwable) -> Unit,
        deliver: () -> Unit
    ): ListenerRegistration {
        val entry = Listener(reads, record, deliver, fail)
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
            if (!listener.isRemoved && changed.any(listener.reads)) listener.deliver()
        }
    }

    /**
     * Ends every listener that reads `collection` (its queries, its documents, and collection
     * groups holding it) with `error`, as when Firestore refuses a listener; they are removed.
     */
    fun failListeners(collection: List<String>, error: Throwable) {
        lock.withLock {
            val failing = listeners.filter { it.reads(collection) }
            listeners.removeAll(failing)
            for (listener in failing) {
                listener.isRemoved = true
                listener.fail(error)
            }
        }
    }

    // Writing

    /**
     * Applies the writes atomically, then notifies listeners once; acknowledges them at once, or
     * with `pendingWrites` on the next [flushPendingWrites]. A refused batch fails at once.
     */
    override fun commitBatch(writes: List<DocumentWrite>, completion: (Result<Unit>) -> Unit) {
        val applied = lock.withLock {
            runCatching { apply(writes) }.onSuccess { if (pendingWrites) unacknowledged.add(completion) }
        }
        if (applied.isFailure || !pendingWrites) completion(applied)
    }

    /**
     * Runs [body] as a transaction now, without holding the store's lock while it runs, and
     * commits each attempt as one batch; with `pendingWrites` it fails at once with
     * [StoreException.Offline], as a Firestore transaction needs the server.
     */
    override fun <T : Any> runTransaction(maxAttempts: Int, body: (DocumentTransaction) -> T, completion: (Result<T>) -> Unit) {
        completion(runCatching {
            checkAttempts(maxAttempts)
            if (pendingWrites) throw StoreException.Offline()
            // The version of each document an attempt read, when it read it: Firestore compares
            // update times, so a document deleted and made again with the same data has changed.
            val versionsRead = HashMap<List<String>, Long?>()
            runTransactionAttempts(maxAttempts, { path -> lock.withLock { versionsRead[path] = versions[path]; document(path) } }, { reads, writes ->
                lock.withLock {
                    val unchanged = reads.keys.all { path -> versions[path] == versionsRead[path] }
                    versionsRead.clear()
                    if (unchanged) apply(writes)
                    unchanged
                }
            }, body)
        })
    }

    /** Replaces the document at `path`. */
    fun setData(data: DocumentData, path: List<String>) {
        apply(listOf(DocumentWrite.Set(path, data)))
    }

    /**
     * Changes fields of the document at `path`; throws [StoreException.NotFound] if there is none,
     * and what [FirestoreRules] throws for an update Firestore refuses.
     */
    fun updateData(fields: Map<FieldPath, FieldUpdate>, path: List<String>) {
        apply(listOf(DocumentWrite.Update(path, fields)))
    }

    /** Deletes the document at `path`. */
    fun deleteDocument(path: List<String>) {
        apply(listOf(DocumentWrite.Delete(path)))
    }

    /** Applies the writes atomically, now. */
    fun commit(writes: List<DocumentWrite>) {
        apply(writes)
    }

    /**
     * Sets every pending server timestamp to `at` (the clock's time by default), as when the
     * writes reach the server, notifies listeners, then acknowledges the batches committed so far,
     * in commit order.
     */
    fun flushPendingWrites(at: Timestamp? = null) {
        lock.withLock {
            val now = (at ?: clock()).truncatedToMicroseconds()
            val updates = ArrayList<Pair<List<String>, DocumentSnapshot?>>()
            for ((collection, documents) in collections) {
                for (document in documents.values) {
                    if (document.data.values.any { containsServerTimestamp(it) }) {
                        val data = document.data.mapValues { settingServerTimestamps(it.value, now) }
                        updates.add(Pair(collection + document.id, DocumentSnapshot(document.id, data, document.parent)))
                    }
                }
            }
            store(updates.sortedWith(Comparator { a, b -> CodePoints.compare(a.first.joinToString("/"), b.first.joinToString("/")) }))
            val acknowledged = unacknowledged.toList()
            unacknowledged.clear()
            for (completion in acknowledged) completion(Result.success(Unit))
        }
    }

    /**
     * Applies one batch atomically and notifies; throws a [StoreException] and changes nothing on
     * failure: the commit's size, then every write, are checked by [FirestoreRules] before any
     * document is looked at, then each write in order against its document as the earlier writes
     * leave it (an update's, and the preconditions of create-only sets, must-exist deletes and
     * unchanged-since writes, which count a document an earlier write of the batch wrote as changed).
     */
    private fun apply(writes: List<DocumentWrite>) {
        FirestoreRules.checkSize(writes)
        for (write in writes) FirestoreRules.check(write)
        lock.withLock {
            val now = clock().truncatedToMicroseconds()
            // Each written document's new state (null: deleted), in the order first written.
            val staged = LinkedHashMap<List<String>, DocumentSnapshot?>()
            val preconditions = Preconditions()
            for (write in writes) {
                val current = if (staged.containsKey(write.path)) staged[write.path] else document(write.path)
                preconditions.check(write) { document(it)?.data }
                val id = write.path.last()
                val parent = write.path.dropLast(1)
                staged[write.path] = when (write) {
                    is DocumentWrite.Set -> DocumentSnapshot(id, resolve(write.data, now), parent)
                    is DocumentWrite.Update -> {
                        val data = HashMap((current ?: throw StoreException.NotFound(write.path)).data)
                        for ((field, update) in write.fields) FieldUpdates.apply(data, field, resolve(update, now))
                        DocumentSnapshot(id, data, parent)
                    }
                    is DocumentWrite.Merge -> {
                        val data = HashMap(current?.data ?: emptyMap())
                        for ((field, update) in write.fields) FieldUpdates.merge(data, field, resolve(update, now))
                        DocumentSnapshot(id, data, parent)
                    }
                    is DocumentWrite.Delete -> null
                }
            }
            for (document in staged.values) if (document != null) DocumentLimits.check(document)
            store(staged.map { Pair(it.key, it.value) })
        }
    }

    /**
     * Stores documents by path (null: deleted), lets each changed one's listeners take in the
     * change, then notifies them. Must hold the lock.
     */
    private fun store(documents: List<Pair<List<String>, DocumentSnapshot?>>) {
        val changed = HashSet<List<String>>()
        for ((path, document) in documents) {
            val old = document(path)
            if (old == document) continue
            val collection = path.dropLast(1)
            if (document == null) collections[collection]?.remove(path.last()) else collections.getOrPut(collection) { HashMap() }[path.last()] = document
            lastVersion += 1
            if (document == null) versions.remove(path) else versions[path] = lastVersion
            changed.add(collection)
            for (listener in listeners) {
                if (!listener.isRemoved && listener.reads(collection)) listener.record(old, document)
            }
        }
        notify(changed)
    }

    /**
     * Written data as the store keeps it: timestamps to the microsecond (see [Timestamp.truncatedToMicroseconds]),
     * server timestamps set to the batch's time (`now`, to the microsecond), unless they stay pending.
     */
    private fun resolve(data: DocumentData, now: Timestamp): DocumentData = data.mapValues { resolve(it.value, now) }

    private fun resolve(value: DocumentValue, now: Timestamp): DocumentValue = when (value) {
        is DocumentValue.TimestampValue -> DocumentValue.TimestampValue(value.value.truncatedToMicroseconds())
        is DocumentValue.ServerTimestamp -> if (pendingWrites) value else DocumentValue.TimestampValue(now)
        is DocumentValue.ArrayValue -> DocumentValue.ArrayValue(value.values.map { resolve(it, now) })
        is DocumentValue.MapValue -> DocumentValue.MapValue(value.fields.mapValues { resolve(it.value, now) })
        else -> value
    }

    private fun resolve(update: FieldUpdate, now: Timestamp): FieldUpdate = when (update) {
        is FieldUpdate.Value -> FieldUpdate.Value(resolve(update.value, now))
        is FieldUpdate.ArrayUnion -> FieldUpdate.ArrayUnion(update.values.map { resolve(it, now) })
        // Removes the values as stored, to the microsecond; they hold no server timestamp.
        is FieldUpdate.ArrayRemove -> FieldUpdate.ArrayRemove(update.values.map { resolve(it, now) })
        else -> update
    }

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
}

/** Every how many snapshots of one query listener the store copies the documents rather than leaving them to be worked out. */
private const val SNAPSHOT_STRIDE = 64
