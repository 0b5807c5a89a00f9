package modelgen.runtime

/**
 * Runs a [StoreQuery] over documents the way Firestore does.
 *
 * A missing field never matches a filter (`== null` matches a stored null); range filters
 * match values of the filter value's type only (ints and doubles are one type); `!=` matches
 * present, non-null, different values. Documents lacking an `orderBy` field are left out; ties
 * are ordered by document id in the direction of the last `orderBy` key; `limit` applies last.
 */
object QueryEngine {
    /** The documents the query selects, in its order. */
    fun run(query: StoreQuery, documents: Collection<DocumentSnapshot>): List<DocumentSnapshot> {
        val selected = ArrayList<Keyed>(documents.size)
        for (document in documents) {
            val filter = query.filter
            if (filter != null && !matches(filter, document)) continue
            val keys = ArrayList<DocumentValue>(query.orderBy.size)
            for (order in query.orderBy) keys.add(value(order.field, document) ?: break)
            if (keys.size == query.orderBy.size) selected.add(Keyed(document, keys))
        }
        val idDescending = query.orderBy.lastOrNull()?.descending ?: false
        selected.sortWith(Comparator { a, b ->
            var result = 0
            for ((index, order) in query.orderBy.withIndex()) {
                val comparison = ValueOrder.compare(a.keys[index], b.keys[index])
                if (comparison != 0) {
                    result = if (order.descending) -comparison else comparison
                    break
                }
            }
            if (result != 0) result else {
                val comparison = CodePoints.compare(a.document.id, b.document.id)
                if (idDescending) -comparison else comparison
            }
        })
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

    /** Whether the document matches the filter. */
    fun matches(filter: QueryFilter, document: DocumentSnapshot): Boolean = when (filter) {
        is QueryFilter.And -> filter.filters.all { matches(it, document) }
        is QueryFilter.Or -> filter.filters.any { matches(it, document) }
        is QueryFilter.Compare -> {
            val stored = value(filter.field, document)
            stored != null && compare(stored, filter.op, filter.value)
        }
    }

    private fun compare(stored: DocumentValue, op: QueryOperator, operand: DocumentValue): Boolean {
        val sameType = ValueOrder.rank(stored) == ValueOrder.rank(operand)
        return when (op) {
            QueryOperator.EQUAL -> sameType && ValueOrder.compare(stored, operand) == 0
            QueryOperator.NOT_EQUAL -> stored !is DocumentValue.Null && ValueOrder.compare(stored, operand) != 0
            QueryOperator.LESS -> sameType && ValueOrder.compare(stored, operand) < 0
            QueryOperator.LESS_OR_EQUAL -> sameType && ValueOrder.compare(stored, operand) <= 0
            QueryOperator.GREATER -> sameType && ValueOrder.compare(stored, operand) > 0
            QueryOperator.GREATER_OR_EQUAL -> sameType && ValueOrder.compare(stored, operand) >= 0
            QueryOperator.IN ->
                operand is DocumentValue.ArrayValue && operand.values.any { compare(stored, QueryOperator.EQUAL, it) }
            QueryOperator.ARRAY_CONTAINS ->
                stored is DocumentValue.ArrayValue && stored.values.any { compare(it, QueryOperator.EQUAL, operand) }
        }
    }

    /** A selected document with its order keys. */
    private class Keyed(val document: DocumentSnapshot, val keys: List<DocumentValue>)
}
