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
     * "Maximum API request size: 10 MiB", which bounds a commit (a batch or a transaction's
     * writes) since Firestore took any number of writes in one (release notes, 2023-03-29).
     */
    private const val MAXIMUM_REQUEST_SIZE = 10_485_760L

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

    /**
     * Throws [StoreException.RequestTooLarge] when [writes] come to more than Firestore takes in
     * one request: each write's document name and what it sends, a set's fields or an update's
     * field paths and values, sized as "Storage size calculations" sizes documents — for the
     * strings and bytes that make a request large, their length, as on the wire.
     */
    fun checkRequest(writes: List<DocumentWrite>) {
        if (writes.sumOf { requestSize(it) } > MAXIMUM_REQUEST_SIZE) throw StoreException.RequestTooLarge()
    }

    private fun requestSize(write: DocumentWrite): Long = when (write) {
        is DocumentWrite.Set -> nameSize(write.path) + size(write.data)
        is DocumentWrite.Update -> fieldsSize(write.path, write.fields)
        is DocumentWrite.Merge -> fieldsSize(write.path, write.fields)
        is DocumentWrite.Delete -> nameSize(write.path)
    }

    /** An update's or a merge's size: its document name's, and each field's path and update. */
    private fun fieldsSize(path: List<String>, fields: Map<FieldPath, FieldUpdate>): Long =
        fields.entries.fold(nameSize(path)) { total, (field, update) -> total + pathSize(field) + size(update) }

    private fun size(update: FieldUpdate): Long = when (update) {
        is FieldUpdate.Value -> size(update.value)
        is FieldUpdate.Increment -> size(update.by)
        is FieldUpdate.Delete -> 0
        is FieldUpdate.ArrayUnion -> update.values.fold(0L) { total, value -> total + size(value) }
        is FieldUpdate.ArrayRemove -> update.values.fold(0L) { total, value -> total + size(value) }
    }

    /** A field path's size: its names' UTF-8 bytes and a dot between each. */
    private fun pathSize(field: FieldPath): Int = field.keys.sumOf { utf8Size(it) } + field.keys.size - 1

    /** Whether a field path is short enough: its names' UTF-8 bytes and a dot between each. */
    fun isShortEnough(field: FieldPath): Boolean = pathSize(field) <= MAXIMUM_FIELD_PATH_SIZE

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
