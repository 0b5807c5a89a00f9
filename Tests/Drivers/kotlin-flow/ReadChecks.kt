// The Flow model's reads of several inputs — a join's, a combine's — read them at once, and a
// failing one reports the error of the first input that fails in the inputs' order.
package drivers

import chat.ChatModel
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import modelgen.runtime.DocumentSnapshot
import modelgen.runtime.DocumentStore
import modelgen.runtime.InMemoryStore
import modelgen.runtime.StoreQuery
import kotlin.concurrent.thread

/**
 * A store whose query reads wait until [together] of them are asked, then are answered: a read
 * of one input after another never gets its answer. A read of a collection in [failing] fails,
 * naming it; the read of [answeredLast] is answered a fifth of a second after the others.
 */
private class GatheringStore(
    private val store: InMemoryStore,
    private val together: Int,
    private val failing: Set<String> = emptySet(),
    private val answeredLast: String? = null
) : DocumentStore by store {
    private val waiting = mutableListOf<Pair<String, () -> Unit>>()

    override fun getDocuments(query: StoreQuery, completion: (Result<List<DocumentSnapshot>>) -> Unit) {
        val collection = query.collection.last()
        val answer = {
            if (collection in failing) completion(Result.failure(IllegalStateException("no $collection"))) else store.getDocuments(query, completion)
        }
        val answers = synchronized(waiting) {
            waiting.add(collection to answer)
            if (waiting.size < together) emptyList() else waiting.toList().also { waiting.clear() }
        }
        val (last, now) = answers.partition { it.first == answeredLast }
        now.forEach { it.second() }
        if (last.isNotEmpty()) thread { Thread.sleep(200); last.forEach { it.second() } }
    }
}

/** The value of `read`, or the message of its error; "timed out" when it waits a second. */
private fun outcome(read: suspend () -> Any?): String = runBlocking {
    try {
        withTimeout(1_000) { read().toString() }
    } catch (timeout: TimeoutCancellationException) {
        "timed out"
    } catch (error: IllegalStateException) {
        "error: ${error.message}"
    }
}

/** A join's read and a combine's read ask for their inputs at once; the first failing input in their order is the error. */
internal fun readsOfSeveralInputsReadThemAtOnce() {
    val store = InMemoryStore()
    val setUp = ChatModel(store)
    store.commit(listOf(setUp.createMember("r1", "Ann", id = "u1"), setUp.createMessage("r1", text = "hi", ownerUid = "u1", id = "m1")))
    val joining = ChatModel(GatheringStore(store, together = 2), Dispatchers.Default)
    val joined = outcome { joining.fetchMessagesWithOwners("r1").map { "${it.owner?.name}: ${it.message.text}" } }
    check(joined == "[Ann: hi]", "the join's read gave $joined, not both sides read at once")
    val failing = ChatModel(GatheringStore(store, 2, failing = setOf("messages", "members"), answeredLast = "messages"), Dispatchers.Default)
    val failed = outcome { failing.fetchRoomScreen("r1", "r1") }
    check(failed == "error: no messages", "the combine's read gave $failed, not the error of its first failing input, latest")
}
