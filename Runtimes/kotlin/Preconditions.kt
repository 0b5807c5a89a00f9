package modelgen.runtime

// The preconditions of create-only sets, must-exist deletes and unchanged-since updates and
// deletes (Firestore's `currentDocument`): each is checked in order, against its document as the
// commit's earlier writes leave it, as Firestore's emulator checks them: a create then a
// must-exist delete of one document applies, a set then a create is refused. An unchanged-since
// write after another write of its document in one commit is refused as changed: the earlier
// write is a change since the read (Firestore's emulator refuses such a commit whole, "Cannot
// collapse mutations with different version preconditions"). A refused precondition refuses the
// whole commit.

/**
 * Whether the write has a precondition of its own on its document: it only creates, deletes only
 * what exists, or changes only what still reads as it was read.
 */
private val DocumentWrite.isConditional: Boolean
    get() = when (this) {
        is DocumentWrite.Set -> mustNotExist
        is DocumentWrite.Delete -> mustExist || unchangedSince != null
        is DocumentWrite.Update -> unchangedSince != null
        is DocumentWrite.Merge -> false
    }

/** The document as read that the write requires its document still to be, if any. */
private val DocumentWrite.unchangedSince: ReadDocument<*>?
    get() = when (this) {
        is DocumentWrite.Update -> unchangedSince
        is DocumentWrite.Delete -> unchangedSince
        is DocumentWrite.Set, is DocumentWrite.Merge -> null
    }

/** A document as a write's precondition finds it. */
private sealed class PreconditionState {
    /** Whether the document is there. */
    abstract val exists: Boolean

    /** There is none. */
    object Absent : PreconditionState() {
        override val exists: Boolean get() = false
    }

    /** It is stored with [data], unwritten by the commit so far. */
    class Stored(val data: DocumentData) : PreconditionState() {
        override val exists: Boolean get() = true
    }

    /** The commit's earlier writes wrote it, leaving it there or not. */
    class Written(override val exists: Boolean) : PreconditionState()
}

/**
 * The distinct paths of the conditional writes, in order: the documents a store looks up to
 * check them; empty when no write has a precondition.
 */
internal fun conditionalPaths(writes: List<DocumentWrite>): List<List<String>> =
    writes.filter { it.isConditional }.map { it.path }.distinct()

/**
 * Throws [StoreException.AlreadyExists] for a create-only set of a document that exists,
 * [StoreException.NotFound] for a must-exist delete of one that does not,
 * [StoreException.ChangedSinceRead] for an unchanged-since write of one that does not read as it
 * was read, where [read] gives a document's data before the writes (null: none); it is asked only
 * about [conditionalPaths], and not about a document an earlier write wrote.
 */
internal fun checkPreconditions(writes: List<DocumentWrite>, read: (List<String>) -> DocumentData?) {
    val preconditions = Preconditions()
    for (write in writes) preconditions.check(write, read)
}

/** The check of one commit's preconditions, a write at a time, in order. */
internal class Preconditions {
    // Each document the writes so far wrote: whether they left it there.
    private val written = HashMap<List<String>, Boolean>()

    /**
     * Throws when [write]'s precondition fails, [read] giving a document's data before the commit
     * (null: none); then counts the write as the next of its commit.
     */
    fun check(write: DocumentWrite, read: (List<String>) -> DocumentData?) {
        write.checkPrecondition {
            val exists = written[write.path]
            if (exists != null) PreconditionState.Written(exists) else read(write.path)?.let { PreconditionState.Stored(it) } ?: PreconditionState.Absent
        }
        written[write.path] = write !is DocumentWrite.Delete
    }
}

/**
 * Throws when the write's precondition fails, [state] giving its document just before it; asks
 * [state] only for a conditional write. An unchanged-since write is checked first.
 */
private fun DocumentWrite.checkPrecondition(state: () -> PreconditionState) {
    if (!isConditional) return
    val found = state()
    val read = unchangedSince
    if (read != null && !(found is PreconditionState.Stored && read.isUnchanged(path.last(), found.data))) {
        throw StoreException.ChangedSinceRead(path)
    }
    when {
        this is DocumentWrite.Set && mustNotExist && found.exists -> throw StoreException.AlreadyExists(path)
        this is DocumentWrite.Delete && mustExist && !found.exists -> throw StoreException.NotFound(path)
    }
}
