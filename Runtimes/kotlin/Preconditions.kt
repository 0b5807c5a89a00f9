package modelgen.runtime

// The preconditions of create-only sets and must-exist deletes (Firestore's `currentDocument`):
// each is checked in order, against its document as the commit's earlier writes leave it, as
// Firestore's emulator checks them: a create then a must-exist delete of one document applies, a
// set then a create is refused. A refused precondition refuses the whole commit.

/** Whether the write has a precondition on its document: it only creates, or deletes only what exists. */
private val DocumentWrite.isConditional: Boolean
    get() = this is DocumentWrite.Set && mustNotExist || this is DocumentWrite.Delete && mustExist

/**
 * The distinct paths of the conditional writes, in order: the documents a store looks up to
 * check them; empty when no write has a precondition.
 */
internal fun conditionalPaths(writes: List<DocumentWrite>): List<List<String>> =
    writes.filter { it.isConditional }.map { it.path }.distinct()

/**
 * Throws [StoreException.AlreadyExists] for a create-only set of a document that exists,
 * [StoreException.NotFound] for a must-exist delete of one that does not, where [exists] tells
 * whether a document is at a path before the writes; it is asked only about [conditionalPaths].
 */
internal fun checkPreconditions(writes: List<DocumentWrite>, exists: (List<String>) -> Boolean) {
    // Each path's existence as the writes so far leave it.
    val existing = HashMap<List<String>, Boolean>()
    for (write in writes) {
        write.checkPrecondition { existing[write.path] ?: exists(write.path) }
        existing[write.path] = write !is DocumentWrite.Delete
    }
}

/**
 * Throws when the write's precondition fails, [exists] telling whether its document is there
 * just before it; asks [exists] only for a conditional write.
 */
internal fun DocumentWrite.checkPrecondition(exists: () -> Boolean) {
    when {
        this is DocumentWrite.Set && mustNotExist && exists() -> throw StoreException.AlreadyExists(path)
        this is DocumentWrite.Delete && mustExist && !exists() -> throw StoreException.NotFound(path)
    }
}
