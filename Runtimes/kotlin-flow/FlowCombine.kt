package modelgen.runtime

import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.cancelChildren
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.channels.SendChannel
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.launch
import kotlin.coroutines.cancellation.CancellationException

// Combines of 2 to 9 members, typed: the latest value of each live flow, and one read of each
// one-shot read. The values are held in an array, cast back here to the types they were given as.

/** The values of `flows`, in order, as [latestValues] gives them; on their scheduler (see [derived]). */
private fun <R> combineAll(flows: List<Flow<*>>, transform: (Array<Any?>) -> R): Flow<R> =
    derived(flows) { inputs -> latestValues(inputs, transform) }

/** What one of [latestValues]' inputs did: emitted a value, ended, or failed. */
private sealed class Update {
    class Value(val index: Int, val value: Any?) : Update()
    class End(val index: Int) : Update()
    class Failure(val error: Throwable) : Update()
}

/**
 * The values of `flows`, in order, once each has emitted, then once for each value any of them
 * emits, in the order they come — as RxJava's `combineLatest`, unlike kotlinx's `combine`, which
 * makes one of values that come together. Ends when every flow has ended, or one has ended
 * without a value; an error ends it after the values that came before it, cancelling the others.
 * The flows start in order, each as far as it goes at once: one that fails then (an invalid path)
 * ends the whole before the next starts, as RxJava's sources are subscribed.
 */
internal fun <R> latestValues(flows: List<Flow<*>>, transform: (Array<Any?>) -> R): Flow<R> = flow {
    val updates = Channel<Update>(Channel.UNLIMITED)
    val latest = Latest(flows.size, transform)
    coroutineScope {
        for ((index, input) in flows.withIndex()) {
            launch(start = CoroutineStart.UNDISPATCHED) { forward(index, input, updates) }
            while (latest.running > 0) {
                if (latest.take(updates.tryReceive().getOrNull() ?: break)) emit(latest.combined())
            }
        }
        while (latest.running > 0) {
            if (latest.take(updates.receive())) emit(latest.combined())
        }
        coroutineContext.cancelChildren()
    }
}

/** The latest value of each input of [latestValues], and how many are still running. */
private class Latest<R>(size: Int, private val transform: (Array<Any?>) -> R) {
    private val values = arrayOfNulls<Any?>(size)
    private val seen = BooleanArray(size)
    private var waiting = size
    var running = size
        private set

    /** Takes in `update`: whether there is a combined value to emit now; throws an input's error. */
    fun take(update: Update): Boolean = when (update) {
        is Update.Value -> {
            if (!seen[update.index]) waiting -= 1
            seen[update.index] = true
            values[update.index] = update.value
            waiting == 0
        }
        is Update.End -> {
            running = if (seen[update.index]) running - 1 else 0
            false
        }
        is Update.Failure -> throw update.error
    }

    /** The latest values, combined. */
    fun combined(): R = transform(values.copyOf())
}

/** Sends each value of `input` to `updates`, then its end or its error. */
private suspend fun forward(index: Int, input: Flow<*>, updates: SendChannel<Update>) {
    val end = try {
        input.collect { updates.send(Update.Value(index, it)) }
        Update.End(index)
    } catch (cancelled: CancellationException) {
        throw cancelled
    } catch (error: Throwable) {
        Update.Failure(error)
    }
    updates.send(end)
}

/**
 * Runs every read at once, then returns their values, or throws the error of the first failing
 * read in their order: each input is read (and reports its decode failures) before a failing one
 * fails the whole.
 */
private suspend fun readAll(vararg reads: suspend () -> Any?): Array<Any?> = coroutineScope {
    reads.map { read -> async { attempt(read) } }.awaitAll().map { it.getOrThrow() }.toTypedArray()
}

/** The value of `read`, or the error it throws (a cancellation is thrown on). */
private suspend fun attempt(read: suspend () -> Any?): Result<Any?> =
    try {
        Result.success(read())
    } catch (cancelled: CancellationException) {
        throw cancelled
    } catch (error: Throwable) {
        Result.failure(error)
    }

/** The latest value of each of 2 flows, combined by `transform`, whenever one emits once each has. */
@Suppress("UNCHECKED_CAST")
fun <A, B, R> combineLatest(a: Flow<A>, b: Flow<B>, transform: (A, B) -> R): Flow<R> =
    combineAll(listOf(a, b)) { values -> transform(values[0] as A, values[1] as B) }

/** One read of each of 2 reads, combined by `combine`; see [readAll]. */
@Suppress("UNCHECKED_CAST")
suspend fun <A, B, R> combineReads(a: suspend () -> A, b: suspend () -> B, combine: (A, B) -> R): R =
    readAll(a, b).let { values -> combine(values[0] as A, values[1] as B) }

/** The latest value of each of 3 flows, combined by `transform`, whenever one emits once each has. */
@Suppress("UNCHECKED_CAST")
fun <A, B, C, R> combineLatest(a: Flow<A>, b: Flow<B>, c: Flow<C>, transform: (A, B, C) -> R): Flow<R> =
    combineAll(listOf(a, b, c)) { values -> transform(values[0] as A, values[1] as B, values[2] as C) }

/** One read of each of 3 reads, combined by `combine`; see [readAll]. */
@Suppress("UNCHECKED_CAST")
suspend fun <A, B, C, R> combineReads(a: suspend () -> A, b: suspend () -> B, c: suspend () -> C, combine: (A, B, C) -> R): R =
    readAll(a, b, c).let { values -> combine(values[0] as A, values[1] as B, values[2] as C) }

/** The latest value of each of 4 flows, combined by `transform`, whenever one emits once each has. */
@Suppress("UNCHECKED_CAST")
fun <A, B, C, D, R> combineLatest(a: Flow<A>, b: Flow<B>, c: Flow<C>, d: Flow<D>, transform: (A, B, C, D) -> R): Flow<R> =
    combineAll(listOf(a, b, c, d)) { values -> transform(values[0] as A, values[1] as B, values[2] as C, values[3] as D) }

/** One read of each of 4 reads, combined by `combine`; see [readAll]. */
@Suppress("UNCHECKED_CAST")
suspend fun <A, B, C, D, R> combineReads(a: suspend () -> A, b: suspend () -> B, c: suspend () -> C, d: suspend () -> D, combine: (A, B, C, D) -> R): R =
    readAll(a, b, c, d).let { values -> combine(values[0] as A, values[1] as B, values[2] as C, values[3] as D) }

/** The latest value of each of 5 flows, combined by `transform`, whenever one emits once each has. */
@Suppress("UNCHECKED_CAST")
fun <A, B, C, D, E, R> combineLatest(a: Flow<A>, b: Flow<B>, c: Flow<C>, d: Flow<D>, e: Flow<E>, transform: (A, B, C, D, E) -> R): Flow<R> =
    combineAll(listOf(a, b, c, d, e)) { values -> transform(values[0] as A, values[1] as B, values[2] as C, values[3] as D, values[4] as E) }

/** One read of each of 5 reads, combined by `combine`; see [readAll]. */
@Suppress("UNCHECKED_CAST")
suspend fun <A, B, C, D, E, R> combineReads(a: suspend () -> A, b: suspend () -> B, c: suspend () -> C, d: suspend () -> D, e: suspend () -> E, combine: (A, B, C, D, E) -> R): R =
    readAll(a, b, c, d, e).let { values -> combine(values[0] as A, values[1] as B, values[2] as C, values[3] as D, values[4] as E) }

/** The latest value of each of 6 flows, combined by `transform`, whenever one emits once each has. */
@Suppress("UNCHECKED_CAST")
fun <A, B, C, D, E, F, R> combineLatest(a: Flow<A>, b: Flow<B>, c: Flow<C>, d: Flow<D>, e: Flow<E>, f: Flow<F>, transform: (A, B, C, D, E, F) -> R): Flow<R> =
    combineAll(listOf(a, b, c, d, e, f)) { values -> transform(values[0] as A, values[1] as B, values[2] as C, values[3] as D, values[4] as E, values[5] as F) }

/** One read of each of 6 reads, combined by `combine`; see [readAll]. */
@Suppress("UNCHECKED_CAST")
suspend fun <A, B, C, D, E, F, R> combineReads(a: suspend () -> A, b: suspend () -> B, c: suspend () -> C, d: suspend () -> D, e: suspend () -> E, f: suspend () -> F, combine: (A, B, C, D, E, F) -> R): R =
    readAll(a, b, c, d, e, f).let { values -> combine(values[0] as A, values[1] as B, values[2] as C, values[3] as D, values[4] as E, values[5] as F) }

/** The latest value of each of 7 flows, combined by `transform`, whenever one emits once each has. */
@Suppress("UNCHECKED_CAST")
fun <A, B, C, D, E, F, G, R> combineLatest(a: Flow<A>, b: Flow<B>, c: Flow<C>, d: Flow<D>, e: Flow<E>, f: Flow<F>, g: Flow<G>, transform: (A, B, C, D, E, F, G) -> R): Flow<R> =
    combineAll(listOf(a, b, c, d, e, f, g)) { values -> transform(values[0] as A, values[1] as B, values[2] as C, values[3] as D, values[4] as E, values[5] as F, values[6] as G) }

/** One read of each of 7 reads, combined by `combine`; see [readAll]. */
@Suppress("UNCHECKED_CAST")
suspend fun <A, B, C, D, E, F, G, R> combineReads(a: suspend () -> A, b: suspend () -> B, c: suspend () -> C, d: suspend () -> D, e: suspend () -> E, f: suspend () -> F, g: suspend () -> G, combine: (A, B, C, D, E, F, G) -> R): R =
    readAll(a, b, c, d, e, f, g).let { values -> combine(values[0] as A, values[1] as B, values[2] as C, values[3] as D, values[4] as E, values[5] as F, values[6] as G) }

/** The latest value of each of 8 flows, combined by `transform`, whenever one emits once each has. */
@Suppress("UNCHECKED_CAST")
fun <A, B, C, D, E, F, G, H, R> combineLatest(a: Flow<A>, b: Flow<B>, c: Flow<C>, d: Flow<D>, e: Flow<E>, f: Flow<F>, g: Flow<G>, h: Flow<H>, transform: (A, B, C, D, E, F, G, H) -> R): Flow<R> =
    combineAll(listOf(a, b, c, d, e, f, g, h)) { values -> transform(values[0] as A, values[1] as B, values[2] as C, values[3] as D, values[4] as E, values[5] as F, values[6] as G, values[7] as H) }

/** One read of each of 8 reads, combined by `combine`; see [readAll]. */
@Suppress("UNCHECKED_CAST")
suspend fun <A, B, C, D, E, F, G, H, R> combineReads(a: suspend () -> A, b: suspend () -> B, c: suspend () -> C, d: suspend () -> D, e: suspend () -> E, f: suspend () -> F, g: suspend () -> G, h: suspend () -> H, combine: (A, B, C, D, E, F, G, H) -> R): R =
    readAll(a, b, c, d, e, f, g, h).let { values -> combine(values[0] as A, values[1] as B, values[2] as C, values[3] as D, values[4] as E, values[5] as F, values[6] as G, values[7] as H) }

/** The latest value of each of 9 flows, combined by `transform`, whenever one emits once each has. */
@Suppress("UNCHECKED_CAST")
fun <A, B, C, D, E, F, G, H, I, R> combineLatest(a: Flow<A>, b: Flow<B>, c: Flow<C>, d: Flow<D>, e: Flow<E>, f: Flow<F>, g: Flow<G>, h: Flow<H>, i: Flow<I>, transform: (A, B, C, D, E, F, G, H, I) -> R): Flow<R> =
    combineAll(listOf(a, b, c, d, e, f, g, h, i)) { values -> transform(values[0] as A, values[1] as B, values[2] as C, values[3] as D, values[4] as E, values[5] as F, values[6] as G, values[7] as H, values[8] as I) }

/** One read of each of 9 reads, combined by `combine`; see [readAll]. */
@Suppress("UNCHECKED_CAST")
suspend fun <A, B, C, D, E, F, G, H, I, R> combineReads(a: suspend () -> A, b: suspend () -> B, c: suspend () -> C, d: suspend () -> D, e: suspend () -> E, f: suspend () -> F, g: suspend () -> G, h: suspend () -> H, i: suspend () -> I, combine: (A, B, C, D, E, F, G, H, I) -> R): R =
    readAll(a, b, c, d, e, f, g, h, i).let { values -> combine(values[0] as A, values[1] as B, values[2] as C, values[3] as D, values[4] as E, values[5] as F, values[6] as G, values[7] as H, values[8] as I) }
