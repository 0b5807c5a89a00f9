package modelgen.runtime

import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.subjects.CompletableSubject

// Declared writes as streams: a generated `sendMessage(roomId, uid, text, id)` commits one write
// when subscribed, emits the written document's id once the store has applied it, and completes
// when the store acknowledges it (Firestore: when the server has it).

/** The check a declared write makes first: [value]'s first emission must pass [holds]. [write] and [check] name them in the error. */
class PreCheck<T : Any>(val write: String, val check: String, val value: Observable<T>, val holds: (T) -> Boolean)

/** Thrown when a declared write's pre-check fails (`'sendMessage' needs speakCount < 10, but it is 10`): nothing is written. */
class PreCheckException(val write: String, val check: String, val value: Any) : Exception("'$write' needs $check, but it is $value") {
    /** Equal for the same write, check and value. */
    override fun equals(other: Any?): Boolean = other is PreCheckException && other.write == write && other.check == check && other.value == value

    /** Consistent with [equals]. */
    override fun hashCode(): Int = (write.hashCode() * 31 + check.hashCode()) * 31 + value.hashCode()
}

/**
 * Commits the write [make] returns when subscribed, emits the id of the document written once it
 * is applied, and completes when the store acknowledges it. It fails without an id if [make]
 * throws (a [ConstraintException]) or the store refuses the write: then nothing is written.
 * Disposing stops listening; the write stays.
 */
fun DocumentStore.written(make: () -> DocumentWrite): Observable<String> = Observable.defer {
    val write = make()
    val acknowledged = CompletableSubject.create()
    commitBatch(listOf(write)).subscribe(acknowledged)
    val refused = acknowledged.throwable
    if (refused != null) Observable.error(refused) else Observable.just(write.documentId).concatWith(acknowledged)
}

/**
 * As [written], after [preCheck]: its value's first emission must pass, or the write fails with
 * a [PreCheckException] and nothing is written. An error of the value fails the write; a value
 * that completes empty completes it, unwritten.
 */
fun <T : Any> DocumentStore.written(preCheck: PreCheck<T>, make: () -> DocumentWrite): Observable<String> =
    preCheck.value.firstElement().flatMapObservable { value ->
        if (preCheck.holds(value)) written(make) else Observable.error(PreCheckException(preCheck.write, preCheck.check, value))
    }

/**
 * A declared write's check of a counter: the int [field] (its stored name) of the document at
 * [counter], which the write changes by [step]; [holds] tests its value. [write] and [check] name
 * them in the error.
 */
class CounterCheck(val write: String, val check: String, val counter: List<String>, val field: String, val step: Long, val holds: (Long) -> Boolean)

/**
 * Commits the write [make] returns in one transaction with [check] when subscribed: reads the
 * counter, fails with a [PreCheckException] unless [CounterCheck.holds] passes its value, then
 * writes (a set only creating, a delete only deleting what exists) and changes the counter by its
 * step, so that a cap holds under concurrent writers (Firestore's write-time aggregation). Emits
 * the id of the document written once the transaction has committed, then completes. The cost: a
 * transaction per write, which fails offline as Firestore's transactions do. It fails, writing
 * nothing, with the store's errors too (no counter document, a document already there for a
 * create, none for a delete, contention), with what [make] throws (a [ConstraintException]), and
 * with a [DocumentDecodingException] for a counter that is not an int. Disposing stops listening;
 * the transaction goes on.
 */
fun DocumentStore.written(check: CounterCheck, make: () -> DocumentWrite): Observable<String> =
    runTransaction { transaction ->
        val value = check.value(transaction)
        if (!check.holds(value)) throw PreCheckException(check.write, check.check, value)
        val write = counted(make())
        transaction.write(write)
        transaction.write(DocumentWrite.Update(check.counter, mapOf(FieldPath.of(check.field) to FieldUpdate.Increment(DocumentValue.IntValue(check.step)))))
        write.documentId
    }.toObservable()

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
