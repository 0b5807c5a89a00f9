// The trace a vector runner prints, read by `modelgen verify`: the RxJava flavour's subscriptions,
// reads, transactions and virtual time. Copied verbatim into each run, beside Support.kt.
package vectors

import io.reactivex.rxjava3.core.Completable
import io.reactivex.rxjava3.core.Maybe
import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.core.Scheduler
import io.reactivex.rxjava3.core.Single
import io.reactivex.rxjava3.disposables.Disposable
import io.reactivex.rxjava3.schedulers.TestScheduler
import java.util.Optional
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import modelgen.runtime.DocumentValue

/**
 * Prints what happens while a vector runs, one line each: what [TraceLines] prints, and
 * `emit LABEL VALUE`, `error LABEL MESSAGE` and `done LABEL` of each subscription, read and
 * transaction.
 */
class Trace : TraceLines() {
    private val subscriptions = mutableMapOf<String, Disposable>()
    private val time = TestScheduler()
    private var timeIsVirtual = false

    /**
     * The model's scheduler in a vector that advances time: RxJava's `TestScheduler`, whose work
     * runs when [settle] or [advance] runs it.
     */
    fun virtualTime(): Scheduler = time.also { timeIsVirtual = true }

    /** Moves the virtual clock on by `milliseconds`, running what falls due. */
    fun advance(milliseconds: Long) = time.advanceTimeBy(milliseconds, TimeUnit.MILLISECONDS)

    /** Runs the work due now: after each step of a vector in virtual time. */
    fun settle() = time.triggerActions()

    fun <T : Any> subscribe(label: String, stream: Observable<T>, traced: (T) -> DocumentValue) {
        opening(label)
        subscriptions[label] = stream.subscribe(
            { println("emit $label ${canonical(traced(it))}") },
            { println("error $label ${it.message}") },
            { println("done $label") }
        )
        opened()
    }

    /**
     * As [subscribe], then waits until the stream has ended (done or error), so that the steps
     * stay in order; in virtual time, runs the work due instead, as [runToEnd] does.
     */
    fun <T : Any> subscribeToEnd(label: String, stream: Observable<T>, traced: (T) -> DocumentValue) {
        val ended = CountDownLatch(1)
        subscribe(label, stream.doFinally { ended.countDown() }, traced)
        if (timeIsVirtual) time.triggerActions() else ended.await()
    }

    /** Runs a one-shot read to its end: its value is the label's one emission, or its error. */
    fun <T : Any> read(label: String, read: Single<T>, traced: (T) -> DocumentValue) =
        runToEnd(read.doOnSuccess { println("emit $label ${canonical(traced(it))}") }.ignoreElement()) { println("error $label ${it.message}") }

    /** A read of one document: empty when there is none. */
    fun <T : Any> read(label: String, read: Maybe<T>, traced: (Optional<T>) -> DocumentValue) =
        this.read(label, read.map { Optional.of(it) }.defaultIfEmpty(Optional.empty()), traced)

    fun cancel(label: String) {
        subscriptions.remove(label)?.dispose()
    }

    /** Runs a transaction to its end: `done`, or its error. */
    fun transaction(label: String, run: Single<*>) =
        runToEnd(run.ignoreElement().doOnComplete { println("done $label") }) { println("error $label ${it.message}") }

    /** Runs `work` to its end: blocking, or in virtual time by running the work it waits for. */
    private fun runToEnd(work: Completable, onError: (Throwable) -> Unit) {
        if (!timeIsVirtual) return work.blockingSubscribe({}, onError)
        work.subscribe({}, onError)
        time.triggerActions()
    }
}
