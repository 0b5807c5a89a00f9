package modelgen.runtime

import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.subjects.CompletableSubject

// Declared writes as streams: a generated `sendMessage(roomId, uid, text, id)` commits one write
// when subscribed, emits the written document's id once the store has applied it, and completes
// when the store acknowledges it (Firestore: when the server has it).

/** The check a declared write makes first: [value]'s first emission must pass [holds]. [write] and [check] name them in the error. */
class PreCheck<T : Any>(val write: String, val check: String, val value: Observable<T>, val holds: (T) -> Boolean)

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
 * Commits the write [make] returns in one transaction with [check] when subscribed (see
 * [CounterCheck]), emits the id of the document written once the transaction has committed,
 * then completes. It fails, writing nothing, with a [PreCheckException] when the check does not
 * hold, and with the store's and [make]'s errors. Disposing stops listening; the transaction
 * goes on.
 */
fun DocumentStore.written(check: CounterCheck, make: () -> DocumentWrite): Observable<String> =
    runTransaction { transaction -> check.commit(transaction, make) }.toObservable()
