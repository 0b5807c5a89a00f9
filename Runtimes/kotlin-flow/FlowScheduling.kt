package modelgen.runtime

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.FlowCollector
import kotlinx.coroutines.flow.catch
import kotlinx.coroutines.flow.flowOn
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.withContext

// A model's stream does all its work — listening, decoding, and the filters, counts, sorts,
// joins, combines and debounces over it — on the model's scheduler, upstream of one `flowOn`:
// an operator of this layer applied to such a stream adds its work before that `flowOn`. Its
// collector receives the values in its own context.

/**
 * A flow whose [work] runs on [scheduler], collected in the collector's context. An error of
 * [work] comes after every value before it: it crosses `flowOn` as a value, since `flowOn`
 * drops the values it holds when its upstream fails.
 */
internal class ScheduledFlow<T>(val work: Flow<T>, val scheduler: CoroutineDispatcher) : Flow<T> {
    override suspend fun collect(collector: FlowCollector<T>) {
        work.map<T, Signal<T>> { Signal.Value(it) }
            .catch { emit(Signal.Failure(it)) }
            .flowOn(scheduler)
            .collect { signal ->
                when (signal) {
                    is Signal.Value -> collector.emit(signal.value)
                    is Signal.Failure -> throw signal.error
                }
            }
    }

    private sealed class Signal<out T> {
        class Value<T>(val value: T) : Signal<T>()
        class Failure(val error: Throwable) : Signal<Nothing>()
    }
}

/** [transform] of this flow: on its scheduler when this is a model's stream, else where it is collected. */
internal fun <T, R> Flow<T>.derived(transform: (Flow<T>) -> Flow<R>): Flow<R> =
    if (this is ScheduledFlow<T>) ScheduledFlow(transform(work), scheduler) else transform(this)

/**
 * [combine] of `flows`: on their scheduler when all are a model's streams on one scheduler,
 * else where it is collected.
 */
internal fun <R> derived(flows: List<Flow<*>>, combine: (List<Flow<*>>) -> Flow<R>): Flow<R> {
    val scheduler = (flows.firstOrNull() as? ScheduledFlow<*>)?.scheduler
    if (scheduler == null || flows.any { it !is ScheduledFlow<*> || it.scheduler != scheduler }) return combine(flows)
    return ScheduledFlow(combine(flows.map { (it as ScheduledFlow<*>).work }), scheduler)
}

/**
 * Runs a one-shot read on the model's `scheduler` — the store's answer decoded and derived
 * there — and returns its value in the caller's context.
 */
suspend fun <T> reading(scheduler: CoroutineDispatcher, read: suspend () -> T): T = withContext(scheduler) { read() }
