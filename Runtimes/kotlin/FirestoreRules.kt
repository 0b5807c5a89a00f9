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

        /** A query's operand, an element of an `array-contains-any` list, or of an array union or removal: no server timestamp. */
        ARGUMENT,

        /** The list of an `in` or `not-in` filter, whose elements may be arrays. */
        IN_LIST
    }

    /**
     * The most values a list operand takes: 30 for `in` and `array-contains-any`, 10 for `not-in`
     * (the query API's `StructuredQuery.FieldFilter.Operator`: NOT_IN "at most 10 values").
     */
    private val listLimits = mapOf(QueryOperator.IN to 30, QueryOperator.ARRAY_CONTAINS_ANY to 30, QueryOperator.NOT_IN to 10)

    /**
     * Checks a query: its collection path, then its filter (see [checkFilter]), then a collection
     * group's comparison of the document id, then its order's fields and its order (see
     * [checkOrder]), then that a `limitToLast` comes without a `limit` and with an order ("limitToLast()
     * queries require specifying at least one orderBy() clause": firebase-js-sdk lite-api/query.ts),
     * then its start and end bounds (see [checkBound]).
     */
    fun check(query: StoreQuery) {
        // A collection group is named by one collection id (Firestore: "Cannot contain a slash").
        if (query.isCollectionGroup && query.collection.size != 1) throw StoreException.InvalidPath(query.collection)
        StorePaths.check(query.collection, true)
        query.filter?.let { checkFilter(it) }
        // The SDKs take a collection group's document id as a whole document path ("When querying
        // a collection group by documentId(), the value provided must result in a valid document
        // path"), and Firestore refuses a plain id there; the stores compare plain ids only.
        if (query.isCollectionGroup && (query.filter?.let { comparesDocumentId(it) } == true || comparesDocumentId(query.start, query.orderBy) ||
                comparesDocumentId(query.end, query.orderBy))) {
            throw StoreException.DocumentIdInCollectionGroup
        }
        for (order in query.orderBy) {
            if (order.field != FieldPath.documentID && !isNamed(order.field, written = false)) throw StoreException.InvalidField(order.field)
        }
        checkOrder(query)
        if (query.limitToLast != null) {
            if (query.limit != null) throw StoreException.TwoLimits
            if (query.orderBy.isEmpty()) throw StoreException.LimitToLastWithoutOrder
        }
        query.start?.let { checkBound(it, query.orderBy) }
        query.end?.let { checkBound(it, query.orderBy) }
    }

    /**
     * Throws [StoreException.RequestTooLarge] when [writes], committed together, are more than
     * the 10 MiB Firestore takes in one request; refused before anything is written.
     */
    fun checkSize(writes: List<DocumentWrite>) {
        DocumentLimits.checkRequest(writes)
    }

    /**
     * Checks one write: its document path, its fields' names, that an update or a merge names no
     * field inside another, and its values; an increment must be by a number.
     */
    fun check(write: DocumentWrite) {
        StorePaths.check(write.path, false)
        // Every write, as the emulator refuses the whole commit holding a delete or an update of
        // a document so named (INVALID_ARGUMENT, "Resource id ... is invalid because it is reserved").
        if (!write.path.all(::isAllowedID)) throw StoreException.ReservedID(write.path)
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
     * Whether Firestore lets a write name a collection or document `id`: not `.` or `..`, not of
     * the form `__.*__` (at least four bytes, beginning and ending with "__"), and at most 1,500
     * bytes (firebase.google.com/docs/firestore/quotas, "Constraints on collections, documents,
     * and fields").
     */
    private fun isAllowedID(id: String): Boolean {
        val bytes = id.toByteArray(Charsets.UTF_8).size
        val reserved = bytes >= 4 && id.startsWith("__") && id.endsWith("__")
        return id != "." && id != ".." && !reserved && bytes <= 1_500
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

    /**
     * A bound takes at most one value per `orderBy` key, a value for the document id being a plain
     * id, and the others what a filter takes (firebase-js-sdk lite-api/query.ts,
     * `newQueryBoundFromFields`: "Too many arguments provided to startAt()", "Expected a string for
     * document ID", "must be a plain document ID").
     */
    private fun checkBound(bound: QueryBound, orderBy: List<QueryOrder>) {
        if (bound.values.size > orderBy.size) throw StoreException.CursorTooLong(bound.values.size, orderBy.size)
        for ((value, order) in bound.values.zip(orderBy)) {
            if (order.field == FieldPath.documentID) {
                if (!isDocumentId(value)) throw StoreException.InvalidDocumentIDCursor
            } else {
                checkValue(value, order.field, ValueUse.ARGUMENT)
            }
        }
    }

    /** Whether a field names at least one key, each a valid name (see [isValidName]). */
    private fun isNamed(field: FieldPath, written: Boolean): Boolean =
        field.keys.isNotEmpty() && field.keys.all { isValidName(it, written) }

    /**
     * Checks each comparison of the filter, depth first in written order, and its conflict with
     * those before it; then a `not-in` beside an `or` (the query API's
     * `StructuredQuery.FieldFilter.Operator`: NOT_IN "No other OR"), two `array-contains(-any)` in
     * one conjunction and more than 30 disjunctions, which the server refuses.
     */
    private fun checkFilter(filter: QueryFilter) {
        val earlier = ArrayList<QueryOperator>()
        checkComparisons(filter, earlier)
        if (QueryOperator.NOT_IN in earlier && hasDisjunction(filter)) throw StoreException.NotInWithOr
        // The emulator: "A maximum of 1 'ARRAY_CONTAINS' filter is allowed per disjunction" (an
        // `array-contains-any` is one in each of its disjunctions), and "Too many disjunctions
        // after normalization" past 30, where `in` and `array-contains-any` count one per value.
        if (arrayContainsPerConjunction(filter) > 1) throw StoreException.TwoArrayContains
        if (disjunctionCount(filter) > MAXIMUM_DISJUNCTIONS) throw StoreException.TooManyDisjunctions
    }

    /**
     * The most disjunctions Firestore runs for one filter in disjunctive normal form ("Query
     * limitations": "Cloud Firestore limits a query to a maximum of 30 disjunctions").
     */
    private const val MAXIMUM_DISJUNCTIONS = 30

    /**
     * Refuses an order Firestore's server refuses (the emulator's messages): a field ordered
     * twice ("order by clause cannot contain duplicate fields"), any key after the document id
     * in the order the SDKs send — the keys given, then the inequalities' other fields ("order
     * by clause cannot contain more fields after the key"), and an `==` or `in` on the document
     * id beside an inequality on another field and none on the id ("Equality on key is not
     * allowed if there are other inequality fields and key does not appear in inequalities").
     */
    private fun checkOrder(query: StoreQuery) {
        val seen = ArrayList<FieldPath>()
        for (order in query.orderBy) {
            if (order.field in seen) throw StoreException.FieldOrderedTwice(order.field)
            seen.add(order.field)
        }
        val keys = query.normalizedOrderBy().map { it.field }
        val id = keys.indexOf(FieldPath.documentID)
        if (id >= 0 && id < keys.size - 1) throw StoreException.OrderAfterDocumentId
        val filter = query.filter ?: return
        val inequalities = serverInequalityFields(filter)
        if (inequalities.isNotEmpty() && FieldPath.documentID !in inequalities && hasDocumentIdEquality(filter)) {
            throw StoreException.DocumentIdEqualityWithInequality
        }
    }

    /**
     * The fields of the inequalities Firestore's server counts: not a range with a null or NaN
     * operand, which matches nothing (the emulator runs `id == "a" and x < null`, and refuses
     * `id == "a" and x != 1`).
     */
    private fun serverInequalityFields(filter: QueryFilter): List<FieldPath> = when (filter) {
        is QueryFilter.Compare -> {
            val range = filter.op in listOf(QueryOperator.LESS, QueryOperator.LESS_OR_EQUAL, QueryOperator.GREATER, QueryOperator.GREATER_OR_EQUAL)
            val nothing = filter.value is DocumentValue.Null || (filter.value as? DocumentValue.DoubleValue)?.value?.isNaN() == true
            if (filter.op.isInequality && !(range && nothing)) listOf(filter.field) else emptyList()
        }
        is QueryFilter.And -> filter.filters.flatMap { serverInequalityFields(it) }
        is QueryFilter.Or -> filter.filters.flatMap { serverInequalityFields(it) }
    }

    /** Whether the filter compares the document id. */
    private fun comparesDocumentId(filter: QueryFilter): Boolean = when (filter) {
        is QueryFilter.Compare -> filter.field == FieldPath.documentID
        is QueryFilter.And -> filter.filters.any { comparesDocumentId(it) }
        is QueryFilter.Or -> filter.filters.any { comparesDocumentId(it) }
    }

    /** Whether the bound gives a value for the document id. */
    private fun comparesDocumentId(bound: QueryBound?, orderBy: List<QueryOrder>): Boolean =
        bound != null && orderBy.take(bound.values.size).any { it.field == FieldPath.documentID }

    /** Whether the filter holds an `==` or `in` comparison on the document id. */
    private fun hasDocumentIdEquality(filter: QueryFilter): Boolean = when (filter) {
        is QueryFilter.Compare -> filter.field == FieldPath.documentID && (filter.op == QueryOperator.EQUAL || filter.op == QueryOperator.IN)
        is QueryFilter.And -> filter.filters.any { hasDocumentIdEquality(it) }
        is QueryFilter.Or -> filter.filters.any { hasDocumentIdEquality(it) }
    }

    /** Checks each comparison, then that no operator in `earlier` conflicts with it, and adds its operator there. */
    private fun checkComparisons(filter: QueryFilter, earlier: MutableList<QueryOperator>) {
        when (filter) {
            is QueryFilter.And -> filter.filters.forEach { checkComparisons(it, earlier) }
            is QueryFilter.Or -> filter.filters.forEach { checkComparisons(it, earlier) }
            is QueryFilter.Compare -> {
                if (filter.field == FieldPath.documentID) checkIdComparison(filter) else checkComparison(filter)
                val conflicting = conflicts(filter.op)
                earlier.firstOrNull { it in conflicting }?.let { throw StoreException.ConflictingFilters(filter.op, it) }
                earlier.add(filter.op)
            }
        }
    }

    /**
     * The operators a query cannot hold beside a new `op` (firebase-js-sdk lite-api/query.ts,
     * `conflictingOps`, looked for in every filter of the query, `or` branches included).
     */
    private fun conflicts(op: QueryOperator): List<QueryOperator> = when (op) {
        QueryOperator.NOT_EQUAL -> listOf(QueryOperator.NOT_EQUAL, QueryOperator.NOT_IN)
        QueryOperator.IN, QueryOperator.ARRAY_CONTAINS_ANY -> listOf(QueryOperator.NOT_IN)
        QueryOperator.NOT_IN -> listOf(QueryOperator.ARRAY_CONTAINS_ANY, QueryOperator.IN, QueryOperator.NOT_IN, QueryOperator.NOT_EQUAL)
        else -> emptyList()
    }

    /**
     * A comparison of the document id takes ids only (an `in` or a `not-in`, a non-empty list of
     * them), and no `array-contains` or `array-contains-any`.
     */
    private fun checkIdComparison(filter: QueryFilter.Compare) {
        when (filter.op) {
            QueryOperator.ARRAY_CONTAINS, QueryOperator.ARRAY_CONTAINS_ANY -> throw StoreException.InvalidDocumentIdFilter
            QueryOperator.IN, QueryOperator.NOT_IN -> {
                val ids = (filter.value as? DocumentValue.ArrayValue)?.values
                if (ids == null || ids.isEmpty()) throw StoreException.EmptyList(filter.op, filter.field)
                val limit = listLimits.getValue(filter.op)
                if (ids.size > limit) throw StoreException.TooManyValues(filter.op, filter.field, limit)
                if (!ids.all { isDocumentId(it) }) throw StoreException.InvalidDocumentIdFilter
            }
            else -> if (!isDocumentId(filter.value)) throw StoreException.InvalidDocumentIdFilter
        }
    }

    /**
     * A comparison of a named field; an `in`, `not-in` or `array-contains-any` takes a non-empty
     * list of at most its limit (see [listLimits]), whose elements may be arrays but in an
     * `array-contains-any`.
     */
    private fun checkComparison(filter: QueryFilter.Compare) {
        if (!isNamed(filter.field, written = false)) throw StoreException.InvalidField(filter.field)
        val limit = listLimits[filter.op]
        if (limit == null) {
            checkValue(filter.value, filter.field, ValueUse.ARGUMENT)
            return
        }
        val values = (filter.value as? DocumentValue.ArrayValue)?.values
        if (values == null || values.isEmpty()) throw StoreException.EmptyList(filter.op, filter.field)
        if (values.size > limit) throw StoreException.TooManyValues(filter.op, filter.field, limit)
        val use = if (filter.op == QueryOperator.ARRAY_CONTAINS_ANY) ValueUse.ARGUMENT else ValueUse.IN_LIST
        for (value in values) checkValue(value, filter.field, use, inArray = true, arrayElement = true)
    }

    /** Whether the filter holds, at any depth, an `or` of two or more terms that are not empty. */
    private fun hasDisjunction(filter: QueryFilter): Boolean = when (filter) {
        is QueryFilter.Compare -> false
        is QueryFilter.And -> filter.filters.any { hasDisjunction(it) }
        is QueryFilter.Or -> filter.filters.count { !it.isEmpty } > 1 || filter.filters.any { hasDisjunction(it) }
    }

    /**
     * The most `array-contains` and `array-contains-any` comparisons in one conjunction of the
     * filter's disjunctive normal form, as Firestore's server counts them: one comparison given
     * twice among the terms of one `and` counts once (an `and` or `or` of one term being that
     * term), but twice from two levels (the emulator runs `a and a` and refuses `a and (a or b)`).
     */
    private fun arrayContainsPerConjunction(filter: QueryFilter): Int = when (filter) {
        is QueryFilter.Compare -> if (filter.op == QueryOperator.ARRAY_CONTAINS || filter.op == QueryOperator.ARRAY_CONTAINS_ANY) 1 else 0
        is QueryFilter.And -> {
            val terms = filter.filters.map { unwrapped(it) }
            val direct = ArrayList<QueryFilter.Compare>()
            for (term in terms.filterIsInstance<QueryFilter.Compare>()) {
                if (arrayContainsPerConjunction(term) == 1 && direct.none { sameComparison(it, term) }) direct.add(term)
            }
            direct.size + terms.filter { it !is QueryFilter.Compare }.sumOf { arrayContainsPerConjunction(it) }
        }
        is QueryFilter.Or -> filter.filters.maxOfOrNull { arrayContainsPerConjunction(it) } ?: 0
    }

    /**
     * Whether two comparisons are one to Firestore's server: the same field, operator and an equal
     * operand of the same type (the emulator takes `contains 1` twice, not beside `contains 1.0`).
     */
    private fun sameComparison(a: QueryFilter.Compare, b: QueryFilter.Compare): Boolean =
        a.field == b.field && a.op == b.op && (a.value is DocumentValue.IntValue) == (b.value is DocumentValue.IntValue) && a.value == b.value

    /**
     * The filter as the SDKs send it: an `and` or an `or` of one term that is not empty is that
     * term (firebase-js-sdk remote/serializer.ts, `toFilter`).
     */
    private fun unwrapped(filter: QueryFilter): QueryFilter {
        val terms = when (filter) {
            is QueryFilter.Compare -> return filter
            is QueryFilter.And -> filter.filters.filter { !it.isEmpty }
            is QueryFilter.Or -> filter.filters.filter { !it.isEmpty }
        }
        return if (terms.size == 1) unwrapped(terms[0]) else filter
    }

    /**
     * How many conjunctions the filter's disjunctive normal form has, where an `in` or
     * `array-contains-any` is a disjunction of its values, and a filter of no comparison is
     * dropped; counted up to one past [MAXIMUM_DISJUNCTIONS].
     */
    private fun disjunctionCount(filter: QueryFilter): Int {
        val most = MAXIMUM_DISJUNCTIONS + 1
        return when (filter) {
            is QueryFilter.Compare -> {
                val values = filter.value as? DocumentValue.ArrayValue
                if ((filter.op == QueryOperator.IN || filter.op == QueryOperator.ARRAY_CONTAINS_ANY) && values != null) {
                    Math.max(distinctCount(values.values, most), 1)
                } else {
                    1
                }
            }
            is QueryFilter.And -> filter.filters.filter { !it.isEmpty }.fold(1) { count, inner -> Math.min(count * disjunctionCount(inner), most) }
            is QueryFilter.Or -> {
                val terms = filter.filters.filter { !it.isEmpty }
                if (terms.isEmpty()) 1 else Math.min(terms.sumOf { disjunctionCount(it) }, most)
            }
        }
    }

    /**
     * The fields of an update or a merge, in Firestore's order of field paths: their names, that
     * none is inside another, then their changes.
     */
    private fun checkFields(fields: Map<FieldPath, FieldUpdate>) {
        val paths = fields.keys.sortedWith(Comparator { a, b -> StoreQuery.compareFieldPaths(a, b) })
        paths.firstOrNull { !isNamed(it, written = true) }?.let { throw StoreException.InvalidField(it) }
        paths.firstOrNull { !DocumentLimits.isShortEnough(it) }?.let { throw StoreException.FieldPathTooLong(it) }
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
     * `in` or `not-in` list), no server timestamp inside an array or anywhere but in written data, no
     * timestamp outside the years 1 to 9999, no reference but to a document's path, no map key
     * empty or, written, reserved.
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
            is DocumentValue.ReferenceValue -> StorePaths.check(value.path, isCollection = false)
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
