package modelgen.runtime.tests

import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.FieldPath
import modelgen.runtime.FieldUpdate
import modelgen.runtime.InMemoryStore
import modelgen.runtime.StoreException
import modelgen.runtime.StoreQuery
import modelgen.runtime.checkPreconditions
import modelgen.runtime.commitBatch
import modelgen.runtime.conditionalPaths
import modelgen.runtime.getDocument
import modelgen.runtime.runTransaction

// Create-only sets and must-exist deletes (Firestore's `currentDocument` preconditions), with the
// cases checked on Firestore's emulator.

private val A = listOf("c", "a")
private val B = listOf("c", "b")

private fun create(path: List<String>, n: Long = 1) = DocumentWrite.Set(path, data("n" to int(n)), mustNotExist = true)
private fun set(path: List<String>, n: Long = 1) = DocumentWrite.Set(path, data("n" to int(n)))
private fun delete(path: List<String>) = DocumentWrite.Delete(path)
private fun deleteExisting(path: List<String>) = DocumentWrite.Delete(path, mustExist = true)

/** The data at `path` as text, or null when there is none. */
private fun stored(store: InMemoryStore, path: List<String>): String? =
    store.getDocument(path).blockingGet()?.let { DocumentValue.MapValue(it.data).toString() }

/** A store holding `{n: 0}` at each of `paths`. */
private fun storeWith(vararg paths: List<String>): InMemoryStore =
    InMemoryStore().also { store -> for (path in paths) store.setData(data("n" to int(0)), path) }

internal fun preconditionChecks() {
    singleWrites()
    writesInOrder()
    refusedCommits()
    preconditionsInTransactions()
    sharedPreconditionChecks()
}

private fun singleWrites() {
    val store = storeWith(A)
    val exists = errorOf(store.commitBatch(listOf(create(A, 5))))
    expect(exists, StoreException.AlreadyExists(A), "a create-only set of an existing document is refused")
    expect(exists?.message, "a document already exists at 'c/a'", "already-exists message")
    expect(stored(store, A), "{n: 0}", "a refused create leaves the document")
    expect(errorOf(store.commitBatch(listOf(create(B, 5)))), null, "a create-only set of a missing document")
    expect(stored(store, B), "{n: 5}", "a create-only set writes the document")
    val missing = listOf("c", "missing")
    val notFound = errorOf(store.commitBatch(listOf(deleteExisting(missing))))
    expect(notFound, StoreException.NotFound(missing), "a must-exist delete of a missing document is refused")
    expect(notFound?.message, "no document at 'c/missing'", "a refused must-exist delete's message")
    expect(errorOf(store.commitBatch(listOf(deleteExisting(A)))), null, "a must-exist delete of an existing document")
    expect(stored(store, A), null, "a must-exist delete deletes the document")
    expect(StoreException.AlreadyExists(A), StoreException.AlreadyExists(listOf("c", "a")), "already-exists errors are equal for the same path")
    check(StoreException.AlreadyExists(A) != StoreException.NotFound(A), "already-exists is not not-found")
    expect(errorOf(store.commitBatch(listOf(DocumentWrite.Set(B, data("" to int(1)), mustNotExist = true)))),
        StoreException.InvalidField(FieldPath(listOf(""))), "a create-only set is checked by Firestore's rules as a set, before its precondition")
}

private fun writesInOrder() {
    run {
        val store = InMemoryStore()
        expect(errorOf(store.commitBatch(listOf(create(A), deleteExisting(A)))), null, "a create then a must-exist delete of one document apply")
        expect(stored(store, A), null, "the create then the delete leave no document")
    }
    run {
        val store = storeWith(A)
        expect(errorOf(store.commitBatch(listOf(delete(A), create(A, 2)))), null, "a delete then a create of one document apply")
        expect(stored(store, A), "{n: 2}", "the delete then the create leave the created document")
    }
    run {
        val store = InMemoryStore()
        expect(errorOf(store.commitBatch(listOf(set(A), create(A, 2)))), StoreException.AlreadyExists(A), "a set then a create of one document are refused")
        expect(stored(store, A), null, "the refused set is not applied")
    }
    run {
        val store = storeWith(A)
        expect(errorOf(store.commitBatch(listOf(delete(A), deleteExisting(A)))), StoreException.NotFound(A), "a delete then a must-exist delete are refused")
        expect(stored(store, A), "{n: 0}", "the refused delete is not applied")
    }
    run {
        val store = storeWith(A)
        val merge = DocumentWrite.Merge(B, mapOf(path("n") to FieldUpdate.Value(int(1))))
        val update = DocumentWrite.Update(A, mapOf(path("n") to FieldUpdate.Value(int(1))))
        expect(errorOf(store.commitBatch(listOf(merge, create(B)))), StoreException.AlreadyExists(B), "a merge leaves its document existing")
        expect(errorOf(store.commitBatch(listOf(delete(A), update, create(A)))), StoreException.NotFound(A), "writes are checked in order: the update first")
    }
}

private fun refusedCommits() {
    val store = storeWith(A)
    val documentEvents = ArrayList<String?>()
    val queryEvents = ArrayList<Int>()
    store.addDocumentListener(B, { documentEvents.add(it?.id) }, { })
    store.addQueryListener(StoreQuery(listOf("c")), { queryEvents.add(it.changes.size) }, { })
    val update = DocumentWrite.Update(A, mapOf(path("n") to FieldUpdate.Value(int(1))))
    expect(errorOf(store.commitBatch(listOf(set(B), update, create(listOf("c", "new")), create(A)))),
        StoreException.AlreadyExists(A), "a commit whose last write is refused")
    expect(listOf(stored(store, A), stored(store, B), stored(store, listOf("c", "new"))), listOf("{n: 0}", null, null), "a refused commit applies none of its writes")
    expect(documentEvents, listOf<String?>(null), "a document listener hears nothing of a refused commit")
    expect(queryEvents, listOf(1), "a query listener hears nothing of a refused commit")
    var runs = 0
    val result = store.runTransaction { transaction ->
        runs++
        transaction.get(A)
        if (runs == 1) errorOf(store.commitBatch(listOf(set(A, 9), deleteExisting(B))))
        transaction.write(set(B, 3))
        runs
    }.blockingGet()
    expect(Pair(result, runs), Pair(1, 1), "a refused commit changes no version: a transaction that read its document does not run again")
    expect(stored(store, A), "{n: 0}", "the refused commit in the transaction is not applied")
}

private fun preconditionsInTransactions() {
    run {
        val store = InMemoryStore()
        var runs = 0
        val error = errorOf(store.runTransaction { transaction ->
            runs++
            transaction.get(B)
            store.setData(data("n" to int(7)), A)
            transaction.write(set(B))
            transaction.write(create(A))
        }.ignoreElement())
        expect(error, StoreException.AlreadyExists(A), "a transaction's create-only set of a document made meanwhile fails")
        expect(runs, 1, "a refused precondition is not retried")
        expect(listOf(stored(store, A), stored(store, B)), listOf("{n: 7}", null), "the failed transaction writes nothing")
    }
    run {
        val store = storeWith(A)
        val result = store.runTransaction { transaction ->
            transaction.write(deleteExisting(A))
            transaction.write(create(B))
            "done"
        }.blockingGet()
        expect(result, "done", "a transaction's conditional writes whose preconditions hold")
        expect(listOf(stored(store, A), stored(store, B)), listOf(null, "{n: 1}"), "are applied")
    }
}

/** The shared check the Firestore adapter runs on the documents it reads in a transaction. */
private fun sharedPreconditionChecks() {
    expect(conditionalPaths(listOf(set(A), delete(B), DocumentWrite.Update(A, emptyMap()))), emptyList<List<String>>(), "no conditional write: no path")
    expect(conditionalPaths(listOf(set(A), create(B), deleteExisting(A), create(B))), listOf(B, A), "the distinct paths of the conditional writes, in order")
    fun refusal(existing: Set<List<String>>, vararg writes: DocumentWrite): Throwable? {
        val asked = ArrayList<List<String>>()
        val error = try {
            checkPreconditions(writes.toList()) { path -> asked.add(path); if (path in existing) data("n" to int(0)) else null }
            null
        } catch (error: StoreException) {
            error
        }
        check(asked.all { it in conditionalPaths(writes.toList()) }, "only the conditional writes' documents are asked about")
        check(asked.distinct() == asked, "each document is asked about once")
        return error
    }
    expect(refusal(setOf(A), create(A)), StoreException.AlreadyExists(A), "shared check: a create of an existing document")
    expect(refusal(emptySet(), create(A)), null, "shared check: a create of a missing document")
    expect(refusal(emptySet(), deleteExisting(A)), StoreException.NotFound(A), "shared check: a must-exist delete of a missing document")
    expect(refusal(setOf(A), deleteExisting(A)), null, "shared check: a must-exist delete of an existing document")
    expect(refusal(emptySet(), create(A), deleteExisting(A)), null, "shared check: a create then a must-exist delete")
    expect(refusal(setOf(A), delete(A), create(A)), null, "shared check: a delete then a create")
    expect(refusal(emptySet(), set(A), create(A)), StoreException.AlreadyExists(A), "shared check: a set then a create")
    expect(refusal(setOf(A), delete(A), deleteExisting(A)), StoreException.NotFound(A), "shared check: a delete then a must-exist delete")
    expect(refusal(setOf(A), set(B), create(A), create(B)), StoreException.AlreadyExists(A), "shared check: the first refusal in order")
}
