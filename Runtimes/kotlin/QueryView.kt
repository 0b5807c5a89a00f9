package modelgen.runtime

/**
 * A query's result kept up to date one document at a time: a change costs a binary search and
 * an array insertion rather than running the query again.
 *
 * A `limitToLast` query is kept as its [StoreQuery.flipped] one, whose first documents are the
 * last of this one: [documents] reverses them, and each change's indices count from the end.
 */
internal class QueryView(asked: StoreQuery, documents: Collection<DocumentSnapshot>) {
    /** Whether [query] is flipped, so that [documents] and changes are reversed. */
    private val isReversed = asked.limitToLast != null
    /** The query kept: the one asked for, or its flipped form for `limitToLast`. */
    private val query = if (isReversed) asked.flipped() else asked
    /** The query's order, implicit keys included ([StoreQuery.normalizedOrderBy]). */
    private val orderBy = query.normalizedOrderBy()
    private val order = Ranked.order(orderBy)
    /** Every document the query keeps, in query order, before `limit`. */
    private val all = ArrayList(QueryEngine.run(query.copy(limit = null), documents))
    /** The first `limit` of them, when the query has a limit. */
    private val window = ArrayList(all.subList(0, Math.min(all.size, Math.max(query.limit ?: 0, 0))))

    /** The query's result, as it is now: read it before the next [update]. */
    val documents: List<DocumentSnapshot>
        get() = (if (query.limit == null) all else window).let { if (isReversed) it.asReversed() else it }

    /** Takes in a change to one document of the collection (null: there is none) and returns the steps it made to [documents]. */
    fun update(old: DocumentSnapshot?, new: DocumentSnapshot?): List<DocumentChange> {
        if (!isReversed) return steps(old, new)
        // Each step's indices, counted from the end of the window as it is at that step.
        var count = window.size
        return steps(old, new).map { step ->
            when (step) {
                is DocumentChange.Removed -> {
                    count -= 1
                    DocumentChange.Removed(step.document, count - step.oldIndex)
                }
                is DocumentChange.Added -> {
                    count += 1
                    DocumentChange.Added(step.document, count - 1 - step.newIndex)
                }
                is DocumentChange.Modified -> DocumentChange.Modified(step.document, count - 1 - step.oldIndex, count - 1 - step.newIndex)
            }
        }
    }

    /** The steps a change made to the kept query's result, in its own order. */
    private fun steps(old: DocumentSnapshot?, new: DocumentSnapshot?): List<DocumentChange> {
        val leaving = old?.let { Ranked.of(it, query, orderBy) }
        val arriving = new?.let { Ranked.of(it, query, orderBy) }
        val from = leaving?.let { lowerBound(it) }
        val to: Int?
        if (from != null && arriving != null && fits(arriving, from)) {
            all[from] = arriving.document
            to = from
        } else {
            if (from != null) all.removeAt(from)
            to = arriving?.let { lowerBound(it).also { index -> all.add(index, it.document) } }
        }
        val limit = query.limit ?: return when {
            from != null && to != null -> listOf(DocumentChange.Modified(all[to], from, to))
            leaving != null && from != null -> listOf(DocumentChange.Removed(leaving.document, from))
            to != null -> listOf(DocumentChange.Added(all[to], to))
            else -> emptyList()
        }
        return updateWindow(Math.max(limit, 0), from?.takeIf { it < limit }, to?.takeIf { it < limit })
    }

    /** The steps to the first `limit` documents, given the old and new places (within them) of the document that changed. */
    private fun updateWindow(limit: Int, from: Int?, to: Int?): List<DocumentChange> = when {
        from != null && to != null -> {
            window.removeAt(from)
            window.add(to, all[to])
            listOf(DocumentChange.Modified(all[to], from, to))
        }
        from != null -> {
            val steps = mutableListOf<DocumentChange>(DocumentChange.Removed(window.removeAt(from), from))
            if (all.size >= limit) {
                window.add(all[limit - 1])
                steps.add(DocumentChange.Added(all[limit - 1], limit - 1))
            }
            steps
        }
        to != null -> {
            val steps = mutableListOf<DocumentChange>()
            if (window.size == limit) steps.add(DocumentChange.Removed(window.removeAt(limit - 1), limit - 1))
            window.add(to, all[to])
            steps.add(DocumentChange.Added(all[to], to))
            steps
        }
        else -> emptyList()
    }

    /** The first index whose document does not come before `document`: where it is, or where it belongs. */
    private fun lowerBound(document: Ranked): Int {
        var low = 0
        var high = all.size
        while (low < high) {
            val middle = (low + high) ushr 1
            if (order.compare(ranked(middle), document) < 0) low = middle + 1 else high = middle
        }
        return low
    }

    /** Whether `document` may replace the one at `index` without moving. */
    private fun fits(document: Ranked, index: Int): Boolean =
        (index == 0 || order.compare(ranked(index - 1), document) < 0) &&
            (index == all.size - 1 || order.compare(document, ranked(index + 1)) < 0)

    /** Every document in the view has the order fields. */
    private fun ranked(index: Int): Ranked = Ranked.ordered(all[index], orderBy)!!
}
