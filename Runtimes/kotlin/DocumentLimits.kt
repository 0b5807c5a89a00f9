package modelgen.runtime

/**
 * Firestore's limits on a stored document ("Usage and limits", "Constraints on collections,
 * documents, and fields"), checked on each document a commit would leave, before anything is
 * stored, as Firestore's server refuses the whole commit: its storage size (computed as "Storage
 * size calculations" says) at most 1 MiB, a string's or bytes' value at most 1,048,487 bytes,
 * maps and arrays at most 20 levels deep, a field's path at most 1,500 bytes. Firestore's
 * emulator holds each at exactly these numbers (vector `document-limits.yaml`).
 */
internal object DocumentLimits {
    private const val MAXIMUM_DOCUMENT_SIZE = 1_048_576L
    private const val MAXIMUM_VALUE_SIZE = 1_048_487
    private const val MAXIMUM_DEPTH = 20
    private const val MAXIMUM_FIELD_PATH_SIZE = 1_500

    /**
     * Throws the [StoreException] for the first limit [document] breaks: its fields in code-point
     * order, each path, value and depth; then its size.
     */
    fun check(document: DocumentSnapshot) {
        for (key in document.data.keys.sortedWith(Comparator { a, b -> CodePoints.compare(a, b) })) {
            val value = document.data.getValue(key)
            check(value, FieldPath(listOf(key)))
            if (depth(value) > MAXIMUM_DEPTH) throw StoreException.TooDeep(FieldPath(listOf(key)))
        }
        if (size(document) > MAXIMUM_DOCUMENT_SIZE) throw StoreException.DocumentTooLarge(document.path)
    }

    /** Whether a field path is short enough: its names' UTF-8 bytes and a dot between each. */
    fun isShortEnough(field: FieldPath): Boolean =
        field.keys.sumOf { utf8Size(it) } + field.keys.size - 1 <= MAXIMUM_FIELD_PATH_SIZE

    private fun check(value: DocumentValue, field: FieldPath) {
        if (!isShortEnough(field)) throw StoreException.FieldPathTooLong(field)
        when (value) {
            is DocumentValue.StringValue -> if (utf8Size(value.value) > MAXIMUM_VALUE_SIZE) throw StoreException.ValueTooLarge(field)
            is DocumentValue.BytesValue -> if (value.value.size > MAXIMUM_VALUE_SIZE) throw StoreException.ValueTooLarge(field)
            is DocumentValue.ArrayValue -> for (element in value.values) check(element, field)
            is DocumentValue.MapValue -> for (key in value.fields.keys.sortedWith(Comparator { a, b -> CodePoints.compare(a, b) })) {
                check(value.fields.getValue(key), FieldPath(field.keys + key))
            }
            else -> {}
        }
    }

    /**
     * How many maps and arrays hold the deepest value: a map is a level even when empty, an array
     * only through its elements (the emulator stores an empty array at depth 21, and refuses an
     * empty map there).
     */
    private fun depth(value: DocumentValue): Int = when (value) {
        is DocumentValue.ArrayValue -> value.values.maxOfOrNull { 1 + depth(it) } ?: 0
        is DocumentValue.MapValue -> 1 + (value.fields.values.maxOfOrNull { depth(it) } ?: 0)
        else -> 0
    }

    /** The document's storage size: its name's, each field's name and value, and 32 bytes. */
    private fun size(document: DocumentSnapshot): Long = nameSize(document.path) + size(document.data) + 32

    /** A document name's size: each id's UTF-8 bytes and one, and 16 bytes. */
    private fun nameSize(path: List<String>): Long = path.fold(16L) { total, id -> total + utf8Size(id) + 1 }

    private fun size(fields: Map<String, DocumentValue>): Long =
        fields.entries.fold(0L) { total, (key, value) -> total + utf8Size(key) + 1 + size(value) }

    private fun size(value: DocumentValue): Long = when (value) {
        is DocumentValue.Null, is DocumentValue.BoolValue -> 1
        is DocumentValue.IntValue, is DocumentValue.DoubleValue, is DocumentValue.TimestampValue, is DocumentValue.ServerTimestamp -> 8
        is DocumentValue.GeoPointValue -> 16
        is DocumentValue.StringValue -> utf8Size(value.value) + 1L
        is DocumentValue.BytesValue -> value.value.size.toLong()
        is DocumentValue.ReferenceValue -> nameSize(value.path)
        is DocumentValue.ArrayValue -> value.values.fold(0L) { total, element -> total + size(element) }
        is DocumentValue.MapValue -> size(value.fields)
    }

    /** A string's size in UTF-8. */
    private fun utf8Size(string: String): Int = string.toByteArray(Charsets.UTF_8).size
}
