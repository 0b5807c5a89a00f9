// The trace a vector runner prints, read by `modelgen verify`: the Flow flavour's subscriptions,
// reads, transactions and virtual time. Copied verbatim into each run, beside Support.kt.
package vectors

import kotlinx.coroutines.CancellableContinuation
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Delay
import kotlinx.coroutines.DisposableHandle
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.InternalCoroutinesApi
import kotlinx.coroutines.Job
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import modelgen.runtime.DocumentValue
import java.util.PriorityQueue
import kotlin.coroutines.CoroutineContext
import kotlin.coroutines.cancellation.CancellationException
import kotlin.coroutines.resume

/**
 * Prints what happens while a vector runs, one line each: `step N`, `emit LABEL VALUE`,
 * `error LABEL MESSAGE`, `decodeFailurePath PATH` and `decodeFailure MESSAGE`, `writeError MESSAGE`,
 * `listeners N`, and `listenersOf LABEL N` for each subscription so far. Flows are collected in
 * an unconfined scope, so that what a step causes is printed before the next step.
 */
class Trace : TraceLines() {
    private val scope = CoroutineScope(SupervisorJob() + Dispatchers.Unconfined)
    private val subscriptions = mutableMapOf<String, Job>()
    private val time = VirtualTime()
    private var timeIsVirtual = false

    /**
     * The model's scheduler in a vector that advances time: a dispatcher whose work and delays
     * run when [settle] or [advance] runs them.
     */
    fun virtualTime(): CoroutineDispatcher = time.also { timeIsVirtual = true }

    /** Moves the virtual clock on by `milliseconds`, running what falls due. */
    fun advance(milliseconds: Long) = time.advance(milliseconds)

    /** Runs the work due now: after each step of a vector in virtual time. */
    fun settle() = time.settle()

    fun <T> subscribe(label: String, stream: Flow<T>, traced: (T) -> DocumentValue) {
        opening(label)
        subscriptions[label] = scope.launch(start = CoroutineStart.UNDISPATCHED) {
            try {
                stream.collect { println("emit $label ${canonical(traced(it))}") }
                println("done $label")
            } catch (cancelled: CancellationException) {
                throw cancelled
            } catch (error: Throwable) {
                println("error $label ${error.message}")
            }
        }
        opened()
    }

    /**
     * As [subscribe], then waits until the flow has ended (done or error), so that the steps
     * stay in order; in virtual time, runs the work due instead, as [runToEnd] does.
     */
    fun <T> subscribeToEnd(label: String, stream: Flow<T>, traced: (T) -> DocumentValue) {
        subscribe(label, stream, traced)
        subscriptions[label]?.let(::waitFor)
    }

    /** Runs a one-shot read to its end: its value is the label's one emission, or its error. */
    fun <T> read(label: String, read: suspend () -> T, traced: (T) -> DocumentValue) =
        runToEnd(label) { println("emit $label ${canonical(traced(read()))}") }

    fun cancel(label: String) {
        subscriptions.remove(label)?.cancel()
    }

    /** Runs a transaction to its end: `done`, or its error. */
    fun transaction(label: String, run: suspend () -> Any) =
        runToEnd(label) {
            run()
            println("done $label")
        }

    /** Runs `work` to its end, tracing its error: waiting, or in virtual time by running the work it waits for. */
    private fun runToEnd(label: String, work: suspend () -> Unit) {
        val job = scope.launch(start = CoroutineStart.UNDISPATCHED) {
            try {
                work()
            } catch (cancelled: CancellationException) {
                throw cancelled
            } catch (error: Throwable) {
                println("error $label ${error.message}")
            }
        }
        waitFor(job)
    }

    /** In virtual time, runs the work due; else waits for `job` to end. */
    private fun waitFor(job: Job) {
        if (timeIsVirtual) time.settle() else runBlocking { job.join() }
    }
}

/**
 * A dispatcher on a virtual clock, as kotlinx-coroutines-test's: work dispatched to it and its
 * delays (a debounce's) run only when [settle] or [advance] runs them, in time order, then in
 * the order they were scheduled, on the thread that called. Work may be scheduled from any
 * thread: the clock and the queue are read and changed under its lock.
 */
@OptIn(InternalCoroutinesApi::class)
class VirtualTime : CoroutineDispatcher(), Delay {
    private class Task(val time: Long, val order: Long, val block: Runnable) {
        @Volatile var isCancelled = false
    }

    private val tasks = PriorityQueue<Task>(compareBy<Task>({ it.time }, { it.order }))
    private var now = 0L
    private var scheduled = 0L

    override fun dispatch(context: CoroutineContext, block: Runnable) {
        schedule(0, block)
    }

    override fun scheduleResumeAfterDelay(timeMillis: Long, continuation: CancellableContinuation<Unit>) {
        val task = schedule(timeMillis, Runnable { continuation.resume(Unit) })
        continuation.invokeOnCancellation { task.isCancelled = true }
    }

    override fun invokeOnTimeout(timeMillis: Long, block: Runnable, context: CoroutineContext): DisposableHandle {
        val task = schedule(timeMillis, block)
        return DisposableHandle { task.isCancelled = true }
    }

    /** Runs the work due now, and what it schedules for now. */
    fun settle() = runUntil(synchronized(this) { now })

    /** Runs the work due within `milliseconds`, each at its time, and ends there. */
    fun advance(milliseconds: Long) {
        val end = synchronized(this) { now + milliseconds }
        runUntil(end)
        synchronized(this) { now = end }
    }

    @Synchronized
    private fun schedule(delay: Long, block: Runnable): Task =
        Task(now + maxOf(delay, 0), scheduled++, block).also { tasks.add(it) }

    private fun runUntil(time: Long) {
        while (true) {
            val task = synchronized(this) {
                val next = tasks.peek()
                if (next == null || next.time > time) null else tasks.poll().also { now = it.time }
            } ?: break
            if (!task.isCancelled) task.block.run()
        }
    }
}
