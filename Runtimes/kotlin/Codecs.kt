package modelgen.runtime

/** Why a stored value could not be decoded, and where in the document. */
class DocumentDecodingException(
    /** Keys and list indexes from the document's top level down to the value. */
    val path: List<String>,
    /** What is wrong with the value. */
    val problem: Problem
) : Exception(describe(path, problem)) {
    /** An error at the value itself, before any key is prepended. */
    constructor(problem: Problem) : this(emptyList(), problem)

    /** What is wrong with a stored value. */
    sealed class Problem {
        /** A required field is not there. */
        object Missing : Problem() {
            override fun toString(): String = "Missing"
        }

        /** The value has another type than the field. */
        data class WrongType(val expected: String, val found: String) : Problem()

        /** An int beyond ±(2^53 − 1), which not every language can hold exactly. */
        data class OutOfRange(val value: Long) : Problem()

        /**
         * A collection group's document in a collection that is not at the expected path
         * (`shops/{shopId}/reviews`).
         */
        data class Elsewhere(val expected: String) : Problem()
    }

    /** The same error one level further out. */
    fun inside(key: String): DocumentDecodingException = DocumentDecodingException(listOf(key) + path, problem)

    /** Equal when the path and the problem are. */
    override fun equals(other: Any?): Boolean =
        other is DocumentDecodingException && other.path == path && other.problem == problem

    /** Consistent with [equals]. */
    override fun hashCode(): Int = path.hashCode() * 31 + problem.hashCode()

    /** Builds errors. */
    companion object {
        /** `'text' is missing`, `'n' should be int but is string`, `value is 9007199254740992, outside ±(2^53 − 1)`. */
        fun describe(path: List<String>, problem: Problem): String {
            val location = if (path.isEmpty()) "value" else "'" + path.joinToString(".") + "'"
            return when (problem) {
                is Problem.Missing -> "$location is missing"
                is Problem.WrongType -> "$location should be ${problem.expected} but is ${problem.found}"
                is Problem.OutOfRange -> "$location is ${problem.value}, outside ±(2^53 − 1)"
                is Problem.Elsewhere -> "the document is not in ${problem.expected}"
            }
        }

        /** A wrong-type error for `value` where `expected` was wanted. */
        fun expected(expected: String, value: DocumentValue): DocumentDecodingException =
            DocumentDecodingException(Problem.WrongType(expected, value.typeName))
    }
}

/** A schema's string enum: each constant stands for one stored string, its [value]. */
interface StringEnum {
    /** The string the constant is stored as. */
    val value: String
}

/** How a field's type is read from a stored value under the contract's rules, and written back. */
interface Codec<T> {
    /** The value, or a [DocumentDecodingException] saying why not. */
    fun decode(value: DocumentValue): T

    /** The stored form of `value`. */
    fun encode(value: T): DocumentValue
}

/**
 * How a row is read from one stored document: a collection's document type, or a collection
 * group's row, which takes the path parameters from the document's path too.
 */
interface RowCodec<T> {
    /** The row, or a [DocumentDecodingException]. */
    fun decode(document: DocumentSnapshot): T

    /** The stored fields; the id is not among them. */
    fun encode(value: T): DocumentData
}

/** A collection's document type: generated types' companion objects implement it. */
interface DocumentCodec<T> : RowCodec<T> {
    /** The document with this id and these fields, or a [DocumentDecodingException]. */
    fun decode(id: String, data: DocumentData): T

    override fun decode(document: DocumentSnapshot): T = decode(document.id, document.data)
}

/** The codecs of the contract's field types. */
object Codecs {
    /** The largest magnitude an int field holds: 2^53 − 1, exact in every language. */
    const val CONTRACT_LIMIT: Long = (1L shl 53) - 1

    /** Strings. */
    val string: Codec<String> = object : Codec<String> {
        override fun decode(value: DocumentValue): String =
            (value as? DocumentValue.StringValue)?.value ?: throw DocumentDecodingException.expected("string", value)

        override fun encode(value: String): DocumentValue = DocumentValue.StringValue(value)
    }

    /** Stored ints only (not doubles), within ±(2^53 − 1). */
    val long: Codec<Long> = object : Codec<Long> {
        override fun decode(value: DocumentValue): Long {
            val int = value as? DocumentValue.IntValue ?: throw DocumentDecodingException.expected("int", value)
            if (int.value > CONTRACT_LIMIT || int.value < -CONTRACT_LIMIT) {
                throw DocumentDecodingException(DocumentDecodingException.Problem.OutOfRange(int.value))
            }
            return int.value
        }

        override fun encode(value: Long): DocumentValue = DocumentValue.IntValue(value)
    }

    /** Doubles, and ints read as doubles. */
    val double: Codec<Double> = object : Codec<Double> {
        override fun decode(value: DocumentValue): Double = when (value) {
            is DocumentValue.DoubleValue -> value.value
            is DocumentValue.IntValue -> value.value.toDouble()
            else -> throw DocumentDecodingException.expected("double", value)
        }

        override fun encode(value: Double): DocumentValue = DocumentValue.DoubleValue(value)
    }

    /** Booleans. */
    val bool: Codec<Boolean> = object : Codec<Boolean> {
        override fun decode(value: DocumentValue): Boolean =
            (value as? DocumentValue.BoolValue)?.value ?: throw DocumentDecodingException.expected("bool", value)

        override fun encode(value: Boolean): DocumentValue = DocumentValue.BoolValue(value)
    }

    /** Timestamps; a pending server timestamp is not one (read it through [optional]). */
    val timestamp: Codec<Timestamp> = object : Codec<Timestamp> {
        override fun decode(value: DocumentValue): Timestamp =
            (value as? DocumentValue.TimestampValue)?.value ?: throw DocumentDecodingException.expected("timestamp", value)

        override fun encode(value: Timestamp): DocumentValue = DocumentValue.TimestampValue(value)
    }

    /** Bytes. */
    val bytes: Codec<Bytes> = object : Codec<Bytes> {
        override fun decode(value: DocumentValue): Bytes =
            (value as? DocumentValue.BytesValue)?.value ?: throw DocumentDecodingException.expected("bytes", value)

        override fun encode(value: Bytes): DocumentValue = DocumentValue.BytesValue(value)
    }

    /** Geopoints. */
    val geoPoint: Codec<GeoPoint> = object : Codec<GeoPoint> {
        override fun decode(value: DocumentValue): GeoPoint =
            (value as? DocumentValue.GeoPointValue)?.value ?: throw DocumentDecodingException.expected("geopoint", value)

        override fun encode(value: GeoPoint): DocumentValue = DocumentValue.GeoPointValue(value)
    }

    /** A string enum's [cases], each stored as its value; any other string does not decode. */
    fun <T : StringEnum> stringEnum(cases: Array<T>): Codec<T> = object : Codec<T> {
        private val byValue = cases.associateBy { it.value }

        override fun decode(value: DocumentValue): T {
            val text = string.decode(value)
            return byValue[text] ?: throw DocumentDecodingException(
                DocumentDecodingException.Problem.WrongType(cases.joinToString(", ", "one of ") { "'${it.value}'" }, "'$text'")
            )
        }

        override fun encode(value: T): DocumentValue = DocumentValue.StringValue(value.value)
    }

    /** Lists of `element`; an error names the element's index. */
    fun <T> list(element: Codec<T>): Codec<List<T>> = object : Codec<List<T>> {
        override fun decode(value: DocumentValue): List<T> {
            val array = value as? DocumentValue.ArrayValue ?: throw DocumentDecodingException.expected("array", value)
            val result = ArrayList<T>(array.values.size)
            array.values.forEachIndexed { index, item ->
                try {
                    result.add(element.decode(item))
                } catch (error: DocumentDecodingException) {
                    throw error.inside(index.toString())
                }
            }
            return result
        }

        override fun encode(value: List<T>): DocumentValue = DocumentValue.ArrayValue(value.map { element.encode(it) })
    }

    /** Maps from strings to `value`; an error names the key. */
    /**
     * The failure of the first key of `fields` that `item` does not decode, in code-point order:
     * the same key in every language, whatever order a map holds its keys in.
     */
    private fun <T> firstFailure(fields: Map<String, DocumentValue>, item: Codec<T>): DocumentDecodingException? {
        for (key in fields.keys.sortedWith(CodePoints::compare)) {
            try {
                item.decode(fields.getValue(key))
            } catch (error: DocumentDecodingException) {
                return error.inside(key)
            }
        }
        return null
    }

    fun <T> map(value: Codec<T>): Codec<Map<String, T>> {
        val item = value
        return object : Codec<Map<String, T>> {
            override fun decode(value: DocumentValue): Map<String, T> {
                val map = value as? DocumentValue.MapValue ?: throw DocumentDecodingException.expected("map", value)
                val result = LinkedHashMap<String, T>()
                for ((key, stored) in map.fields) {
                    try {
                        result[key] = item.decode(stored)
                    } catch (error: DocumentDecodingException) {
                        throw firstFailure(map.fields, item) ?: error.inside(key)
                    }
                }
                return result
            }

            override fun encode(value: Map<String, T>): DocumentValue =
                DocumentValue.MapValue(value.mapValues { item.encode(it.value) })
        }
    }

    /** `T` or null: a stored null and a pending server timestamp decode to null, null encodes to null. */
    fun <T : Any> optional(wrapped: Codec<T>): Codec<T?> = object : Codec<T?> {
        override fun decode(value: DocumentValue): T? = when (value) {
            is DocumentValue.Null, is DocumentValue.ServerTimestamp -> null
            else -> wrapped.decode(value)
        }

        override fun encode(value: T?): DocumentValue = if (value == null) DocumentValue.Null else wrapped.encode(value)
    }
}

/** Reads the fields of a document or embedded value for generated decoding. */
class FieldReader(
    /** The fields read. */
    val data: DocumentData
) {
    /** Makes readers of embedded values. */
    companion object {
        /** Reads a map value's fields, as an embedded type does. */
        fun of(value: DocumentValue): FieldReader =
            FieldReader((value as? DocumentValue.MapValue)?.fields ?: throw DocumentDecodingException.expected("map", value))
    }

    /** The field stored under `key`; a missing field is an error. */
    fun <T> required(key: String, codec: Codec<T>): T {
        val value = data[key] ?: throw DocumentDecodingException(listOf(key), DocumentDecodingException.Problem.Missing)
        return decode(key, value, codec)
    }

    /** The field stored under `key`, or null when it is missing, null or a pending server timestamp. */
    fun <T : Any> optional(key: String, codec: Codec<T>): T? {
        val value = data[key] ?: return null
        if (value is DocumentValue.Null || value is DocumentValue.ServerTimestamp) return null
        return decode(key, value, codec)
    }

    /** The field stored under `key`, or `default` when the document lacks it. */
    fun <T> withDefault(key: String, codec: Codec<T>, default: T): T {
        val value = data[key] ?: return default
        return decode(key, value, codec)
    }

    private fun <T> decode(key: String, value: DocumentValue, codec: Codec<T>): T = try {
        codec.decode(value)
    } catch (error: DocumentDecodingException) {
        throw error.inside(key)
    }
}
