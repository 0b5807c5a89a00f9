// A DocumentStore backed by Cloud Firestore, for Android apps that use the Firebase SDK
// (com.google.firebase:firebase-firestore: 24.4.5 or later for `or` filters, 25.0.0 or later for
// inequalities on several fields). The Firebase SDK is not a dependency of this repository: its
// tests compile this file against a declaration-only description of the SDK calls it makes
// (Tests/FirestoreSDK/kotlin). A project without Firebase can delete this folder.
package modelgen.runtime.firestore

import com.google.android.gms.tasks.Task
import com.google.firebase.firestore.DocumentReference
import com.google.firebase.firestore.FieldValue
import com.google.firebase.firestore.Filter
import com.google.firebase.firestore.FirebaseFirestore
import com.google.firebase.firestore.Query
import com.google.firebase.firestore.SetOptions
import com.google.firebase.firestore.Transaction
import com.google.firebase.firestore.WriteBatch
import io.reactivex.rxjava3.core.Completable
import io.reactivex.rxjava3.core.Maybe
import io.reactivex.rxjava3.core.Single
import java.util.concurrent.CancellationException
import modelgen.runtime.DocumentChange
import modelgen.runtime.DocumentSnapshot
import modelgen.runtime.DocumentStore
import modelgen.runtime.DocumentTransaction
import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.FieldPath
import modelgen.runtime.FieldUpdate
import modelgen.runtime.FieldUpdates
import modelgen.runtime.ListenerRegistration
import modelgen.runtime.MAXIMUM_BATCH_SIZE
import modelgen.runtime.OnceRegistration
import modelgen.runtime.QueryFilter
import modelgen.runtime.QueryOperator
import modelgen.runtime.QuerySnapshot
import modelgen.runtime.StoreException
import modelgen.runtime.StorePaths
import modelgen.runtime.StoreQuery
import modelgen.runtime.Timestamp
import com.google.firebase.Timestamp as FirebaseTimestamp
import com.google.firebase.firestore.DocumentChange as FirebaseChange
import com.google.firebase.firestore.DocumentSnapshot as FirebaseSnapshot
import com.google.firebase.firestore.FieldPath as FirebaseFieldPath

/**
 * A [DocumentStore] that reads and writes Cloud Firestore through the Firebase Android SDK.
 *
 * Paths are checked as [modelgen.runtime.InMemoryStore] checks them, so an id holding a '/' never addresses
 * another document. Server timestamps that are written but not yet synced arrive as
 * [DocumentValue.ServerTimestamp]: null under Firestore's default behaviour, set under its
 * estimate, which is how a pending one is told apart from a stored null. Firestore calls back on
 * the main thread; streams decode on their own scheduler.
 */
class FirestoreStore(
    /** The database used. */
    val firestore: FirebaseFirestore = FirebaseFirestore.getInstance()
) : DocumentStore {
    override fun addQueryListener(
        query: StoreQuery,
        onSnapshot: (QuerySnapshot) -> Unit,
        onError: (Throwable) -> Unit
    ): ListenerRegistration {
        val firestoreQuery = try {
            StorePaths.check(query.collection, true)
            firestoreQuery(query)
        } catch (error: Exception) {
            onError(error)
            return OnceRegistration {}
        }
        if (firestoreQuery == null) {
            // No document can match, and nothing can change that: one empty snapshot, as the in-memory store sends.
            onSnapshot(QuerySnapshot(emptyList(), emptyList()))
            return OnceRegistration {}
        }
        val registration = firestoreQuery.addSnapshotListener { snapshot, error ->
            if (error != null) {
                onError(error)
            } else if (snapshot != null) {
                onSnapshot(QuerySnapshot(snapshot.documents.map { convert(it) }, snapshot.documentChanges.map { convert(it) }))
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
                onSnapshot(if (snapshot.exists()) convert(snapshot) else null)
            }
        }
        return OnceRegistration { registration.remove() }
    }

    override fun getDocuments(query: StoreQuery): Single<List<DocumentSnapshot>> = Single.defer {
        StorePaths.check(query.collection, true)
        val target = firestoreQuery(query) ?: return@defer Single.just(emptyList<DocumentSnapshot>())
        val task = target.get()
        Single.create<List<DocumentSnapshot>> { emitter ->
            task.whenDone({ result ->
                if (result == null) {
                    emitter.tryOnError(IllegalStateException("Firestore returned no snapshot"))
                } else {
                    emitter.onSuccess(result.documents.map { convert(it) })
                }
            }, { emitter.tryOnError(it) })
        }
    }

    override fun getDocument(path: List<String>): Maybe<DocumentSnapshot> = Maybe.defer {
        StorePaths.check(path, false)
        val task = document(path).get()
        Maybe.create<DocumentSnapshot> { emitter ->
            task.whenDone({ result ->
                if (result != null && result.exists()) emitter.onSuccess(convert(result)) else emitter.onComplete()
            }, { emitter.tryOnError(it) })
        }
    }

    override fun commitBatch(writes: List<DocumentWrite>): Completable = Completable.defer {
        if (writes.size > MAXIMUM_BATCH_SIZE) throw StoreException.BatchTooLarge(writes.size)
        for (write in writes) checkWrite(write)
        val batch = firestore.batch()
        val calls = BatchCalls(batch)
        for (write in writes) add(write, calls)
        val task = batch.commit()
        Completable.create { emitter -> task.whenDone({ emitter.onComplete() }, { emitter.tryOnError(it) }) }
    }

    /**
     * Runs [body] in a Firestore transaction when subscribed: the SDK runs it on a thread of its
     * own, retries it when a document it read changed (up to 5 attempts, as
     * [modelgen.runtime.MAXIMUM_TRANSACTION_ATTEMPTS]), and fails offline. Reads convert as
     * [getDocument]'s, writes as [commitBatch]'s; the SDK refuses a read after a write.
     */
    override fun <T : Any> runTransaction(body: (DocumentTransaction) -> T): Single<T> = Single.defer {
        val task = firestore.runTransaction(Transaction.Function<T> { transaction -> body(FirestoreTransaction(transaction)) })
        Single.create<T> { emitter ->
            task.whenDone({ result ->
                if (result == null) emitter.tryOnError(IllegalStateException("Firestore returned no result")) else emitter.onSuccess(result)
            }, { emitter.tryOnError(it) })
        }
    }

    /** The reads and writes of one attempt of a Firestore transaction. */
    private inner class FirestoreTransaction(private val transaction: Transaction) : DocumentTransaction {
        private val calls = TransactionCalls(transaction)

        override fun get(path: List<String>): DocumentSnapshot? {
            StorePaths.check(path, false)
            val snapshot = transaction.get(document(path))
            return if (snapshot.exists()) convert(snapshot) else null
        }

        override fun write(write: DocumentWrite) {
            checkWrite(write)
            add(write, calls)
        }
    }

    private fun document(path: List<String>): DocumentReference = firestore.document(path.joinToString("/"))

    /** Throws the [StoreException] the in-memory store would for a write of a bad path or overlapping fields. */
    private fun checkWrite(write: DocumentWrite) {
        StorePaths.check(write.path, false)
        val fields = (write as? DocumentWrite.Update)?.fields ?: (write as? DocumentWrite.Merge)?.fields
        if (fields != null) FieldUpdates.overlap(fields.keys)?.let { throw StoreException.OverlappingFields(it.first, it.second) }
    }

    /**
     * Adds [write] to a batch or a transaction; an update names fields by path (not dotted
     * strings), so a key holding a '.' stays one key.
     */
    private fun add(write: DocumentWrite, calls: WriteCalls) {
        val reference = document(write.path)
        when (write) {
            is DocumentWrite.Set -> calls.set(reference, write.data.mapValues { firestoreValue(it.value) }, null)
            is DocumentWrite.Merge -> calls.set(reference, nested(write.fields), SetOptions.merge())
            is DocumentWrite.Delete -> calls.delete(reference)
            is DocumentWrite.Update -> {
                val entries = write.fields.entries.toList()
                if (entries.isEmpty()) {
                    calls.update(reference, emptyMap())
                    return
                }
                val more = ArrayList<Any?>()
                for (entry in entries.drop(1)) {
                    more.add(fieldPath(entry.key))
                    more.add(firestoreUpdate(entry.value, entry.key))
                }
                calls.update(reference, fieldPath(entries[0].key), firestoreUpdate(entries[0].value, entries[0].key), more.toTypedArray())
            }
        }
    }

    /** The write calls that a [WriteBatch] and a [Transaction] both take, under the same names but with no common type. */
    private interface WriteCalls {
        fun set(reference: DocumentReference, data: Map<String, Any?>, options: SetOptions?)
        fun update(reference: DocumentReference, data: Map<String, Any>)
        fun update(reference: DocumentReference, field: FirebaseFieldPath, value: Any?, more: Array<Any?>)
        fun delete(reference: DocumentReference)
    }

    private class BatchCalls(private val batch: WriteBatch) : WriteCalls {
        override fun set(reference: DocumentReference, data: Map<String, Any?>, options: SetOptions?) {
            if (options == null) batch.set(reference, data) else batch.set(reference, data, options)
        }

        override fun update(reference: DocumentReference, data: Map<String, Any>) { batch.update(reference, data) }

        override fun update(reference: DocumentReference, field: FirebaseFieldPath, value: Any?, more: Array<Any?>) {
            batch.update(reference, field, value, *more)
        }

        override fun delete(reference: DocumentReference) { batch.delete(reference) }
    }

    private class TransactionCalls(private val transaction: Transaction) : WriteCalls {
        override fun set(reference: DocumentReference, data: Map<String, Any?>, options: SetOptions?) {
            if (options == null) transaction.set(reference, data) else transaction.set(reference, data, options)
        }

        override fun update(reference: DocumentReference, data: Map<String, Any>) { transaction.update(reference, data) }

        override fun update(reference: DocumentReference, field: FirebaseFieldPath, value: Any?, more: Array<Any?>) {
            transaction.update(reference, field, value, *more)
        }

        override fun delete(reference: DocumentReference) { transaction.delete(reference) }
    }

    /** The nested data a set with merge takes, each update's SDK value at its field's keys. */
    private fun nested(fields: Map<FieldPath, FieldUpdate>): Map<String, Any?> {
        val data = HashMap<String, Any?>()
        for ((field, update) in fields) {
            var level = data
            for (key in field.keys.dropLast(1)) {
                @Suppress("UNCHECKED_CAST")
                level = level.getOrPut(key) { HashMap<String, Any?>() } as HashMap<String, Any?>
            }
            level[field.keys.last()] = firestoreUpdate(update, field)
        }
        return data
    }

    /** A field's update as the SDK takes it: a value or a [FieldValue] transform. */
    private fun firestoreUpdate(update: FieldUpdate, field: FieldPath): Any? = when (update) {
        is FieldUpdate.Value -> firestoreValue(update.value)
        is FieldUpdate.Delete -> FieldValue.delete()
        is FieldUpdate.Increment -> when (val by = update.by) {
            is DocumentValue.IntValue -> FieldValue.increment(by.value)
            is DocumentValue.DoubleValue -> FieldValue.increment(by.value)
            else -> throw StoreException.NotANumber(field)
        }
        is FieldUpdate.ArrayUnion -> FieldValue.arrayUnion(*update.values.map { firestoreValue(it) }.toTypedArray())
        is FieldUpdate.ArrayRemove -> FieldValue.arrayRemove(*update.values.map { firestoreValue(it) }.toTypedArray())
    }

    /**
     * The query as the SDK takes it, or null when its filter matches no document (see [FilterPlan]):
     * the SDK would refuse such a filter, or read it as no filter at all.
     */
    private fun firestoreQuery(query: StoreQuery): Query? {
        var result: Query = firestore.collection(query.collection.joinToString("/"))
        val filter = query.filter
        if (filter != null) {
            when (val plan = filterPlan(filter)) {
                is FilterPlan.NoDocument -> return null
                is FilterPlan.EveryDocument -> {}
                is FilterPlan.Where -> result = result.where(plan.filter)
            }
        }
        for (order in query.orderBy) {
            result = result.orderBy(fieldPath(order.field), if (order.descending) Query.Direction.DESCENDING else Query.Direction.ASCENDING)
        }
        val limit = query.limit
        if (limit != null) result = result.limit(limit.toLong())
        return result
    }

    /**
     * What a [QueryFilter] asks of the SDK. The in-memory store matches no document with an `in`
     * whose value is not a non-empty array, which the SDK refuses when the query is built ("A
     * non-empty array is required for 'in' filters"), nor with an `or` of no filters, which the SDK
     * drops as it drops an `and` of none (every document, in both stores). So those become
     * [NoDocument] or [EveryDocument] here, and are never handed to the SDK.
     */
    private sealed class FilterPlan {
        /** Every document matches: no filter. */
        object EveryDocument : FilterPlan()

        /** No document matches: the query's results are empty without asking the SDK. */
        object NoDocument : FilterPlan()

        /** The documents the SDK's [filter] matches. */
        class Where(val filter: Filter) : FilterPlan()
    }

    private fun filterPlan(filter: QueryFilter): FilterPlan = when (filter) {
        is QueryFilter.And -> {
            val plans = filter.filters.map { filterPlan(it) }
            val filters = plans.mapNotNull { (it as? FilterPlan.Where)?.filter }
            when {
                plans.any { it is FilterPlan.NoDocument } -> FilterPlan.NoDocument
                filters.isEmpty() -> FilterPlan.EveryDocument
                else -> FilterPlan.Where(Filter.and(*filters.toTypedArray()))
            }
        }
        is QueryFilter.Or -> {
            val plans = filter.filters.map { filterPlan(it) }
            val filters = plans.mapNotNull { (it as? FilterPlan.Where)?.filter }
            when {
                plans.any { it is FilterPlan.EveryDocument } -> FilterPlan.EveryDocument
                filters.isEmpty() -> FilterPlan.NoDocument
                else -> FilterPlan.Where(Filter.or(*filters.toTypedArray()))
            }
        }
        is QueryFilter.Compare -> {
            val path = fieldPath(filter.field)
            val operand = firestoreValue(filter.value)
            when (filter.op) {
                QueryOperator.EQUAL -> FilterPlan.Where(Filter.equalTo(path, operand))
                QueryOperator.NOT_EQUAL -> FilterPlan.Where(Filter.notEqualTo(path, operand))
                QueryOperator.LESS -> FilterPlan.Where(Filter.lessThan(path, operand))
                QueryOperator.LESS_OR_EQUAL -> FilterPlan.Where(Filter.lessThanOrEqualTo(path, operand))
                QueryOperator.GREATER -> FilterPlan.Where(Filter.greaterThan(path, operand))
                QueryOperator.GREATER_OR_EQUAL -> FilterPlan.Where(Filter.greaterThanOrEqualTo(path, operand))
                QueryOperator.IN -> {
                    val values = (filter.value as? DocumentValue.ArrayValue)?.values
                    if (values == null || values.isEmpty()) {
                        FilterPlan.NoDocument
                    } else {
                        FilterPlan.Where(Filter.inArray(path, values.map { firestoreValue(it) }))
                    }
                }
                QueryOperator.ARRAY_CONTAINS -> FilterPlan.Where(Filter.arrayContains(path, operand))
            }
        }
    }

    private fun fieldPath(field: FieldPath): FirebaseFieldPath =
        if (field == FieldPath.documentID) FirebaseFieldPath.documentId() else FirebaseFieldPath.of(*field.keys.toTypedArray())

    private fun convert(change: FirebaseChange): DocumentChange {
        val document = convert(change.document)
        return when (change.type) {
            FirebaseChange.Type.ADDED -> DocumentChange.Added(document, change.newIndex)
            FirebaseChange.Type.REMOVED -> DocumentChange.Removed(document, change.oldIndex)
            else -> DocumentChange.Modified(document, change.oldIndex, change.newIndex)
        }
    }

    private fun convert(snapshot: FirebaseSnapshot): DocumentSnapshot {
        val stored = snapshot.getData(FirebaseSnapshot.ServerTimestampBehavior.NONE) ?: emptyMap<String, Any?>()
        val estimated: Map<String, Any?> = if (snapshot.metadata.hasPendingWrites()) {
            snapshot.getData(FirebaseSnapshot.ServerTimestampBehavior.ESTIMATE) ?: emptyMap<String, Any?>()
        } else {
            emptyMap()
        }
        val data = LinkedHashMap<String, DocumentValue>()
        for ((key, value) in stored) data[key] = documentValue(value, estimated[key])
        return DocumentSnapshot(snapshot.id, data)
    }

    /**
     * A Firestore value as a [DocumentValue]; `estimate` is the same field read with estimated
     * server timestamps, which tells a pending one from a stored null.
     */
    private fun documentValue(value: Any?, estimate: Any?): DocumentValue = when (value) {
        null -> if (estimate is FirebaseTimestamp) DocumentValue.ServerTimestamp else DocumentValue.Null
        is Boolean -> DocumentValue.BoolValue(value)
        is Double -> DocumentValue.DoubleValue(value)
        is Float -> DocumentValue.DoubleValue(value.toDouble())
        is Number -> DocumentValue.IntValue(value.toLong())
        is String -> DocumentValue.StringValue(value)
        is FirebaseTimestamp -> DocumentValue.TimestampValue(Timestamp(value.seconds, value.nanoseconds))
        is List<*> -> {
            val estimates = estimate as? List<*>
            DocumentValue.ArrayValue(value.mapIndexed { index, element -> documentValue(element, estimates?.getOrNull(index)) })
        }
        is Map<*, *> -> {
            val estimates = estimate as? Map<*, *>
            val fields = LinkedHashMap<String, DocumentValue>()
            for ((key, element) in value) fields[key.toString()] = documentValue(element, estimates?.get(key))
            DocumentValue.MapValue(fields)
        }
        is DocumentReference -> DocumentValue.StringValue(value.path)
        else -> DocumentValue.StringValue(value.toString())
    }

    private fun firestoreValue(value: DocumentValue): Any? = when (value) {
        is DocumentValue.Null -> null
        is DocumentValue.BoolValue -> value.value
        is DocumentValue.IntValue -> value.value
        is DocumentValue.DoubleValue -> value.value
        is DocumentValue.TimestampValue -> FirebaseTimestamp(value.value.seconds, value.value.nanoseconds)
        is DocumentValue.StringValue -> value.value
        is DocumentValue.ArrayValue -> value.values.map { firestoreValue(it) }
        is DocumentValue.MapValue -> value.fields.mapValues { firestoreValue(it.value) }
        is DocumentValue.ServerTimestamp -> FieldValue.serverTimestamp()
    }

    /** Calls `onResult` with the task's result, or `onError` when it failed or was cancelled. */
    private fun <T> Task<T>.whenDone(onResult: (T?) -> Unit, onError: (Exception) -> Unit) {
        addOnCompleteListener { task ->
            if (task.isSuccessful) {
                onResult(task.result)
            } else {
                onError(task.exception ?: CancellationException("the Firestore task was cancelled"))
            }
        }
    }
}
