package modelgen.runtime

import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.emitAll
import kotlinx.coroutines.flow.firstOrNull
import kotlinx.coroutines.flow.flow

// Declared writes as cold flows: a generated `sendMessage(roomId, uid, text, id)` commits one
// write when collected, emits the written document's id once the store has applied it, and
// completes when the store acknowledges it (Firestore: when the server has it). Each collection
// commits again, as each subscription of RxJava's does: collect one once.

/** The check a declared write makes first: [value]'s first emission must pass [holds]. [write] and [check] name them in the error. */
class PreCheck<T : Any>(val write: String, val check: String, val value: Flow<T>, val holds: (T) -> Boolean)

/**
 * Commits the write [make] returns when collected, emits the id of the document written once it
 * is applied, and completes when the store acknowledges it. It fails without an id if [make]
 * throws (a [ConstraintException]) or the store refuses the write: then nothing is written.
 * Cancelling the collector stops waiting; the write stays.
 */
fun DocumentStore.written(make: () -> DocumentWrite): Flow<String> = flow {
    val write = make()
    val acknowledged = CompletableDeferred<Unit>()
    commitBatch(listOf(write)) { result -> result.fold({ acknowledged.complete(Unit) }, { acknowledged.completeExceptionally(it) }) }
    // A batch settled at once: acknowledged, or refused, whose error this throws, with no id.
    if (acknowledged.isCompleted) acknowledged.await()
    emit(write.documentId)
    acknowledged.await()
}

/**
 * As [written], after [preCheck]: its value's first emission must pass, or the write fails with
 * a [PreCheckException] and nothing is written. An error of the value fails the write; a value
 * that completes empty completes it, unwritten.
 */
fun <T : Any> DocumentStore.written(preCheck: PreCheck<T>, make: () -> DocumentWrite): Flow<String> = flow {
    val value = preCheck.value.firstOrNull() ?: return@flow
    if (!preCheck.holds(value)) throw PreCheckException(preCheck.write, preCheck.check, value)
    emitAll(written(make))
}

/**
 * Commits the write [make] returns in one transaction with [check] when collected (see
 * [CounterCheck]), and emits the id of the document written once the transaction has committed,
 * then completes. It fails, writing nothing, with a [PreCheckException] when the check does not
 * hold, and with the store's and [make]'s errors. Cancelling the collector stops waiting; the
 * transaction goes on.
 */
fun DocumentStore.written(check: CounterCheck, make: () -> DocumentWrite): Flow<String> = flow {
    emit(runTransaction { transaction -> check.commit(transaction, make) })
}
