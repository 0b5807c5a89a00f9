package modelgen.runtime

/**
 * Runs a [StoreQuery] over documents the way Firestore's server does.
 *
 * A missing field never matches a filter (`== null` matches a stored null); range filters
 * match values of the filter value's type only (ints and doubles are one type); `!=` matches
 * present, non-null, different values, and `not-in` present, non-null values equal to none of a
 * list holding no null; `in` never matches a stored null. A stored NaN matches `== NaN`, `!=`
 * another value and `not-in` a list without NaN, and no range comparison, `in` or
 * `array-contains`; `array-contains` null matches nothing (firebase-js-sdk's query.test.ts);
 * `array-contains-any` matches no array element that is null or NaN. Results
 * are in the query's [StoreQuery.normalizedOrderBy], then by document path (id); a document lacking one
 * of its fields, or outside the query's [StoreQuery.start] and [StoreQuery.end] bounds, is left
 * out; `limit` applies last, and `limitToLast` keeps the last documents instead.
 */
object QueryEngine {
    /** The documents the query selects, in its order. */
    fun run(query: StoreQuery, documents: Collection<DocumentSnapshot>): List<DocumentSnapshot> {
        if (query.limitToLast != null) return run(query.flipped(), documents).asReversed()
        val order = query.normalizedOrderBy()
        val selected = documents.mapNotNull { Ranked.of(it, query, order) }.sortedWith(Ranked.order(order))
        val limit = query.limit
        val count = if (limit != null && limit < selected.size) Math.max(limit, 0) else selected.size
        return selected.subList(0, count).map { it.document }
    }

    /** The stored value at `field`, or null when the document lacks it. */
    fun value(field: FieldPath, document: DocumentSnapshot): DocumentValue? {
        if (field == FieldPath.documentID) return DocumentValue.StringValue(document.id)
        var value: DocumentValue = document.data[field.keys.firstOrNull() ?: return null] ?: return null
        for (key in field.keys.drop(1)) {
            value = (value as? DocumentValue.MapValue)?.fields?.get(key) ?: return null
        }
        return value
    }

    /** Whether the document matches the filter; an empty `and` or `or` is left out (see [QueryFilter.isEmpty]). */
    fun matches(filter: QueryFilter, document: DocumentSnapshot): Boolean = when (filter) {
        is QueryFilter.And -> filter.filters.all { it.isEmpty || matches(it, document) }
        is QueryFilter.Or -> filter.filters.filter { !it.isEmpty }.let { kept -> kept.isEmpty() || kept.any { matches(it, document) } }
        is QueryFilter.Compare -> {
            val stored = value(filter.field, document)
            stored != null && compare(stored, filter.op, compared(filter.value))
        }
    }

    /**
     * An operand as Firestore's server compares it: timestamps inside a list or a map to the
     * microsecond, rounded down, as stored ones are; a timestamp operand itself as given (the
     * emulator matches a stored 1 µs by `in [1.5 µs]` and `== [1.5 µs]`, not by `== 1.5 µs`).
     */
    private fun compared(operand: DocumentValue): DocumentValue =
        if (operand is DocumentValue.ArrayValue || operand is DocumentValue.MapValue) truncated(operand) else operand

    private fun truncated(value: DocumentValue): DocumentValue = when (value) {
        is DocumentValue.TimestampValue -> DocumentValue.TimestampValue(value.value.truncatedToMicroseconds())
        is DocumentValue.ArrayValue -> DocumentValue.ArrayValue(value.values.map { truncated(it) })
        is DocumentValue.MapValue -> DocumentValue.MapValue(value.fields.mapValues { truncated(it.value) })
        else -> value
    }

    private fun compare(stored: DocumentValue, op: QueryOperator, operand: DocumentValue): Boolean {
        val sameType = ValueOrder.rank(stored) == ValueOrder.rank(operand)
        // A range holds only between ordered values of one type: never for NaN or null (the emulator
        // answers `x >= null` with no document).
        val ordered = sameType && !isNaN(stored) && !isNaN(operand) && operand !is DocumentValue.Null
        return when (op) {
            QueryOperator.EQUAL -> sameType && ValueOrder.compare(stored, operand) == 0
            QueryOperator.NOT_EQUAL -> stored !is DocumentValue.Null && ValueOrder.compare(stored, operand) != 0
            QueryOperator.LESS -> ordered && ValueOrder.compare(stored, operand) < 0
            QueryOperator.LESS_OR_EQUAL -> ordered && ValueOrder.compare(stored, operand) <= 0
            QueryOperator.GREATER -> ordered && ValueOrder.compare(stored, operand) > 0
            QueryOperator.GREATER_OR_EQUAL -> ordered && ValueOrder.compare(stored, operand) >= 0
            QueryOperator.IN -> operand is DocumentValue.ArrayValue && !isNaN(stored) && stored !is DocumentValue.Null
                && operand.values.any { compare(stored, QueryOperator.EQUAL, it) }
            QueryOperator.NOT_IN -> operand is DocumentValue.ArrayValue && operand.values.none { it is DocumentValue.Null }
                && stored !is DocumentValue.Null && operand.values.none { compare(stored, QueryOperator.EQUAL, it) }
            QueryOperator.ARRAY_CONTAINS -> stored is DocumentValue.ArrayValue && !isNaN(operand) && operand != DocumentValue.Null
                && stored.values.any { compare(it, QueryOperator.EQUAL, operand) }
            // An element matches as it would `in` the list: neither null nor NaN.
            QueryOperator.ARRAY_CONTAINS_ANY -> stored is DocumentValue.ArrayValue && operand is DocumentValue.ArrayValue
                && stored.values.any { element -> compare(element, QueryOperator.IN, operand) }
        }
    }

    /** Whether the value is a NaN double, which a query matches only with `== NaN`, `!=` and `not-in`. */
    private fun isNaN(value: DocumentValue): Boolean = value is DocumentValue.DoubleValue && value.value.isNaN()
}

/** A document that a query keeps, with its values for the query's `orderBy` fields. */
internal class Ranked(val document: DocumentSnapshot, val keys: List<DocumentValue>) {
    companion object {
        /**
         * Null when `query` leaves the document out: its filter does not match, the document lacks
         * a field of `order` (the query's normalized order), or it is outside the query's bounds.
         */
        fun of(document: DocumentSnapshot, query: StoreQuery, order: List<QueryOrder>): Ranked? {
            val filter = query.filter
            if (filter != null && !QueryEngine.matches(filter, document)) return null
            val ranked = ordered(document, order) ?: return null
            if (query.start?.admits(ranked.keys, order, asStart = true) == false) return null
            if (query.end?.admits(ranked.keys, order, asStart = false) == false) return null
            return ranked
        }

        /** Null when the document lacks one of the `orderBy` fields. */
        fun ordered(document: DocumentSnapshot, orderBy: List<QueryOrder>): Ranked? {
            val keys = ArrayList<DocumentValue>(orderBy.size)
            for (order in orderBy) keys.add(QueryEngine.value(order.field, document) ?: return null)
            return Ranked(document, keys)
        }

        /**
         * Query order: by the `orderBy` keys, then by document path (the id, within one collection)
         * in the direction of the last key. No two documents tie.
         */
        fun order(orderBy: List<QueryOrder>): Comparator<Ranked> = Comparator { a, b ->
            for ((index, order) in orderBy.withIndex()) {
                // The document id orders as Firestore's `__name__` does: by whole path.
                val comparison = if (order.field == FieldPath.documentID) comparePaths(a.document, b.document)
                else ValueOrder.compare(a.keys[index], b.keys[index])
                if (comparison != 0) return@Comparator if (order.descending) -comparison else comparison
            }
            val comparison = comparePaths(a.document, b.document)
            if (orderBy.lastOrNull()?.descending == true) -comparison else comparison
        }
    }
}

/**
 * -1, 0 or 1: the two documents' paths compared segment by segment by code point, a path before
 * those it starts, as Firestore orders document names (`__name__`).
 */
internal fun comparePaths(a: DocumentSnapshot, b: DocumentSnapshot): Int {
    // One collection, the common case: String equality is exact, code unit by code unit.
    if (sameSegments(a.parent, b.parent)) return CodePoints.compare(a.id, b.id)
    return ValueOrder.compareReferences(a.path, b.path)
}

/** Whether two paths have the same segments: by index, with no iterator to allocate (a hot path of query order). */
internal fun sameSegments(a: List<String>, b: List<String>): Boolean {
    if (a === b) return true
    if (a.size != b.size) return false
    for (index in a.indices) if (a[index] != b[index]) return false
    return true
}
