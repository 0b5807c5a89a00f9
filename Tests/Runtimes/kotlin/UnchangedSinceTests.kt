package modelgen.runtime.tests

import modelgen.runtime.Codecs
import modelgen.runtime.CounterCheck
import modelgen.runtime.DocumentCodec
import modelgen.runtime.DocumentData
import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.FieldPath
import modelgen.runtime.FieldReader
import modelgen.runtime.FieldUpdate
import modelgen.runtime.InMemoryStore
import modelgen.runtime.ReadDocument
import modelgen.runtime.StoreException
import modelgen.runtime.checkPreconditions
import modelgen.runtime.commitBatch
import modelgen.runtime.conditionalPaths
import modelgen.runtime.getDocument
import modelgen.runtime.runTransaction
import modelgen.runtime.updateWrite
import modelgen.runtime.written

// Updates and deletes made only if their document still reads as a value read before
// (`unchangedSince`): Firestore's `updateTime` precondition as a client can keep it (the same
// cases as the Swift runtime's UnchangedSinceTests).

/** A document type read with the contract's codecs: an int `n`. */
private data class ReadItem(val id: String, val n: Long) {
    companion object : DocumentCodec<ReadItem> {
        override fun decode(id: String, data: DocumentData): ReadItem = ReadItem(id, FieldReader(data).required("n", Codecs.long))

        override fun encode(value: ReadItem): DocumentData = mapOf("n" to Codecs.long.encode(value.n))
    }
}

private val PATH = listOf("c", "a")

private fun read(id: String = "a", n: Long = 1): ReadDocument<ReadItem> = ReadDocument(ReadItem(id, n), ReadItem)

private fun setN(value: DocumentValue) = DocumentWrite.Set(PATH, data("n" to value))

private fun updateN(n: Long, unchangedSince: ReadDocument<*>? = null) =
    DocumentWrite.Update(PATH, mapOf(path("n") to FieldUpdate.Value(int(n))), unchangedSince)

/** The data at [PATH] as text, or null when there is none. */
private fun storedText(store: InMemoryStore): String? =
    store.getDocument(PATH).blockingGet()?.let { DocumentValue.MapValue(it.data).toString() }

internal fun unchangedSinceChecks() {
    anUpdateAppliesWhileTheDocumentReadsAsRead()
    theDocumentIsComparedAsItDecodes()
    aMissingDocumentHasChanged()
    anEarlierWriteInTheCommitIsAChange()
    aTransactionChecksAgainstTheDocumentAsItCommits()
    theyAreLookedUpAsConditionalWrites()
    theSharedCheckComparesTheDataRead()
    typedWritesCarryIt()
}

private fun anUpdateAppliesWhileTheDocumentReadsAsRead() {
    val store = InMemoryStore()
    store.commit(listOf(setN(int(1))))
    val read = read()
    expect(errorOf(store.commitBatch(listOf(updateN(2, read)))), null, "an update applies while its document reads as read")
    expect(storedText(store), "{n: 2}", "the update is applied")
    val refused = errorOf(store.commitBatch(listOf(updateN(3, read))))
    expect(refused, StoreException.ChangedSinceRead(PATH), "an update of a document changed since the read is refused")
    expect(refused?.message, "the document at 'c/a' has changed since it was read", "the changed-since-read message")
    expect(storedText(store), "{n: 2}", "the refused update is not applied")
    expect(StoreException.ChangedSinceRead(PATH), StoreException.ChangedSinceRead(listOf("c", "a")), "changed-since-read errors are equal for the same path")
    check(StoreException.ChangedSinceRead(PATH) != StoreException.NotFound(PATH), "changed-since-read is not not-found")
}

private fun theDocumentIsComparedAsItDecodes() {
    val store = InMemoryStore()
    store.commit(listOf(DocumentWrite.Set(PATH, data("n" to int(1), "other" to str("a field the type does not read")))))
    expect(errorOf(store.commitBatch(listOf(DocumentWrite.Delete(PATH, unchangedSince = read())))), null,
        "a field the type does not read is no change")
    expect(storedText(store), null, "the delete is applied")
    store.commit(listOf(setN(str("not an int"))))
    expect(errorOf(store.commitBatch(listOf(DocumentWrite.Delete(PATH, unchangedSince = read())))), StoreException.ChangedSinceRead(PATH),
        "a document that no longer decodes has changed")
    store.commit(listOf(setN(int(1))))
    expect(errorOf(store.commitBatch(listOf(DocumentWrite.Delete(PATH, unchangedSince = read(id = "b"))))), StoreException.ChangedSinceRead(PATH),
        "the id is the write's")
    expect(storedText(store), "{n: 1}", "the refused deletes are not applied")
    check(read().isUnchanged("a", data("n" to int(1))) && !read().isUnchanged("a", data("n" to int(2))), "isUnchanged compares the decoded value")
    check(!read().isUnchanged("a", data()), "isUnchanged of data that does not decode")
}

private fun aMissingDocumentHasChanged() {
    val store = InMemoryStore()
    expect(errorOf(store.commitBatch(listOf(DocumentWrite.Delete(PATH, unchangedSince = read())))), StoreException.ChangedSinceRead(PATH),
        "a delete of a missing document")
    expect(errorOf(store.commitBatch(listOf(DocumentWrite.Delete(PATH, mustExist = true, unchangedSince = read())))), StoreException.ChangedSinceRead(PATH),
        "a must-exist delete of a missing document: unchanged-since is checked first")
    expect(errorOf(store.commitBatch(listOf(updateN(2, read())))), StoreException.ChangedSinceRead(PATH), "an update of a missing document")
}

private fun anEarlierWriteInTheCommitIsAChange() {
    val store = InMemoryStore()
    store.commit(listOf(setN(int(1))))
    expect(errorOf(store.commitBatch(listOf(setN(int(1)), updateN(2, read())))), StoreException.ChangedSinceRead(PATH),
        "an earlier write of the commit is a change, even one that leaves the document as it was")
    expect(errorOf(store.commitBatch(listOf(updateN(2), DocumentWrite.Delete(PATH, unchangedSince = read(n = 2))))), StoreException.ChangedSinceRead(PATH),
        "a delete after an update of the commit that leaves the document as read")
    expect(storedText(store), "{n: 1}", "the refused commits are not applied")
    expect(errorOf(store.commitBatch(listOf(updateN(2, read()), updateN(3)))), null, "a later write is free of the first's condition")
    expect(storedText(store), "{n: 3}", "both writes are applied")
}

private fun aTransactionChecksAgainstTheDocumentAsItCommits() {
    run {
        val store = InMemoryStore()
        store.commit(listOf(setN(int(1))))
        var runs = 0
        val error = errorOf(store.runTransaction { transaction ->
            runs++
            if (transaction.get(listOf("c", "other")) == null) store.commit(listOf(setN(int(5))))
            transaction.write(updateN(2, read()))
        }.ignoreElement())
        expect(error, StoreException.ChangedSinceRead(PATH), "a transaction's write of a document changed since its read")
        expect(runs, 1, "a refused precondition is not retried")
        expect(storedText(store), "{n: 5}", "the failed transaction writes nothing")
    }
    run {
        val store = InMemoryStore()
        store.commit(listOf(setN(int(1))))
        val result = store.runTransaction { transaction ->
            val item = transaction.get(PATH)?.let { ReadItem.decode(it.id, it.data) }!!
            transaction.write(updateN(item.n + 1, ReadDocument(item, ReadItem)))
            "done"
        }.blockingGet()
        expect(result, "done", "a transaction's write of the document as it read it")
        expect(storedText(store), "{n: 2}", "is applied")
    }
}

private fun theyAreLookedUpAsConditionalWrites() {
    val read = read()
    expect(conditionalPaths(listOf(DocumentWrite.Update(listOf("c", "a"), emptyMap()), DocumentWrite.Update(listOf("c", "b"), emptyMap(), read),
        DocumentWrite.Delete(listOf("c", "d"), unchangedSince = read))), listOf(listOf("c", "b"), listOf("c", "d")),
        "unchanged-since updates and deletes are conditional")
    expect(read, read(), "read documents are equal for equal documents")
    check(read != read(id = "z") && read != read(n = 2), "read documents of other documents differ")
    expect(read.hashCode(), read().hashCode(), "equal read documents hash alike")
    check(updateN(2, read) != updateN(2), "an update with unchangedSince is not one without")
}

/** The shared check the Firestore adapter runs on the documents it reads in a transaction. */
private fun theSharedCheckComparesTheDataRead() {
    val b = listOf("c", "b")
    fun refusal(stored: Map<List<String>, DocumentData>, vararg writes: DocumentWrite): Pair<Throwable?, List<List<String>>> {
        val asked = ArrayList<List<String>>()
        val error = try {
            checkPreconditions(writes.toList()) { path -> asked.add(path); stored[path] }
            null
        } catch (error: StoreException) {
            error
        }
        return Pair(error, asked)
    }
    val one = mapOf(PATH to data("n" to int(1)))
    expect(refusal(one, updateN(2, read())), Pair(null, listOf(PATH)), "shared check: a document as read")
    expect(refusal(mapOf(PATH to data("n" to int(2))), updateN(3, read())).first, StoreException.ChangedSinceRead(PATH), "shared check: a changed document")
    expect(refusal(emptyMap(), DocumentWrite.Delete(PATH, mustExist = true, unchangedSince = read())).first, StoreException.ChangedSinceRead(PATH),
        "shared check: a missing document, unchanged-since before must-exist")
    expect(refusal(one, setN(int(1)), updateN(2, read())), Pair(StoreException.ChangedSinceRead(PATH), emptyList<List<String>>()),
        "shared check: a document an earlier write wrote has changed, and is not read")
    expect(refusal(one + (b to data()), DocumentWrite.Set(b, data(), mustNotExist = true), updateN(2, read())).first, StoreException.AlreadyExists(b),
        "shared check: the first refusal in order")
}

/** The calls generated code makes, and a counted write's condition kept. */
private fun typedWritesCarryIt() {
    val read = read()
    expect(updateWrite(PATH, FieldPath.of("n") to mapOf(FieldPath(emptyList()) to FieldUpdate.Value(int(2))), unchangedSince = read), updateN(2, read),
        "updateWrite passes unchangedSince")
    expect(updateWrite(PATH, FieldPath.of("n") to mapOf(FieldPath(emptyList()) to FieldUpdate.Value(int(2)))), updateN(2),
        "updateWrite without unchangedSince")
    val store = InMemoryStore()
    val member = listOf("members", "u1")
    store.commit(listOf(DocumentWrite.Set(member, data("count" to int(1))), setN(int(2))))
    val check = CounterCheck("deleteItem", "count > 0", member, "count", -1) { it > 0 }
    var error: Throwable? = null
    store.written(check) { DocumentWrite.Delete(PATH, unchangedSince = read) }.subscribe({ }, { error = it })
    expect(error, StoreException.ChangedSinceRead(PATH), "a counted delete keeps its unchangedSince")
    expect(Pair(storedText(store), store.getDocument(member).blockingGet()?.data), Pair("{n: 2}", data("count" to int(1))), "and writes nothing when refused")
}
