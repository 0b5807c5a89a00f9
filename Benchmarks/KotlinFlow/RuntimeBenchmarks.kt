// The generated Kotlin models over coroutines Flow re-emitting after one change, beside the
// baselines they are judged against (as Kotlin/RuntimeBenchmarks.kt does for RxJava): the seeds'
// nested-find join and one linear pass. Streams decode in Dispatchers.Unconfined and are
// collected in an unconfined scope, so one write returns after the new value is out.
// Prints one JSON line per figure: the median seconds per operation after a warm-up.
package benchmarks

import chat.ChatModel
import chat.Member
import chat.MessageWithOwner
import com.example.shops.Review
import com.example.shops.ShopsModel
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.FieldPath
import modelgen.runtime.FieldUpdate
import modelgen.runtime.InMemoryStore
import modelgen.runtime.Match
import modelgen.runtime.Timestamp

/** Times [operation] as one figure of this program (see Measure.kt). */
private fun measure(name: String, operation: () -> Unit) = measure("kotlin-flow", name, operation)

private val scope = CoroutineScope(SupervisorJob() + Dispatchers.Unconfined)

/** Collects `flow` at once, keeping each value with `keep`, until the job is cancelled. */
private fun <T> collecting(flow: Flow<T>, keep: (T) -> Unit): Job =
    scope.launch(start = CoroutineStart.UNDISPATCHED) { flow.collect { keep(it) } }

private fun joinBenchmarks() = runBlocking {
    val store = chatRoom()
    val room = listOf("chatrooms", "r1")
    val model = ChatModel(store, Dispatchers.Unconfined)
    val messages = model.messages("r1").first()
    val members = model.members("r1").first()
    var rows: List<MessageWithOwner> = emptyList()
    val collector = collecting(model.messagesWithOwners("r1")) { rows = it }
    check(rows.size == 10_000 && rows == nestedFindJoin(messages, members), "the join matches the nested find")

    var renames = 0
    measure("join, re-emit after one member changes") {
        renames += 1
        store.setData(Member.encode(Member(memberId(7), "Renamed $renames")), room + listOf("members", memberId(7)))
    }
    val renamed = members.map { if (it.id == memberId(7)) Member(it.id, "Renamed $renames") else it }
    check(rows == nestedFindJoin(messages, renamed), "the join followed the renames")
    collector.cancel()
    check(store.listenerCount == 0, "no listeners left")

    measure("join, seeds' nested find") { check(nestedFindJoin(messages, members).size == 10_000, "nested find") }
}

private fun countBenchmarks() = runBlocking {
    val store = InMemoryStore()
    store.commit((0 until 100_000).map {
        val review = Review("r$it", memberId(it % 1_000), (it % 5 + 1).toLong(), null, Timestamp(1_700_000_000L + it))
        DocumentWrite.Set(listOf("shops", "s1", "reviews", review.id), Review.encode(review))
    })
    val model = ShopsModel(store, Dispatchers.Unconfined)
    val reviews = model.reviews("s1").first()
    var count = 0
    val collector = collecting(model.fiveStarCount("s1")) { count = it }
    check(count == 20_000, "20,000 five-star reviews")

    var fiveStars = false
    measure("count, re-emit after one review changes") {
        fiveStars = !fiveStars
        store.updateData(mapOf(FieldPath.of("stars") to FieldUpdate.Value(DocumentValue.IntValue(if (fiveStars) 5L else 2L))), listOf("shops", "s1", "reviews", "r1"))
        check(count == (if (fiveStars) 20_001 else 20_000), "the count follows the change")
    }
    collector.cancel()
    check(store.listenerCount == 0, "no listeners left")

    measure("count, one linear pass") { check(reviews.count { review -> Match.equal(review.stars, 5L) } == 20_000, "pass") }
}

fun main() {
    joinBenchmarks()
    countBenchmarks()
}
