package modelgen.runtime

/**
 * A typed change of one key of a map field, for [FieldChange.keys] (`FieldChange.keys("👍" to
 * KeyChange.increment(1L))`): set the key's value, remove the key, increment a number, add to or
 * remove from a list. There is no server timestamp: a pending one would not decode as a
 * timestamp.
 */
sealed class KeyChange<out E> {
    /** The change of `key` as the store applies it, its value stored as the map field's `codec` stores it. */
    internal abstract fun update(key: String, codec: Codec<Map<String, @UnsafeVariance E>>): FieldUpdate

    private class SetValue<E>(val value: E) : KeyChange<E>() {
        override fun update(key: String, codec: Codec<Map<String, E>>): FieldUpdate = FieldUpdate.Value(encoded(key, value, codec))
    }

    private class Transform<E>(val transform: FieldUpdate) : KeyChange<E>() {
        override fun update(key: String, codec: Codec<Map<String, E>>): FieldUpdate = transform
    }

    private class ArrayChange<E>(val elements: List<E>, val remove: Boolean) : KeyChange<List<E>>() {
        override fun update(key: String, codec: Codec<Map<String, List<E>>>): FieldUpdate {
            val values = (encoded(key, elements, codec) as DocumentValue.ArrayValue).values
            return if (remove) FieldUpdate.ArrayRemove(values) else FieldUpdate.ArrayUnion(values)
        }
    }

    /** Makes changes. */
    companion object {
        /** Sets the key to `value`. */
        fun <E> set(value: E): KeyChange<E> = SetValue(value)

        /** Removes the key. */
        val delete: KeyChange<Nothing> = Transform(FieldUpdate.Delete)

        /** Adds `amount` on the server; a key holding no number is set to it. */
        fun increment(amount: Long): KeyChange<Long> = Transform(FieldUpdate.Increment(DocumentValue.IntValue(amount)))

        /** Adds `amount` on the server; a key holding no number is set to it. */
        fun increment(amount: Double): KeyChange<Double> = Transform(FieldUpdate.Increment(DocumentValue.DoubleValue(amount)))

        /** Appends each of `elements` the key's list does not hold yet. */
        fun <E> arrayUnion(vararg elements: E): KeyChange<List<E>> = ArrayChange(elements.toList(), remove = false)

        /** Removes every element equal to one of `elements` from the key's list. */
        fun <E> arrayRemove(vararg elements: E): KeyChange<List<E>> = ArrayChange(elements.toList(), remove = true)
    }
}

/** `value` as the map `codec` stores it under `key` (the map codec does not give out its values' codec). */
private fun <E> encoded(key: String, value: E, codec: Codec<Map<String, E>>): DocumentValue =
    (codec.encode(mapOf(key to value)) as DocumentValue.MapValue).fields.getValue(key)
