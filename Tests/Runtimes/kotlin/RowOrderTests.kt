package modelgen.runtime.tests

import io.reactivex.rxjava3.subjects.PublishSubject
import modelgen.runtime.RowOrder
import modelgen.runtime.sortRows
import modelgen.runtime.sortedRows

// `sortedRows` and `sortRows`: keys in the contract's value order (null first), ties in the
// input's order either way, the first `limit` rows.

private data class Book(val id: String, val title: String, val rating: Double?)

internal fun rowOrderChecks() {
    val rows = listOf(
        Book("a", "b", 3.0), Book("b", "B", Double.NaN), Book("c", "\u00E9", 3.0),
        Book("d", "a", null), Book("e", "e\u0301", -0.0), Book("f", "z", 0.0)
    )
    val ids = { books: List<Book> -> books.map { it.id } }
    expect(ids(sortedRows(rows, listOf(RowOrder.descending<Book> { it.rating }))), listOf("a", "c", "e", "f", "b", "d"), "3 (a tie), -0 and 0 (a tie), NaN, null")
    expect(ids(sortedRows(rows, listOf(RowOrder.ascending<Book> { it.rating }))), listOf("d", "b", "e", "f", "a", "c"), "null, NaN, -0 and 0, 3")
    expect(ids(sortedRows(rows, listOf(RowOrder.ascending<Book> { it.title }))), listOf("b", "d", "a", "e", "f", "c"), "by code point")
    expect(ids(sortedRows(rows, listOf(RowOrder.ascending<Book> { it.rating }, RowOrder.descending<Book> { it.title }))), listOf("d", "b", "f", "e", "c", "a"), "the second key breaks ties")
    expect(ids(sortedRows(rows, listOf(RowOrder.ascending<Book> { it.title }), 2)), listOf("b", "d"), "the first two")
    expect(ids(sortedRows(rows, listOf(), 2)), listOf("a", "b"), "no key: the input's order")
    expect(sortedRows(rows, listOf(RowOrder.ascending<Book> { it.title }), -1), listOf<Book>(), "a limit below zero keeps none")

    val input = PublishSubject.create<List<Book>>()
    val emitted = mutableListOf<List<String>>()
    val subscription = input.sortRows(listOf(RowOrder.ascending<Book> { it.title }), 2).subscribe { emitted.add(ids(it)) }
    input.onNext(rows)
    input.onNext(rows.reversed())
    input.onNext(rows.drop(1))
    subscription.dispose()
    expect(emitted, listOf(listOf("b", "d")), "emits only when the rows change")
}
