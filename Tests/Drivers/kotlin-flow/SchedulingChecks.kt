// Where the Flow model's work runs, and what its streams deliver, on dispatchers other than
// Unconfined: derived streams and one-shot reads on the model's scheduler, every snapshot before
// a listener error on Dispatchers.Default, and a combine's record for each input a write changes.
package drivers

import chat.ChatModel
import chat.Member
import chat.MessageWithOwner
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.async
import kotlinx.coroutines.cancel
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import modelgen.runtime.DocumentValue
import modelgen.runtime.InMemoryStore
import modelgen.runtime.RowOrder
import modelgen.runtime.combineLatest
import modelgen.runtime.countRows
import modelgen.runtime.filterRows
import modelgen.runtime.leftJoin
import modelgen.runtime.sortRows
import java.util.Collections
import java.util.concurrent.Executors
import kotlin.coroutines.CoroutineContext

/** Filters, counts, sorts, joins, combines and reads work on the model's scheduler; a collector gets values in its own context. */
internal fun derivedWorkRunsOnTheScheduler() = runBlocking {
    val executor = Executors.newSingleThreadExecutor { Thread(it, "model-scheduler").apply { isDaemon = true } }
    val threads = Collections.synchronizedSet(mutableSetOf<String>())
    val noteThread = { threads.add(Thread.currentThread().name) }
    val store = InMemoryStore()
    val chat = ChatModel(store, executor.asCoroutineDispatcher()) { noteThread() }
    chat.commit(chat.createMember("r1", "Ann", id = "u1"), chat.createMessage("r1", text = "a", ownerUid = "u1", id = "m1"))
    store.setData(mapOf("name" to DocumentValue.IntValue(1L)), listOf("chatrooms", "r1", "members", "broken"))
    val members = chat.members("r1")
    members.filterRows { noteThread(); true }.first()
    members.countRows { noteThread(); true }.first()
    members.sortRows(listOf(RowOrder.ascending<Member> { noteThread(); it.name })).first()
    chat.messages("r1").leftJoin(members, { noteThread(); it.ownerUid }, { it.id }, ::MessageWithOwner).first()
    combineLatest(chat.room("r1"), members) { _, rows -> noteThread(); rows.size }.first()
    check(threads == setOf("model-scheduler"), "live streams' work ran on $threads, not only on the model's scheduler")
    threads.clear()
    check(chat.fetchMembers("r1").map { it.name } == listOf("Ann"), "the member that decodes")
    check(chat.fetchRoomScreen("r1", "r1").members.size == 1, "the combine's read")
    check(threads == setOf("model-scheduler"), "reads decoded on $threads, not on the model's scheduler")
    val collector = Thread.currentThread().name
    check(members.map { Thread.currentThread().name }.first() == collector, "a collector gets values in its own context")
    executor.shutdown()
}

/** On Dispatchers.Default, a listener error ends a stream after every snapshot before it, however far its collector lags. */
internal fun anErrorComesAfterEverySnapshotBeforeIt() = runBlocking {
    val store = InMemoryStore()
    val chat = ChatModel(store, Dispatchers.Default)
    val sizes = mutableListOf<Int>()
    val listening = CompletableDeferred<Unit>()
    val end = async {
        try {
            chat.messages("r1").collect { rows ->
                sizes.add(rows.size)
                listening.complete(Unit)
                delay(2)
            }
            "done"
        } catch (error: IllegalStateException) {
            error.message
        }
    }
    listening.await()
    for (index in 1..20) store.commit(listOf(chat.createMessage("r1", text = "m$index", ownerUid = "u1", id = "m$index")))
    store.failListeners(listOf("chatrooms", "r1", "messages"), IllegalStateException("permission denied"))
    val ending = end.await()
    check(sizes == (0..20).toList() && ending == "permission denied", "emitted $sizes, then $ending: not 0 to 20, then the error")
}

/** A dispatcher that runs its work only when [runAll] runs it, in the order it came. */
private class ManualDispatcher : CoroutineDispatcher() {
    private val queue = ArrayDeque<Runnable>()

    override fun dispatch(context: CoroutineContext, block: Runnable) {
        synchronized(queue) { queue.addLast(block) }
    }

    fun runAll() {
        while (true) (synchronized(queue) { queue.removeFirstOrNull() } ?: return).run()
    }
}

/** A write that changes two of a combine's inputs gives a record for each, even when both wait on the scheduler together. */
internal fun aCombineEmitsARecordForEachInputAWriteChanges() = runBlocking {
    val scheduler = ManualDispatcher()
    val store = InMemoryStore()
    val chat = ChatModel(store, scheduler)
    val scope = CoroutineScope(SupervisorJob() + scheduler)
    val records = mutableListOf<String>()
    scope.launch { chat.roomScreen("r1", "r1").collect { records.add("${it.room?.name}:${it.members.size}") } }
    scheduler.runAll()
    store.commit(listOf(chat.createRoom("Lobby", id = "r1"), chat.createMember("r1", "Ann", id = "u1")))
    scheduler.runAll()
    check(records == listOf("null:0", "Lobby:0", "Lobby:1"), "the combine emitted $records, not a record per changed input")
    scope.cancel()
    scheduler.runAll()
    check(store.listenerCount == 0, "no listener once cancelled, not ${store.listenerCount}")
}
