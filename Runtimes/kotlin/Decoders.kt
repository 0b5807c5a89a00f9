package modelgen.runtime

// Stored documents decoded into rows, by every reactive layer's streams and one-shot reads:
// a document that does not decode is left out and reported to the model's hook.

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

/**
 * The rows of one query listener, kept up to date from each snapshot's changes: a document is
 * decoded when it is added or its data changes, so a snapshot costs what changed in it. A
 * document that does not decode is left out and reported once per stored content, even if it
 * leaves the result and comes back.
 */
internal class QueryDecoder<Row>(
    collection: List<String>,
    codec: RowCodec<Row>,
    onFailure: (DecodeFailure) -> Unit
) {
    private val decoder = ReportingDecoder(collection, codec, onFailure)
    private val rows = ArrayList<Row>()
    /** The indices, among the snapshot's documents, of those that did not decode; ascending. */
    private val failures = ArrayList<Int>()
    private var hasEmitted = false
    /** The rows last returned: a snapshot's changes can undo each other. */
    private var emitted: List<Row> = emptyList()
    /** The positions whose row was replaced since the rows last returned, unless [reshaped]. */
    private val replaced = java.util.TreeSet<Int>()
    /** Whether a row came or went since the rows last returned. */
    private var reshaped = false

    /** A copy of the rows after `snapshot`, or null when they are the rows last returned. */
    @Synchronized
    fun rowsAfter(snapshot: QuerySnapshot): List<Row>? {
        var changed = !hasEmitted
        var rowAdded = false
        var rowRemoved = false
        for (change in snapshot.changes) {
            when (change) {
                is DocumentChange.Added -> if (insert(change.document, change.newIndex) != null) {
                    changed = true
                    rowAdded = true
                }
                is DocumentChange.Removed -> if (remove(change.oldIndex) != null) {
                    changed = true
                    rowRemoved = true
                }
                is DocumentChange.Modified -> if (change.oldIndex == change.newIndex) {
                    if (replace(change.oldIndex, change.document)) changed = true
                } else {
                    // A document that moves past only failed ones keeps its row's place.
                    val removed = remove(change.oldIndex)
                    val inserted = insert(change.document, change.newIndex)
                    if (removed != null || inserted != null) {
                        if (removed == null || inserted == null || removed.first != inserted || removed.second != rows[inserted]) changed = true
                    }
                }
            }
        }
        // A row added and removed again in one snapshot (pushed out of a `limit` by a document
        // before it that does not decode) leaves the rows as they were: no emission.
        if (!changed || (hasEmitted && rowAdded && rowRemoved && rows == emitted)) return null
        val before = emitted
        emitted = ArrayList(rows)
        if (hasEmitted && !reshaped) ChangedRows.record(emitted, before, replaced.toIntArray())
        hasEmitted = true
        replaced.clear()
        reshaped = false
        return emitted
    }

    /** Where the document's row went, or null when it did not decode. */
    private fun insert(document: DocumentSnapshot, index: Int): Int? {
        val position = failurePosition(index)
        for (later in position until failures.size) failures[later] += 1
        val row = decoder.decode(document)
        if (row == null) {
            failures.add(position, index)
            return null
        }
        rows.add(index - position, row.value)
        reshaped = true
        return index - position
    }

    /** Where the document's row was, and the row, or null when it had not decoded. */
    private fun remove(index: Int): Pair<Int, Row>? {
        val position = failurePosition(index)
        val failed = position < failures.size && failures[position] == index
        val removed = if (failed) null else Pair(index - position, rows.removeAt(index - position))
        if (failed) failures.removeAt(position) else reshaped = true
        for (later in position until failures.size) failures[later] -= 1
        return removed
    }

    /** Whether the rows changed. */
    private fun replace(index: Int, document: DocumentSnapshot): Boolean {
        val position = failurePosition(index)
        val failed = position < failures.size && failures[position] == index
        val row = decoder.decode(document)
        when {
            failed && row == null -> return false
            failed && row != null -> {
                failures.removeAt(position)
                rows.add(index - position, row.value)
                reshaped = true
            }
            row == null -> {
                rows.removeAt(index - position)
                failures.add(position, index)
                reshaped = true
            }
            else -> {
                val same = rows[index - position] == row.value
                // Equal under the contract, but maybe stored in another form (0.0 for -0.0): the
                // next emission carries the form the store holds now, as Firestore's would.
                rows[index - position] = row.value
                replaced.add(index - position)
                if (same) return false
            }
        }
        return true
    }

    /** How many failed documents come before `index`: where `index` is or belongs in [failures]. */
    private fun failurePosition(index: Int): Int {
        var low = 0
        var high = failures.size
        while (low < high) {
            val middle = (low + high) ushr 1
            if (failures[middle] < index) low = middle + 1 else high = middle
        }
        return low
    }
}

/**
 * Decodes the documents of one collection or collection group, reporting a document that does
 * not decode once per stored content: again only after it decoded or its content changed.
 */
internal class ReportingDecoder<Row>(
    private val collection: List<String>,
    private val codec: RowCodec<Row>,
    private val onFailure: (DecodeFailure) -> Unit
) {
    /** The content last reported for each document (by path) that failed and has not decoded since. */
    private val reported = HashMap<List<String>, DocumentData>()

    /** The decoded row, boxed so that a row type that allows null still tells failure apart. */
    fun decode(document: DocumentSnapshot): Decoded<Row>? = try {
        val row = Decoded(codec.decode(document))
        if (reported.isNotEmpty()) reported.remove(path(document))
        row
    } catch (error: DocumentDecodingException) {
        val path = path(document)
        val last = reported[path]
        if (last == null || !identical(last, document.data)) {
            reported[path] = document.data
            onFailure(DecodeFailure(path, error))
        }
        null
    }

    /** A collection group's documents share ids across collections: they go by path. */
    private fun path(document: DocumentSnapshot): List<String> =
        if (document.parent.isEmpty()) collection + document.id else document.path

    class Decoded<Row>(val value: Row)
}

/**
 * The row of one document listener: decoded again only when the stored data changes, and a
 * document that does not decode is null and reported once per stored version.
 */
internal class DocumentDecoder<Row>(
    private val collection: List<String>,
    private val codec: DocumentCodec<Row>,
    private val onFailure: (DecodeFailure) -> Unit
) {
    private var last: DocumentSnapshot? = null
    private var lastRow: Row? = null

    /** The row of `document`, or null when there is none or it does not decode. */
    @Synchronized
    fun row(document: DocumentSnapshot?): Row? {
        if (document == last) return lastRow
        last = document
        lastRow = if (document == null) null else try {
            codec.decode(document.id, document.data)
        } catch (error: DocumentDecodingException) {
            onFailure(DecodeFailure(collection + document.id, error))
            null
        }
        return lastRow
    }
}

/**
 * The rows of a query's `documents`, read once, in their order: those that do not decode are
 * left out and reported to `onDecodeFailure`. `collection` is the query's.
 */
internal fun <Row> decodedRows(
    documents: List<DocumentSnapshot>,
    collection: List<String>,
    codec: RowCodec<Row>,
    onDecodeFailure: (DecodeFailure) -> Unit
): List<Row> {
    val decoder = ReportingDecoder(collection, codec, onDecodeFailure)
    return documents.mapNotNull { decoder.decode(it) }.map { it.value }
}

/**
 * The row of the document at `path`, read once: null when there is none or when it does not
 * decode (reported to `onDecodeFailure`).
 */
internal fun <Row : Any> decodedDocument(
    document: DocumentSnapshot?,
    path: List<String>,
    codec: DocumentCodec<Row>,
    onDecodeFailure: (DecodeFailure) -> Unit
): Row? = document?.let { ReportingDecoder(path.dropLast(1), codec, onDecodeFailure).decode(it)?.value }
