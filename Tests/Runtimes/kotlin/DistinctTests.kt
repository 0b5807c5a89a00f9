package modelgen.runtime.tests

import io.reactivex.rxjava3.subjects.PublishSubject
import modelgen.runtime.distinctRows
import modelgen.runtime.firstForEachKey

// `distinctRows`: the first row for each key, in order, keys equal under the contract.

internal fun distinctRowsChecks() {
    val rows = listOf("a" to "x", "b" to null, "c" to "x", "d" to "\u00E9", "e" to "e\u0301", "f" to null, "g" to "y")
    expect(firstForEachKey(rows) { it.second }.map { it.first }, listOf("a", "b", "d", "e", "g"), "nil is one key; é in two forms is two")
    expect(firstForEachKey(listOf(Double.NaN, 0.0, -0.0, 1.0, Double.NaN, 1L)) { it }.size, 3, "NaN equals NaN, -0 equals 0, 1L equals 1.0")
    expect(firstForEachKey(emptyList<Int>()) { it }, emptyList<Int>(), "no rows")

    val input = PublishSubject.create<List<Int>>()
    val emitted = mutableListOf<List<Int>>()
    val subscription = input.distinctRows { it % 3 }.subscribe { emitted.add(it) }
    input.onNext(listOf(1, 4, 2))
    input.onNext(listOf(1, 7, 2))
    input.onNext(listOf(5, 1, 2))
    subscription.dispose()
    expect(emitted, listOf(listOf(1, 2), listOf(5, 1)), "emits only when the rows change")
}
