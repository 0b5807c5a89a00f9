// What the Kotlin runtime benchmarks share, over RxJava (Kotlin/RuntimeBenchmarks.kt) and over
// Flow (KotlinFlow/RuntimeBenchmarks.kt): the timing, the checks, and the chat room both join.
// Compiled into each program beside the generated models, whose chat types are the same in both.
package benchmarks

import chat.Member
import chat.Message
import chat.MessageWithOwner
import modelgen.runtime.DocumentWrite
import modelgen.runtime.InMemoryStore
import modelgen.runtime.Timestamp
import kotlin.system.exitProcess

private const val WARM_UP_NANOS = 2_000_000_000L
private const val SAMPLE_NANOS = 20_000_000L
private const val SAMPLES = 30

/**
 * Collects the garbage of the figures before, runs [operation] for two seconds, then prints the
 * median of 30 timed samples as one JSON line named `<flavour>: <name>`. (Without the collection a
 * figure paid now and then for the 100,000-document stores of the one before: the same store
 * update measured 12 µs or 32 µs from run to run.)
 */
internal fun measure(flavour: String, name: String, operation: () -> Unit) {
    System.gc()
    val warmUpEnd = System.nanoTime() + WARM_UP_NANOS
    var perSample = 0L
    while (System.nanoTime() < warmUpEnd) {
        operation()
        perSample += 1
    }
    val repetitions = maxOf(1L, perSample * SAMPLE_NANOS / WARM_UP_NANOS)
    val samples = (1..SAMPLES).map {
        val start = System.nanoTime()
        for (repetition in 1..repetitions) operation()
        (System.nanoTime() - start).toDouble() / repetitions / 1e9
    }.sorted()
    println("{\"name\": \"$flavour: $name\", \"seconds\": ${samples[SAMPLES / 2]}}")
}

/** Ends the program with exit status 1 unless [condition] holds. */
internal fun check(condition: Boolean, what: String) {
    if (!condition) {
        System.err.println("benchmark check failed: $what")
        exitProcess(1)
    }
}

internal fun memberId(index: Int) = "u" + index.toString().padStart(4, '0')

/** The join of seed 000: for each message, `find` over the members. */
internal fun nestedFindJoin(messages: List<Message>, members: List<Member>): List<MessageWithOwner> =
    messages.map { message -> MessageWithOwner(message, members.find { it.id == message.ownerUid }) }

/** A room of 1,000 members and 10,000 messages, message `i` by member `i % 1,000`. */
internal fun chatRoom(): InMemoryStore {
    val store = InMemoryStore()
    val room = listOf("chatrooms", "r1")
    store.commit((0 until 1_000).map { DocumentWrite.Set(room + listOf("members", memberId(it)), Member.encode(Member(memberId(it), "Member $it"))) } +
        (0 until 10_000).map {
            val message = Message("m$it", "Message $it", memberId(it % 1_000), Timestamp(1_700_000_000L + it))
            DocumentWrite.Set(room + listOf("messages", message.id), Message.encode(message))
        })
    return store
}
