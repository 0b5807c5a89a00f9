package modelgen.runtime.tests

import modelgen.runtime.DocumentChange
import modelgen.runtime.DocumentDecodingException
import modelgen.runtime.DocumentSnapshot
import modelgen.runtime.InMemoryStore
import modelgen.runtime.QueryOperator
import modelgen.runtime.QueryOrder
import modelgen.runtime.StoreException
import modelgen.runtime.StoreQuery
import modelgen.runtime.comparePaths
import modelgen.runtime.getDocuments

// Collection-group queries in the in-memory store: every collection whose last segment is the
// group's id, under any parent (FirebaseFirestore.java, `collectionGroup`: "Every collection or
// subcollection with this ID as the last segment of its path will be included"), ordered by full
// document path after the order keys (firebase-js-sdk model/document_key.ts, `DocumentKey.comparator`).

private fun groupStore(): InMemoryStore {
    val store = InMemoryStore()
    store.setData(data("stars" to int(4)), listOf("shops", "s2", "reviews", "a"))
    store.setData(data("stars" to int(5)), listOf("shops", "s1", "reviews", "b"))
    store.setData(data("stars" to int(3)), listOf("shops", "s1", "reviews", "a"))
    store.setData(data("stars" to int(1)), listOf("users", "u1", "reviews", "a"))
    store.setData(data("stars" to int(2)), listOf("reviews", "top"))
    store.setData(data("stars" to int(5)), listOf("shops", "s1", "photos", "a"))
    // Not of the group: the id elsewhere than last, as the end of a longer id, inside a segment.
    store.setData(data("stars" to int(5)), listOf("reviews", "top", "photos", "a"))
    store.setData(data("stars" to int(5)), listOf("shops", "s1", "myreviews", "a"))
    store.setData(data("stars" to int(5)), listOf("x\",\"reviews", "a"))
    return store
}

private fun paths(documents: List<DocumentSnapshot>): List<String> = documents.map { it.path.joinToString("/") }

internal fun collectionGroupChecks() {
    val reviews = StoreQuery(listOf("reviews"), isCollectionGroup = true)
    expect(
        paths(groupStore().getDocuments(reviews).blockingGet()),
        listOf("reviews/top", "shops/s1/reviews/a", "shops/s1/reviews/b", "shops/s2/reviews/a", "users/u1/reviews/a"),
        "a group reads every collection with its id, in path order"
    )

    val store = groupStore()
    store.setData(data("stars" to int(5)), listOf("shops", "s0", "reviews", "z"))
    val good = StoreQuery(
        listOf("reviews"), compare("stars", QueryOperator.GREATER_OR_EQUAL, int(4)), listOf(QueryOrder.descending(path("stars"))),
        isCollectionGroup = true
    )
    expect(
        paths(store.getDocuments(good).blockingGet()),
        listOf("shops/s1/reviews/b", "shops/s0/reviews/z", "shops/s2/reviews/a"),
        "ties on the order keys go by path, in the last key's direction"
    )
    expect(store.getDocuments(good.copy(limit = 2)).blockingGet().map { it.id }, listOf("b", "z"), "a group's limit")

    val refused = errorOf(store.getDocuments(StoreQuery(listOf("shops", "s1", "reviews"), isCollectionGroup = true)).ignoreElement())
    expect((refused as? StoreException.InvalidPath)?.path, listOf("shops", "s1", "reviews"), "a group is named by one collection id")

    val short = DocumentSnapshot("x", data(), listOf("a"))
    val long = DocumentSnapshot("a", data(), listOf("a", "x", "b"))
    expect(comparePaths(short, long), -1, "a path before the longer paths it starts")
    expect(comparePaths(long, short), 1, "a longer path after the path it extends")
    expect(comparePaths(long, DocumentSnapshot("y", data(), listOf("a"))), -1, "a/x/b/a before a/y")

    val listened = groupStore()
    val calls = ArrayList<List<String>>()
    val registration = listened.addQueryListener(
        StoreQuery(listOf("reviews"), orderBy = listOf(QueryOrder.ascending(path("stars"))), isCollectionGroup = true),
        { calls.add(paths(it.documents)) },
        { calls.add(listOf("error")) }
    )
    listened.setData(data("stars" to int(0)), listOf("cities", "c1", "reviews", "n"))
    listened.setData(data("stars" to int(9)), listOf("shops", "s1", "photos", "b"))
    listened.deleteDocument(listOf("users", "u1", "reviews", "a"))
    registration.remove()
    expect(calls.map { it.first() }, listOf("users/u1/reviews/a", "cities/c1/reviews/n", "cities/c1/reviews/n"), "a group's listener hears new collections")
    expect(calls.map { it.size }, listOf(5, 6, 5), "a group's listener hears every collection of the group, and no other")

    val changes = ArrayList<DocumentChange>()
    val same = groupStore()
    val watching = same.addQueryListener(reviews, { changes.addAll(it.changes) }, { })
    same.setData(data("stars" to int(2)), listOf("shops", "s2", "reviews", "a"))
    watching.remove()
    val modified = changes.last() as? DocumentChange.Modified
    expect(modified?.document?.path, listOf("shops", "s2", "reviews", "a"), "one document of a shared id changes")
    expect(Pair(modified?.oldIndex, modified?.newIndex), Pair(3, 3), "and keeps its place")

    expect(DocumentSnapshot("r1", data(), listOf("shops", "s1", "reviews")).pathParameters("shops/{shopId}/reviews"), listOf("s1"), "path parameters")
    try {
        DocumentSnapshot("r1", data(), listOf("users", "u1", "reviews")).pathParameters("shops/{shopId}/reviews")
        check(false, "a document elsewhere does not decode")
    } catch (error: DocumentDecodingException) {
        expect(error.message, "the document is not in shops/{shopId}/reviews", "a document elsewhere")
    }
}
