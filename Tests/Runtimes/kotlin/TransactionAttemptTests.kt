package modelgen.runtime.tests

import io.reactivex.rxjava3.core.Single
import modelgen.runtime.DocumentStore
import modelgen.runtime.DocumentTransaction
import modelgen.runtime.DocumentWrite
import modelgen.runtime.InMemoryStore
import modelgen.runtime.MAXIMUM_TRANSACTION_ATTEMPTS
import modelgen.runtime.StoreException
import modelgen.runtime.getDocument
import modelgen.runtime.runTransaction

// `runTransaction(maxAttempts)`: the most times a transaction's body runs, Firestore's
// `TransactionOptions.maxAttempts`.

private val ROOM = listOf("rooms", "r")
private val OTHER = listOf("rooms", "o")

/** A typed transaction over the store's, as a generated model declares one. */
private class TypedTransaction(val transaction: DocumentTransaction)

/** The call a generated model makes: the attempts positional, the body a trailing lambda. */
private fun <T : Any> DocumentStore.typedTransaction(maxAttempts: Int = MAXIMUM_TRANSACTION_ATTEMPTS, body: (TypedTransaction) -> T): Single<T> =
    runTransaction(maxAttempts) { body(TypedTransaction(it)) }

/** How a transaction ended, how many times its body ran, and whether its write was applied. */
private class Contended(val error: Throwable?, val runs: Int, val written: Boolean)

/**
 * The transaction [start] makes with a body that reads a document, which another client then
 * changes in each of the body's first [changes] runs, and writes another.
 */
private fun contended(changes: Int = Int.MAX_VALUE, start: (InMemoryStore, (TypedTransaction) -> Int) -> Single<Int>): Contended {
    val store = InMemoryStore()
    store.setData(data("n" to int(0)), ROOM)
    var runs = 0
    val single = start(store) { typed ->
        runs++
        typed.transaction.get(ROOM)
        if (runs <= changes) store.setData(data("n" to int(runs.toLong())), ROOM)
        typed.transaction.write(DocumentWrite.Set(OTHER, data()))
        runs
    }
    return Contended(errorOf(single.ignoreElement()), runs, store.getDocument(OTHER).blockingGet() != null)
}

internal fun transactionAttemptChecks() {
    val two = contended { store, body -> store.typedTransaction(2, body) }
    expect(two.error, StoreException.Contention(2), "maxAttempts 2 under contention gives up")
    expect(two.error?.message, "a transaction gave up after 2 attempts: a document it read changed each time", "the contention message counts the attempts given")
    expect(two.runs, 2, "maxAttempts 2: the body runs twice")
    expect(two.written, false, "a transaction that gives up writes nothing")
    val retried = contended(changes = 1) { store, body -> store.typedTransaction(2, body) }
    expect(Pair(retried.error, retried.runs), Pair(null, 2), "maxAttempts 2: a second attempt that finds nothing changed commits")
    expect(retried.written, true, "the second attempt's writes are applied")
    val once = contended { store, body -> store.typedTransaction(1, body) }
    expect(Pair(once.error, once.runs), Pair(StoreException.Contention(1), 1), "maxAttempts 1: the body runs once")
    expect(once.error?.message, "a transaction gave up after 1 attempt: a document it read changed each time", "one attempt, in the singular")
    val uncontended = contended(changes = 0) { store, body -> store.typedTransaction(1, body) }
    expect(Pair(uncontended.error, uncontended.runs), Pair(null, 1), "maxAttempts 1: an uncontended transaction commits")
    val byDefault = contended { store, body -> store.typedTransaction(body = body) }
    expect(MAXIMUM_TRANSACTION_ATTEMPTS, 5, "the default is Firestore's 5 attempts")
    expect(Pair(byDefault.error, byDefault.runs), Pair(StoreException.Contention(5), 5), "without maxAttempts, the body runs five times")
    refusedAttempts()
}

private fun refusedAttempts() {
    for (attempts in listOf(0, -1)) {
        val store = InMemoryStore()
        store.setData(data("n" to int(0)), ROOM)
        var runs = 0
        val refused = store.runTransaction(attempts) { transaction -> runs++; transaction.write(DocumentWrite.Delete(ROOM)) }
        val error = errorOf(refused.ignoreElement())
        expect(error, StoreException.InvalidAttempts(attempts), "maxAttempts $attempts is refused")
        expect(error?.message, "a transaction runs at least once; maxAttempts was $attempts", "the invalid-attempts message")
        expect(runs, 0, "maxAttempts $attempts: the body never runs")
        expect(store.getDocument(ROOM).blockingGet()?.data, data("n" to int(0)), "maxAttempts $attempts: nothing is written")
    }
    val offline = errorOf(InMemoryStore(pendingWrites = true).runTransaction(0) { 0 }.ignoreElement())
    expect(offline, StoreException.InvalidAttempts(0), "maxAttempts is refused before the store is found offline, as the SDKs refuse the options first")
    check(StoreException.InvalidAttempts(0) != StoreException.InvalidAttempts(-1), "invalid-attempts errors differ by their count")
}
