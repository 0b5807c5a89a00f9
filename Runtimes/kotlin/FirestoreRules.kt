package modelgen.runtime

/**
 * Firestore's rules for queries and writes, which every store checks before doing anything, so
 * that the in-memory store refuses what Firestore refuses, and the Firestore adapter refuses it
 * before the SDK can throw: each check throws the first [StoreException] that applies.
 */
internal object FirestoreRules {
    /** The smallest seconds of a timestamp Firestore takes: 0001-01-01T00:00:00Z. */
    private const val MINIMUM_SECONDS = -62_135_596_800L

    /** The largest seconds of a timestamp Firestore takes: 9999-12-31T23:59:59Z. */
    private const val MAXIMUM_SECONDS = 253_402_300_799L

    /**
     * Where a value goes, which decides what Firestore takes in it (the Android SDK's
     * UserDataReader and its UserData.Source).
     */
    private enum class ValueUse {
        /** Written data (a set, an update, a merge): server timestamps outside arrays; map keys not reserved. */
        WRITE,

        /** A query's operand, or an element of an array union or removal: no server timestamp. */
        ARGUMENT,

        /** The list of an `in` filter, whose elements may be arrays. */
        IN_LIST
    }

    /**
     * Checks a query: its collection path, then its filter depth first in written order, then
     * that it has at most one `!=`, then its order's fields, then that a `limitToLast` comes
     * without a `limit` and with an order ("limitToLast() queries require specifying at least one
     * orderBy() clause": firebase-js-sdk lite-api/query.ts).
     */
    fun check(query: StoreQuery) {
        StorePaths.check(query.collection, true)
        val filter = query.filter
        if (filter != null) {
            checkFilter(filter)
            if (notEqualCount(filter) > 1) throw StoreException.MultipleNotEqualFilters
        }
        for (order in query.orderBy) {
            if (order.field != FieldPath.documentID && !isNamed(order.field, written = false)) throw StoreException.InvalidField(order.field)
        }
        if (query.limitToLast != null) {
            if (query.limit != null) throw StoreException.TwoLimits
            if (query.orderBy.isEmpty()) throw StoreException.LimitToLastWithoutOrder
        }
    }

    /**
     * Checks one write: its document path, its fields' names, that an update or a merge names no
     * field inside another, and its values; an increment must be by a number.
     */
    fun check(write: DocumentWrite) {
        StorePaths.check(write.path, false)
        when (write) {
            is DocumentWrite.Set -> for (key in write.data.keys.sortedWith(Comparator { a, b -> CodePoints.compare(a, b) })) {
                val field = FieldPath(listOf(key))
                if (!isValidName(key, written = true)) throw StoreException.InvalidField(field)
                checkValue(write.data.getValue(key), field, ValueUse.WRITE)
            }
            is DocumentWrite.Update -> checkFields(write.fields)
            is DocumentWrite.Merge -> checkFields(write.fields)
            is DocumentWrite.Delete -> {}
        }
    }

    /**
     * Whether Firestore takes `name` as a field name or map key: non-empty, and when `written`,
     * not beginning and ending with "__", which it reserves (so "__" and "___" are reserved too).
     */
    private fun isValidName(name: String, written: Boolean): Boolean =
        name.isNotEmpty() && !(written && name.startsWith("__") && name.endsWith("__"))

    /**
     * Whether `id` can be a document id: a non-empty string holding no '/' (among code points,
     * which a char compare matches: '/' is no surrogate).
     */
    private fun isDocumentId(id: DocumentValue): Boolean =
        id is DocumentValue.StringValue && id.value.isNotEmpty() && !id.value.contains('/')

    /** Whether a field names at least one key, each a valid name (see [isValidName]). */
    private fun isNamed(field: FieldPath, written: Boolean): Boolean =
        field.keys.isNotEmpty() && field.keys.all { isValidName(it, written) }

    /** Checks each comparison of the filter, depth first, in written order. */
    private fun checkFilter(filter: QueryFilter) {
        when (filter) {
            is QueryFilter.And -> filter.filters.forEach { checkFilter(it) }
            is QueryFilter.Or -> filter.filters.forEach { checkFilter(it) }
            is QueryFilter.Compare -> if (filter.field == FieldPath.documentID) checkIdComparison(filter) else checkComparison(filter)
        }
    }

    /** A comparison of the document id takes ids only (an `in`, a non-empty list of them), and no `array-contains`. */
    private fun checkIdComparison(filter: QueryFilter.Compare) {
        when (filter.op) {
            QueryOperator.ARRAY_CONTAINS -> throw StoreException.InvalidDocumentIdFilter
            QueryOperator.IN -> {
                val ids = (filter.value as? DocumentValue.ArrayValue)?.values
                if (ids == null || ids.isEmpty()) throw StoreException.EmptyInList(filter.field)
                if (!ids.all { isDocumentId(it) }) throw StoreException.InvalidDocumentIdFilter
            }
            else -> if (!isDocumentId(filter.value)) throw StoreException.InvalidDocumentIdFilter
        }
    }

    /** A comparison of a named field; an `in` takes a non-empty list, whose elements may be arrays. */
    private fun checkComparison(filter: QueryFilter.Compare) {
        if (!isNamed(filter.field, written = false)) throw StoreException.InvalidField(filter.field)
        if (filter.op == QueryOperator.IN) {
            val values = (filter.value as? DocumentValue.ArrayValue)?.values
            if (values == null || values.isEmpty()) throw StoreException.EmptyInList(filter.field)
            for (value in values) checkValue(value, filter.field, ValueUse.IN_LIST, inArray = true, arrayElement = true)
        } else {
            checkValue(filter.value, filter.field, ValueUse.ARGUMENT)
        }
    }

    /** How many `!=` comparisons the filter holds, at any depth, the document id's among them. */
    private fun notEqualCount(filter: QueryFilter): Int = when (filter) {
        is QueryFilter.And -> filter.filters.fold(0) { count, inner -> count + notEqualCount(inner) }
        is QueryFilter.Or -> filter.filters.fold(0) { count, inner -> count + notEqualCount(inner) }
        is QueryFilter.Compare -> if (filter.op == QueryOperator.NOT_EQUAL) 1 else 0
    }

    /**
     * The fields of an update or a merge, in Firestore's order of field paths: their names, that
     * none is inside another, then their changes.
     */
    private fun checkFields(fields: Map<FieldPath, FieldUpdate>) {
        val paths = fields.keys.sortedWith(Comparator { a, b -> StoreQuery.compareFieldPaths(a, b) })
        paths.firstOrNull { !isNamed(it, written = true) }?.let { throw StoreException.InvalidField(it) }
        FieldUpdates.overlap(fields.keys)?.let { throw StoreException.OverlappingFields(it.first, it.second) }
        for (field in paths) {
            val update = fields.getValue(field)
            when (update) {
                is FieldUpdate.Value -> checkValue(update.value, field, ValueUse.WRITE)
                is FieldUpdate.Delete -> {}
                is FieldUpdate.Increment ->
                    if (update.by !is DocumentValue.IntValue && update.by !is DocumentValue.DoubleValue) throw StoreException.NotANumber(field)
                is FieldUpdate.ArrayUnion -> update.values.forEach { checkValue(it, field, ValueUse.ARGUMENT, inArray = true, arrayElement = true) }
                is FieldUpdate.ArrayRemove -> update.values.forEach { checkValue(it, field, ValueUse.ARGUMENT, inArray = true, arrayElement = true) }
            }
        }
    }

    /**
     * Checks a value at `field` (which errors name): no array directly inside an array (but in an
     * `in` list), no server timestamp inside an array or anywhere but in written data, no
     * timestamp outside the years 1 to 9999, no map key empty or, written, reserved.
     * `inArray`: the value is inside an array, at any depth; `arrayElement`: it is an element of one.
     */
    private fun checkValue(value: DocumentValue, field: FieldPath, use: ValueUse, inArray: Boolean = false, arrayElement: Boolean = false) {
        when (value) {
            is DocumentValue.TimestampValue ->
                if (value.value.seconds !in MINIMUM_SECONDS..MAXIMUM_SECONDS) throw StoreException.UnsupportedValue(field)
            is DocumentValue.ArrayValue -> {
                if (arrayElement && use != ValueUse.IN_LIST) throw StoreException.UnsupportedValue(field)
                for (element in value.values) checkValue(element, field, use, inArray = true, arrayElement = true)
            }
            is DocumentValue.MapValue -> for (key in value.fields.keys.sortedWith(Comparator { a, b -> CodePoints.compare(a, b) })) {
                val path = FieldPath(field.keys + key)
                if (!isValidName(key, written = use == ValueUse.WRITE)) throw StoreException.InvalidField(path)
                checkValue(value.fields.getValue(key), path, use, inArray, arrayElement = false)
            }
            is DocumentValue.ServerTimestamp -> if (use != ValueUse.WRITE || inArray) throw StoreException.UnsupportedValue(field)
            else -> {}
        }
    }
}

/** Path rules shared by the stores. */
internal object StorePaths {
    /**
     * Throws [StoreException.InvalidPath] unless `path` is a collection path (odd number of
     * segments) or a document path (even), with no segment empty or holding a '/'.
     */
    fun check(path: List<String>, isCollection: Boolean) {
        val valid = path.isNotEmpty() && path.size % 2 == (if (isCollection) 1 else 0) &&
            path.all { it.isNotEmpty() && !it.contains('/') }
        if (!valid) throw StoreException.InvalidPath(path)
    }
}
