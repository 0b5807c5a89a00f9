package modelgen.runtime.tests

import modelgen.runtime.DocumentSnapshot
import modelgen.runtime.DocumentValue
import modelgen.runtime.FieldPath
import modelgen.runtime.InMemoryStore
import modelgen.runtime.QueryBound
import modelgen.runtime.QueryEngine
import modelgen.runtime.QueryFilter
import modelgen.runtime.QueryOperator
import modelgen.runtime.QueryOrder
import modelgen.runtime.StoreException
import modelgen.runtime.StoreQuery
import modelgen.runtime.getDocuments

// Query cursors: startAt, startAfter, endAt and endBefore, as `start` and `end` bounds.

private fun startAt(vararg values: DocumentValue) = QueryBound(values.toList(), inclusive = true)
private fun startAfter(vararg values: DocumentValue) = QueryBound(values.toList(), inclusive = false)
private fun endAt(vararg values: DocumentValue) = QueryBound(values.toList(), inclusive = true)
private fun endBefore(vararg values: DocumentValue) = QueryBound(values.toList(), inclusive = false)

private fun asc(field: String) = QueryOrder.ascending(path(field))
private fun desc(field: String) = QueryOrder.descending(path(field))

/** Ids of the documents of a query on `c` over `over`, in its order. */
private fun boundIds(
    over: List<DocumentSnapshot>, orderBy: List<QueryOrder>, start: QueryBound? = null, end: QueryBound? = null,
    limit: Int? = null, limitToLast: Int? = null
): List<String> = QueryEngine.run(StoreQuery(listOf("c"), null, orderBy, limit, limitToLast, start, end), over).map { it.id }

// By n ascending, ties by id: a (1), b (2), c (2), e (2.0), d (3), g ("x"); f lacks n.
private val numbers = listOf(
    DocumentSnapshot("a", data("n" to int(1))), DocumentSnapshot("b", data("n" to int(2))), DocumentSnapshot("c", data("n" to int(2))),
    DocumentSnapshot("d", data("n" to int(3))), DocumentSnapshot("e", data("n" to dbl(2.0))), DocumentSnapshot("f", data()),
    DocumentSnapshot("g", data("n" to str("x")))
)

internal fun cursorQueries() {
    oneKeyBounds()
    prefixBounds()
    documentIdBounds()
    combinedBounds()
}

/** One key, ascending then descending, with ties on the bound's value (2, 2 and 2.0). */
private fun oneKeyBounds() {
    val byN = listOf(asc("n"))
    expect(boundIds(numbers, byN), listOf("a", "b", "c", "e", "d", "g"), "the order without bounds")
    expect(boundIds(numbers, byN, start = startAt(int(2))), listOf("b", "c", "e", "d", "g"), "startAt keeps the ties, 2.0 among them")
    expect(boundIds(numbers, byN, start = startAfter(int(2))), listOf("d", "g"), "startAfter drops the ties")
    expect(boundIds(numbers, byN, end = endAt(int(2))), listOf("a", "b", "c", "e"), "endAt keeps the ties")
    expect(boundIds(numbers, byN, end = endBefore(int(2))), listOf("a"), "endBefore drops the ties")
    expect(boundIds(numbers, byN, start = startAt(dbl(2.5))), listOf("d", "g"), "startAt between values")
    expect(boundIds(numbers, byN, start = startAt(dbl(2.0))), listOf("b", "c", "e", "d", "g"), "a double bound ties with ints")
    expect(boundIds(numbers, byN, end = endBefore(str("x"))), listOf("a", "b", "c", "e", "d"), "a bound compares across types")
    expect(boundIds(numbers, byN, start = startAfter(str(""))), listOf("g"), "numbers sort before every string")

    // By n descending, ties by id descending: g, d, e, c, b, a.
    val byNDescending = listOf(desc("n"))
    expect(boundIds(numbers, byNDescending), listOf("g", "d", "e", "c", "b", "a"), "the descending order without bounds")
    expect(boundIds(numbers, byNDescending, start = startAt(int(2))), listOf("e", "c", "b", "a"), "startAt descending")
    expect(boundIds(numbers, byNDescending, start = startAfter(int(2))), listOf("a"), "startAfter descending")
    expect(boundIds(numbers, byNDescending, end = endAt(int(2))), listOf("g", "d", "e", "c", "b"), "endAt descending")
    expect(boundIds(numbers, byNDescending, end = endBefore(int(2))), listOf("g", "d"), "endBefore descending")
}

/** Bounds with fewer values than keys, and no value at all. */
private fun prefixBounds() {
    // By t, then n: p1, p2, q1, q2, r0.
    val rows = listOf(
        DocumentSnapshot("q2", data("t" to str("q"), "n" to int(2))), DocumentSnapshot("p1", data("t" to str("p"), "n" to int(1))),
        DocumentSnapshot("r0", data("t" to str("r"), "n" to int(0))), DocumentSnapshot("q1", data("t" to str("q"), "n" to int(1))),
        DocumentSnapshot("p2", data("t" to str("p"), "n" to int(2)))
    )
    val byTN = listOf(asc("t"), asc("n"))
    expect(boundIds(rows, byTN), listOf("p1", "p2", "q1", "q2", "r0"), "the two-key order")
    expect(boundIds(rows, byTN, start = startAt(str("q"))), listOf("q1", "q2", "r0"), "a prefix startAt keeps every tie on the first key")
    expect(boundIds(rows, byTN, start = startAfter(str("q"))), listOf("r0"), "a prefix startAfter drops them all")
    expect(boundIds(rows, byTN, end = endAt(str("q"))), listOf("p1", "p2", "q1", "q2"), "a prefix endAt keeps them")
    expect(boundIds(rows, byTN, end = endBefore(str("q"))), listOf("p1", "p2"), "a prefix endBefore drops them")
    expect(boundIds(rows, byTN, start = startAfter(str("q"), int(1))), listOf("q2", "r0"), "both keys: the second decides a tie on the first")
    // By t, then n descending: p2, p1, q2, q1, r0.
    expect(boundIds(rows, listOf(asc("t"), desc("n")), start = startAt(str("q"), int(1))), listOf("q1", "r0"),
        "a descending second key turns its comparison")
    expect(boundIds(rows, listOf(asc("t"), desc("n")), end = endBefore(str("q"), int(1))), listOf("p2", "p1", "q2"),
        "endBefore with a descending second key")
    expect(boundIds(rows, byTN, start = startAt()), listOf("p1", "p2", "q1", "q2", "r0"), "an empty inclusive bound keeps everything")
    expect(boundIds(rows, byTN, start = startAfter()), emptyList<String>(), "an empty exclusive start keeps nothing")
    expect(boundIds(rows, byTN, end = endBefore()), emptyList<String>(), "an empty exclusive end keeps nothing")
}

/** A bound on a field and the document id: the next page after a row, with ties on the field. */
private fun documentIdBounds() {
    val scores = listOf(
        DocumentSnapshot("d", data("score" to int(20))), DocumentSnapshot("a", data("score" to int(10))),
        DocumentSnapshot("c", data("score" to int(20))), DocumentSnapshot("e", data("score" to int(30))),
        DocumentSnapshot("b", data("score" to int(20)))
    )
    val byScoreAndId = listOf(asc("score"), QueryOrder.ascending(FieldPath.documentID))
    expect(boundIds(scores, byScoreAndId), listOf("a", "b", "c", "d", "e"), "by score, then id")
    expect(boundIds(scores, byScoreAndId, start = startAfter(int(20), str("c"))), listOf("d", "e"), "after the row (20, c)")
    expect(boundIds(scores, byScoreAndId, start = startAt(int(20), str("c"))), listOf("c", "d", "e"), "at the row (20, c)")
    expect(boundIds(scores, byScoreAndId, end = endBefore(int(20), str("c"))), listOf("a", "b"), "before the row (20, c)")
    expect(boundIds(scores, byScoreAndId, start = startAfter(int(20), str("bb"))), listOf("c", "d", "e"), "after an id no document has")
    // Paging by two, each page starting after the last row of the one before.
    val pages = ArrayList<List<String>>()
    var after: QueryBound? = null
    do {
        val page = QueryEngine.run(StoreQuery(listOf("c"), orderBy = byScoreAndId, limit = 2, start = after), scores)
        pages.add(page.map { it.id })
        after = page.lastOrNull()?.let { startAfter(it.data.getValue("score"), str(it.id)) }
    } while (page.isNotEmpty())
    expect(pages, listOf(listOf("a", "b"), listOf("c", "d"), listOf("e"), emptyList()), "pages of two, each after the last row of the one before")
    // By score descending, then id ascending: e, b, c, d, a.
    expect(boundIds(scores, listOf(desc("score"), QueryOrder.ascending(FieldPath.documentID)), start = startAfter(int(20), str("c"))),
        listOf("d", "a"), "a descending field, then the id ascending")
    expect(boundIds(scores, listOf(QueryOrder.descending(FieldPath.documentID)), start = startAfter(str("c"))), listOf("b", "a"),
        "the id alone, descending")
}

/** A start and an end together, with `limit`, and with `limitToLast`, which runs the flipped query. */
private fun combinedBounds() {
    val byN = listOf(asc("n"))
    expect(boundIds(numbers, byN, startAfter(int(1)), endAt(int(2))), listOf("b", "c", "e"), "startAfter 1, endAt 2")
    expect(boundIds(numbers, byN, startAt(int(2)), endBefore(int(3))), listOf("b", "c", "e"), "startAt 2, endBefore 3")
    expect(boundIds(numbers, byN, startAt(int(1)), endAt(int(3))), listOf("a", "b", "c", "e", "d"), "startAt 1, endAt 3")
    expect(boundIds(numbers, byN, startAt(int(3)), endAt(int(1))), emptyList<String>(), "a start after the end keeps nothing")
    expect(boundIds(numbers, byN, startAt(int(2)), limit = 2), listOf("b", "c"), "limit after startAt")
    expect(boundIds(numbers, byN, startAfter(int(2)), limit = 1), listOf("d"), "limit after startAfter")

    // startAt 1 and endBefore 3 keep a, b, c, e; the flipped query (n descending: g, d, e, c, b, a) starts after 3 and ends
    // at 1, keeping e, c, b, a, whose first two are the asked query's last two, reversed.
    val asked = StoreQuery(listOf("c"), orderBy = byN, limitToLast = 2, start = startAt(int(1)), end = endBefore(int(3)))
    expect(asked.flipped(), StoreQuery(listOf("c"), orderBy = listOf(desc("n")), limit = 2, start = endBefore(int(3)), end = startAt(int(1))),
        "the flipped query swaps the bounds, each keeping its values and inclusiveness")
    expect(QueryEngine.run(asked, numbers).map { it.id }, listOf("c", "e"), "limitToLast with a start and an end bound")
    expect(boundIds(numbers, byN, startAfter(int(1)), limitToLast = 10), listOf("b", "c", "e", "d", "g"), "limitToLast above the count, after a start")
    expect(boundIds(numbers, byN, startAfter(int(1)), limitToLast = 2), listOf("d", "g"), "limitToLast with a start bound only")
    expect(boundIds(numbers, byN, end = endAt(int(2)), limitToLast = 2), listOf("c", "e"), "limitToLast with an end bound only")
    expect(boundIds(numbers, byN, startAt(int(2)), endAt(int(2)), limitToLast = 2), listOf("c", "e"), "limitToLast among ties")
    // By n descending from 3 to 2: d, e, c, b.
    expect(boundIds(numbers, listOf(desc("n")), startAt(int(3)), endAt(int(2)), limitToLast = 3), listOf("e", "c", "b"),
        "limitToLast of a descending order, bounded at both ends")
    for (count in 0..6) {
        for ((start, end) in listOf(startAt(int(2)) to null, null to endBefore(int(3)), startAfter(int(1)) to endAt(str("x")))) {
            val all = boundIds(numbers, byN, start, end)
            expect(boundIds(numbers, byN, start, end, limitToLast = count), all.takeLast(count), "limitToLast $count from $start to $end")
        }
    }
}

/** A listener on a bounded query takes changes in one document at a time. */
internal fun cursorViews() {
    val store = InMemoryStore()
    for ((id, n) in listOf("a" to 1L, "b" to 2L, "c" to 3L, "d" to 4L)) store.setData(data("n" to int(n)), listOf("c", id))
    val query = StoreQuery(listOf("c"), orderBy = listOf(asc("n")), start = startAfter(int(1)), end = endAt(int(3)))
    val heard = ArrayList<String>()
    var replayed: List<DocumentSnapshot> = emptyList()
    val registration = store.addQueryListener(query, { snapshot ->
        replayed = replay(snapshot.changes, replayed)
        expect(replayed, snapshot.documents, "the changes replay to the snapshot's documents")
        expect(snapshot.documents, QueryEngine.run(query, store.getDocuments(StoreQuery(listOf("c"))).blockingGet()),
            "a snapshot holds what the engine selects from the same documents")
        heard.add(snapshot.documents.joinToString(",") { it.id } + " " + snapshot.changes.joinToString(" ") { describe(it) })
    }, { heard.add("error ${it.message}") })
    store.setData(data("n" to int(2)), listOf("c", "d"))          // from past the end into the bounds
    store.setData(data("n" to int(3)), listOf("c", "a"))          // from the excluded start into the bounds, at the end
    store.setData(data("n" to int(5)), listOf("c", "d"))          // past the end again
    store.setData(data("n" to int(1)), listOf("c", "a"))          // back to the excluded start
    store.setData(data("n" to int(3)), listOf("c", "b"))          // a move within the bounds, a tie with c before it by id
    store.setData(data("n" to dbl(3.0)), listOf("c", "c"))        // onto the included end
    store.setData(data("n" to int(6)), listOf("c", "d"))          // outside, staying outside: nothing
    store.setData(data("n" to dbl(1.5)), listOf("c", "e"))        // a new document inside
    store.setData(data("n" to str("3")), listOf("c", "b"))        // a string: past every number
    store.deleteDocument(listOf("c", "c"))
    registration.remove()
    expect(heard, listOf(
        "b,c +b@0 +c@1",
        "b,d,c +d@1",
        "b,d,a,c +a@2",
        "b,a,c -d@1",
        "b,c -a@1",
        "b,c ~b@0>0",
        "b,c ~c@1>1",
        "e,b,c +e@0",
        "e,c -b@1",
        "e -c@1"
    ), "a bounded listener's snapshots and changes")

    // Random changes: every snapshot replays to what the engine selects.
    val queries = listOf(
        StoreQuery(listOf("c"), orderBy = listOf(asc("n")), start = startAt(int(2)), end = endBefore(int(4))),
        StoreQuery(listOf("c"), orderBy = listOf(desc("n")), limit = 2, start = startAfter(int(4))),
        StoreQuery(listOf("c"), orderBy = listOf(asc("tag"), desc("n")), limit = 3, start = startAt(str("a"), int(3)), end = endAt(str("b"))),
        StoreQuery(listOf("c"), orderBy = listOf(asc("n")), limitToLast = 2, start = startAfter(int(1)), end = endAt(int(4))),
        StoreQuery(listOf("c"), orderBy = listOf(asc("n"), QueryOrder.ascending(FieldPath.documentID)), limit = 3, start = startAfter(int(2), str("d3"))),
        StoreQuery(listOf("c"), QueryFilter.Compare(path("n"), QueryOperator.GREATER, int(0)), listOf(desc("tag")), limitToLast = 1,
            end = endBefore(str("a")))
    )
    for ((which, bounded) in queries.withIndex()) {
        for (seed in 1L..20L) {
            val random = java.util.Random(seed)
            val randomStore = InMemoryStore()
            var documents: List<DocumentSnapshot> = emptyList()
            var consistent = true
            val listening = randomStore.addQueryListener(bounded, { snapshot ->
                documents = replay(snapshot.changes, documents)
                if (documents != snapshot.documents) consistent = false
            }, { consistent = false })
            for (step in 0 until 60) {
                val id = "d${random.nextInt(8)}"
                when (random.nextInt(10)) {
                    0 -> randomStore.deleteDocument(listOf("c", id))
                    1 -> randomStore.setData(data("tag" to str("a")), listOf("c", id))
                    else -> {
                        val fields = HashMap<String, DocumentValue>()
                        fields["n"] = int(random.nextInt(6).toLong())
                        if (random.nextBoolean()) fields["tag"] = str(if (random.nextBoolean()) "a" else "b")
                        randomStore.setData(fields, listOf("c", id))
                    }
                }
                if (documents != QueryEngine.run(bounded, randomStore.getDocuments(StoreQuery(listOf("c"))).blockingGet())) consistent = false
            }
            listening.remove()
            check(consistent, "bounded query $which, seed $seed: changes replay to the engine's result")
        }
    }
}

internal fun cursorRules() {
    val expectedMessages = listOf(
        StoreException.CursorTooLong(2, 1) to "a cursor takes at most one value per 'orderBy' key: 2 values for 1 keys",
        StoreException.CursorTooLong(1, 0) to "a cursor takes at most one value per 'orderBy' key: 1 values for 0 keys",
        StoreException.InvalidDocumentIDCursor to "a cursor's value for the document id must be a non-empty string holding no '/'"
    )
    for ((error, message) in expectedMessages) expect(error.message, message, "message of ${error.javaClass.simpleName}")
    check(StoreException.CursorTooLong(2, 1) == StoreException.CursorTooLong(2, 1) && StoreException.CursorTooLong(2, 1) != StoreException.CursorTooLong(1, 2),
        "CursorTooLong is equal for the same counts only")

    val store = InMemoryStore()
    store.setData(data("n" to int(1)), listOf("c", "a"))
    store.setData(data("n" to int(2)), listOf("c", "b"))
    /** The error a one-shot read of the query fails with (null: none); a listener hears the same. */
    fun refusal(
        orderBy: List<QueryOrder>, start: QueryBound? = null, end: QueryBound? = null, filter: QueryFilter? = null,
        limit: Int? = null, limitToLast: Int? = null
    ): Throwable? {
        val query = StoreQuery(listOf("c"), filter, orderBy, limit, limitToLast, start, end)
        val heard = ArrayList<String>()
        val registration = store.addQueryListener(query, { heard.add("snapshot") }, { heard.add("error ${it.message}") })
        val read = errorOf(store.getDocuments(query).ignoreElement())
        expect(heard, listOf(if (read == null) "snapshot" else "error ${read.message}"), "a listener on $query hears what a read does")
        registration.remove()
        return read
    }
    val byN = listOf(asc("n"))
    val id = FieldPath.documentID
    val byNThenId = listOf(asc("n"), QueryOrder.ascending(id))

    // Too many values
    expect(refusal(byN, start = startAt(int(1), int(2))), StoreException.CursorTooLong(2, 1), "a start with more values than keys")
    expect(refusal(byN, end = endBefore(int(1), str("a"))), StoreException.CursorTooLong(2, 1), "an end with more values than keys")
    expect(refusal(emptyList(), start = startAfter(int(1))), StoreException.CursorTooLong(1, 0), "a bound on a query with no order")
    expect(refusal(emptyList(), start = startAfter(int(1)), filter = compare("n", QueryOperator.GREATER, int(0))), StoreException.CursorTooLong(1, 0),
        "an inequality's implicit order key takes no cursor value")
    expect(refusal(emptyList(), start = startAt(), end = endAt()), null, "empty bounds on a query with no order")
    expect(refusal(byNThenId, start = startAt(int(1), str("a")), end = endAt(int(2))), null, "a bound per key, and a prefix")

    // The document id
    expect(refusal(listOf(QueryOrder.ascending(id)), start = startAt(str("a/b"))), StoreException.InvalidDocumentIDCursor, "an id holding '/'")
    expect(refusal(listOf(QueryOrder.ascending(id)), end = endAt(str(""))), StoreException.InvalidDocumentIDCursor, "an empty id")
    expect(refusal(byNThenId, start = startAfter(int(1), int(2))), StoreException.InvalidDocumentIDCursor, "an id that is no string")
    expect(refusal(byNThenId, start = startAfter(int(1), NULL)), StoreException.InvalidDocumentIDCursor, "a null id")
    expect(store.getDocuments(StoreQuery(listOf("c"), orderBy = listOf(QueryOrder.descending(id)), start = startAfter(str("b"))))
        .blockingGet().map { it.id }, listOf("a"), "a bound on the id runs")

    // Values, checked as a filter's are
    expect(refusal(byN, start = startAt(DocumentValue.ServerTimestamp)), StoreException.UnsupportedValue(path("n")), "a server timestamp in a cursor")
    expect(refusal(byN, end = endAt(arr(arr(int(1))))), StoreException.UnsupportedValue(path("n")), "an array inside an array in a cursor")
    expect(refusal(byN, end = endAt(DocumentValue.MapValue(mapOf("" to int(1))))), StoreException.InvalidField(FieldPath(listOf("n", ""))),
        "an empty map key in a cursor")
    expect(refusal(listOf(asc("a.b")), start = startAt(DocumentValue.ServerTimestamp)), StoreException.UnsupportedValue(path("a.b")),
        "the error names the order key's field")
    expect(refusal(byN, start = startAt(arr(int(1))), end = endAt(NULL)), null, "an array and a null in cursors")

    // The order of the checks: the limits first, then the start, then the end, each value in turn
    expect(refusal(byN, start = startAt(int(1), int(2)), limit = 1, limitToLast = 1), StoreException.TwoLimits, "the limits before the bounds")
    expect(refusal(byN, start = startAt(int(1), int(2)), filter = compare("n", QueryOperator.IN, arr())),
        StoreException.EmptyList(QueryOperator.IN, path("n")), "the filter before the bounds")
    expect(refusal(listOf(QueryOrder.ascending(id)), start = startAt(str("a/b")), end = endAt(int(1), int(2))), StoreException.InvalidDocumentIDCursor,
        "the start before the end")
    expect(refusal(byNThenId, start = startAt(DocumentValue.ServerTimestamp, int(1))), StoreException.UnsupportedValue(path("n")),
        "the values in order")
    expect(refusal(byNThenId, end = endAt(int(1), str("a")), limitToLast = 1), null, "limitToLast with an end bound runs")
    expect(store.listenerCount, 0, "no listener kept for refused queries")
}
