package modelgen.runtime.tests

import io.reactivex.rxjava3.core.Single
import io.reactivex.rxjava3.subjects.PublishSubject
import java.util.Optional
import modelgen.runtime.Aggregate
import modelgen.runtime.ExactSum
import modelgen.runtime.aggregateRows

// `ExactSum` and `Aggregate`: the exact sum of the values held, rounded once, whatever the order
// of changes; nulls skipped; emissions only on change. The expected values were checked with
// Python's `fractions.Fraction` (exact) and `math.fsum`.

private fun sum(vararg values: Double): Double {
    val sum = ExactSum()
    values.forEach(sum::add)
    return sum.value
}

internal fun exactSumChecks() {
    expect(sum(0.1, 0.2, 0.3), 0.6, "a running sum gives 0.6000000000000001")
    expect(sum(1e16, 1.0, -1e16), 1.0, "1 survives 1e16")
    expect(sum(1.0, Math.pow(2.0, -53.0)), 1.0, "half-way: ties to even")
    expect(sum(1.0, Math.pow(2.0, -53.0), Math.pow(2.0, -106.0)), 1.0000000000000002, "just above half-way")
    expect(sum(4.9e-324, 4.9e-324, 4.9e-324), 1.5e-323, "subnormals lose nothing")
    expect(1.0 / sum(-0.0), Double.POSITIVE_INFINITY, "0, never -0")
    expect(sum(1e308, 1e308, -1e308), 1e308, "no overflow on the way")
    expect(sum(Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE), Double.MAX_VALUE, "no overflow on the way")
    expect(sum(1e308, 1e308), Double.POSITIVE_INFINITY, "beyond the largest double")

    val counted = ExactSum()
    counted.add(1.5)
    counted.add(Double.NaN)
    expect(counted.value.isNaN(), true, "NaN")
    counted.remove(Double.NaN)
    counted.add(Double.POSITIVE_INFINITY)
    counted.add(Double.NEGATIVE_INFINITY)
    expect(counted.value.isNaN(), true, "+inf and -inf give NaN")
    counted.remove(Double.POSITIVE_INFINITY)
    counted.remove(Double.NEGATIVE_INFINITY)
    expect(counted.value, 1.5, "removing NaN and the infinities undoes them")
    expect(counted.count, 1, "one value left")

    val random = java.util.Random(19)
    repeat(200) {
        val values = List(1 + random.nextInt(40)) {
            (1 + random.nextDouble() * 9) * Math.scalb(1.0, random.nextInt(2096) - 1080) * (if (random.nextBoolean()) 1 else -1)
        }
        val removed = values.filter { random.nextBoolean() }
        val kept = values.toMutableList()
        removed.forEach { kept.remove(it) }
        val changed = ExactSum()
        values.shuffled(random).forEach(changed::add)
        removed.shuffled(random).forEach(changed::remove)
        expect(changed.value, sum(*kept.shuffled(random).toDoubleArray()), "$values without $removed")
    }
}

private class Row(val points: Long?, val price: Double?)

internal fun aggregateChecks() {
    val rows = listOf(Row(2, 0.1), Row(null, 0.2), Row(3, 0.3))
    val points = Aggregate.sumOfInts<Row> { it.points }
    expect(PublishSubject.create<List<Row>>().let { input ->
        val emitted = mutableListOf<Any>()
        val subscription = input.aggregateRows(points).subscribe { emitted.add(it) }
        input.onNext(rows)
        input.onNext(rows.drop(1))
        input.onNext(listOf(Row(3, null)))
        subscription.dispose()
        emitted
    }, listOf<Any>(5L, 3L), "sums of ints, emitted only when they change")

    val prices = PublishSubject.create<List<Row>>()
    val averages = mutableListOf<Optional<Double>>()
    val averaging = prices.aggregateRows(Aggregate.average<Row> { it.price }) { it.points != null }.subscribe { averages.add(it) }
    prices.onNext(rows)
    prices.onNext(listOf(Row(null, 1.0)))
    prices.onNext(listOf(Row(1, Double.NaN)))
    prices.onNext(listOf(Row(2, Double.NaN)))
    averaging.dispose()
    expect(averages.map { it.map(Double::toString).orElse("none") }, listOf("0.2", "none", "NaN"), "averages of the matching rows; none over none; NaN once")

    val underflowing = Single.just(listOf(Row(1, -Double.MIN_VALUE), Row(1, 0.0)))
    expect(1.0 / underflowing.aggregateRows(Aggregate.average<Row> { it.price }).blockingGet().get(), Double.POSITIVE_INFINITY, "an average of -0 (half the least double) is 0")

    val extremes = Single.just(listOf(Row(3, 2.0), Row(null, Double.NaN), Row(-1, -0.0)))
    expect(extremes.aggregateRows(Aggregate.min<Row, Long> { it.points }).blockingGet(), Optional.of(-1L), "the least int")
    expect(extremes.aggregateRows(Aggregate.max<Row, Long> { it.points }).blockingGet(), Optional.of(3L), "the greatest int")
    expect(extremes.aggregateRows(Aggregate.min<Row, Double> { it.price }).blockingGet().get().isNaN(), true, "NaN is below every other number")
    expect(extremes.aggregateRows(Aggregate.max<Row, Double> { it.price }).blockingGet(), Optional.of(2.0), "the greatest double")
    expect(Single.just(listOf(Row(1, -0.0))).aggregateRows(Aggregate.max<Row, Double> { it.price }).blockingGet().get().let { 1.0 / it }, Double.POSITIVE_INFINITY, "-0 comes back as 0")
    expect(Single.just(emptyList<Row>()).aggregateRows(Aggregate.min<Row, Double> { it.price }).blockingGet(), Optional.empty<Double>(), "empty over no rows")

    val failed = mutableListOf<String>()
    PublishSubject.create<List<Row>>().also { input ->
        input.aggregateRows(points).subscribe({}, { failed.add(it.message ?: "") })
        input.onNext(listOf(Row(9_007_199_254_740_991, null), Row(1, null)))
    }
    expect(failed, listOf("an int sum beyond ±(2^53 − 1), which not every language holds exactly"), "an int sum beyond the safe range fails")
}
