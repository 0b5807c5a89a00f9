package modelgen.runtime

// The checks of declared writes, which every reactive layer's `written` makes: a pre-check of a
// stream's value, and a check of a counter in one transaction with the write.

/** Thrown when a declared write's pre-check fails (`'sendMessage' needs speakCount < 10, but it is 10`): nothing is written. */
class PreCheckException(val write: String, val check: String, val value: Any) : Exception("'$write' needs $check, but it is $value") {
    /** Equal for the same write, check and value. */
    override fun equals(other: Any?): Boolean = other is PreCheckException && other.write == write && other.check == check && other.value == value

    /** Consistent with [equals]. */
    override fun hashCode(): Int = (write.hashCode() * 31 + check.hashCode()) * 31 + value.hashCode()
}

/**
 * A declared write's check of a counter: the int [field] (its stored name) of the document at
 * [counter], which the write changes by [step]; [holds] tests its value. [write] and [check] name
 * them in the error.
 *
 * The write runs in one transaction with its check ([commit]): it reads the counter, fails with a
 * [PreCheckException] unless [holds] passes its value, then writes (a set only creating, a delete
 * only deleting what exists) and changes the counter by its step, so that a cap holds under
 * concurrent writers (Firestore's write-time aggregation). The cost: a transaction per write,
 * which fails offline as Firestore's transactions do. It fails, writing nothing, with the store's
 * errors too (no counter document, a document already there for a create, none for a delete,
 * contention), with what the write's `make` throws (a [ConstraintException]), and with a
 * [DocumentDecodingException] for a counter that is not an int.
 */
class CounterCheck(val write: String, val check: String, val counter: List<String>, val field: String, val step: Long, val holds: (Long) -> Boolean)

/**
 * The body of a counter-checked write's transaction: reads the counter, throws a
 * [PreCheckException] unless [CounterCheck.holds] passes its value, then writes what [make]
 * returns, as the counter counts it, and changes the counter by its step; returns the id of the
 * document written.
 */
internal fun CounterCheck.commit(transaction: DocumentTransaction, make: () -> DocumentWrite): String {
    val count = value(transaction)
    if (!holds(count)) throw PreCheckException(write, check, count)
    val written = counted(make())
    transaction.write(written)
    transaction.write(DocumentWrite.Update(counter, mapOf(FieldPath.of(field) to FieldUpdate.Increment(DocumentValue.IntValue(step)))))
    return written.documentId
}

/**
 * The counter's value in [transaction]: 0 when the field is absent, as Firestore's increment
 * counts it; throws [StoreException.NotFound] when there is no document, and the int codec's
 * error, located at the field, when the value is not an int.
 */
private fun CounterCheck.value(transaction: DocumentTransaction): Long {
    val document = transaction.get(counter) ?: throw StoreException.NotFound(counter)
    return FieldReader(document.data).withDefault(field, Codecs.long, 0L)
}

/** [write] as a counter counts it, a document more or less: a set only creates, a delete only deletes what exists. */
private fun counted(write: DocumentWrite): DocumentWrite = when (write) {
    is DocumentWrite.Set -> write.copy(mustNotExist = true)
    is DocumentWrite.Delete -> write.copy(mustExist = true)
    is DocumentWrite.Update, is DocumentWrite.Merge -> write
}
