package modelgen.runtime.tests

import io.reactivex.rxjava3.subjects.PublishSubject
import modelgen.runtime.ChangedRows
import modelgen.runtime.RowOrder
import modelgen.runtime.innerJoin
import modelgen.runtime.leftJoin
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

/**
 * A sort stream fed lists in which a few rows change at a time (the others the same objects, as
 * the join passes them on) emits what a stable sort of each list gives, and only when it changes.
 */
internal fun incrementalSortChecks() {
    val random = java.util.Random(11)
    val titles = listOf("a", "b", "c", null)
    val ratings = listOf(null, Double.NaN, 0.0, -0.0, 1.0, 2.0)
    fun book(id: Int) = Book("$id", titles[random.nextInt(titles.size)] ?: "", ratings[random.nextInt(ratings.size)])
    val orders = listOf(RowOrder.descending<Book> { it.rating }, RowOrder.ascending<Book> { it.title })
    val byRatingThenTitle = Comparator<Book> { a, b ->
        for (order in orders) {
            val result = order.compare(a, b)
            if (result != 0) return@Comparator result
        }
        0
    }
    // Lists fed plain, or with a true record of the rows replaced, as the join's are.
    for ((recorded, limit) in listOf(false, true).flatMap { recorded -> listOf(null, 0, 1, 5, 30).map { recorded to it } }) {
        val input = PublishSubject.create<List<Book>>()
        val emitted = mutableListOf<List<Book>>()
        val subscription = input.sortRows(orders, limit).subscribe { emitted.add(it) }
        var rows = (0 until 40).map(::book)
        var fed: List<Book> = emptyList()
        for (step in 0 until 300) {
            rows = rows.toMutableList().also { next ->
                when (random.nextInt(10)) {
                    0 -> next.add(book(100 + step))
                    1 -> if (next.isNotEmpty()) next.removeAt(random.nextInt(next.size))
                    2 -> for (position in next.indices) next[position] = next[position].copy()
                    else -> repeat(1 + random.nextInt(3)) { if (next.isNotEmpty()) next[random.nextInt(next.size)] = book(random.nextInt(40)) }
                }
            }
            val replaced = if (rows.size == fed.size) rows.indices.filter { rows[it] !== fed[it] }.toIntArray() else null
            fed = ArrayList(rows).also { if (recorded && replaced != null) ChangedRows.record(it, fed, replaced) }
            input.onNext(fed)
            val sorted = rows.sortedWith(byRatingThenTitle).take(limit?.coerceAtLeast(0) ?: rows.size)
            expect(emitted.lastOrNull(), sorted, "limit $limit, recorded $recorded, step $step: a stable sort's first rows")
        }
        subscription.dispose()
        expect(emitted.zipWithNext().none { (a, b) -> a == b }, true, "limit $limit: emits only when the rows change")
    }

    // The sort takes a record's word (it does not compare the rows itself): a replaced row the
    // record leaves out is not placed again.
    val input = PublishSubject.create<List<Book>>()
    val emitted = mutableListOf<List<String>>()
    val subscription = input.sortRows(listOf(RowOrder.ascending<Book> { it.title })).subscribe { emitted.add(it.map { book -> book.title }) }
    val first = listOf(Book("a", "a", null), Book("b", "b", null), Book("c", "c", null))
    val second = listOf(Book("a", "z", null), first[1], first[2])
    ChangedRows.record(second, first, intArrayOf())
    input.onNext(first)
    input.onNext(second)
    input.onNext(listOf(Book("a", "z", null), first[1], first[2]))
    subscription.dispose()
    expect(emitted, listOf(listOf("a", "b", "c"), listOf("z", "b", "c"), listOf("b", "c", "z")), "a record's word is taken; a list without one is compared")
}

private data class Member(val id: String, val name: String)

/**
 * A sort below a join, which takes the join's record of the rows it joined again, gives what a
 * stable sort of the join's rows gives: also when the join, half-way through a patch, joins every
 * row again and finds what it last returned (an inner join whose rows only trade places), and
 * when a patch meets one key twice and its rows never compare equal (they hold a function).
 */
internal fun sortBelowJoinChecks() {
    data class Named(val text: String, val name: String?)
    val texts = mapOf("a" to "x", "b" to "y", "c" to "y", "k" to "t")
    val byName = listOf(RowOrder.ascending<Named> { it.name })
    val posts = PublishSubject.create<List<String>>()
    val people = PublishSubject.create<List<Member>>()
    val sorted = mutableListOf<List<String?>>()
    val subscription = posts.innerJoin(people, { it }, { it.id }) { post, person -> Named(texts.getValue(post), person.name) }
        .sortRows(byName).subscribe { rows -> sorted.add(rows.map { it.name }) }
    posts.onNext(listOf("a", "b", "c") + List(13) { "k" })
    val k = Member("k", "K")
    for ((step, right) in listOf(
        listOf(Member("a", "A"), Member("b", "B"), k),
        listOf(Member("a", "Z"), Member("c", "B"), k),
        listOf(Member("a", "Z"), Member("c", "C"), k)
    ).withIndex()) {
        people.onNext(right)
        val expected = listOf(right[0].name, right[1].name, "K").sorted().flatMap { if (it == "K") List(13) { "K" } else listOf(it) }
        expect(sorted.lastOrNull(), expected, "an inner join's rows trading places, step $step: the sort below it")
    }
    subscription.dispose()

    class Tagged(val name: String?, val tag: () -> String)
    val lefts = PublishSubject.create<List<String>>()
    val rights = PublishSubject.create<List<Member>>()
    val names = mutableListOf<List<String?>>()
    val tagged = lefts.leftJoin(rights, { it }, { it.id }) { post, person -> Tagged(person?.name) { post } }
        .sortRows(listOf(RowOrder.ascending<Tagged> { it.name })).subscribe { rows -> names.add(rows.map { it.name }) }
    lefts.onNext(listOf("a", "b", "c", "d") + List(36) { "b" })
    val (b, c) = Pair(Member("b", "Bb"), Member("c", "Cc"))
    rights.onNext(listOf(Member("a", "Aa"), b, c, Member("d", "Dd")))
    // Two rows replaced: one renamed, one whose key moves to the first's.
    rights.onNext(listOf(Member("a", "Ax"), b, c, Member("a", "Dd")))
    tagged.dispose()
    expect(names.lastOrNull(), listOf(null, "Ax") + List(37) { "Bb" } + listOf("Cc"), "one key twice in a patch: the sort below it")
}
