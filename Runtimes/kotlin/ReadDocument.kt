package modelgen.runtime

/**
 * A document as it was read, for a write made only if its document still reads the same
 * (`unchangedSince` of a typed update or delete): at commit, the stored document is decoded with
 * [codec] and must equal [document].
 *
 * Firestore's own precondition is the document's update time, which the client SDKs do not show;
 * comparing what the document reads as is what a client can do, in a transaction. It differs in
 * one case: a document changed and changed back since the read counts as unchanged. A document
 * rewritten with what it held keeps its update time on Firestore too.
 */
class ReadDocument<T : Any>(
    /** The value read. */
    val document: T,
    private val codec: DocumentCodec<T>
) {
    /**
     * Whether the document with this id and data, decoded, equals [document] (a generated data
     * class's equality is the contract's); false when it no longer decodes.
     */
    fun isUnchanged(id: String, data: DocumentData): Boolean {
        val stored = try {
            codec.decode(id, data)
        } catch (error: Exception) {
            return false
        }
        return stored == document
    }

    /** Equal for equal documents read. */
    override fun equals(other: Any?): Boolean = other is ReadDocument<*> && other.document == document

    /** Consistent with [equals]. */
    override fun hashCode(): Int = document.hashCode()

    /** `ReadDocument(Item(id=a, n=1))`. */
    override fun toString(): String = "ReadDocument($document)"
}
