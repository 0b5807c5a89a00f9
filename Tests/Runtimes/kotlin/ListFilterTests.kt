package modelgen.runtime.tests

import modelgen.runtime.DocumentSnapshot
import modelgen.runtime.DocumentValue
import modelgen.runtime.FieldPath
import modelgen.runtime.InMemoryStore
import modelgen.runtime.Match
import modelgen.runtime.QueryEngine
import modelgen.runtime.QueryFilter
import modelgen.runtime.QueryOperator
import modelgen.runtime.QueryOrder
import modelgen.runtime.StoreException
import modelgen.runtime.StoreQuery
import modelgen.runtime.getDocuments

// `not-in` and `array-contains-any`, and the `in` and `!=` rules that changed with them.

/** Ids of the documents the filter selects among `over`, in query order. */
private fun idsOver(over: List<DocumentSnapshot>, filter: QueryFilter): List<String> =
    QueryEngine.run(StoreQuery(listOf("c"), filter), over).map { it.id }

/** A list of `count` ints, 0 to count - 1. */
private fun ints(count: Int): DocumentValue = DocumentValue.ArrayValue((0 until count).map { int(it.toLong()) })

private fun and(vararg filters: QueryFilter): QueryFilter = QueryFilter.And(filters.toList())

private fun or(vararg filters: QueryFilter): QueryFilter = QueryFilter.Or(filters.toList())

internal fun listFilterQueries() {
    val zips = listOf(
        DocumentSnapshot("a", data("zip" to dbl(Double.NaN))), DocumentSnapshot("b", data("zip" to int(91102))),
        DocumentSnapshot("c", data("zip" to int(98101))), DocumentSnapshot("d", data("zip" to str("98101"))),
        DocumentSnapshot("e", data("zip" to arr(int(98101)))), DocumentSnapshot("i", data()), DocumentSnapshot("j", data("zip" to NULL))
    )
    expect(idsOver(zips, compare("zip", QueryOperator.NOT_IN, arr(int(98101), int(98103)))), listOf("a", "b", "d", "e"),
        "not-in leaves out equal, missing and null values; NaN is not in the list")
    expect(idsOver(zips, compare("zip", QueryOperator.NOT_IN, arr(dbl(Double.NaN)))), listOf("b", "c", "d", "e"), "NaN is not-in [NaN]")
    expect(idsOver(zips, compare("zip", QueryOperator.NOT_IN, arr(NULL))), emptyList<String>(), "not-in [null] matches nothing")
    expect(idsOver(zips, compare("zip", QueryOperator.IN, arr(NULL))), emptyList<String>(), "in [null] matches no stored null")
    expect(idsOver(zips, compare("zip", QueryOperator.IN, arr(dbl(98101.0), NULL))), listOf("c"), "in matches ints as doubles")
    val byZipDescending = StoreQuery(listOf("c"), compare("zip", QueryOperator.NOT_IN, arr(int(1))), listOf(QueryOrder.descending(path("zip"))))
    expect(QueryEngine.run(byZipDescending, zips).map { it.id }, listOf("e", "d", "c", "b", "a"), "not-in by zip descending: arrays, strings, numbers")
    expect(StoreQuery(listOf("c"), compare("zip", QueryOperator.NOT_IN, arr(int(1)))).normalizedOrderBy(), listOf(QueryOrder.ascending(path("zip"))),
        "not-in orders by its field")
    check(QueryOperator.NOT_IN.isInequality && !QueryOperator.ARRAY_CONTAINS_ANY.isInequality, "not-in is an inequality, array-contains-any is not")

    val arrays = listOf(
        DocumentSnapshot("a", data("n" to arr(int(42)))), DocumentSnapshot("b", data("n" to arr(str("a"), int(42)))),
        DocumentSnapshot("c", data("n" to arr(dbl(41.999), str("42")))), DocumentSnapshot("e", data("n" to arr(int(43)))),
        DocumentSnapshot("g", data("n" to int(42))), DocumentSnapshot("h", data("n" to arr(NULL))), DocumentSnapshot("i", data("n" to arr(dbl(Double.NaN))))
    )
    expect(idsOver(arrays, compare("n", QueryOperator.ARRAY_CONTAINS_ANY, arr(int(42), int(43)))), listOf("a", "b", "e"), "array-contains-any")
    expect(idsOver(arrays, compare("n", QueryOperator.ARRAY_CONTAINS_ANY, arr(NULL))), emptyList<String>(), "array-contains-any [null]")
    expect(idsOver(arrays, compare("n", QueryOperator.ARRAY_CONTAINS_ANY, arr(dbl(Double.NaN)))), emptyList<String>(), "array-contains-any [NaN]")
    expect(idsOver(arrays, compare("n", QueryOperator.ARRAY_CONTAINS_ANY, arr(dbl(43.0)))), listOf("e"), "array-contains-any matches ints as doubles")
}

internal fun listFilterMatches() {
    check(!Match.notIn(null, listOf(1L)), "Match.notIn null")
    check(!Match.notIn(Double.NaN, listOf(Double.NaN)), "Match.notIn NaN in [NaN]")
    check(Match.notIn(Double.NaN, listOf(1.0)), "Match.notIn NaN in [1.0]")
    check(!Match.notIn(2L, listOf(1L, 2.0)), "Match.notIn hit")
    check(Match.notIn("e\u0301", listOf("\u00E9")), "Match.notIn miss")
    check(!Match.containsAny(null, listOf(1L)), "Match.containsAny null list")
    check(!Match.containsAny(listOf(null), listOf(null)), "Match.containsAny null element")
    check(!Match.containsAny(listOf(Double.NaN), listOf(Double.NaN)), "Match.containsAny NaN")
    check(Match.containsAny(listOf("a", 42L), listOf(42.0, 43L)), "Match.containsAny hit")
    check(!Match.containsAny(listOf(41.999, "42"), listOf(42L)), "Match.containsAny miss")
}

internal fun listFilterRules() {
    val expectedMessages = listOf(
        StoreException.ConflictingFilters(QueryOperator.NOT_IN, QueryOperator.NOT_IN) to "a query can have at most one 'not-in' filter",
        StoreException.ConflictingFilters(QueryOperator.NOT_IN, QueryOperator.NOT_EQUAL) to "a query cannot have both 'not-in' and '!=' filters",
        StoreException.ConflictingFilters(QueryOperator.IN, QueryOperator.NOT_IN) to "a query cannot have both 'in' and 'not-in' filters",
        StoreException.EmptyList(QueryOperator.NOT_IN, path("n")) to "the 'not-in' filter on 'n' needs a non-empty list",
        StoreException.EmptyList(QueryOperator.ARRAY_CONTAINS_ANY, path("a.b")) to "the 'array-contains-any' filter on 'a.b' needs a non-empty list",
        StoreException.TooManyValues(QueryOperator.NOT_IN, path("n"), 10) to "the 'not-in' filter on 'n' takes at most 10 values",
        StoreException.TooManyValues(QueryOperator.IN, path("n"), 30) to "the 'in' filter on 'n' takes at most 30 values",
        StoreException.NotInWithOr to "a query with a 'not-in' filter cannot use 'or'",
        StoreException.TwoArrayContains to "a query can have one 'array-contains' or 'array-contains-any' filter in each 'or' branch, not two joined by 'and'",
        StoreException.TooManyDisjunctions to "a query's filter makes more than the 30 disjunctions Firestore runs ('in' and 'array-contains-any' count one per value)",
        StoreException.FieldOrderedTwice(path("x")) to "a query cannot order by 'x' twice",
        StoreException.DocumentTooLarge(listOf("c", "x")) to "the document at 'c/x' would be larger than the 1,048,576 bytes Firestore stores",
        StoreException.TooDeep(path("f")) to "'f' nests maps and arrays deeper than the 20 levels Firestore stores"
    )
    for ((error, message) in expectedMessages) expect(error.message, message, "message of ${error.javaClass.simpleName}")
    val store = InMemoryStore()
    store.setData(data("n" to int(1), "s" to str("x")), listOf("c", "a"))
    store.setData(data("n" to int(2)), listOf("c", "b"))
    listRefusals(store)
    conflictRefusals(store)
    compositeRefusals(store)
    expect(store.listenerCount, 0, "no listener kept for refused queries")
}

/** The error a one-shot read of the query fails with (null: none); a listener hears the same. */
private fun refusal(store: InMemoryStore, filter: QueryFilter?, orderBy: List<QueryOrder> = emptyList()): Throwable? {
    val query = StoreQuery(listOf("c"), filter, orderBy)
    val heard = ArrayList<String>()
    val registration = store.addQueryListener(query, { heard.add("snapshot") }, { heard.add("error ${it.message}") })
    val read = errorOf(store.getDocuments(query).ignoreElement())
    expect(heard, listOf(if (read == null) "snapshot" else "error ${read.message}"), "a listener on $filter hears what a read does")
    registration.remove()
    return read
}

/** The list operators' own checks: a non-empty list, its size, its elements, and the document id. */
private fun listRefusals(store: InMemoryStore) {
    for (op in listOf(QueryOperator.IN, QueryOperator.NOT_IN, QueryOperator.ARRAY_CONTAINS_ANY)) {
        expect(refusal(store, compare("n", op, arr())), StoreException.EmptyList(op, path("n")), "${op.firestoreName} []")
        expect(refusal(store, compare("n", op, int(1))), StoreException.EmptyList(op, path("n")), "${op.firestoreName} of no list")
    }
    expect(refusal(store, compare("n", QueryOperator.NOT_IN, ints(11))), StoreException.TooManyValues(QueryOperator.NOT_IN, path("n"), 10), "not-in of 11")
    expect(refusal(store, compare("n", QueryOperator.NOT_IN, ints(10))), null, "not-in of 10")
    expect(refusal(store, compare("n", QueryOperator.IN, ints(31))), StoreException.TooManyValues(QueryOperator.IN, path("n"), 30), "in of 31")
    expect(refusal(store, compare("n", QueryOperator.IN, ints(30))), null, "in of 30")
    expect(refusal(store, compare("n", QueryOperator.ARRAY_CONTAINS_ANY, ints(31))),
        StoreException.TooManyValues(QueryOperator.ARRAY_CONTAINS_ANY, path("n"), 30), "array-contains-any of 31")
    expect(refusal(store, compare("n", QueryOperator.ARRAY_CONTAINS_ANY, arr(arr(int(1))))), StoreException.UnsupportedValue(path("n")),
        "an array inside an array-contains-any list")
    expect(refusal(store, compare("n", QueryOperator.NOT_IN, arr(arr(int(1)), int(2)))), null, "a not-in list may hold arrays")
    expect(refusal(store, compare("n", QueryOperator.NOT_IN, arr(DocumentValue.ServerTimestamp))), StoreException.UnsupportedValue(path("n")),
        "a server timestamp in a not-in list")

    val id = FieldPath.documentID
    expect(refusal(store, QueryFilter.Compare(id, QueryOperator.ARRAY_CONTAINS_ANY, arr(str("a")))), StoreException.InvalidDocumentIdFilter,
        "array-contains-any on the id")
    expect(refusal(store, QueryFilter.Compare(id, QueryOperator.NOT_IN, arr())), StoreException.EmptyList(QueryOperator.NOT_IN, id), "not-in [] on the id")
    expect(refusal(store, QueryFilter.Compare(id, QueryOperator.NOT_IN, arr(str("a/b")))), StoreException.InvalidDocumentIdFilter,
        "not-in with an id holding '/'")
    expect(refusal(store, QueryFilter.Compare(id, QueryOperator.NOT_IN, arr(*Array(11) { str("a") }))),
        StoreException.TooManyValues(QueryOperator.NOT_IN, id, 10), "not-in of 11 ids")
    expect(store.getDocuments(StoreQuery(listOf("c"), QueryFilter.Compare(id, QueryOperator.NOT_IN, arr(str("a"))))).blockingGet().map { it.id },
        listOf("b"), "not-in of ids runs")
}

/** The operators a query cannot hold together, looked for among the comparisons checked before. */
private fun conflictRefusals(store: InMemoryStore) {
    fun conflict(op: QueryOperator, earlier: QueryOperator) = StoreException.ConflictingFilters(op, earlier)
    val notIn = compare("n", QueryOperator.NOT_IN, arr(int(1)))
    expect(refusal(store, and(compare("s", QueryOperator.NOT_EQUAL, str("y")), notIn)), conflict(QueryOperator.NOT_IN, QueryOperator.NOT_EQUAL),
        "!= then not-in")
    expect(refusal(store, and(notIn, compare("s", QueryOperator.NOT_EQUAL, str("y")))), conflict(QueryOperator.NOT_EQUAL, QueryOperator.NOT_IN),
        "not-in then !=")
    expect(refusal(store, and(notIn, compare("s", QueryOperator.NOT_IN, arr(str("y"))))), conflict(QueryOperator.NOT_IN, QueryOperator.NOT_IN),
        "two not-in")
    expect(refusal(store, and(notIn, compare("s", QueryOperator.IN, arr(str("y"))))), conflict(QueryOperator.IN, QueryOperator.NOT_IN), "in after not-in")
    expect(refusal(store, and(compare("s", QueryOperator.ARRAY_CONTAINS_ANY, arr(str("y"))), notIn)),
        conflict(QueryOperator.NOT_IN, QueryOperator.ARRAY_CONTAINS_ANY), "array-contains-any then not-in")
    expect(refusal(store, and(compare("s", QueryOperator.NOT_EQUAL, str("y")), compare("t", QueryOperator.IN, arr(int(1))), notIn)),
        conflict(QueryOperator.NOT_IN, QueryOperator.NOT_EQUAL), "the first conflicting comparison written")
    expect(refusal(store, and(compare("s", QueryOperator.NOT_EQUAL, str("y")), compare("n", QueryOperator.NOT_IN, arr()))),
        StoreException.EmptyList(QueryOperator.NOT_IN, path("n")), "a comparison's own check before its conflicts")
    expect(refusal(store, and(compare("s", QueryOperator.IN, arr(str("x"))), compare("n", QueryOperator.ARRAY_CONTAINS, int(1)),
        compare("t", QueryOperator.NOT_EQUAL, int(1)))), null, "in, array-contains and != run together")
    expect(store.getDocuments(StoreQuery(listOf("c"), and(notIn, compare("n", QueryOperator.GREATER, int(0))))).blockingGet().map { it.id },
        listOf("b"), "not-in with a range on its field runs")
}

/** `not-in` beside an `or`, and `array-contains-any` joined by `and`. */
private fun compositeRefusals(store: InMemoryStore) {
    val notIn = compare("n", QueryOperator.NOT_IN, arr(int(1)))
    val sIsX = compare("s", QueryOperator.EQUAL, str("x"))
    val sIsY = compare("s", QueryOperator.EQUAL, str("y"))
    expect(refusal(store, and(notIn, or(sIsX, sIsY))), StoreException.NotInWithOr, "not-in and an or")
    expect(refusal(store, or(notIn, sIsX)), StoreException.NotInWithOr, "not-in in an or")
    expect(refusal(store, or(sIsX, and(sIsY, or(sIsX, notIn)))), StoreException.NotInWithOr, "not-in and an or at any depth")
    expect(refusal(store, or(notIn, or(and()))), null, "an or of one term beside empty ones is no or")
    expect(refusal(store, and(notIn, or(sIsX))), null, "nor is an or of one term")

    fun arrayContainsAny(field: String) = compare(field, QueryOperator.ARRAY_CONTAINS_ANY, arr(int(1)))
    expect(refusal(store, and(arrayContainsAny("a"), arrayContainsAny("b"))), StoreException.TwoArrayContains, "two array-contains-any under and")
    expect(refusal(store, and(arrayContainsAny("a"), or(sIsX, arrayContainsAny("b")))), StoreException.TwoArrayContains, "two array-contains-any in one conjunction")
    expect(refusal(store, or(arrayContainsAny("a"), arrayContainsAny("b"))), null, "two array-contains-any in the branches of an or")
    expect(refusal(store, or(and(arrayContainsAny("a"), sIsX), and(sIsY, arrayContainsAny("b")))), null, "one array-contains-any in each branch")
    expect(refusal(store, and(arrayContainsAny("a"), arrayContainsAny("b")), listOf(QueryOrder.ascending(path("a..b")))), StoreException.TwoArrayContains,
        "before the order's fields")
    expect(refusal(store, or(notIn, compare("t", QueryOperator.NOT_EQUAL, int(1)))), StoreException.ConflictingFilters(QueryOperator.NOT_EQUAL, QueryOperator.NOT_IN),
        "the conflicts before the or")
    val label = compare("l", QueryOperator.ARRAY_CONTAINS, int(1))
    expect(refusal(store, and(arrayContainsAny("a"), label)), StoreException.TwoArrayContains, "array-contains and array-contains-any under and")
    expect(refusal(store, and(label, label)), null, "one array-contains twice")
    fun isIn(field: String, count: Int) = compare(field, QueryOperator.IN, arr(*(0 until count).map { int(it.toLong()) }.toTypedArray()))
    expect(refusal(store, and(isIn("x", 6), isIn("y", 5))), null, "30 disjunctions")
    expect(refusal(store, and(isIn("x", 6), isIn("y", 6))), StoreException.TooManyDisjunctions, "36 disjunctions")
    expect(refusal(store, or(isIn("x", 30), sIsX)), StoreException.TooManyDisjunctions, "31 disjunctions")
    val positive = compare("x", QueryOperator.GREATER, int(0))
    expect(refusal(store, null, listOf(QueryOrder.ascending(path("x")), QueryOrder.descending(path("x")))), StoreException.FieldOrderedTwice(path("x")), "x ordered twice")
    expect(refusal(store, positive, listOf(QueryOrder.ascending(FieldPath.documentID))), StoreException.OrderAfterDocumentId, "x after the id")
    expect(refusal(store, and(QueryFilter.Compare(FieldPath.documentID, QueryOperator.EQUAL, str("a")), positive)), StoreException.DocumentIdEqualityWithInequality,
        "an id equality beside x's inequality")
}
