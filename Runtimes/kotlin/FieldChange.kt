package modelgen.runtime

import java.security.SecureRandom

/**
 * A typed change of one field of a generated update (`updateMessage(…, likeCount =
 * FieldChange.increment(1L))`): set a value, or a transform that fits the field's type — delete
 * an optional field, a server timestamp for an optional timestamp field, increment a number, add
 * to or remove from a list, change some keys of a map. The types see to the fit: [delete] is a
 * change of nullable fields only, [serverTimestamp] of `Timestamp?` fields, [increment] of `Long`
 * or `Double` fields, [keys] of `Map` fields.
 */
sealed class FieldChange<out T> {
    /**
     * The change as the store applies it, its values stored with the field's `codec`: each
     * update at its path relative to the field (no keys: the field itself).
     */
    abstract fun updates(codec: Codec<@UnsafeVariance T>): Map<FieldPath, FieldUpdate>

    private class SetValue<T>(val value: T) : FieldChange<T>() {
        override fun updates(codec: Codec<T>): Map<FieldPath, FieldUpdate> = itself(FieldUpdate.Value(codec.encode(value)))
    }

    private class Transform<T>(val transform: FieldUpdate) : FieldChange<T>() {
        override fun updates(codec: Codec<T>): Map<FieldPath, FieldUpdate> = itself(transform)
    }

    private class ArrayChange<E>(val elements: List<E>, val remove: Boolean) : FieldChange<List<E>>() {
        override fun updates(codec: Codec<List<E>>): Map<FieldPath, FieldUpdate> {
            val values = (codec.encode(elements) as DocumentValue.ArrayValue).values
            return itself(if (remove) FieldUpdate.ArrayRemove(values) else FieldUpdate.ArrayUnion(values))
        }
    }

    private class Keys<E>(val changes: List<Pair<String, KeyChange<E>>>) : FieldChange<Map<String, E>>() {
        override fun updates(codec: Codec<Map<String, E>>): Map<FieldPath, FieldUpdate> =
            changes.associate { (key, change) -> Pair(FieldPath(listOf(key)), change.update(key, codec)) }
    }

    /** Makes changes. */
    companion object {
        /** Sets the field to `value`. */
        fun <T> set(value: T): FieldChange<T> = SetValue(value)

        /** Removes the field: an optional field reads null. */
        val delete: FieldChange<Nothing?> = Transform(FieldUpdate.Delete)

        /** The server's time when the write reaches it; null until then. */
        val serverTimestamp: FieldChange<Timestamp?> = Transform(FieldUpdate.Value(DocumentValue.ServerTimestamp))

        /** Adds `amount` on the server; a field holding no number is set to it. */
        fun increment(amount: Long): FieldChange<Long> = Transform(FieldUpdate.Increment(DocumentValue.IntValue(amount)))

        /** Adds `amount` on the server; a field holding no number is set to it. */
        fun increment(amount: Double): FieldChange<Double> = Transform(FieldUpdate.Increment(DocumentValue.DoubleValue(amount)))

        /** Appends each of `elements` the list does not hold yet. */
        fun <E> arrayUnion(vararg elements: E): FieldChange<List<E>> = ArrayChange(elements.toList(), remove = false)

        /** Removes every element equal to one of `elements`. */
        fun <E> arrayRemove(vararg elements: E): FieldChange<List<E>> = ArrayChange(elements.toList(), remove = true)

        /**
         * Changes the given keys of a map field, each alone, keeping its other keys, as
         * Firestore's dotted field paths do.
         */
        fun <E> keys(vararg changes: Pair<String, KeyChange<E>>): FieldChange<Map<String, E>> = Keys(changes.toList())
    }
}

/** A change of the field itself, at the empty relative path. */
private fun itself(update: FieldUpdate): Map<FieldPath, FieldUpdate> = mapOf(FieldPath(emptyList()) to update)

/** The id of the document written: the path's last segment. */
val DocumentWrite.documentId: String
    get() = path.last()

/**
 * An update of the fields whose changes ([FieldChange.updates]) are given; null changes are left
 * out. With [unchangedSince], only of a document that still reads as that value.
 */
fun updateWrite(
    path: List<String>,
    vararg changes: Pair<FieldPath, Map<FieldPath, FieldUpdate>?>,
    unchangedSince: ReadDocument<*>? = null
): DocumentWrite =
    DocumentWrite.Update(path, given(changes), unchangedSince)

/** A set with merge of the fields whose changes ([FieldChange.updates]) are given; null changes are left out. */
fun mergeWrite(path: List<String>, vararg changes: Pair<FieldPath, Map<FieldPath, FieldUpdate>?>): DocumentWrite =
    DocumentWrite.Merge(path, given(changes))

/** Each field's updates at their paths from the document. */
private fun given(changes: Array<out Pair<FieldPath, Map<FieldPath, FieldUpdate>?>>): Map<FieldPath, FieldUpdate> =
    changes.flatMap { (field, updates) -> updates.orEmpty().map { (relative, update) -> Pair(FieldPath(field.keys + relative.keys), update) } }.toMap()

/**
 * Document ids made on the client, as Firestore's SDKs make them: 20 characters from
 * `A–Z a–z 0–9`, random enough that two clients never pick the same.
 */
object DocumentIds {
    private const val CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    private val random = SecureRandom()

    /** A new document id. */
    fun make(): String = String(CharArray(20) { CHARACTERS[random.nextInt(CHARACTERS.length)] })
}
