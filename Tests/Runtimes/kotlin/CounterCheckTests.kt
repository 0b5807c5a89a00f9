package modelgen.runtime.tests

import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.disposables.Disposable
import io.reactivex.rxjava3.schedulers.Schedulers
import java.util.Collections
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import modelgen.runtime.ConstraintException
import modelgen.runtime.CounterCheck
import modelgen.runtime.DocumentDecodingException
import modelgen.runtime.DocumentDecodingException.Problem
import modelgen.runtime.DocumentStore
import modelgen.runtime.DocumentTransaction
import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.FieldUpdate
import modelgen.runtime.InMemoryStore
import modelgen.runtime.PreCheckException
import modelgen.runtime.StoreException
import modelgen.runtime.StoreQuery
import modelgen.runtime.getDocument
import modelgen.runtime.getDocuments
import modelgen.runtime.runTransaction
import modelgen.runtime.written

// Declared writes that check a counter (`check: Member[$uid].sentCount < 10`): one transaction
// reads the counter, fails unless the check holds, writes, and changes the counter by its step,
// so that a cap holds under concurrent writers.

private val MEMBER = listOf("rooms", "r1", "members", "u1")

private fun messagePath(id: String): List<String> = listOf("rooms", "r1", "messages", id)

private fun message(id: String): DocumentWrite = DocumentWrite.Set(messagePath(id), data("text" to str("hi")))

/** `sendMessage`'s check: the member's sentCount below [cap], a message more. */
private fun belowCap(cap: Long, counter: List<String> = MEMBER): CounterCheck =
    CounterCheck("sendMessage", "Member[\$uid].sentCount < $cap", counter, "sentCount", 1) { it < cap }

/** `deleteMessage`'s check: the member has sent a message, a message less. */
private val sentOne = CounterCheck("deleteMessage", "Member[\$uid].sentCount > 0", MEMBER, "sentCount", -1) { it > 0 }

/** A store whose member u1 holds `fields`. */
private fun storeWith(vararg fields: Pair<String, DocumentValue>, pendingWrites: Boolean = false): InMemoryStore =
    InMemoryStore(pendingWrites).also { it.setData(data(*fields), MEMBER) }

private fun sentCount(store: InMemoryStore): DocumentValue? = store.getDocument(MEMBER).blockingGet()?.data?.get("sentCount")

private fun messageIds(store: InMemoryStore): List<String> =
    store.getDocuments(StoreQuery(listOf("rooms", "r1", "messages"))).blockingGet().map { it.id }

/** What a (synchronous) write did: `next ID`, `error MESSAGE`, `complete`, in order. */
private fun eventsOf(write: Observable<String>): List<String> {
    val events = ArrayList<String>()
    write.subscribe({ events.add("next $it") }, { events.add("error ${it.message}") }, { events.add("complete") })
    return events
}

/** [base], calling [between] with the attempt's number after each transaction attempt's body returns, before it commits. */
private class Between(private val base: InMemoryStore, private val between: (Int) -> Unit) : DocumentStore by base {
    private var attempts = 0

    override fun <T : Any> runTransaction(maxAttempts: Int, body: (DocumentTransaction) -> T, completion: (Result<T>) -> Unit) =
        base.runTransaction(maxAttempts, { transaction -> body(transaction).also { attempts += 1; between(attempts) } }, completion)
}

internal fun counterCheckChecks() {
    passingAndRefused()
    counterValues()
    countedWrites()
    concurrentWriters()
    manyWriters()
    offlineAndDisposed()
}

private fun passingAndRefused() {
    val store = storeWith("sentCount" to int(1))
    val write = store.written(belowCap(2)) { message("m1") }
    expect(messageIds(store), emptyList<String>(), "a counted write is cold")
    expect(eventsOf(write), listOf("next m1", "complete"), "a counted write below the cap emits the id, then completes")
    expect(Pair(messageIds(store), sentCount(store)), Pair(listOf("m1"), int(2)), "it writes the document and counts it")
    var made = false
    val refused = errorOf(store.written(belowCap(2)) { made = true; message("m2") }.ignoreElements())
    expect(refused, PreCheckException("sendMessage", "Member[\$uid].sentCount < 2", 2L), "a counted write at the cap is refused")
    expect(Triple(made, messageIds(store), sentCount(store)), Triple(false, listOf("m1"), int(2)), "a refused counted write makes and writes nothing")
    expect(eventsOf(storeWith("sentCount" to int(10)).written(belowCap(10)) { message("m1") }),
        listOf("error 'sendMessage' needs Member[\$uid].sentCount < 10, but it is 10"), "the refusal's message")
    val stranger = listOf("rooms", "r1", "members", "u9")
    val missing = errorOf(store.written(belowCap(2, counter = stranger)) { message("m3") }.ignoreElements())
    expect(missing, StoreException.NotFound(stranger), "a counted write with no counter document fails")
    expect(missing?.message, "no document at 'rooms/r1/members/u9'", "as an update of a missing document")
    expect(Pair(messageIds(store), sentCount(store)), Pair(listOf("m1"), int(2)), "a counted write with no counter writes nothing")
    val constrained = storeWith("sentCount" to int(0))
    expect(eventsOf(constrained.written(belowCap(2)) { throw ConstraintException(listOf("'text' must have at least 1 character")) }),
        listOf("error 'text' must have at least 1 character"), "a counted write make() refuses fails")
    expect(Pair(messageIds(constrained), sentCount(constrained)), Pair(emptyList<String>(), int(0)), "a counted write make() refuses writes nothing")
}

private fun counterValues() {
    val absent = storeWith("name" to str("Ann"))
    expect(eventsOf(absent.written(belowCap(1)) { message("m1") }), listOf("next m1", "complete"), "an absent counter counts 0")
    expect(sentCount(absent), int(1), "an absent counter is set to the step")
    val text = errorOf(storeWith("sentCount" to str("two")).written(belowCap(2)) { message("m1") }.ignoreElements())
    expect(text, DocumentDecodingException(listOf("sentCount"), Problem.WrongType("int", "string")), "a counter that is no int fails")
    expect(text?.message, "'sentCount' should be int but is string", "with the int codec's message, at the field")
    val beyond = storeWith("sentCount" to int(1L shl 53)).written(belowCap(2)) { message("m1") }
    expect(eventsOf(beyond), listOf("error 'sentCount' is 9007199254740992, outside ±(2^53 − 1)"), "a counter beyond ±(2^53 − 1) fails")
    val negative = storeWith("sentCount" to int(-3))
    expect(eventsOf(negative.written(belowCap(2)) { message("m1") }), listOf("next m1", "complete"), "holds is given the stored value")
    expect(sentCount(negative), int(-2), "a negative counter is counted on")
}

private fun countedWrites() {
    val store = storeWith("sentCount" to int(2))
    store.setData(data("text" to str("hi")), messagePath("m1"))
    expect(eventsOf(store.written(sentOne) { DocumentWrite.Delete(messagePath("m1")) }), listOf("next m1", "complete"), "a counted delete")
    expect(Pair(messageIds(store), sentCount(store)), Pair(emptyList<String>(), int(1)), "a counted delete deletes and counts down")
    val gone = errorOf(store.written(sentOne) { DocumentWrite.Delete(messagePath("m9")) }.ignoreElements())
    expect(gone, StoreException.NotFound(messagePath("m9")), "a counted delete of a missing document fails")
    expect(sentCount(store), int(1), "a counted delete that fails leaves the counter")
    store.setData(data("text" to str("hi")), messagePath("m1"))
    val exists = errorOf(store.written(belowCap(10)) { message("m1") }.ignoreElements())
    expect(exists?.message, "a document already exists at 'rooms/r1/messages/m1'", "a counted set only creates")
    expect(sentCount(store), int(1), "a counted create that fails leaves the counter")
    val merge = DocumentWrite.Merge(messagePath("m1"), mapOf(path("text") to FieldUpdate.Value(str("edited"))))
    expect(eventsOf(store.written(belowCap(10)) { merge }), listOf("next m1", "complete"), "a counted merge is written as it is")
    expect(sentCount(store), int(2), "and counted by its step")
}

private fun concurrentWriters() {
    for ((sent, aWrites) in listOf(0L to true, 1L to false)) {
        val base = storeWith("sentCount" to int(sent))
        var bEvents = emptyList<String>()
        var aRuns = 0
        val a = Between(base) { attempt -> if (attempt == 1) bEvents = eventsOf(base.written(belowCap(2)) { message("b") }) }
        val aEvents = eventsOf(a.written(belowCap(2)) { aRuns += 1; message("a") })
        val what = "writer B's counted write between writer A's read and commit, from $sent"
        expect(bEvents, listOf("next b", "complete"), "$what: B writes")
        expect(aEvents, if (aWrites) listOf("next a", "complete") else listOf("error 'sendMessage' needs Member[\$uid].sentCount < 2, but it is 2"),
            "$what: A runs again and sees B's count")
        expect(aRuns, if (aWrites) 2 else 1, "$what: A's body runs again")
        expect(Pair(messageIds(base), sentCount(base)), Pair(if (aWrites) listOf("a", "b") else listOf("b"), int(2)), "$what: the cap holds")
    }
}

private fun manyWriters() {
    val store = storeWith("sentCount" to int(0))
    val ended = CountDownLatch(10)
    val written = Collections.synchronizedList(ArrayList<String>())
    val errors = Collections.synchronizedList(ArrayList<Throwable>())
    for (index in 0 until 10) {
        store.written(belowCap(3)) { message("m$index") }.subscribeOn(Schedulers.io())
            .subscribe({ written.add(it) }, { errors.add(it); ended.countDown() }, { ended.countDown() })
    }
    check(ended.await(30, TimeUnit.SECONDS), "ten concurrent counted writes end")
    expect(written.size, 3, "of ten concurrent counted writes below 3, three write")
    expect(errors.size, 7, "the others fail")
    check(errors.all { it is PreCheckException || it is StoreException.Contention }, "at the cap, or under contention: $errors")
    expect(Pair(messageIds(store), sentCount(store)), Pair(written.sorted(), int(3)), "the counter counts the documents written")
}

private fun offlineAndDisposed() {
    val offline = storeWith("sentCount" to int(0), pendingWrites = true)
    expect(errorOf(offline.written(belowCap(2)) { message("m1") }.ignoreElements()), StoreException.Offline(), "a counted write fails offline")
    expect(Pair(messageIds(offline), sentCount(offline)), Pair(emptyList<String>(), int(0)), "an offline counted write writes nothing")
    val base = storeWith("sentCount" to int(0))
    var subscription: Disposable? = null
    val heard = ArrayList<String>()
    Between(base) { subscription?.dispose() }.written(belowCap(2)) { message("m1") }
        .doOnSubscribe { subscription = it }
        .subscribe({ heard.add(it) }, { heard.add("error") }, { heard.add("complete") })
    expect(heard, emptyList<String>(), "a counted write disposed before it commits delivers nothing")
    expect(Pair(messageIds(base), sentCount(base)), Pair(listOf("m1"), int(1)), "its transaction commits")
}
