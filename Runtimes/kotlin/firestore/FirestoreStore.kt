// A DocumentStore backed by Cloud Firestore, for Android apps that use the Firebase SDK
// (com.google.firebase:firebase-firestore: 24.4.5 or later for `or` filters, 25.0.0 or later for
// inequalities on several fields). The Firebase SDK is not a dependency of this repository: its
// tests compile this folder against a declaration-only description of the SDK calls it makes
// (Tests/FirestoreSDK/kotlin). A project without Firebase leaves it out with the setting
// `kotlin: { firestoreAdapter: false }`. Values and
// documents convert in FirestoreValues.kt, writes reach the SDK through FirestoreWrites.kt.
package modelgen.runtime.firestore

import com.google.android.gms.tasks.Task
import com.google.firebase.firestore.DocumentReference
import com.google.firebase.firestore.Filter
import com.google.firebase.firestore.FirebaseFirestore
import com.google.firebase.firestore.Query
import com.google.firebase.firestore.Transaction
import com.google.firebase.firestore.TransactionOptions
import java.util.concurrent.CancellationException
import java.util.concurrent.Executor
import java.util.concurrent.Executors
import modelgen.runtime.DocumentSnapshot
import modelgen.runtime.DocumentStore
import modelgen.runtime.DocumentTransaction
import modelgen.runtime.DocumentWrite
import modelgen.runtime.FirestoreRules
import modelgen.runtime.ListenerRegistration
import modelgen.runtime.OnceRegistration
import modelgen.runtime.QueryBound
import modelgen.runtime.QueryFilter
import modelgen.runtime.QueryOperator
import modelgen.runtime.QuerySnapshot
import modelgen.runtime.RecordingTransaction
import modelgen.runtime.StoreException
import modelgen.runtime.StorePaths
import modelgen.runtime.StoreQuery
import modelgen.runtime.checkAttempts
import modelgen.runtime.checkPreconditions
import modelgen.runtime.conditionalPaths

/**
 * A [DocumentStore] that reads and writes Cloud Firestore through the Firebase Android SDK.
 *
 * Every query and write is checked by Firestore's rules, as [modelgen.runtime.InMemoryStore] checks
 * them ([FirestoreRules]), before any SDK call: what Firestore refuses fails with the same
 * [StoreException] in both stores, and the SDK never throws for it; an id holding a '/' never
 * addresses another document. Server timestamps that are written but not yet synced arrive as
 * [DocumentValue.ServerTimestamp]: null under Firestore's default behaviour, set under its
 * estimate, which is how a pending one is told apart from a stored null. Listeners are called
 * back on the main thread and streams decode on their own scheduler; one-shot reads, commits and
 * transactions complete on [completionExecutor] once the SDK answers, so a read decodes off the
 * main thread (what the store refuses completes at once, on the caller's thread).
 */
class FirestoreStore(
    /** The database used. */
    val firestore: FirebaseFirestore = FirebaseFirestore.getInstance(),
    /** Where the one-shot calls' completions run: by default a pool of background threads. */
    private val completionExecutor: Executor = background
) : DocumentStore {
    override fun addQueryListener(
        query: StoreQuery,
        onSnapshot: (QuerySnapshot) -> Unit,
        onError: (Throwable) -> Unit
    ): ListenerRegistration {
        val firestoreQuery = try {
            firestoreQuery(query)
        } catch (error: Exception) {
            onError(error)
            return OnceRegistration {}
        }
        if (firestoreQuery == null) {
            // A limit (or limit to last) below 1: no document, whatever changes; one empty snapshot, as the in-memory store sends.
            onSnapshot(QuerySnapshot(emptyList(), emptyList()))
            return OnceRegistration {}
        }
        val registration = firestoreQuery.addSnapshotListener { snapshot, error ->
            if (error != null) {
                onError(error)
            } else if (snapshot != null) {
                val documents = snapshot.documents.map { FirestoreValues.snapshot(it) }
                onSnapshot(QuerySnapshot(documents, snapshot.documentChanges.map { FirestoreValues.change(it) }))
            }
        }
        return OnceRegistration { registration.remove() }
    }

    override fun addDocumentListener(
        path: List<String>,
        onSnapshot: (DocumentSnapshot?) -> Unit,
        onError: (Throwable) -> Unit
    ): ListenerRegistration {
        val reference = try {
            StorePaths.check(path, false)
            document(path)
        } catch (error: Exception) {
            onError(error)
            return OnceRegistration {}
        }
        val registration = reference.addSnapshotListener { snapshot, error ->
            if (error != null) {
                onError(error)
            } else if (snapshot != null) {
                onSnapshot(if (snapshot.exists()) FirestoreValues.snapshot(snapshot) else null)
            }
        }
        return OnceRegistration { registration.remove() }
    }

    override fun getDocuments(query: StoreQuery, completion: (Result<List<DocumentSnapshot>>) -> Unit) {
        val task = try {
            firestoreQuery(query)?.get()
        } catch (error: Exception) {
            return completion(Result.failure(error))
        }
        // A limit (or limit to last) below 1: no document.
        if (task == null) return completion(Result.success(emptyList()))
        task.whenDone(completion) { result ->
            result?.documents?.map { FirestoreValues.snapshot(it) } ?: throw IllegalStateException("Firestore returned no snapshot")
        }
    }

    override fun getDocument(path: List<String>, completion: (Result<DocumentSnapshot?>) -> Unit) {
        val task = try {
            StorePaths.check(path, false)
            document(path).get()
        } catch (error: Exception) {
            return completion(Result.failure(error))
        }
        task.whenDone(completion) { result -> if (result != null && result.exists()) FirestoreValues.snapshot(result) else null }
    }

    /**
     * Commits the writes as one batch, or, when one of them has a precondition (a create-only set,
     * a must-exist delete or an unchanged-since update or delete, which the SDK's batches cannot
     * hold), as a transaction that reads their documents first and commits only if they are still
     * as read: such a commit needs the server, and fails offline, as every Firestore transaction
     * does. A batch [FirestoreRules] refuses fails at once, before any SDK call.
     */
    override fun commitBatch(writes: List<DocumentWrite>, completion: (Result<Unit>) -> Unit) {
        val task = try {
            // The commit's size, then every write, are checked before the batch holds any.
            FirestoreRules.checkSize(writes)
            for (write in writes) FirestoreRules.check(write)
            if (conditionalPaths(writes).isEmpty()) {
                val batch = firestore.batch()
                val calls = BatchWrites(batch, firestore)
                for (write in writes) calls.add(write, document(write.path))
                batch.commit()
            } else {
                firestore.runTransaction(Transaction.Function { transaction -> commit(transaction, writes, emptyMap()) })
            }
        } catch (error: Exception) {
            return completion(Result.failure(error))
        }
        task.whenDone(completion) {}
    }

    /**
     * Runs [body] in a Firestore transaction: the SDK runs it on a thread of its own, retries it
     * when a document it read changed (up to [maxAttempts] attempts, its
     * `TransactionOptions.maxAttempts`, checked here first so that below 1 it fails with
     * [StoreException.InvalidAttempts]), and fails offline. Reads convert as [getDocument]'s; a
     * read after a write fails with [StoreException.ReadAfterWrite]. The writes are buffered until
     * [body] returns, then checked as [commitBatch]'s, the documents of conditional ones read if
     * [body] did not, and handed to the SDK.
     */
    override fun <T : Any> runTransaction(maxAttempts: Int, body: (DocumentTransaction) -> T, completion: (Result<T>) -> Unit) {
        val task = try {
            checkAttempts(maxAttempts)
            val options = TransactionOptions.Builder().setMaxAttempts(maxAttempts).build()
            firestore.runTransaction(options, Transaction.Function<T> { transaction ->
                val attempt = RecordingTransaction { path -> read(transaction, path) }
                val result = body(attempt)
                FirestoreRules.checkSize(attempt.writes)
                for (write in attempt.writes) FirestoreRules.check(write)
                commit(transaction, attempt.writes, attempt.reads)
                result
            })
        } catch (error: Exception) {
            return completion(Result.failure(error))
        }
        task.whenDone(completion) { result -> result ?: throw IllegalStateException("Firestore returned no result") }
    }

    /** The document at [path] read with [transaction], or null when there is none. */
    private fun read(transaction: Transaction, path: List<String>): DocumentSnapshot? {
        val snapshot = transaction.get(document(path))
        return if (snapshot.exists()) FirestoreValues.snapshot(snapshot) else null
    }

    /**
     * Adds [writes], checked by [FirestoreRules], to [transaction] once their preconditions hold:
     * the documents of conditional writes (their data, for an unchanged-since write's comparison)
     * are taken from [reads] (what the transaction read, by path) or read now, before any write;
     * a failed precondition throws its [StoreException], which ends the transaction with nothing
     * written. If a document read changes before the commit, the SDK runs the transaction again.
     */
    private fun commit(transaction: Transaction, writes: List<DocumentWrite>, reads: Map<List<String>, DocumentSnapshot?>) {
        val stored = conditionalPaths(writes).associateWith { path ->
            (if (reads.containsKey(path)) reads[path] else read(transaction, path))?.data
        }
        checkPreconditions(writes) { stored.getValue(it) }
        val calls = TransactionWrites(transaction, firestore)
        for (write in writes) calls.add(write, document(write.path))
    }

    private fun document(path: List<String>): DocumentReference = firestore.document(path.joinToString("/"))

    /**
     * The query as the SDK takes it, once [FirestoreRules] has checked it (throwing what it
     * refuses), or null when no document can match: a limit (or limit to last) below 1, which the
     * SDK refuses and the in-memory store answers with no document.
     */
    private fun firestoreQuery(query: StoreQuery): Query? {
        FirestoreRules.check(query)
        val limit = query.limit
        val limitToLast = query.limitToLast
        val count = limit ?: limitToLast
        if (count != null && count < 1) return null
        var result: Query = if (query.isCollectionGroup) {
            firestore.collectionGroup(query.collection[0])
        } else {
            firestore.collection(query.collection.joinToString("/"))
        }
        val filter = query.filter?.let { sdkFilter(it) }
        if (filter != null) result = result.where(filter)
        for (order in query.orderBy) {
            val direction = if (order.descending) Query.Direction.DESCENDING else Query.Direction.ASCENDING
            result = result.orderBy(FirestoreValues.fieldPath(order.field), direction)
        }
        if (limit != null) result = result.limit(limit.toLong())
        if (limitToLast != null) result = result.limitToLast(limitToLast.toLong())
        // As asked: the SDK swaps the bounds itself for limitToLast.
        query.start?.let { start ->
            val values = cursorValues(start)
            result = if (start.inclusive) result.startAt(*values) else result.startAfter(*values)
        }
        query.end?.let { end ->
            val values = cursorValues(end)
            result = if (end.inclusive) result.endAt(*values) else result.endBefore(*values)
        }
        return result
    }

    /** A checked bound's values as the SDK's cursor calls take them: as filter values, a document id as its plain id. */
    private fun cursorValues(bound: QueryBound): Array<Any?> = bound.values.map { FirestoreValues.sdkValue(it, firestore) }.toTypedArray()

    /**
     * The SDK's filter for a checked [QueryFilter], or null for an `and` or an `or` of no
     * comparison, which the SDKs drop as filtering nothing (see [QueryFilter.isEmpty]).
     */
    private fun sdkFilter(filter: QueryFilter): Filter? = when (filter) {
        is QueryFilter.And -> filter.filters.mapNotNull { sdkFilter(it) }.let { filters ->
            if (filters.size > 1) Filter.and(*filters.toTypedArray()) else filters.firstOrNull()
        }
        is QueryFilter.Or -> filter.filters.mapNotNull { sdkFilter(it) }.let { filters ->
            if (filters.size > 1) Filter.or(*filters.toTypedArray()) else filters.firstOrNull()
        }
        is QueryFilter.Compare -> {
            val path = FirestoreValues.fieldPath(filter.field)
            val operand = FirestoreValues.sdkValue(filter.value, firestore)
            when (filter.op) {
                QueryOperator.EQUAL -> Filter.equalTo(path, operand)
                QueryOperator.NOT_EQUAL -> Filter.notEqualTo(path, operand)
                QueryOperator.LESS -> Filter.lessThan(path, operand)
                QueryOperator.LESS_OR_EQUAL -> Filter.lessThanOrEqualTo(path, operand)
                QueryOperator.GREATER -> Filter.greaterThan(path, operand)
                QueryOperator.GREATER_OR_EQUAL -> Filter.greaterThanOrEqualTo(path, operand)
                QueryOperator.ARRAY_CONTAINS -> Filter.arrayContains(path, operand)
                // The checks leave a non-empty list.
                QueryOperator.IN -> Filter.inArray(path, operand as List<*>)
                QueryOperator.NOT_IN -> Filter.notInArray(path, operand as List<*>)
                QueryOperator.ARRAY_CONTAINS_ANY -> Filter.arrayContainsAny(path, operand as List<*>)
            }
        }
    }

    /**
     * Calls `completion` once the task is done, on [completionExecutor] (not on the main thread,
     * where the SDK calls back by default): with what `convert` makes of its result, or with the
     * error it throws, or with the task's error when it failed or was cancelled.
     */
    private fun <T, R> Task<T>.whenDone(completion: (Result<R>) -> Unit, convert: (T?) -> R) {
        addOnCompleteListener(completionExecutor) { task ->
            completion(
                if (task.isSuccessful) runCatching { convert(task.result) }
                else Result.failure(task.exception ?: CancellationException("the Firestore task was cancelled"))
            )
        }
    }

    private companion object {
        /** The default [completionExecutor]: background threads, made as needed, that do not keep the process alive. */
        val background: Executor = Executors.newCachedThreadPool { runnable -> Thread(runnable, "modelgen-firestore").apply { isDaemon = true } }
    }
}
