package modelgen.runtime

import java.math.BigDecimal
import java.math.MathContext
import java.math.RoundingMode

/** The fields of a document or of an embedded value. */
typealias DocumentData = Map<String, DocumentValue>

/**
 * A value stored in a document, with Firestore's types.
 *
 * Equality and hashing follow the behaviour contract, not Kotlin's defaults: numbers are equal
 * when they are the same number (`1 == 1.0`, `-0.0 == 0.0`, `NaN == NaN`) and strings when they
 * are the same code points (no normalization).
 */
sealed class DocumentValue {
    /** A stored null. */
    object Null : DocumentValue()

    /**
     * A server timestamp not yet set by the server. Written, it asks for one; read, it is a
     * pending write that decodes as null and sorts after every timestamp.
     */
    object ServerTimestamp : DocumentValue()

    /** A boolean. */
    class BoolValue(val value: Boolean) : DocumentValue()

    /** A 64-bit integer, kept apart from doubles as Firestore keeps it. */
    class IntValue(val value: Long) : DocumentValue()

    /** A double. */
    class DoubleValue(val value: Double) : DocumentValue()

    /** A timestamp. */
    class TimestampValue(val value: Timestamp) : DocumentValue()

    /** A string. */
    class StringValue(val value: String) : DocumentValue()

    /** Bytes. */
    class BytesValue(val value: Bytes) : DocumentValue()

    /** A reference to the document at `path` (its segments), ordered segment by segment. */
    class ReferenceValue(val path: List<String>) : DocumentValue()

    /** A geopoint. */
    class GeoPointValue(val value: GeoPoint) : DocumentValue()

    /** A list of values. */
    class ArrayValue(val values: List<DocumentValue>) : DocumentValue()

    /** An embedded map of fields. */
    class MapValue(val fields: Map<String, DocumentValue>) : DocumentValue()

    /** Reading references. */
    companion object {
        /**
         * The path parameters and the id of `value`, a reference to a document of the collection
         * at `collection` (written as the schema writes it: `chatrooms/{roomId}/members`), in
         * order: `["r1", "u1"]` for `chatrooms/r1/members/u1`. Generated reference types decode with it.
         */
        fun referenceParameters(value: DocumentValue, collection: String): List<String> {
            val expected = "a reference to $collection"
            val path = (value as? ReferenceValue)?.path
                ?: throw DocumentDecodingException(DocumentDecodingException.Problem.WrongType(expected, value.typeName))
            val parameters = parameters(path, collection)
                ?: throw DocumentDecodingException(DocumentDecodingException.Problem.WrongType(expected, "a reference to ${path.joinToString("/")}"))
            return parameters + path.last()
        }

        /**
         * The values of `collection`'s path parameters in `path`, a document path; null when the
         * document is not in a collection of that pattern.
         */
        internal fun parameters(path: List<String>, collection: String): List<String>? {
            val pattern = collection.split("/")
            if (path.size != pattern.size + 1 || pattern.indices.any { !pattern[it].startsWith("{") && pattern[it] != path[it] }) return null
            return pattern.indices.filter { pattern[it].startsWith("{") }.map { path[it] }
        }
    }

    /** Contract equality: the values compare equal in Firestore's value order. */
    final override fun equals(other: Any?): Boolean =
        this === other || other is DocumentValue && ValueOrder.compare(this, other) == 0

    /** A hash consistent with [equals]: ints hash as the double they are closest to. */
    final override fun hashCode(): Int = when (this) {
        is Null -> 0
        is ServerTimestamp -> 1
        is BoolValue -> if (value) 1231 else 1237
        is IntValue -> Match.hash(value.toDouble())
        is DoubleValue -> Match.hash(value)
        is TimestampValue -> value.hashCode()
        is StringValue -> value.hashCode()
        is BytesValue -> value.hashCode()
        is ReferenceValue -> path.hashCode()
        is GeoPointValue -> value.hashCode()
        is ArrayValue -> values.fold(values.size) { hash, element -> hash * 31 + element.hashCode() }
        is MapValue -> fields.entries.fold(fields.size) { hash, entry -> hash + (entry.key.hashCode() xor entry.value.hashCode()) }
    }

    /** `null`, `true`, `1`, `1.5`, `"text"`, `[1, 2]`, `{a: 1}` (keys in code-point order), `serverTimestamp`. */
    final override fun toString(): String = when (this) {
        is Null -> "null"
        is ServerTimestamp -> "serverTimestamp"
        is BoolValue -> value.toString()
        is IntValue -> value.toString()
        is DoubleValue -> SwiftDouble.describe(value)
        is TimestampValue -> value.toString()
        is StringValue -> "\"$value\""
        is BytesValue -> value.toString()
        is ReferenceValue -> "reference(${path.joinToString("/")})"
        is GeoPointValue -> value.toString()
        is ArrayValue -> values.joinToString(", ", "[", "]")
        is MapValue -> fields.entries.sortedWith(Comparator { a, b -> CodePoints.compare(a.key, b.key) })
            .joinToString(", ", "{", "}") { "${it.key}: ${it.value}" }
    }

    /** The name of the value's type, for messages. */
    val typeName: String
        get() = when (this) {
            is Null -> "null"
            is ServerTimestamp -> "pending server timestamp"
            is BoolValue -> "bool"
            is IntValue -> "int"
            is DoubleValue -> "double"
            is TimestampValue -> "timestamp"
            is StringValue -> "string"
            is BytesValue -> "bytes"
            is ReferenceValue -> "reference"
            is GeoPointValue -> "geopoint"
            is ArrayValue -> "array"
            is MapValue -> "map"
        }
}

/**
 * Whether two values are stored exactly alike: same types, same bits (any NaN is NaN), same
 * code points. Stricter than `==`, which compares numbers as numbers.
 */
internal fun identical(a: DocumentValue, b: DocumentValue): Boolean = when (a) {
    is DocumentValue.Null -> b is DocumentValue.Null
    is DocumentValue.ServerTimestamp -> b is DocumentValue.ServerTimestamp
    is DocumentValue.BoolValue -> b is DocumentValue.BoolValue && a.value == b.value
    is DocumentValue.IntValue -> b is DocumentValue.IntValue && a.value == b.value
    is DocumentValue.DoubleValue ->
        b is DocumentValue.DoubleValue && java.lang.Double.doubleToLongBits(a.value) == java.lang.Double.doubleToLongBits(b.value)
    is DocumentValue.TimestampValue -> b is DocumentValue.TimestampValue && a.value == b.value
    is DocumentValue.StringValue -> b is DocumentValue.StringValue && a.value == b.value
    is DocumentValue.BytesValue -> b is DocumentValue.BytesValue && a.value == b.value
    is DocumentValue.ReferenceValue -> b is DocumentValue.ReferenceValue && a.path == b.path
    is DocumentValue.GeoPointValue -> b is DocumentValue.GeoPointValue &&
        java.lang.Double.doubleToLongBits(a.value.latitude) == java.lang.Double.doubleToLongBits(b.value.latitude) &&
        java.lang.Double.doubleToLongBits(a.value.longitude) == java.lang.Double.doubleToLongBits(b.value.longitude)
    is DocumentValue.ArrayValue ->
        b is DocumentValue.ArrayValue && a.values.size == b.values.size && a.values.indices.all { identical(a.values[it], b.values[it]) }
    is DocumentValue.MapValue -> b is DocumentValue.MapValue && identical(a.fields, b.fields)
}

/** Whether two documents' fields are stored exactly alike. */
internal fun identical(a: DocumentData, b: DocumentData): Boolean =
    a.size == b.size && a.all { (key, value) -> b[key]?.let { identical(value, it) } ?: false }

/** Doubles printed as Swift prints them: shortest round-trip digits, `1.0`, `1e+16`, `1e-05`, `nan`, `-inf`. */
internal object SwiftDouble {
    /** The largest magnitude printed without an exponent: 2^53. */
    private const val LARGEST_DECIMAL = 9007199254740992.0

    /** The text Swift's `description` gives `value`. */
    fun describe(value: Double): String {
        val sign = if (java.lang.Double.doubleToRawLongBits(value) < 0) "-" else ""
        if (value.isNaN()) {
            val bits = java.lang.Double.doubleToRawLongBits(value)
            val payload = bits and ((1L shl 50) - 1)
            val name = if ((bits and (1L shl 51)) != 0L) "nan" else "snan"
            return sign + name + if (payload == 0L) "" else "(0x${java.lang.Long.toHexString(payload)})"
        }
        if (value.isInfinite()) return sign + "inf"
        if (value == 0.0) return sign + "0.0"
        val shortest = shortest(Math.abs(value))
        val digits = shortest.unscaledValue().toString()
        // value = 0.digits × 10^exponent
        val exponent = digits.length - shortest.scale()
        return sign + if (exponent < -3 || Math.abs(value) > LARGEST_DECIMAL) {
            val mantissa = if (digits.length == 1) digits else digits.substring(0, 1) + "." + digits.substring(1)
            val power = exponent - 1
            mantissa + "e" + (if (power < 0) "-" else "+") + Math.abs(power).toString().padStart(2, '0')
        } else when {
            exponent <= 0 -> "0." + "0".repeat(-exponent) + digits
            exponent >= digits.length -> digits + "0".repeat(exponent - digits.length) + ".0"
            else -> digits.substring(0, exponent) + "." + digits.substring(exponent)
        }
    }

    /** The shortest decimal that reads back as `value`, the closest one among those as short. */
    private fun shortest(value: Double): BigDecimal {
        val exact = BigDecimal(value)
        for (precision in 1..17) {
            for (mode in arrayOf(RoundingMode.HALF_EVEN, RoundingMode.FLOOR, RoundingMode.CEILING)) {
                val candidate = exact.round(MathContext(precision, mode))
                if (candidate.toDouble() == value) return candidate.stripTrailingZeros()
            }
        }
        return exact.stripTrailingZeros()
    }
}

/**
 * How many of [values] Firestore's query normalization keeps apart, counted up to [most]: values
 * of one type that are equal count once (NaN as NaN, -0.0 as 0.0), an int and a double apart. Its
 * emulator counts `["a", "a"]` and `[0.0, -0.0]` as one disjunction each, `[0, 0.0]` as two.
 */
internal fun distinctCount(values: List<DocumentValue>, most: Int): Int {
    val kept = ArrayList<DocumentValue>()
    for (value in values) {
        val signless = signlessZeros(value)
        if (kept.any { identical(it, signless) }) continue
        kept.add(signless)
        if (kept.size == most) break
    }
    return kept.size
}

/** [value] with every -0.0 in it made 0.0. */
private fun signlessZeros(value: DocumentValue): DocumentValue = when (value) {
    is DocumentValue.DoubleValue -> if (value.value == 0.0) DocumentValue.DoubleValue(0.0) else value
    is DocumentValue.ArrayValue -> DocumentValue.ArrayValue(value.values.map(::signlessZeros))
    is DocumentValue.MapValue -> DocumentValue.MapValue(value.fields.mapValues { signlessZeros(it.value) })
    else -> value
}
