package modelgen.runtime

import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.combine
import kotlin.coroutines.cancellation.CancellationException

// Combines of 2 to 9 members, typed: the latest value of each live flow, and one read of each
// one-shot read. kotlinx.coroutines types `combine` up to five flows; beyond, its array form
// holds the values, cast back here to the types they were given as.

/** The values of `flows`, in order, whenever one of them emits, once each has emitted. */
private fun <R> combineAll(flows: List<Flow<*>>, transform: (Array<Any?>) -> R): Flow<R> =
    combine(flows) { values -> transform(values) }

/**
 * Runs every read in order, then returns their values, or throws the first failing read's error:
 * each input is read (and reports its decode failures) before a failing one fails the whole.
 */
private suspend fun readAll(vararg reads: suspend () -> Any?): Array<Any?> {
    val results = reads.map { read ->
        try {
            Result.success(read())
        } catch (cancelled: CancellationException) {
            throw cancelled
        } catch (error: Throwable) {
            Result.failure<Any?>(error)
        }
    }
    return results.map { it.getOrThrow() }.toTypedArray()
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
