package modelgen.runtime.tests

import modelgen.runtime.Codecs
import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.FieldChange
import modelgen.runtime.FieldPath
import modelgen.runtime.FieldUpdate
import modelgen.runtime.InMemoryStore
import modelgen.runtime.KeyChange
import modelgen.runtime.StoreException
import modelgen.runtime.commitBatch
import modelgen.runtime.getDocument
import modelgen.runtime.mergeWrite
import modelgen.runtime.updateWrite

// Per-key changes of map fields (`FieldChange.keys("👍" to KeyChange.increment(1L))`): each key
// changes alone at the path `[field, key]`, as Firestore's dotted field paths do, keeping the
// map's other keys (the semantics checked on Firestore's emulator).

private val POST = listOf("posts", "p1")

private val reactionCodec = Codecs.map(Codecs.long)

/** A store holding `fields` at [POST]. */
private fun storeWith(vararg fields: Pair<String, DocumentValue>): InMemoryStore =
    InMemoryStore().also { it.setData(data(*fields), POST) }

/** The data at [POST] as text (ints and doubles apart), or null when there is none. */
private fun stored(store: InMemoryStore): String? =
    store.getDocument(POST).blockingGet()?.let { DocumentValue.MapValue(it.data).toString() }

internal fun keyChangeChecks() {
    keyUpdates()
    mapsMade()
    listKeys()
    mergedKeys()
    refusedKeys()
    noKeys()
}

private fun keyUpdates() {
    val write = updateWrite(POST,
        FieldPath.of("reactions") to FieldChange.keys("👍" to KeyChange.increment(1L), "a.b" to KeyChange.set(3L), "👎" to KeyChange.delete)
            .updates(reactionCodec))
    val expected = DocumentWrite.Update(POST, mapOf(
        FieldPath.of("reactions", "👍") to FieldUpdate.Increment(int(1)),
        FieldPath.of("reactions", "a.b") to FieldUpdate.Value(int(3)),
        FieldPath.of("reactions", "👎") to FieldUpdate.Delete,
    ))
    expect(write, expected, "a keys change is an update of each key at [field, key]")
    expect(write.toString(), expected.toString(), "its values as the element codec stores them")
    val store = storeWith("reactions" to map("👎" to int(2), "x" to int(1)), "title" to str("hi"))
    store.commit(listOf(write))
    expect(stored(store), "{reactions: {a.b: 3, x: 1, 👍: 1}, title: \"hi\"}", "each key changes alone; the map's other keys and the other fields stay")
    store.commit(listOf(updateWrite(POST, FieldPath.of("reactions") to FieldChange.keys("👍" to KeyChange.increment(2L)).updates(reactionCodec))))
    expect(stored(store), "{reactions: {a.b: 3, x: 1, 👍: 3}, title: \"hi\"}", "an increment of a key adds to its number")
    val scores = storeWith("scores" to map("a" to dbl(1.5)))
    scores.commit(listOf(updateWrite(POST,
        FieldPath.of("scores") to FieldChange.keys("a" to KeyChange.increment(0.25), "b" to KeyChange.set(2.0)).updates(Codecs.map(Codecs.double)))))
    expect(stored(scores), "{scores: {a: 1.75, b: 2.0}}", "a map of doubles: increments and values stored as doubles")
}

private fun mapsMade() {
    val text = storeWith("reactions" to str("none"))
    text.commit(listOf(updateWrite(POST, FieldPath.of("reactions") to FieldChange.keys("👍" to KeyChange.set(1L)).updates(reactionCodec))))
    expect(stored(text), "{reactions: {👍: 1}}", "a key change of a field holding a string makes it a map")
    val missing = storeWith("title" to str("hi"))
    missing.commit(listOf(updateWrite(POST, FieldPath.of("reactions") to FieldChange.keys<Long>("👍" to KeyChange.delete).updates(reactionCodec))))
    expect(stored(missing), "{title: \"hi\"}", "a delete of a key of a missing map does nothing")
    missing.commit(listOf(updateWrite(POST, FieldPath.of("reactions") to FieldChange.keys("👍" to KeyChange.increment(4L)).updates(reactionCodec))))
    expect(stored(missing), "{reactions: {👍: 4}, title: \"hi\"}", "an increment of a key of a missing map sets the operand")
}

private fun listKeys() {
    val store = storeWith("tags" to map("a" to arr(str("x"), str("y")), "b" to arr(str("z")), "d" to arr(str("k"))))
    val change = FieldChange.keys("a" to KeyChange.arrayUnion("y", "w"), "b" to KeyChange.arrayRemove("z"), "c" to KeyChange.arrayUnion("n"))
    store.commit(listOf(updateWrite(POST, FieldPath.of("tags") to change.updates(Codecs.map(Codecs.list(Codecs.string))))))
    expect(stored(store), "{tags: {a: [\"x\", \"y\", \"w\"], b: [], c: [\"n\"], d: [\"k\"]}}",
        "arrayUnion and arrayRemove of keys of a map of lists, a missing key starting from an empty list")
}

private fun mergedKeys() {
    val store = InMemoryStore()
    val change: FieldChange<Map<String, Long>?> = FieldChange.keys("👍" to KeyChange.increment(2L), "👎" to KeyChange.delete, "x" to KeyChange.set(5L))
    store.commit(listOf(mergeWrite(POST, FieldPath.of("reactions") to change.updates(Codecs.optional(reactionCodec)))))
    expect(stored(store), "{reactions: {x: 5, 👍: 2}}", "a merge of key changes of an optional map field creates the document")
    store.commit(listOf(mergeWrite(POST, FieldPath.of("reactions") to FieldChange.keys<Long>("x" to KeyChange.delete).updates(reactionCodec))))
    expect(stored(store), "{reactions: {👍: 2}}", "a merge of a key's delete removes the key, keeping the others")
}

private fun refusedKeys() {
    val store = storeWith("reactions" to map("x" to int(1)))
    for (key in listOf("", "__x__")) {
        val write = updateWrite(POST, FieldPath.of("reactions") to FieldChange.keys("👍" to KeyChange.set(1L), key to KeyChange.set(2L)).updates(reactionCodec))
        expect(errorOf(store.commitBatch(listOf(write))), StoreException.InvalidField(FieldPath.of("reactions", key)),
            "a key '$key' is refused as an invalid field")
        expect(stored(store), "{reactions: {x: 1}}", "a refused key change '$key' writes nothing")
    }
}

private fun noKeys() {
    expect(FieldChange.keys<Long>().updates(reactionCodec), emptyMap<FieldPath, FieldUpdate>(), "keys() with no pairs has no updates")
    val write = updateWrite(POST, FieldPath.of("reactions") to FieldChange.keys<Long>().updates(reactionCodec), FieldPath.of("title") to null)
    expect(write, DocumentWrite.Update(POST, emptyMap()), "keys() with no pairs adds no field to the update")
    val store = storeWith("reactions" to map("x" to int(1)))
    store.commit(listOf(write))
    expect(stored(store), "{reactions: {x: 1}}", "keys() with no pairs changes nothing")
}
