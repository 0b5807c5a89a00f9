// Drives the golden chat model over coroutines Flow (`--lang kotlin-flow`) through the in-memory
// store, as the RxJava driver and ChatModelTests.swift drive theirs, and holds the README's
// example of the flavour, line for line. Its checks on real dispatchers are in
// SchedulingChecks.kt and ReadChecks.kt.
package drivers

import chat.ChatModel
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel
import kotlinx.coroutines.cancelAndJoin
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.job
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import modelgen.runtime.FieldChange
import modelgen.runtime.InMemoryStore
import modelgen.runtime.PreCheckException
import modelgen.runtime.StoreException
import kotlin.system.exitProcess

private var failures = 0

internal fun check(condition: Boolean, message: String) {
    if (!condition) {
        failures += 1
        println("FAIL: $message")
    }
}

/** A scope whose collectors run at once, in the writer's turn, as a test wants them. */
private fun immediateScope() = CoroutineScope(SupervisorJob() + Dispatchers.Unconfined)

/** A flow collected from the first snapshot, each emission kept; cancelling the scope stops it and removes its listener. */
private fun speakCountFollowsWritesAndStopsWithItsScope() = runBlocking {
    val store = InMemoryStore()
    val chat = ChatModel(store, Dispatchers.Unconfined)
    val scope = immediateScope()
    val counts = mutableListOf<Int>()
    scope.launch(start = CoroutineStart.UNDISPATCHED) { chat.speakCount("r1", "u1").collect { counts.add(it) } }
    chat.commit(chat.createMessage("r1", text = "a", ownerUid = "u1", id = "m1"))
    chat.commit(chat.createMessage("r1", text = "b", ownerUid = "u2", id = "m2"), chat.createMessage("r1", text = "c", ownerUid = "u1", id = "m3"))
    chat.commit(chat.deleteMessage("r1", "m1"))
    check(counts == listOf(0, 1, 2, 1), "speakCount emitted $counts, not [0, 1, 2, 1]")
    check(store.listenerCount == 1, "one listener while collected, not ${store.listenerCount}")
    scope.cancel()
    check(store.listenerCount == 0, "no listener once the scope is cancelled, not ${store.listenerCount}")
}

/** Reads suspend and return values; a missing document is null, in a read and in a combine. */
private fun readsReturnValuesAndNullForAMissingDocument() = runBlocking {
    val chat = ChatModel(InMemoryStore(), Dispatchers.Unconfined)
    check(chat.fetchRoom("lobby") == null, "no room yet")
    chat.commit(chat.createRoom("Lobby", id = "lobby"), chat.createMember("lobby", "Ann", id = "u1"))
    check(chat.fetchRoom("lobby")?.name == "Lobby", "the room, once created")
    val screen = chat.roomScreen("nowhere", "lobby").first()
    check(screen.room == null && screen.members.map { it.name } == listOf("Ann"), "the combine's missing room is null: $screen")
    check(chat.fetchRoomScreen("lobby", "lobby").room?.name == "Lobby", "the combine's read")
}

/** With pending writes, `commit` returns only when the store acknowledges the batch. */
private fun commitSuspendsUntilAcknowledged() = runBlocking {
    val store = InMemoryStore(pendingWrites = true)
    val chat = ChatModel(store, Dispatchers.Unconfined)
    var acknowledged = false
    val scope = immediateScope()
    scope.launch(start = CoroutineStart.UNDISPATCHED) {
        chat.commit(chat.createRoom("Lobby", id = "lobby"))
        acknowledged = true
    }
    check(!acknowledged && chat.fetchRoom("lobby") != null, "applied at once, not yet acknowledged")
    store.flushPendingWrites()
    check(acknowledged, "acknowledged once flushed")
    scope.cancel()
}

/** A refused commit throws its error, writing nothing. */
private fun aRefusedCommitThrows() = runBlocking {
    val chat = ChatModel(InMemoryStore(), Dispatchers.Unconfined)
    val refused = try {
        chat.commit(chat.createRoom("Lobby", id = "lobby"), chat.deleteRoom("nowhere", mustExist = true))
        null
    } catch (error: StoreException.NotFound) {
        error
    }
    check(refused != null && chat.fetchRoom("lobby") == null, "a must-exist delete of nothing refuses the whole batch")
}

/** A declared write is a cold flow of the written id; its counter check holds in a transaction. */
private fun sendMessageEmitsItsIdAndChecksTheCounter() = runBlocking {
    val chat = ChatModel(InMemoryStore(), Dispatchers.Unconfined)
    chat.commit(chat.createMember("r1", "Ann", sentCount = 9L, id = "u1"))
    val flow = chat.sendMessage("r1", "hi", "u1", id = "m1")
    check(chat.fetchMessages("r1").isEmpty(), "nothing is written before the flow is collected")
    check(flow.toList() == listOf("m1"), "the written id, then done")
    val refused = try {
        chat.sendMessage("r1", "again", "u1").toList()
        null
    } catch (error: PreCheckException) {
        error
    }
    check(refused?.message == "'sendMessage' needs Member[\$uid].sentCount < 10, but it is 10", "the tenth message was the last: ${refused?.message}")
    check(chat.runTransaction { it.getMember("r1", "u1")?.sentCount ?: -1L } == 10L, "a transaction returns what its body does")
}

/** The README's example of the Flow flavour, line for line. */
private suspend fun readmeExample(scope: CoroutineScope) {
    val store = InMemoryStore()                       // or FirestoreStore(FirebaseFirestore.getInstance())
    val chat = ChatModel(store)                       // decodes on Dispatchers.Default by default
    scope.launch {                                    // viewModelScope on Android: cancelled with the screen
        chat.messagesWithOwners("r1").collect { rows -> rows.forEach { println("${it.owner?.name}: ${it.message.text}") } }
    }
    // In Compose: val rows by chat.messagesWithOwners("r1").collectAsState(initial = emptyList())
    println("u1 wrote ${chat.fetchSpeakCount("r1", "u1")}")
    try {
        chat.commit(chat.createMessage("r1", text = "hi", ownerUid = "u1"), chat.updateMessage("r1", "m0", likeCount = FieldChange.increment(1L)))
    } catch (refused: StoreException) {
        println("refused: $refused")                  // no message m0: nothing is written
    }
    chat.sendMessage("r1", "hi", "u1").collect { id -> println("sent $id") }
}

fun main() {
    speakCountFollowsWritesAndStopsWithItsScope()
    readsReturnValuesAndNullForAMissingDocument()
    commitSuspendsUntilAcknowledged()
    aRefusedCommitThrows()
    sendMessageEmitsItsIdAndChecksTheCounter()
    derivedWorkRunsOnTheScheduler()
    anErrorComesAfterEverySnapshotBeforeIt()
    aCombineEmitsARecordForEachInputAWriteChanges()
    readsOfSeveralInputsReadThemAtOnce()
    runBlocking {
        val scope = CoroutineScope(SupervisorJob() + Dispatchers.Default)
        try {
            readmeExample(scope)
        } catch (refused: StoreException.NotFound) {
            println("refused: $refused")              // no member u1 to count the message
        }
        scope.coroutineContext.job.cancelAndJoin()
    }
    if (failures > 0) exitProcess(1)
    println("flow chat driver: all checks passed")
}
