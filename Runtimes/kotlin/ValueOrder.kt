package modelgen.runtime

/**
 * String comparison by Unicode code points, as Firestore does (the order of UTF-8 bytes), and
 * equality of exact code-point sequences with no normalization. Kotlin's `<` on strings
 * compares UTF-16 units, which puts U+10000 and above before U+E000…U+FFFF.
 */
object CodePoints {
    /** -1, 0 or 1. */
    fun compare(a: String, b: String): Int {
        val length = Math.min(a.length, b.length)
        for (index in 0 until length) {
            val left = a[index]
            val right = b[index]
            if (left != right) return if (orderKey(left) < orderKey(right)) -1 else 1
        }
        return if (a.length == b.length) 0 else if (a.length < b.length) -1 else 1
    }

    /** Whether the strings hold the same code points. */
    fun equal(a: String, b: String): Boolean = a == b

    /** Whether `a` sorts before `b` by code point. */
    fun less(a: String, b: String): Boolean = compare(a, b) < 0

    /**
     * A UTF-16 unit moved so that units compare as the code points they start: surrogates
     * (U+10000 and above) after U+E000…U+FFFF.
     */
    private fun orderKey(unit: Char): Int {
        val code = unit - '\u0000'
        return when {
            code < 0xD800 -> code
            code < 0xE000 -> code + 0x2000
            else -> code - 0x800
        }
    }
}

/**
 * Firestore's order of values: null < bool < number < timestamp < pending server timestamp
 * < string < bytes < reference < geopoint < array < map. Ints and doubles compare as numbers; NaN is below every other
 * number and equal to itself; −0 equals 0; strings compare by code point.
 */
object ValueOrder {
    /** -1, 0 or 1. */
    fun compare(a: DocumentValue, b: DocumentValue): Int {
        val leftRank = rank(a)
        val rightRank = rank(b)
        if (leftRank != rightRank) return if (leftRank < rightRank) -1 else 1
        return when (a) {
            is DocumentValue.BoolValue -> compareBooleans(a.value, (b as DocumentValue.BoolValue).value)
            is DocumentValue.IntValue -> when (b) {
                is DocumentValue.IntValue -> compareLongs(a.value, b.value)
                is DocumentValue.DoubleValue -> -compareDoubleWithLong(b.value, a.value)
                else -> 0
            }
            is DocumentValue.DoubleValue -> when (b) {
                is DocumentValue.IntValue -> compareDoubleWithLong(a.value, b.value)
                is DocumentValue.DoubleValue -> compareDoubles(a.value, b.value)
                else -> 0
            }
            is DocumentValue.TimestampValue -> a.value.compareTo((b as DocumentValue.TimestampValue).value)
            is DocumentValue.StringValue -> CodePoints.compare(a.value, (b as DocumentValue.StringValue).value)
            is DocumentValue.BytesValue -> a.value.compareTo((b as DocumentValue.BytesValue).value)
            is DocumentValue.GeoPointValue -> a.value.compareTo((b as DocumentValue.GeoPointValue).value)
            is DocumentValue.ReferenceValue -> compareReferences(a.path, (b as DocumentValue.ReferenceValue).path)
            is DocumentValue.ArrayValue -> compareArrays(a.values, (b as DocumentValue.ArrayValue).values)
            is DocumentValue.MapValue -> compareMaps(a.fields, (b as DocumentValue.MapValue).fields)
            is DocumentValue.Null, is DocumentValue.ServerTimestamp -> 0
        }
    }

    /** The type's place in the order; ints and doubles share one. */
    fun rank(value: DocumentValue): Int = when (value) {
        is DocumentValue.Null -> 0
        is DocumentValue.BoolValue -> 1
        is DocumentValue.IntValue, is DocumentValue.DoubleValue -> 2
        is DocumentValue.TimestampValue -> 3
        is DocumentValue.ServerTimestamp -> 4
        is DocumentValue.StringValue -> 5
        is DocumentValue.BytesValue -> 6
        is DocumentValue.ReferenceValue -> 7
        is DocumentValue.GeoPointValue -> 8
        is DocumentValue.ArrayValue -> 9
        is DocumentValue.MapValue -> 10
    }

    /** -1, 0 or 1, with NaN below every other double and equal to itself, and −0 equal to 0. */
    fun compareDoubles(a: Double, b: Double): Int = when {
        a.isNaN() -> if (b.isNaN()) 0 else -1
        b.isNaN() -> 1
        a < b -> -1
        a > b -> 1
        else -> 0
    }

    /** Exact comparison of a double with a long, also beyond 2^53. */
    internal fun compareDoubleWithLong(double: Double, long: Long): Int {
        if (double.isNaN()) return -1
        if (double < -9.223372036854775808e18) return -1
        if (double >= 9.223372036854775808e18) return 1
        val whole = if (double < 0) Math.ceil(double) else Math.floor(double)
        val truncated = whole.toLong()
        if (truncated != long) return if (truncated < long) -1 else 1
        val fraction = double - whole
        return if (fraction == 0.0) 0 else if (fraction < 0) -1 else 1
    }

    internal fun compareLongs(a: Long, b: Long): Int = if (a == b) 0 else if (a < b) -1 else 1

    internal fun compareBooleans(a: Boolean, b: Boolean): Int = if (a == b) 0 else if (a) 1 else -1

    /** Segment by segment, by code point; a path before the longer paths it starts. */
    internal fun compareReferences(a: List<String>, b: List<String>): Int {
        for (index in 0 until Math.min(a.size, b.size)) {
            val order = CodePoints.compare(a[index], b[index])
            if (order != 0) return order
        }
        return compareLongs(a.size.toLong(), b.size.toLong())
    }

    private fun compareArrays(a: List<DocumentValue>, b: List<DocumentValue>): Int {
        for (index in 0 until Math.min(a.size, b.size)) {
            val order = compare(a[index], b[index])
            if (order != 0) return order
        }
        return compareLongs(a.size.toLong(), b.size.toLong())
    }

    private fun compareMaps(a: Map<String, DocumentValue>, b: Map<String, DocumentValue>): Int {
        val byKey = Comparator<Map.Entry<String, DocumentValue>> { x, y -> CodePoints.compare(x.key, y.key) }
        val left = a.entries.sortedWith(byKey)
        val right = b.entries.sortedWith(byKey)
        for (index in 0 until Math.min(left.size, right.size)) {
            val keyOrder = CodePoints.compare(left[index].key, right[index].key)
            if (keyOrder != 0) return keyOrder
            val valueOrder = compare(left[index].value, right[index].value)
            if (valueOrder != 0) return valueOrder
        }
        return compareLongs(left.size.toLong(), right.size.toLong())
    }
}
