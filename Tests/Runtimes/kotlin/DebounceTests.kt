package modelgen.runtime.tests

import io.reactivex.rxjava3.core.Maybe
import io.reactivex.rxjava3.functions.Consumer
import io.reactivex.rxjava3.schedulers.TestScheduler
import io.reactivex.rxjava3.subjects.PublishSubject
import java.util.Optional
import java.util.concurrent.TimeUnit
import modelgen.runtime.debounced
import modelgen.runtime.toOptional

// `debounced`: the last value of a burst once the input has been quiet that long on the
// scheduler's clock; a last value equal to the one emitted before is left out. `toOptional`: a
// document read as a combine's read holds it.

internal fun debounceChecks() {
    val time = TestScheduler()
    val input = PublishSubject.create<Double>()
    val values = mutableListOf<Double>()
    val subscription = input.debounced(300, time).subscribe(Consumer { values.add(it) })
    input.onNext(1.0)
    time.advanceTimeBy(299, TimeUnit.MILLISECONDS)
    input.onNext(Double.NaN)
    time.advanceTimeBy(299, TimeUnit.MILLISECONDS)
    expect(values.size, 0, "each value restarts the wait")
    time.advanceTimeBy(1, TimeUnit.MILLISECONDS)
    expect(values.size == 1 && values[0].isNaN(), true, "the last value of the burst")
    input.onNext(2.0)
    input.onNext(Double.NaN)
    time.advanceTimeBy(1, TimeUnit.SECONDS)
    expect(values.size, 1, "a burst that ends where it began emits nothing")
    subscription.dispose()
    input.onNext(3.0)
    time.advanceTimeBy(1, TimeUnit.SECONDS)
    expect(values.size, 1, "nothing after disposal")
    expect(Maybe.just("a").toOptional().blockingGet(), Optional.of("a"), "a document read")
    expect(Maybe.empty<String>().toOptional().blockingGet(), Optional.empty<String>(), "no document")
}
