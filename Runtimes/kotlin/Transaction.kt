package modelgen.runtime

// Transactions, as Firestore runs them: a body reads documents, then buffers writes; the writes
// are applied together only if no document read has changed since, else the body runs again.

/** A transaction's reads and writes: reads first, then writes, as Firestore requires. */
interface DocumentTransaction {
    /** The document at [path] now, or null; throws [StoreException.ReadAfterWrite] after a write. */
    fun get(path: List<String>): DocumentSnapshot?

    /** Buffers [write], applied with the others when the transaction commits. */
    fun write(write: DocumentWrite)
}

/**
 * How many times a transaction's body runs at most, before it fails with
 * [StoreException.Contention], unless [DocumentStore.runTransaction] is given another count: 5, as
 * Firestore's `TransactionOptions.maxAttempts` defaults to.
 */
const val MAXIMUM_TRANSACTION_ATTEMPTS: Int = 5

/**
 * The document at [path] decoded with [codec], or null when there is none; throws the codec's
 * [DocumentDecodingException] when it does not decode.
 */
fun <T> DocumentTransaction.get(codec: DocumentCodec<T>, path: List<String>): T? {
    val document = get(path) ?: return null
    return codec.decode(document.id, document.data)
}

/**
 * One attempt's transaction on documents read with `read`: it records the first read of each
 * path, which later reads of that path return, and buffers the writes in order.
 */
internal class RecordingTransaction(private val read: (List<String>) -> DocumentSnapshot?) : DocumentTransaction {
    /** Each path read and the document it held (null: none), in the order first read. */
    val reads = LinkedHashMap<List<String>, DocumentSnapshot?>()

    /** The writes, in order. */
    val writes = ArrayList<DocumentWrite>()

    override fun get(path: List<String>): DocumentSnapshot? {
        StorePaths.check(path, false)
        if (writes.isNotEmpty()) throw StoreException.ReadAfterWrite()
        if (path in reads) return reads[path]
        return read(path).also { reads[path] = it }
    }

    override fun write(write: DocumentWrite) {
        writes.add(write)
    }
}

/** Throws [StoreException.InvalidAttempts] when [maxAttempts] is below 1: a transaction runs at least once. */
internal fun checkAttempts(maxAttempts: Int) {
    if (maxAttempts < 1) throw StoreException.InvalidAttempts(maxAttempts)
}

/**
 * Runs `body` with a new [RecordingTransaction] at each attempt and returns its result once
 * `commit` takes the attempt's reads and writes: `commit` returns false, writing nothing, when a
 * document read has changed, and throws when it refuses the writes. Throws
 * [StoreException.Contention] after [maxAttempts] attempts, which the store has checked ([checkAttempts]).
 */
internal fun <T> runTransactionAttempts(
    maxAttempts: Int,
    read: (List<String>) -> DocumentSnapshot?,
    commit: (reads: Map<List<String>, DocumentSnapshot?>, writes: List<DocumentWrite>) -> Boolean,
    body: (DocumentTransaction) -> T
): T {
    repeat(maxAttempts) {
        val transaction = RecordingTransaction(read)
        val result = body(transaction)
        if (commit(transaction.reads, transaction.writes)) return result
    }
    throw StoreException.Contention(maxAttempts)
}
