// Drives the generated chat model (Tests/Goldens/chat/kotlin) through its in-memory store and
// checks what the streams emit: the same checks as Tests/GoldenSwiftTests/ChatModelTests.swift.
package drivers

import chat.ChatModel
import chat.Message
import chat.Attachment
import com.example.shops.ShopsModel
import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.core.Scheduler
import io.reactivex.rxjava3.disposables.Disposable
import io.reactivex.rxjava3.schedulers.Schedulers
import io.reactivex.rxjava3.schedulers.TestScheduler
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import modelgen.runtime.Bytes
import modelgen.runtime.ConstraintException
import modelgen.runtime.DecodeFailure
import modelgen.runtime.DocumentData
import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.FieldChange
import modelgen.runtime.FieldPath
import modelgen.runtime.FieldUpdate
import modelgen.runtime.InMemoryStore
import modelgen.runtime.KeyChange
import modelgen.runtime.PreCheckException
import modelgen.runtime.StoreException
import modelgen.runtime.documentId
import modelgen.runtime.getDocument
import modelgen.runtime.Timestamp
import kotlin.system.exitProcess

private var failures = 0

private fun check(condition: Boolean, what: String) {
    if (!condition) {
        failures += 1
        println("FAILED: $what")
    }
}

/** Records what a stream emits. */
private class Recorder<T : Any>(stream: Observable<T>) {
    val values = mutableListOf<T>()
    var error: Throwable? = null
    private val subscription: Disposable = stream.subscribe({ values.add(it) }, { error = it })

    fun cancel() = subscription.dispose()
}

private val messages = listOf("chatrooms", "r1", "messages")
private val members = listOf("chatrooms", "r1", "members")

private fun string(value: String) = DocumentValue.StringValue(value)
private fun time(seconds: Long) = DocumentValue.TimestampValue(Timestamp(seconds))

private fun post(store: InMemoryStore, id: String, owner: String, text: String = "hi", seconds: Long = 0) {
    val data: DocumentData = mapOf("text" to string(text), "ownerUid" to string(owner), "createdAt" to time(seconds))
    store.setData(data, messages + id)
}

private fun speakCountFollowsAddsDeletesAndEdits() {
    val store = InMemoryStore()
    val model = ChatModel(store, Schedulers.trampoline())
    val count = Recorder(model.speakCount("r1", "u1"))
    post(store, "m1", "u1")
    post(store, "m2", "u2")
    post(store, "m2", "u1", "edited to be mine")
    post(store, "m1", "u1", "text changes, count does not")
    store.commit(listOf(model.deleteMessage("r1", "m1")))
    model.commit(listOf(model.updateMessage("r1", "m2", ownerUid = FieldChange.set("u3")))).blockingAwait()  // a list commits as well
    check(count.values == listOf(0, 1, 2, 1, 0), "speak count emits 0, 1, 2, 1, 0: ${count.values}")
}

/** Typed writes, as ChatModelTests.swift checks them. */
private fun typedWritesCreateChangeAndDeleteMessages() {
    val fresh = ChatModel(InMemoryStore()).createMessage("r1", text = "hi", ownerUid = "u1")
    check(fresh.documentId.length == 20 && fresh.documentId.all { it in 'A'..'Z' || it in 'a'..'z' || it in '0'..'9' }, "a new id: ${fresh.documentId}")
    check(fresh == DocumentWrite.Set(messages + fresh.documentId, mapOf("text" to string("hi"), "ownerUid" to string("u1"),
        "createdAt" to DocumentValue.ServerTimestamp, "attachments" to DocumentValue.ArrayValue(emptyList()), "like_count" to DocumentValue.IntValue(0))),
        "a create writes the defaults and asks for the server's time: $fresh")
    val store = InMemoryStore(pendingWrites = true)
    val model = ChatModel(store, Schedulers.trampoline())
    val list = Recorder(model.messages("r1"))
    store.commit(listOf(model.createMessage("r1", text = "hi", ownerUid = "u1", id = "m1")))
    store.commit(listOf(model.updateMessage("r1", "m1", attachments = FieldChange.arrayUnion(Attachment(url = "a.png")), likeCount = FieldChange.increment(2L))))
    store.commit(listOf(model.updateMessage("r1", "m1", text = FieldChange.set("edited"), likeCount = FieldChange.increment(1L))))
    store.flushPendingWrites(Timestamp(9))
    store.commit(listOf(model.deleteMessage("r1", "m1")))
    val a = listOf(Attachment(url = "a.png"))
    check(list.values == listOf(
        emptyList(),
        listOf(Message(id = "m1", text = "hi", ownerUid = "u1")),
        listOf(Message(id = "m1", text = "hi", ownerUid = "u1", attachments = a, likeCount = 2L)),
        listOf(Message(id = "m1", text = "edited", ownerUid = "u1", attachments = a, likeCount = 3L)),
        listOf(Message(id = "m1", text = "edited", ownerUid = "u1", createdAt = Timestamp(9), attachments = a, likeCount = 3L)),
        emptyList()
    ), "typed writes: ${list.values}")
    var error: Throwable? = null
    model.commit(model.updateMessage("r1", "m1", text = FieldChange.set("gone"))).blockingSubscribe({}, { error = it })
    check(error == StoreException.NotFound(messages + "m1"), "an update of a missing message fails: $error")
    model.commit(model.deleteMessage("r1", "m1", mustExist = true)).blockingSubscribe({}, { error = it })
    check(error == StoreException.NotFound(messages + "m1") && list.values.size == 6, "a must-exist delete of a missing message fails: $error")
    store.commit(listOf(model.createMember("r1", name = "Ann", id = "u1", mustNotExist = true)))
    model.commit(model.createMember("r1", name = "Bob", id = "u1", mustNotExist = true)).blockingSubscribe({}, { error = it })
    check(error == StoreException.AlreadyExists(listOf("chatrooms", "r1", "members", "u1")), "a create-only write of a taken id fails: $error")
}

/** sendMessage reads the member's sentCount, writes and counts in one transaction; at 10 nothing is written; offline it fails. */
private fun sendMessageCountsInOneTransaction() {
    val store = InMemoryStore()
    val model = ChatModel(store, Schedulers.trampoline())
    store.commit(listOf(model.createMember("r1", name = "Ann", sentCount = 9L, id = "u1"), model.createMember("r1", name = "Bob", id = "u2")))
    val sent = model.sendMessage("r1", "hi", "u1", id = "m1").test()
    sent.awaitDone(5, TimeUnit.SECONDS).assertValues("m1").assertComplete()
    check(store.listenerCount == 0, "a counted write holds no listener")
    val ann = store.getDocument(members + "u1").blockingGet()?.data
    check(ann?.get("sentCount") == DocumentValue.IntValue(10L), "the message is counted: $ann")
    val refused = model.sendMessage("r1", "eleventh", "u1", id = "m11").test().awaitDone(5, TimeUnit.SECONDS)
    refused.assertError { it is PreCheckException && it.message == "'sendMessage' needs Member[\$uid].sentCount < 10, but it is 10" }
    val tooLong = model.sendMessage("r1", "", "u2", id = "m12").test().awaitDone(5, TimeUnit.SECONDS)
    tooLong.assertError { it is ConstraintException && it.message == "'text' must have at least 1 character" }
    check(store.getDocument(messages + "m11").isEmpty.blockingGet() && store.getDocument(messages + "m12").isEmpty.blockingGet(), "nothing written")
    val offline = ChatModel(InMemoryStore(pendingWrites = true), Schedulers.trampoline())
    offline.sendMessage("r1", "hi", "u1").test().awaitDone(5, TimeUnit.SECONDS).assertError { it is StoreException.Offline }
}

/** A transaction reads typed and runs again after another client's change. */
private fun aTransactionReadsTypedAndRunsAgainAfterAChange() {
    val store = InMemoryStore()
    val model = ChatModel(store, Schedulers.trampoline())
    store.commit(listOf(model.createMessage("r1", text = "hi", ownerUid = "u1", likeCount = 2L, id = "m1")))
    val seen = mutableListOf<Long>()
    val doubled = model.runTransaction { transaction ->
        val likes = transaction.getMessage("r1", "m1")?.likeCount ?: 0L
        seen.add(likes)
        if (seen.size == 1) store.updateData(mapOf(FieldPath(listOf("like_count")) to FieldUpdate.Increment(DocumentValue.IntValue(1))), messages + "m1")
        transaction.write(model.updateMessage("r1", "m1", likeCount = FieldChange.set(likes * 2)))
        likes * 2
    }.blockingGet()
    check(seen == listOf(2L, 3L) && doubled == 6L, "read twice, the second after the change: $seen, $doubled")
    check(store.getDocument(messages + "m1").blockingGet()?.data?.get("like_count") == DocumentValue.IntValue(6), "the doubled likes are stored")
}

private fun joinFollowsAMemberRename() {
    val store = InMemoryStore()
    val model = ChatModel(store, Schedulers.trampoline())
    store.setData(mapOf("name" to string("Ann")), members + "u1")
    post(store, "m1", "u1", seconds = 1)
    post(store, "m2", "ghost", seconds = 2)
    val rows = Recorder(model.messagesWithOwners("r1"))
    check(rows.values.last().map { it.message.id } == listOf("m2", "m1"), "join rows in message order")
    check(rows.values.last().map { it.owner?.name } == listOf(null, "Ann"), "unmatched rows have no owner")
    store.setData(mapOf("name" to string("Anne")), members + "u1")
    check(rows.values.size == 2, "one emission per member change: ${rows.values.size}")
    check(rows.values.last().map { it.owner?.name } == listOf(null, "Anne"), "the join follows the rename")
    rows.cancel()
    check(store.listenerCount == 0, "cancelling removes both listeners")
}

private fun wrongTypedDocumentsAreDroppedAndReported() {
    val store = InMemoryStore()
    val reported = mutableListOf<DecodeFailure>()
    val model = ChatModel(store, Schedulers.trampoline()) { reported.add(it) }
    val list = Recorder(model.messages("r1"))
    post(store, "good", "u1")
    store.setData(mapOf("text" to DocumentValue.IntValue(5), "ownerUid" to string("u1"), "createdAt" to time(1)), messages + "bad")
    store.setData(mapOf("text" to string("no owner"), "createdAt" to time(1)), messages + "worse")
    check(list.values.last().map { it.id } == listOf("good"), "only the good message is listed")
    check(
        reported.map { it.toString() } == listOf(
            "chatrooms/r1/messages/bad: 'text' should be string but is int",
            "chatrooms/r1/messages/worse: 'ownerUid' is missing"
        ),
        "decode failures reported once each: $reported"
    )
}

private fun normalizationDoesNotMakeKeysEqual() {
    val store = InMemoryStore()
    val model = ChatModel(store, Schedulers.trampoline())
    val composed = "\u00E9"
    val decomposed = "e\u0301"
    store.setData(mapOf("name" to string("composed")), members + composed)
    post(store, "m1", decomposed, seconds = 1)
    post(store, "m2", composed, seconds = 2)
    val rows = Recorder(model.messagesWithOwners("r1"))
    val mine = Recorder(model.myMessages("r1", composed))
    check(rows.values.last().map { it.owner?.name } == listOf("composed", null), "join keys compare by code point")
    check(mine.values.last().map { it.id } == listOf("m2"), "filters compare by code point")
}

private fun errorsEndDerivedStreams() {
    val store = InMemoryStore()
    val model = ChatModel(store, Schedulers.trampoline())
    val rows = Recorder(model.messagesWithOwners("r1"))
    store.failListeners(members, StoreException.NotFound(members))
    check(rows.error is StoreException.NotFound, "the join fails with the listener's error: ${rows.error}")
    check(store.listenerCount == 0, "the failed join removes its other listener")
}

private fun pendingServerTimestampsSortNewestFirst() {
    val store = InMemoryStore(pendingWrites = true, clock = { Timestamp(500) })
    val model = ChatModel(store, Schedulers.trampoline())
    val list = Recorder(model.messages("r1"))
    store.setData(mapOf("text" to string("old"), "ownerUid" to string("u"), "createdAt" to time(10)), messages + "old")
    store.setData(mapOf("text" to string("new"), "ownerUid" to string("u"), "createdAt" to DocumentValue.ServerTimestamp), messages + "new")
    check(list.values.last().map { it.id } == listOf("new", "old"), "a pending timestamp sorts newest")
    check(list.values.last().first().createdAt == null, "a pending timestamp reads as null")
    store.flushPendingWrites()
    check(list.values.last().first().createdAt == Timestamp(500), "flushing sets the timestamp")
}

private fun typesRoundTripThroughTheStore() {
    val store = InMemoryStore()
    val model = ChatModel(store, Schedulers.trampoline())
    val message = Message("m1", "hello", "u1", Timestamp(3), listOf(Attachment("a.png", 20L, Bytes(byteArrayOf(1, -1)))), 4L)
    store.setData(Message.encode(message), messages + message.id)
    val list = Recorder(model.messages("r1"))
    check(list.values.last() == listOf(message), "a message written and read back is equal")
}

/** The constructor applies the schema's defaults as Swift's initialiser and TypeScript's `make` do. */
private fun valuesAreMadeWithTheSchemasDefaults() {
    check(Message("m1", "hi", "u1") == Message("m1", "hi", "u1", null, emptyList(), 0L), "the constructor applies the defaults")
    check(Attachment("a.png") == Attachment("a.png", null), "an optional field defaults to null")
}

/** Contract item 7: by default a stream decodes and emits on RxJava's computation threads, not the subscriber's. */
private fun streamsRunInTheBackgroundByDefault() {
    val emitted = CountDownLatch(1)
    var thread = ""
    val subscription = ChatModel(InMemoryStore()).messages("r1").subscribe { thread = Thread.currentThread().name; emitted.countDown() }
    check(emitted.await(10, TimeUnit.SECONDS), "a stream on the default scheduler emits")
    check(thread != Thread.currentThread().name && thread.startsWith("RxComputationThreadPool"), "emitted on a computation thread, not on '$thread'")
    subscription.dispose()
}

/**
 * Contract item 7: cancelling drops the work already queued on the scheduler. Two rooms each get
 * a message that does not decode; only the room still subscribed when the scheduler runs decodes
 * its snapshot and reports the failure.
 */
private fun cancellingDropsQueuedWork() {
    val store = InMemoryStore()
    val scheduler = TestScheduler()
    val reported = mutableListOf<String>()
    val model = ChatModel(store, scheduler) { reported.add(it.toString()) }
    val kept = model.messages("r1").subscribe()
    val cancelled = model.messages("r2").subscribe()
    for (room in listOf("r1", "r2")) {
        store.setData(mapOf("text" to DocumentValue.IntValue(5), "ownerUid" to string("u1"), "createdAt" to time(0)), listOf("chatrooms", room, "messages", "bad"))
    }
    cancelled.dispose()
    scheduler.triggerActions()
    check(reported == listOf("chatrooms/r1/messages/bad: 'text' should be string but is int"), "only the kept subscription decoded: $reported")
    kept.dispose()
}

/**
 * A one-shot read never waits on the model's scheduler, as in Swift and TypeScript: with a
 * `TestScheduler` nobody advances, `blockingGet()` returns (it hung while reads decoded there).
 */
private fun aReadDoesNotWaitOnATestScheduler() {
    val store = InMemoryStore()
    val scheduler = TestScheduler()
    val model = ChatModel(store, scheduler)
    post(store, "m1", "u1")
    val read = model.fetchSpeakCount("r1", "u1").timeout(10, TimeUnit.SECONDS, Schedulers.single())
    check(read.blockingGet() == 1, "the read returns without the scheduler moving")
    check(model.fetchMessagesWithOwners("r1").timeout(10, TimeUnit.SECONDS, Schedulers.single()).blockingGet().size == 1, "a join's read too")
    check(scheduler.now(TimeUnit.MILLISECONDS) == 0L, "the scheduler did not move")
}

/** The README's Kotlin example, compiled here; ReadmeExampleTests checks that the README shows it. */
@Suppress("unused")
private fun readmeExample(mainThread: Scheduler) {
    val store = InMemoryStore()                       // or FirestoreStore(FirebaseFirestore.getInstance())
    val chat = ChatModel(store)                       // decodes on Schedulers.computation() by default
    chat.messagesWithOwners("r1")
        .observeOn(mainThread)                        // AndroidSchedulers.mainThread() on Android
        .subscribe { rows -> rows.forEach { println("${it.owner?.name}: ${it.message.text}") } }
    chat.fetchSpeakCount("r1", "u1").subscribe { count -> println("u1 wrote $count") }
    println(Message("m1", "hi", "u1"))                // createdAt null, attachments empty, likeCount 0
    chat.commit(chat.createMessage("r1", text = "hi", ownerUid = "u1"), chat.updateMessage("r1", "m0", likeCount = FieldChange.increment(1L)))
        .subscribe({ println("written") }, { println("refused: $it") })
    chat.commit(chat.deleteRoom("lobby", mustExist = true)).subscribe({ }, { println("refused: $it") })
    chat.fetchRoom("lobby").flatMapCompletable { room -> chat.commit(chat.updateRoom("lobby", name = FieldChange.set("Hall"), unchangedSince = room)) }
        .subscribe({ }, { println("changed meanwhile: $it") })
    chat.fetchMessages("r1").flatMapCompletable { messages -> chat.commit(messages.map { chat.deleteMessage("r1", it.id) }) }
        .subscribe({ }, { println("refused: $it") })
    val shops = ShopsModel(store)
    shops.commit(shops.updateShop("s1", openingHours = FieldChange.keys("sun" to KeyChange.set("closed"), "mon" to KeyChange.delete)))
        .subscribe({ println("saved") }, { println("refused: $it") })
    shops.commit(shops.updateShop("s1", addressCity = FieldChange.set("Kyoto"))).subscribe({ println("moved") }, { println("refused: $it") })
    chat.sendMessage("r1", "hi", "u1").subscribe({ id -> println("sent $id") }, { println("refused: $it") })
    chat.runTransaction(2) { it.getRoom("lobby") != null }.subscribe { found -> println(found) }
}

fun main() {
    speakCountFollowsAddsDeletesAndEdits()
    typedWritesCreateChangeAndDeleteMessages()
    sendMessageCountsInOneTransaction()
    aTransactionReadsTypedAndRunsAgainAfterAChange()
    joinFollowsAMemberRename()
    wrongTypedDocumentsAreDroppedAndReported()
    normalizationDoesNotMakeKeysEqual()
    errorsEndDerivedStreams()
    pendingServerTimestampsSortNewestFirst()
    typesRoundTripThroughTheStore()
    valuesAreMadeWithTheSchemasDefaults()
    streamsRunInTheBackgroundByDefault()
    cancellingDropsQueuedWork()
    aReadDoesNotWaitOnATestScheduler()
    if (failures > 0) exitProcess(1)
    println("chat driver: all checks passed")
}
