package modelgen.runtime.tests

import modelgen.runtime.DocumentData
import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.FieldPath
import modelgen.runtime.FieldUpdate
import modelgen.runtime.InMemoryStore
import modelgen.runtime.StoreException
import modelgen.runtime.commitBatch
import modelgen.runtime.getDocument
import modelgen.runtime.runTransaction

/**
 * Firestore's limits on a stored document, at the numbers its emulator holds them (the same
 * cases as the Swift runtime's DocumentLimitsTests).
 */
internal fun documentLimits() {
    fun string(count: Int) = str("a".repeat(count))
    fun error(store: InMemoryStore, vararg writes: DocumentWrite): Throwable? = errorOf(store.commitBatch(writes.toList()))
    fun set(id: String, data: DocumentData) = DocumentWrite.Set(listOf("c", id), data)
    val store = InMemoryStore()
    expect(error(store, set("x", data("s" to string(524_259), "t" to string(524_259)))), null, "a document of 1,048,576 bytes")
    expect(error(store, set("x", data("s" to string(524_259), "t" to string(524_260)))), StoreException.DocumentTooLarge(listOf("c", "x")), "one byte more")
    expect(error(store, set("x", data("m" to DocumentValue.MapValue(data("s" to string(524_258), "t" to string(524_259)))))),
        StoreException.DocumentTooLarge(listOf("c", "x")), "a map's size is its fields'")
    expect(error(store, set("x", data("s" to string(1_048_488)))), StoreException.ValueTooLarge(path("s")), "a string of 1,048,488 bytes")
    expect(error(store, set("x", data("s" to string(1_048_487)))), null, "a string of 1,048,487 bytes")
    fun maps(count: Int, around: DocumentValue): DocumentValue = (0 until count).fold(around) { inner, _ -> DocumentValue.MapValue(data("m" to inner)) }
    expect(error(store, set("d", data("f" to maps(20, int(1))))), null, "20 maps deep")
    expect(error(store, set("d", data("f" to maps(21, int(1))))), StoreException.TooDeep(path("f")), "21 maps deep")
    expect(error(store, set("d", data("f" to maps(20, arr())))), null, "an empty array is no level")
    expect(error(store, set("d", data("f" to maps(20, arr(int(1)))))), StoreException.TooDeep(path("f")), "an array of one is a level")
    val a750 = "a".repeat(750)
    expect(error(store, set("p", data(a750 to DocumentValue.MapValue(data("b".repeat(750) to int(1)))))),
        StoreException.FieldPathTooLong(FieldPath(listOf(a750, "b".repeat(750)))), "a field path of 1,501 bytes")
    expect(error(store, set("p", data("é".repeat(750) to int(1)))), null, "a field path of 1,500 bytes")
    store.setData(data("s" to string(1_048_400)), listOf("c", "z"))
    expect(error(store, set("a", data()), DocumentWrite.Update(listOf("c", "z"), mapOf(path("t") to FieldUpdate.Value(string(200))))),
        StoreException.DocumentTooLarge(listOf("c", "z")), "an update that would make a document too large")
    expect(store.getDocument(listOf("c", "a")).blockingGet(), null, "a refused commit writes nothing")
    requestLimit()
}

/**
 * A commit takes any number of writes up to Firestore's API request size, 10 MiB; past it the
 * whole commit is refused before anything is written, a transaction's too.
 */
private fun requestLimit() {
    fun string(count: Int) = str("a".repeat(count))
    fun error(store: InMemoryStore, writes: List<DocumentWrite>): Throwable? = errorOf(store.commitBatch(writes))
    // Ten sets of c/dN with s of the largest value (21 + 2 + 1,048,488 bytes each), and a delete of
    // c/zzz… (16 + 2 + the id and 1): with an id of 631, exactly Firestore's 10 MiB request.
    fun largestRequest(idLength: Int): List<DocumentWrite> =
        (0 until 10).map { DocumentWrite.Set(listOf("c", "d$it"), data("s" to string(1_048_487))) } + DocumentWrite.Delete(listOf("c", "z".repeat(idLength)))
    val store = InMemoryStore()
    expect(error(store, largestRequest(632)), StoreException.RequestTooLarge(), "a commit of 10 MiB and one byte")
    expect(store.getDocument(listOf("c", "d0")).blockingGet(), null, "a commit too large writes nothing")
    expect(error(store, largestRequest(631)), null, "a commit of 10 MiB")
    check(store.getDocument(listOf("c", "d9")).blockingGet() != null, "a commit of 10 MiB is written")
    // An update sends its field paths and values: 21 + 1 + 1,048,488 for each c/dN, then a merge of
    // c/e: 20 + 1 + the string and 1.
    val updates = (0 until 10).map { DocumentWrite.Update(listOf("c", "d$it"), mapOf(path("s") to FieldUpdate.Value(string(1_048_487)))) }
    fun merge(length: Int) = DocumentWrite.Merge(listOf("c", "e"), mapOf(path("t") to FieldUpdate.Value(string(length))))
    expect(error(store, updates + merge(639)), StoreException.RequestTooLarge(), "updates of 10 MiB and one byte")
    expect(error(store, updates + merge(638)), null, "updates of 10 MiB")
    expect(StoreException.RequestTooLarge().message, "the commit is larger than the 10,485,760 bytes (10 MiB) Firestore takes in one request",
        "the request-too-large message")
    val writes = largestRequest(632)
    val refused = store.runTransaction { transaction -> for (write in writes) transaction.write(write) }
    expect(errorOf(refused.ignoreElement()), StoreException.RequestTooLarge(), "a transaction's commit of 10 MiB and one byte")
}
