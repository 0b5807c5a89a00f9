// The generated Kotlin models re-emitting after one change, beside the baselines they are
// judged against: the seeds' nested-find join, copying the whole result, one linear pass.
// Streams run on Schedulers.trampoline(), so one write returns after the new value is out.
// Prints one JSON line per figure: the median seconds per operation after a warm-up.
package benchmarks

import chat.ChatModel
import chat.Member
import chat.Message
import chat.MessageWithOwner
import com.example.shops.Review
import com.example.shops.ShopsModel
import io.reactivex.rxjava3.disposables.Disposable
import io.reactivex.rxjava3.schedulers.Schedulers
import modelgen.runtime.DocumentSnapshot
import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.FieldPath
import modelgen.runtime.FieldUpdate
import modelgen.runtime.InMemoryStore
import modelgen.runtime.Match
import modelgen.runtime.QueryBound
import modelgen.runtime.QueryOrder
import modelgen.runtime.StoreQuery
import modelgen.runtime.Timestamp
import modelgen.runtime.getDocument

/** Times [operation] as one figure of this program (see Measure.kt). */
private fun measure(name: String, operation: () -> Unit) = measure("kotlin", name, operation)

private fun joinBenchmarks() {
    val store = chatRoom()
    val room = listOf("chatrooms", "r1")
    val model = ChatModel(store, Schedulers.trampoline())
    var messages: List<Message> = emptyList()
    var members: List<Member> = emptyList()
    var rows: List<MessageWithOwner> = emptyList()
    model.messages("r1").subscribe { messages = it }.dispose()
    model.members("r1").subscribe { members = it }.dispose()
    val subscription: Disposable = model.messagesWithOwners("r1").subscribe { rows = it }
    check(rows.size == 10_000 && rows == nestedFindJoin(messages, members), "the join matches the nested find")

    var renames = 0
    measure("join, re-emit after one member changes") {
        renames += 1
        store.setData(Member.encode(Member(memberId(7), "Renamed $renames")), room + listOf("members", memberId(7)))
    }
    val renamed = members.map { if (it.id == memberId(7)) Member(it.id, "Renamed $renames") else it }
    check(rows == nestedFindJoin(messages, renamed), "the join followed the renames")
    subscription.dispose()
    check(store.listenerCount == 0, "no listeners left")

    // The same write with only the two streams the join joins subscribed: what a re-emit costs before the join's own work.
    val inputs = listOf(model.messages("r1").subscribe { messages = it }, model.members("r1").subscribe { members = it })
    measure("join's inputs, re-emit after one member changes") {
        renames += 1
        store.setData(Member.encode(Member(memberId(7), "Renamed $renames")), room + listOf("members", memberId(7)))
    }
    check(members[7].name == "Renamed $renames", "the members stream followed the renames")
    inputs.forEach { it.dispose() }

    measure("join, seeds' nested find") { check(nestedFindJoin(messages, members).size == 10_000, "nested find") }
    measure("join, copy of the result") { check(ArrayList(rows).size == 10_000, "copy") }
}

/** What `messagesByOwnerName` should hold: by owner name (null first), newest first, the first 50. */
private fun byOwnerName(rows: List<MessageWithOwner>): List<MessageWithOwner> =
    rows.sortedWith(compareBy<MessageWithOwner> { it.owner?.name }.thenByDescending { it.message.createdAt?.seconds }).take(50)

/** The first 50 of the 10,000 joined rows by owner name; member 0 ("Member 0", first) is renamed back and forth. */
private fun sortBenchmarks() {
    val store = chatRoom()
    val room = listOf("chatrooms", "r1")
    val model = ChatModel(store, Schedulers.trampoline())
    var joined: List<MessageWithOwner> = emptyList()
    model.messagesWithOwners("r1").subscribe { joined = it }.dispose()
    var rows: List<MessageWithOwner> = emptyList()
    val subscription = model.messagesByOwnerName("r1").subscribe { rows = it }
    check(rows == byOwnerName(joined), "the sort matches sortedWith")

    var renamed = false
    measure("sort + limit 50 of the join, re-emit after one member changes") {
        renamed = !renamed
        val name = if (renamed) "Aaron" else "Member 0"
        store.setData(Member.encode(Member(memberId(0), name)), room + listOf("members", memberId(0)))
        check(rows.size == 50 && rows[0].owner?.name == name, "the sort follows the rename")
    }
    model.messagesWithOwners("r1").subscribe { joined = it }.dispose()
    check(rows == byOwnerName(joined), "the sort matches sortedWith after the renames")
    subscription.dispose()
    check(store.listenerCount == 0, "no listeners left")
}

private fun countBenchmarks() {
    val store = InMemoryStore()
    store.commit((0 until 100_000).map {
        val review = Review("r$it", memberId(it % 1_000), (it % 5 + 1).toLong(), null, Timestamp(1_700_000_000L + it))
        DocumentWrite.Set(listOf("shops", "s1", "reviews", review.id), Review.encode(review))
    })
    val model = ShopsModel(store, Schedulers.trampoline())
    var reviews: List<Review> = emptyList()
    model.reviews("s1").subscribe { reviews = it }.dispose()
    var count = 0
    val subscription = model.fiveStarCount("s1").subscribe { count = it }
    check(count == 20_000, "20,000 five-star reviews")

    var fiveStars = false
    measure("count, re-emit after one review changes") {
        fiveStars = !fiveStars
        store.updateData(mapOf(FieldPath.of("stars") to FieldUpdate.Value(DocumentValue.IntValue(if (fiveStars) 5L else 2L))), listOf("shops", "s1", "reviews", "r1"))
        check(count == (if (fiveStars) 20_001 else 20_000), "the count follows the change")
    }
    subscription.dispose()
    check(store.listenerCount == 0, "no listeners left")

    measure("count, one linear pass") { check(reviews.count { review -> Match.equal(review.stars, 5L) } == 20_000, "pass") }

    // Each of 1 to 5 stars 20,000 times: 300,000 stars, once review 1 has its two stars back.
    store.updateData(mapOf(FieldPath.of("stars") to FieldUpdate.Value(DocumentValue.IntValue(2L))), listOf("shops", "s1", "reviews", "r1"))
    fiveStars = false
    var total = 0L
    val summed = model.totalStars("s1").subscribe { total = it }
    check(total == 300_000L, "300,000 stars")
    measure("sum, re-emit after one review changes") {
        fiveStars = !fiveStars
        store.updateData(mapOf(FieldPath.of("stars") to FieldUpdate.Value(DocumentValue.IntValue(if (fiveStars) 5L else 2L))), listOf("shops", "s1", "reviews", "r1"))
        check(total == (if (fiveStars) 300_003L else 300_000L), "the sum follows the change")
    }
    summed.dispose()
    check(store.listenerCount == 0, "no listeners left")

    measure("sum, one linear pass") { check(reviews.fold(0L) { sum, review -> sum + review.stars } == 300_000L, "pass") }

    // The stars per user: 1,000 users of 100 reviews each; review 1's user gave two stars each time,
    // once review 1 has its two stars back (the sum's measurement may have left it at five).
    store.updateData(mapOf(FieldPath.of("stars") to FieldUpdate.Value(DocumentValue.IntValue(2L))), listOf("shops", "s1", "reviews", "r1"))
    fiveStars = false
    var userStars = 0L
    val grouped = model.starsPerUser("s1").subscribe { groups -> userStars = groups.first { it.key == memberId(1) }.value }
    check(userStars == 200L, "200 stars from review 1's user")
    measure("grouped sum, re-emit after one review changes") {
        fiveStars = !fiveStars
        store.updateData(mapOf(FieldPath.of("stars") to FieldUpdate.Value(DocumentValue.IntValue(if (fiveStars) 5L else 2L))), listOf("shops", "s1", "reviews", "r1"))
        check(userStars == (if (fiveStars) 203L else 200L), "the group follows the change")
    }
    grouped.dispose()
    check(store.listenerCount == 0, "no listeners left")

    measure("grouped sum, one linear pass") {
        val sums = HashMap<String, Long>()
        for (review in reviews) sums[review.userId] = (sums[review.userId] ?: 0L) + review.stars
        check(sums[memberId(1)] == 200L, "pass")
    }
}

/**
 * The newest 50 of 100,000 messages, kept live by a store listener: as a `limit` (newest first),
 * as a `limitToLast` (oldest first), or as a `limit` with a cursor ending at the oldest message,
 * which every document is tested against; the same documents each way. Each new message enters
 * the window.
 */
private fun windowBenchmarks() {
    val messages = listOf("chatrooms", "r1", "messages")
    val createdAt = FieldPath.of("createdAt")
    val oldest = QueryBound(listOf(DocumentValue.TimestampValue(Timestamp(1_700_000_000L))), inclusive = true)
    for (name in listOf("limitToLast", "limit", "limit with a cursor")) {
        val last = name == "limitToLast"
        val store = InMemoryStore()
        store.commit((0 until 100_000).map {
            DocumentWrite.Set(messages + "m$it", mapOf("createdAt" to DocumentValue.TimestampValue(Timestamp(1_700_000_000L + it))))
        })
        val query = when (name) {
            "limitToLast" -> StoreQuery(messages, orderBy = listOf(QueryOrder.ascending(createdAt)), limitToLast = 50)
            "limit" -> StoreQuery(messages, orderBy = listOf(QueryOrder.descending(createdAt)), limit = 50)
            else -> StoreQuery(messages, orderBy = listOf(QueryOrder.descending(createdAt)), limit = 50, end = oldest)
        }
        var window: List<DocumentSnapshot> = emptyList()
        val registration = store.addQueryListener(query, { window = it.documents }, { throw it })
        val newest = { id: String -> window.size == 50 && window[if (last) 49 else 0].id == id }
        check(newest("m99999"), "the window holds the newest 50")
        var added = 0
        measure("$name 50, re-emit after one new message") {
            added += 1
            store.setData(mapOf("createdAt" to DocumentValue.TimestampValue(Timestamp(1_700_100_000L + added))), messages + "n$added")
            check(newest("n$added"), "the new message leads the window")
        }
        registration.remove()
        check(store.listenerCount == 0, "no listeners left")
    }
}

/** 10,000 new messages committed at once into an empty store: by `createMessage`, or as hand-built maps. */
private fun writeBenchmarks() {
    val messages = listOf("chatrooms", "r1", "messages")
    val ids = (0 until 10_000).map { "m$it" }
    val texts = (0 until 10_000).map { "Message $it" }
    fun checkWritten(store: InMemoryStore) =
        check((store.getDocument(messages + "m9999").blockingGet()?.data?.get("text") as? DocumentValue.StringValue)?.value == "Message 9999", "the writes reach the store")
    measure("10,000 typed creates in one commit") {
        val store = InMemoryStore()
        val model = ChatModel(store, Schedulers.trampoline())
        store.commit(ids.indices.map { model.createMessage("r1", text = texts[it], ownerUid = memberId(it % 1_000), id = ids[it]) })
        checkWritten(store)
    }
    measure("10,000 untyped sets in one commit") {
        val store = InMemoryStore()
        store.commit(ids.indices.map {
            DocumentWrite.Set(messages + ids[it], mapOf(
                "text" to DocumentValue.StringValue(texts[it]), "ownerUid" to DocumentValue.StringValue(memberId(it % 1_000)),
                "createdAt" to DocumentValue.ServerTimestamp, "attachments" to DocumentValue.ArrayValue(emptyList()),
                "like_count" to DocumentValue.IntValue(0L)
            ))
        })
        checkWritten(store)
    }
}

fun main() {
    joinBenchmarks()
    countBenchmarks()
    sortBenchmarks()
    windowBenchmarks()
    writeBenchmarks()
}
