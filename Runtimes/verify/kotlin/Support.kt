// The trace a vector runner prints, read by `modelgen verify`: what every flavour prints alike,
// and the store the model reads. Copied verbatim into each run, beside the flavour's Trace.kt.
package vectors

import modelgen.runtime.CodePoints
import modelgen.runtime.DecodeFailure
import modelgen.runtime.DocumentData
import modelgen.runtime.DocumentSnapshot
import modelgen.runtime.DocumentStore
import modelgen.runtime.DocumentTransaction
import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.InMemoryStore
import modelgen.runtime.ListenerRegistration
import modelgen.runtime.QuerySnapshot
import modelgen.runtime.StoreQuery

/**
 * The lines of a vector's trace that every flavour prints alike: `step N`, `emit LABEL VALUE` of a
 * transaction's reads, `decodeFailurePath PATH` and `decodeFailure MESSAGE`, `writeError MESSAGE`,
 * `listeners N`, and `listenersOf LABEL N` for each subscription so far. A flavour's `Trace`
 * (its Trace.kt) adds its subscriptions, reads, transactions and virtual time.
 */
abstract class TraceLines {
    private val labels = mutableListOf<String>()
    private var store: LabelledStore? = null

    /** The store the model reads: `base`, with each listener tagged by the subscription that opened it. */
    fun labelling(base: InMemoryStore): LabelledStore = LabelledStore(base).also { store = it }

    fun step(number: Int) = println("step $number")

    fun listeners(count: Int) {
        println("listeners $count")
        for (label in labels) println("listenersOf $label ${store?.count(label) ?: 0}")
    }

    /** Ends the listeners of one subscription with an error, as Firestore ends a listener. */
    fun fail(label: String, message: String) {
        store?.fail(label, VectorError(message))
    }

    /** Commits `writes` as another client would in each of the next `count` transaction attempts (see [LabelledStore.interleave]). */
    fun interleave(count: Int, writes: List<DocumentWrite>) {
        store?.interleave(count, writes)
    }

    /** One emission of `label`: a transaction's reads in one attempt. */
    fun emit(label: String, value: DocumentValue) = println("emit $label ${canonical(value)}")

    /** Runs a write; a refused one is traced, not thrown. */
    fun attempt(write: () -> Unit) {
        try {
            write()
        } catch (error: Exception) {
            println("writeError ${error.message}")
        }
    }

    fun decodeFailure(failure: DecodeFailure) {
        println("decodeFailurePath ${canonical(DocumentValue.ArrayValue(failure.path.map { DocumentValue.StringValue(it) }))}")
        println("decodeFailure $failure")
    }

    /** Before the subscription labelled `label` opens: the listeners added until [opened] are its own. */
    protected fun opening(label: String) {
        if (label !in labels) labels.add(label)
        store?.opening = label
    }

    /** After the subscription has opened. */
    protected fun opened() {
        store?.opening = null
    }
}

/** Counts a transaction's attempts. */
class Attempts {
    private val count = java.util.concurrent.atomic.AtomicInteger()

    /** The number of this attempt, from 1. */
    fun next(): Int = count.incrementAndGet()
}

/** An error a vector's `fail` step ends listeners with. */
class VectorError(message: String) : Exception(message)

/** A row as traced: its stored fields and its id. */
fun row(data: DocumentData, id: String): DocumentValue = DocumentValue.MapValue(data + ("id" to DocumentValue.StringValue(id)))

/** `0042`: the document ids of a `fill` step. */
fun paddedIndex(index: Int, width: Int): String = index.toString().padStart(width, '0')

/** The canonical text of a value, as every runner prints it. */
fun canonical(value: DocumentValue): String = when (value) {
    is DocumentValue.StringValue -> quoted(value.value)
    is DocumentValue.TimestampValue -> "timestamp(${value.value})"
    is DocumentValue.ArrayValue -> value.values.joinToString(", ", "[", "]") { canonical(it) }
    is DocumentValue.MapValue -> value.fields.entries.sortedWith(Comparator { a, b -> CodePoints.compare(a.key, b.key) })
        .joinToString(", ", "{", "}") { "${quoted(it.key)}: ${canonical(it.value)}" }
    else -> value.toString()
}

private fun quoted(text: String): String {
    val result = StringBuilder("\"")
    var index = 0
    while (index < text.length) {
        val point = text.codePointAt(index)
        when {
            point == '"'.code -> result.append("\\\"")
            point == '\\'.code -> result.append("\\\\")
            point == '\n'.code -> result.append("\\n")
            point == '\r'.code -> result.append("\\r")
            point == '\t'.code -> result.append("\\t")
            point < 0x20 || point == 0x7F -> result.append("\\u{").append(Integer.toHexString(point).uppercase()).append("}")
            else -> result.appendCodePoint(point)
        }
        index += Character.charCount(point)
    }
    return result.append('"').toString()
}

/**
 * The store as a vector's model sees it: the in-memory store, with each listener tagged by the
 * label of the subscription that opened it, so that a step can count or fail one subscription's,
 * and another client's writes interleaved with transaction attempts.
 */
class LabelledStore(private val base: InMemoryStore) : DocumentStore by base {
    private class Listener(val label: String?, val registration: ListenerRegistration, val fail: (Throwable) -> Unit)

    private val listeners = mutableMapOf<Int, Listener>()
    /** Listeners that failed before they were tracked (a store that fails at once). */
    private val ended = mutableSetOf<Int>()
    private var nextId = 0
    /** The label of the subscription being opened, which the listeners added now belong to. */
    var opening: String? = null
    /** Another client's writes, committed in each of the next [interleavings] transaction attempts. */
    private var interleaved: List<DocumentWrite> = emptyList()
    private var interleavings = 0

    override fun addQueryListener(query: StoreQuery, onSnapshot: (QuerySnapshot) -> Unit, onError: (Throwable) -> Unit): ListenerRegistration =
        track(onError) { id -> base.addQueryListener(query, onSnapshot) { forget(id); onError(it) } }

    override fun addDocumentListener(path: List<String>, onSnapshot: (DocumentSnapshot?) -> Unit, onError: (Throwable) -> Unit): ListenerRegistration =
        track(onError) { id -> base.addDocumentListener(path, onSnapshot) { forget(id); onError(it) } }

    override fun <T : Any> runTransaction(maxAttempts: Int, body: (DocumentTransaction) -> T, completion: (Result<T>) -> Unit) =
        base.runTransaction(maxAttempts, { transaction -> body(transaction).also { interleave() } }, completion)

    /**
     * Commits `writes` to the base store as one batch, as another client would, in each of the
     * next `count` transaction attempts run through this store (counted across transactions),
     * after the attempt's body returns and before the attempt commits.
     */
    @Synchronized
    fun interleave(count: Int, writes: List<DocumentWrite>) {
        interleavings = count
        interleaved = writes
    }

    /** Commits the interleaved writes if this attempt is one of those that interleave them. */
    private fun interleave() {
        val writes = synchronized(this) {
            if (interleavings == 0) return
            interleavings -= 1
            interleaved
        }
        base.commit(writes)
    }

    /** How many listeners the subscription labelled `label` holds now. */
    fun count(label: String): Int = listeners.values.count { it.label == label }

    /**
     * Removes the listeners of `label` and ends each with `error`, in the order they were added;
     * one that an earlier one's end removed (the other input of a join) is left alone.
     */
    fun fail(label: String, error: Throwable) {
        for (id in listeners.filterValues { it.label == label }.keys.sorted()) {
            val listener = listeners.remove(id) ?: continue
            listener.registration.remove()
            listener.fail(error)
        }
    }

    private fun track(onError: (Throwable) -> Unit, add: (Int) -> ListenerRegistration): ListenerRegistration {
        val id = ++nextId
        val registration = add(id)
        if (!ended.remove(id)) listeners[id] = Listener(opening, registration, onError)
        return object : ListenerRegistration {
            override fun remove() {
                listeners.remove(id)
                registration.remove()
            }
        }
    }

    private fun forget(id: Int) {
        if (listeners.remove(id) == null) ended.add(id)
    }
}
