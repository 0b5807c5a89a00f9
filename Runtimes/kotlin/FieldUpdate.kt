package modelgen.runtime

/**
 * What an update does to one field: set a value, or one of Firestore's field transforms
 * (`FieldValue.delete()`, `increment`, `arrayUnion`, `arrayRemove`).
 *
 * Transforms apply to the stored value as Firestore's server does (`DocumentTransform.FieldTransform`
 * in its API): an increment of a field that holds no number sets the operand; an array union or
 * removal of a field that holds no array starts from an empty one; array elements are compared
 * as the contract compares values (`1` equals `1.0`, NaN equals NaN, `-0.0` equals `0.0`).
 */
sealed class FieldUpdate {
    /** Sets the field ([DocumentValue.ServerTimestamp] asks the server for its time). */
    data class Value(val value: DocumentValue) : FieldUpdate()

    /** Removes the field; nothing happens if it is not there. */
    object Delete : FieldUpdate()

    /**
     * Adds an int or a double: ints add as ints (saturating at the bounds of 64 bits), anything
     * with a double as doubles.
     */
    data class Increment(val by: DocumentValue) : FieldUpdate()

    /** Appends each value the array does not hold yet. */
    data class ArrayUnion(val values: List<DocumentValue>) : FieldUpdate()

    /** Removes every element equal to one of the values. */
    data class ArrayRemove(val values: List<DocumentValue>) : FieldUpdate()
}

/** Applying updates to stored data, shared by the stores. */
internal object FieldUpdates {
    /**
     * The first two fields of which one is the other or holds it (`a` and `a.b`), which one
     * update may not name together.
     */
    fun overlap(fields: Collection<FieldPath>): Pair<FieldPath, FieldPath>? {
        val sorted = fields.sortedWith(Comparator { a, b -> CodePoints.compare(a.toString(), b.toString()) })
        for ((index, field) in sorted.withIndex()) {
            val inner = sorted.drop(index + 1).firstOrNull { it.keys.size >= field.keys.size && it.keys.subList(0, field.keys.size) == field.keys }
            if (inner != null) return Pair(field, inner)
        }
        return null
    }

    /**
     * Applies one field's part of a set with merge: a map with entries is merged key by key, as
     * Firestore's set with merge merges maps; anything else applies as in an update.
     */
    fun merge(data: MutableMap<String, DocumentValue>, field: FieldPath, update: FieldUpdate) {
        val map = (update as? FieldUpdate.Value)?.value as? DocumentValue.MapValue
        if (map == null || map.fields.isEmpty()) return apply(data, field, update)
        for ((key, value) in map.fields) merge(data, FieldPath(field.keys + key), FieldUpdate.Value(value))
    }

    /** Applies one field's update to `data` at `field`. */
    fun apply(data: MutableMap<String, DocumentValue>, field: FieldPath, update: FieldUpdate) {
        val new = applied(update, value(data, field.keys), field)
        if (new == null) remove(data, field.keys) else set(data, field.keys, new)
    }

    /** The field's new value, given its current one; null removes it. */
    private fun applied(update: FieldUpdate, current: DocumentValue?, field: FieldPath): DocumentValue? = when (update) {
        is FieldUpdate.Value -> update.value
        is FieldUpdate.Delete -> null
        is FieldUpdate.Increment -> increment(current, update.by, field)
        is FieldUpdate.ArrayUnion -> {
            val result = ArrayList(elements(current))
            for (value in update.values) if (value !in result) result.add(value)
            DocumentValue.ArrayValue(result)
        }
        is FieldUpdate.ArrayRemove -> DocumentValue.ArrayValue(elements(current).filter { it !in update.values })
    }

    private fun increment(current: DocumentValue?, operand: DocumentValue, field: FieldPath): DocumentValue {
        if (operand !is DocumentValue.IntValue && operand !is DocumentValue.DoubleValue) throw StoreException.NotANumber(field)
        return when {
            current is DocumentValue.IntValue && operand is DocumentValue.IntValue -> DocumentValue.IntValue(saturatingAdd(current.value, operand.value))
            current is DocumentValue.IntValue && operand is DocumentValue.DoubleValue -> DocumentValue.DoubleValue(canonical(current.value.toDouble() + operand.value))
            current is DocumentValue.DoubleValue && operand is DocumentValue.IntValue -> DocumentValue.DoubleValue(canonical(current.value + operand.value.toDouble()))
            current is DocumentValue.DoubleValue && operand is DocumentValue.DoubleValue -> DocumentValue.DoubleValue(canonical(current.value + operand.value))
            else -> operand
        }
    }

    /** The sum as Firestore stores it: every NaN as the one canonical NaN (∞ + −∞ has its sign bit set on x86-64 and ARM). */
    private fun canonical(sum: Double): Double = if (sum.isNaN()) Double.NaN else sum

    private fun saturatingAdd(a: Long, b: Long): Long {
        val sum = a + b
        val overflowed = (a xor sum) and (b xor sum) < 0
        return if (!overflowed) sum else if (b > 0) Long.MAX_VALUE else Long.MIN_VALUE
    }

    private fun elements(value: DocumentValue?): List<DocumentValue> = (value as? DocumentValue.ArrayValue)?.values ?: emptyList()

    private fun value(data: Map<String, DocumentValue>, keys: List<String>): DocumentValue? {
        val found = data[keys.first()] ?: return null
        if (keys.size == 1) return found
        return (found as? DocumentValue.MapValue)?.let { value(it.fields, keys.drop(1)) }
    }

    private fun remove(data: MutableMap<String, DocumentValue>, keys: List<String>) {
        if (keys.size == 1) {
            data.remove(keys.first())
            return
        }
        val inner = HashMap((data[keys.first()] as? DocumentValue.MapValue ?: return).fields)
        remove(inner, keys.drop(1))
        data[keys.first()] = DocumentValue.MapValue(inner)
    }

    /** Sets the value at a path of keys, creating maps on the way as Firestore's update does. */
    private fun set(data: MutableMap<String, DocumentValue>, keys: List<String>, value: DocumentValue) {
        val first = keys.firstOrNull() ?: return
        if (keys.size == 1) {
            data[first] = value
            return
        }
        val inner = HashMap((data[first] as? DocumentValue.MapValue)?.fields ?: emptyMap())
        set(inner, keys.drop(1), value)
        data[first] = DocumentValue.MapValue(inner)
    }
}
