package modelgen.runtime

import java.util.concurrent.atomic.AtomicReference

/** A field of stored documents, by its stored keys (`["address", "city"]`), or the document id. */
data class FieldPath(val keys: List<String>) {
    /** `address.city`. */
    override fun toString(): String = keys.joinToString(".")

    /** Well-known paths. */
    companion object {
        /** The document's id, as Firestore's `FieldPath.documentId()`. */
        val documentID: FieldPath = FieldPath(listOf("__name__"))

        /** The field at these keys. */
        fun of(vararg keys: String): FieldPath = FieldPath(keys.toList())
    }
}

/** How a filter compares a stored field with its value. */
enum class QueryOperator(
    /** The operator as Firestore writes it: `==`, `not-in`, `array-contains-any`. */
    val firestoreName: String
) {
    /** `==`. */
    EQUAL("=="),
    /** `!=`: present, non-null and different. */
    NOT_EQUAL("!="),
    /** `<`. */
    LESS("<"),
    /** `<=`. */
    LESS_OR_EQUAL("<="),
    /** `>`. */
    GREATER(">"),
    /** `>=`. */
    GREATER_OR_EQUAL(">="),
    /** The field equals one of the values of an array. */
    IN("in"),
    /** The field is present, not null, and equals none of the values of an array. */
    NOT_IN("not-in"),
    /** The field is an array holding the value. */
    ARRAY_CONTAINS("array-contains"),
    /** The field is an array holding one of the values of an array. */
    ARRAY_CONTAINS_ANY("array-contains-any");

    /** Whether Firestore counts it an inequality, which orders the query by its field. */
    val isInequality: Boolean
        get() = when (this) {
            LESS, LESS_OR_EQUAL, GREATER, GREATER_OR_EQUAL, NOT_EQUAL, NOT_IN -> true
            EQUAL, IN, ARRAY_CONTAINS, ARRAY_CONTAINS_ANY -> false
        }
}

/** A query's filter, evaluated in the store on stored values with Firestore's rules. */
sealed class QueryFilter {
    /** The stored value at `field` compared with `value`. */
    data class Compare(val field: FieldPath, val op: QueryOperator, val value: DocumentValue) : QueryFilter()

    /** Every filter matches. */
    data class And(val filters: List<QueryFilter>) : QueryFilter()

    /** At least one filter matches; an `or` or `and` of no comparison is left out, filtering nothing. */
    data class Or(val filters: List<QueryFilter>) : QueryFilter()

    /**
     * Whether this is an `and` or an `or` of no comparison, at any depth, which the SDKs drop from
     * a query and from the filter holding it (firebase-js-sdk lite-api/query.ts,
     * `QueryCompositeFilterConstraint`: "Return the existing query if not adding any more filters").
     */
    val isEmpty: Boolean
        get() = when (this) {
            is Compare -> false
            is And -> filters.all { it.isEmpty }
            is Or -> filters.all { it.isEmpty }
        }
}

/** One key of a query's order. */
data class QueryOrder(val field: FieldPath, val descending: Boolean) {
    /** Makes orders. */
    companion object {
        /** Smallest first. */
        fun ascending(field: FieldPath): QueryOrder = QueryOrder(field, false)

        /** Largest first. */
        fun descending(field: FieldPath): QueryOrder = QueryOrder(field, true)
    }
}

/**
 * Where a query's results start or end (Firestore's cursors): stored values for the query's
 * `orderBy` keys, the first keys first (fewer values than keys bound only those), and whether a
 * document exactly at the bound is kept. A start bound is `startAt` when inclusive and
 * `startAfter` when not; an end bound is `endAt` or `endBefore`. A value for the document id is
 * the document's plain id, as a string value.
 */
data class QueryBound(
    /** The values, one for each of the first `orderBy` keys. */
    val values: List<DocumentValue>,
    /** Whether a document exactly at the bound is kept. */
    val inclusive: Boolean
) {
    /**
     * Whether a document with `keys` (its values for the query's normalized `order`) is on the
     * kept side of the bound: the bound's values compared with the keys in order, each comparison
     * reversed for a descending key, the first difference deciding (firebase-js-sdk
     * core/bound.ts, `boundCompareToDocument`).
     */
    internal fun admits(keys: List<DocumentValue>, order: List<QueryOrder>, asStart: Boolean): Boolean {
        var comparison = 0
        for (index in 0 until Math.min(values.size, order.size)) {
            comparison = ValueOrder.compare(values[index], keys[index])
            if (order[index].descending) comparison = -comparison
            if (comparison != 0) break
        }
        return if (asStart) {
            if (inclusive) comparison <= 0 else comparison < 0
        } else {
            if (inclusive) comparison >= 0 else comparison > 0
        }
    }
}

/** A query on one collection: filter, order, bounds and limit, as Firestore runs them. */
data class StoreQuery(
    /**
     * The collection's path segments: `["chatrooms", roomId, "messages"]`; for a collection
     * group, its one segment is the collection id.
     */
    val collection: List<String>,
    /** Which documents, or all. */
    val filter: QueryFilter? = null,
    /** The order, then the document id. */
    val orderBy: List<QueryOrder> = emptyList(),
    /** At most this many documents, applied last. */
    val limit: Int? = null,
    /**
     * The last `limitToLast` documents of the query's order, in that order (Firestore's
     * `limitToLast`); it needs an `orderBy`.
     */
    val limitToLast: Int? = null,
    /** The first place in the order a document may have: `startAt` or `startAfter`. */
    val start: QueryBound? = null,
    /** The last place in the order a document may have: `endAt` or `endBefore`. */
    val end: QueryBound? = null,
    /**
     * Whether it reads every collection whose id (last segment) is `collection`'s one segment,
     * under any parent: Firestore's collection-group query.
     */
    val isCollectionGroup: Boolean = false
) {
    /** Whether it reads the documents of the collection at `path`. */
    internal fun reads(path: List<String>): Boolean =
        if (isCollectionGroup) path.lastOrNull() == collection[0] else path == collection

    /**
     * The order Firestore gives the results: the `orderBy` keys, then every field with an
     * inequality filter (`<`, `<=`, `>`, `>=`, `!=`, `not-in`) that is not among them, by path, in the
     * direction of the last `orderBy` key (ascending without one); the document id last, in that
     * direction too (Firestore's `StructuredQuery.orderBy`).
     */
    fun normalizedOrderBy(): List<QueryOrder> {
        val ordered = orderBy.map { it.field }.toSet()
        val implicit = (filter?.let { inequalityFields(it) } ?: emptyList())
            .filter { it !in ordered && it != FieldPath.documentID }
            .sortedWith(Comparator { a, b -> compareFieldPaths(a, b) })
        val descending = orderBy.lastOrNull()?.descending ?: false
        return orderBy + implicit.map { QueryOrder(it, descending) }
    }

    /**
     * The query that keeps the first documents of the flipped order where this one keeps the
     * last: every order key's direction toggled (the implicit ones and the id follow the last
     * key), `limitToLast` as `limit`, and the bounds swapped, each keeping its values and
     * inclusiveness. Firestore's SDKs run `limitToLast` so, then reverse the results
     * (firebase-js-sdk core/query.ts, `_queryToTarget`: "Flip the orderBy directions since we want
     * the last results", and the start and end bounds trade places).
     */
    internal fun flipped(): StoreQuery =
        StoreQuery(
            collection, filter, orderBy.map { QueryOrder(it.field, !it.descending) }, limitToLast,
            start = end, end = start, isCollectionGroup = isCollectionGroup
        )

    internal companion object {
        /** The fields of the filter's inequalities, in the order written, each once. */
        private fun inequalityFields(filter: QueryFilter): List<FieldPath> = when (filter) {
            is QueryFilter.Compare -> if (filter.op.isInequality) listOf(filter.field) else emptyList()
            is QueryFilter.And -> filter.filters.flatMap { inequalityFields(it) }.distinct()
            is QueryFilter.Or -> filter.filters.flatMap { inequalityFields(it) }.distinct()
        }

        /** Firestore's order of field paths: segment by segment, by code point; a path before its extensions. */
        fun compareFieldPaths(a: FieldPath, b: FieldPath): Int {
            for (index in 0 until Math.min(a.keys.size, b.keys.size)) {
                val comparison = CodePoints.compare(a.keys[index], b.keys[index])
                if (comparison != 0) return comparison
            }
            return a.keys.size.compareTo(b.keys.size)
        }
    }
}

/**
 * A document as read from a store. Two snapshots are equal when their paths are and their data
 * is stored exactly alike (same types, same bits).
 */
class DocumentSnapshot(
    /** The document's id, the last segment of its path. */
    val id: String,
    /** The stored fields. */
    val data: DocumentData,
    /**
     * The path of the collection that holds it: `["shops", "s1", "reviews"]`. Stores give it;
     * snapshots made by hand may leave it empty.
     */
    val parent: List<String> = emptyList()
) {
    /** The document's path: its parent's segments and its id. */
    val path: List<String>
        get() = parent + id

    /**
     * The values of the path parameters of `collection` (written as the schema writes it:
     * `shops/{shopId}/reviews`) in the document's path, in order: `["s1"]` for
     * `shops/s1/reviews/r1`. A collection group's rows decode with it; a document of the group
     * in a collection of another pattern does not decode.
     */
    fun pathParameters(collection: String): List<String> =
        DocumentValue.parameters(path, collection)
            ?: throw DocumentDecodingException(DocumentDecodingException.Problem.Elsewhere(collection))

    /** Same path, data stored exactly alike. */
    override fun equals(other: Any?): Boolean =
        this === other || other is DocumentSnapshot && other.id == id && sameSegments(other.parent, parent) && identical(other.data, data)

    /** The id's hash. */
    override fun hashCode(): Int = id.hashCode()

    /** `a {n: 1}`. */
    override fun toString(): String = "$id ${DocumentValue.MapValue(data)}"
}

/**
 * A query's documents, and the changes from its previous snapshot that led to them, as in
 * Firestore: a listener's first snapshot lists every document as added. Equal when both are.
 */
class QuerySnapshot private constructor(
    /** The snapshot before this one, until [documents] are worked out from it. */
    private var before: QuerySnapshot?,
    private var known: List<DocumentSnapshot>?,
    /** Steps from the previous snapshot's documents to these, applied one after another. */
    val changes: List<DocumentChange>
) {
    constructor(documents: List<DocumentSnapshot>, changes: List<DocumentChange>) : this(null, documents, changes)

    /** The documents in query order. */
    val documents: List<DocumentSnapshot>
        @Synchronized get() = known ?: workedOut().also { known = it; before = null }

    /** The documents of the snapshot before with this one's changes applied. */
    private fun workedOut(): List<DocumentSnapshot> {
        val documents = ArrayList(before!!.documents)
        for (change in changes) {
            when (change) {
                is DocumentChange.Added -> documents.add(change.newIndex, change.document)
                is DocumentChange.Removed -> documents.removeAt(change.oldIndex)
                is DocumentChange.Modified -> {
                    documents.removeAt(change.oldIndex)
                    documents.add(change.newIndex, change.document)
                }
            }
        }
        return documents
    }

    override fun equals(other: Any?): Boolean =
        this === other || other is QuerySnapshot && other.changes == changes && other.documents == documents

    override fun hashCode(): Int = documents.hashCode() * 31 + changes.hashCode()

    override fun toString(): String = "QuerySnapshot(documents=$documents, changes=$changes)"

    internal companion object {
        /**
         * The snapshot after `before`, whose documents are worked out from `before`'s when first
         * read: a listener that reads only the changes (every stream of this runtime) does not pay
         * for a copy of the whole result on each change, and a snapshot read late still gives its
         * own documents, as Firestore's do.
         */
        fun after(before: QuerySnapshot, changes: List<DocumentChange>): QuerySnapshot = QuerySnapshot(before, null, changes)
    }
}

/**
 * One step from a query's previous documents to its next. Indices count the documents as they
 * are just before (`oldIndex`) and just after (`newIndex`) this step, as Firestore's document
 * changes do.
 */
sealed class DocumentChange {
    /** The document, as it is after the step. */
    abstract val document: DocumentSnapshot

    /** A document joined the result. */
    data class Added(override val document: DocumentSnapshot, val newIndex: Int) : DocumentChange()

    /** The document's data changed; it moved if the indices differ. */
    data class Modified(override val document: DocumentSnapshot, val oldIndex: Int, val newIndex: Int) : DocumentChange()

    /** A document left the result. */
    data class Removed(override val document: DocumentSnapshot, val oldIndex: Int) : DocumentChange()
}

/** One write of a batch. */
sealed class DocumentWrite {
    /** The document's path segments. */
    abstract val path: List<String>

    /**
     * Replaces the document at `path` with `data`; with [mustNotExist], only creates it: fails
     * with [StoreException.AlreadyExists] if there is one (Firestore's `create`, its
     * `exists: false` precondition).
     */
    data class Set(override val path: List<String>, val data: DocumentData, val mustNotExist: Boolean = false) : DocumentWrite()

    /**
     * Changes fields of an existing document; fails if there is none, or if one field named is
     * another's or inside it (`a` and `a.b`), as Firestore refuses; with [unchangedSince], fails
     * with [StoreException.ChangedSinceRead] unless the document still reads as it was read.
     */
    data class Update(
        override val path: List<String>,
        val fields: Map<FieldPath, FieldUpdate>,
        val unchangedSince: ReadDocument<*>? = null
    ) : DocumentWrite()

    /**
     * Sets the given fields, creating the document if there is none and keeping its other
     * fields, as Firestore's set with merge: a map value is merged key by key.
     */
    data class Merge(override val path: List<String>, val fields: Map<FieldPath, FieldUpdate>) : DocumentWrite()

    /**
     * Deletes the document at `path`, if there is one; with [mustExist], fails with
     * [StoreException.NotFound] if there is none (Firestore's `exists: true` precondition); with
     * [unchangedSince], fails with [StoreException.ChangedSinceRead] unless the document still
     * reads as it was read (checked first).
     */
    data class Delete(
        override val path: List<String>,
        val mustExist: Boolean = false,
        val unchangedSince: ReadDocument<*>? = null
    ) : DocumentWrite()
}

/** The handle of a listener; [remove] stops it. Removing twice does nothing. */
interface ListenerRegistration {
    /** Stops the listener. */
    fun remove()
}

/** A registration that runs `action` on its first [remove] only. */
internal class OnceRegistration(action: () -> Unit) : ListenerRegistration {
    private val action = AtomicReference<(() -> Unit)?>(action)

    override fun remove() {
        action.getAndSet(null)?.invoke()
    }
}

/**
 * A document database modelled on Firestore's client API: listen to queries and documents,
 * read them once, and write in atomic batches or transactions. A one-shot call calls its
 * `completion` exactly once, maybe before the call returns; each reactive library's layer of
 * the runtime makes its own views of these calls (RxJava's `Single`s, suspending functions).
 */
interface DocumentStore {
    /**
     * Calls `onSnapshot` with the query's documents now and after every change to them, with
     * the changes, until the registration is removed; an error (`onError`) ends the listening.
     */
    fun addQueryListener(
        query: StoreQuery,
        onSnapshot: (QuerySnapshot) -> Unit,
        onError: (Throwable) -> Unit
    ): ListenerRegistration

    /** Calls `onSnapshot` with the document at `path` (null when there is none) now and after every change to it. */
    fun addDocumentListener(
        path: List<String>,
        onSnapshot: (DocumentSnapshot?) -> Unit,
        onError: (Throwable) -> Unit
    ): ListenerRegistration

    /** Calls `completion` once with the query's documents, or with the error of a query the store refuses. */
    fun getDocuments(query: StoreQuery, completion: (Result<List<DocumentSnapshot>>) -> Unit)

    /** Calls `completion` once with the document at `path`: null when there is none. */
    fun getDocument(path: List<String>, completion: (Result<DocumentSnapshot?>) -> Unit)

    /**
     * Applies the writes atomically now, all or none, notifying listeners once; `completion` gets
     * success when the store acknowledges them (Firestore: when the server has them; offline, not
     * before the client is back online), or at once the error of a batch the store refuses (then
     * nothing is applied).
     */
    fun commitBatch(writes: List<DocumentWrite>, completion: (Result<Unit>) -> Unit)

    /**
     * Runs [body] as a transaction, and calls `completion` once with what it returns: its reads
     * see the documents as they are, and its writes are applied together, atomically, when it
     * returns, only if no document it read has changed meanwhile; when one has, [body] runs again,
     * up to [maxAttempts] attempts in all (Firestore's `TransactionOptions.maxAttempts`).
     * Fails, with nothing written, with what [body] throws, with the error of a write the store
     * refuses, with [StoreException.Contention] when the attempts run out, with
     * [StoreException.Offline] when the store cannot reach the server, or, before [body] runs,
     * with [StoreException.InvalidAttempts] when [maxAttempts] is below 1.
     */
    fun <T : Any> runTransaction(maxAttempts: Int = MAXIMUM_TRANSACTION_ATTEMPTS, body: (DocumentTransaction) -> T, completion: (Result<T>) -> Unit)
}
