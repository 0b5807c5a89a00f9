package modelgen.runtime.tests

import modelgen.runtime.DocumentData
import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.FieldPath
import modelgen.runtime.FieldUpdate
import modelgen.runtime.InMemoryStore
import modelgen.runtime.StoreException

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
}
