package modelgen.runtime

/**
 * The comparisons that generated equality and predicates use, under the behaviour contract:
 * NaN equals NaN, −0 equals 0, numbers compare as numbers, strings by code point.
 *
 * In predicates a comparison with null is false (generated code writes `== null` itself), and
 * NaN, equal to NaN, is matched by no range comparison, [isIn], [contains] or [containsAny], and
 * is [notIn] a list without NaN, as in Firestore's queries.
 */
object Match {
    /**
     * Structural contract equality for generated `equals`: null equals null; doubles NaN equal
     * NaN and −0 equals 0; lists and maps compare element by element; anything else by `==`.
     */
    fun same(a: Any?, b: Any?): Boolean {
        if (a === b) return true
        if (a == null || b == null) return false
        if (a is Number && b is Number) return compareNumbers(a, b) == 0
        if (a is List<*> && b is List<*>) {
            if (a.size != b.size) return false
            val right = b.iterator()
            return a.all { same(it, right.next()) }
        }
        if (a is Map<*, *> && b is Map<*, *>) {
            return a.size == b.size && a.all { (key, value) -> b.containsKey(key) && same(value, b[key]) }
        }
        return a == b
    }

    /** A hash consistent with [same]. */
    fun hash(value: Any?): Int = when (value) {
        null -> 0
        is Double -> hashDouble(value)
        is Float -> hashDouble(value.toDouble())
        is Number -> hashDouble(value.toLong().toDouble())
        is List<*> -> value.fold(value.size) { sum, element -> sum * 31 + hash(element) }
        is Map<*, *> -> value.entries.fold(value.size) { sum, entry -> sum + (hash(entry.key) xor hash(entry.value)) }
        else -> value.hashCode()
    }

    /**
     * `== null` in a predicate. A call, not `value == null`, so that the compiler's flow analysis
     * does not decide a later test of the same value in the predicate ("condition is always").
     */
    fun isNull(value: Any?): Boolean = value == null

    /** `==` in a predicate: false when either side is null. */
    fun equal(a: Any?, b: Any?): Boolean = a != null && b != null && same(a, b)

    /** `!=` in a predicate: true only for two present, different values. */
    fun notEqual(a: Any?, b: Any?): Boolean = a != null && b != null && !same(a, b)

    /** `<` in a predicate: false when either side is null or NaN. */
    fun less(a: Any?, b: Any?): Boolean = ordered(a, b) && order(a!!, b!!) < 0

    /** `<=` in a predicate: false when either side is null or NaN. */
    fun lessOrEqual(a: Any?, b: Any?): Boolean = ordered(a, b) && order(a!!, b!!) <= 0

    /** `>` in a predicate: false when either side is null or NaN. */
    fun greater(a: Any?, b: Any?): Boolean = ordered(a, b) && order(a!!, b!!) > 0

    /** `>=` in a predicate: false when either side is null or NaN. */
    fun greaterOrEqual(a: Any?, b: Any?): Boolean = ordered(a, b) && order(a!!, b!!) >= 0

    /** Whether `value` is one of `candidates`; false when it is null or NaN. */
    fun isIn(value: Any?, candidates: List<Any?>): Boolean = value != null && !isNaN(value) && candidates.any { same(value, it) }

    /** Whether `value` is none of `candidates`; false when it is null (NaN is not in a list holding NaN). */
    fun notIn(value: Any?, candidates: List<Any?>): Boolean = value != null && candidates.none { same(value, it) }

    /** Whether the list `values` holds `element`; false when either is null, or the element is NaN. */
    fun contains(values: List<Any?>?, element: Any?): Boolean =
        values != null && element != null && !isNaN(element) && values.any { same(it, element) }

    /** Whether the list `values` holds one of `candidates`; false when it is null, and its null and NaN elements match none. */
    fun containsAny(values: List<Any?>?, candidates: List<Any?>): Boolean =
        values != null && values.any { isIn(it, candidates) }

    /** Whether both sides are present and neither is NaN: a range comparison may hold. */
    private fun ordered(a: Any?, b: Any?): Boolean = a != null && b != null && !isNaN(a) && !isNaN(b)

    private fun isNaN(value: Any): Boolean = (value is Double && value.isNaN()) || (value is Float && value.isNaN())

    /**
     * -1, 0 or 1: strings (and string enums) by code point, numbers with NaN lowest, false before
     * true, timestamps by time, bytes byte by byte, geopoints by latitude then longitude,
     * references by path.
     */
    internal fun order(a: Any, b: Any): Int = when {
        a is String && b is String -> CodePoints.compare(a, b)
        a is StringEnum && b is StringEnum -> CodePoints.compare(a.value, b.value)
        a is Number && b is Number -> compareNumbers(a, b)
        a is Boolean && b is Boolean -> ValueOrder.compareBooleans(a, b)
        a is Timestamp && b is Timestamp -> a.compareTo(b)
        a is Bytes && b is Bytes -> a.compareTo(b)
        a is GeoPoint && b is GeoPoint -> a.compareTo(b)
        a is TypedReference && b is TypedReference ->
            ValueOrder.compare(DocumentValue.ReferenceValue(a.path), DocumentValue.ReferenceValue(b.path))
        else -> throw IllegalArgumentException("cannot order ${a.javaClass.name} and ${b.javaClass.name}")
    }

    /** Numbers as Firestore compares them: integers exactly, doubles with NaN lowest. */
    private fun compareNumbers(a: Number, b: Number): Int {
        val leftIsDouble = a is Double || a is Float
        val rightIsDouble = b is Double || b is Float
        return when {
            leftIsDouble && rightIsDouble -> ValueOrder.compareDoubles(a.toDouble(), b.toDouble())
            leftIsDouble -> ValueOrder.compareDoubleWithLong(a.toDouble(), b.toLong())
            rightIsDouble -> -ValueOrder.compareDoubleWithLong(b.toDouble(), a.toLong())
            else -> ValueOrder.compareLongs(a.toLong(), b.toLong())
        }
    }

    /** NaN hashes alike, and −0 as 0. */
    private fun hashDouble(value: Double): Int = when {
        value.isNaN() -> 0x7ff80000
        value == 0.0 -> 0
        else -> value.hashCode()
    }
}
