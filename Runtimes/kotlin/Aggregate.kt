package modelgen.runtime

import java.util.Optional

/**
 * What an aggregate stream computes from its rows: a count; the sum, average, minimum or maximum
 * of a field. Rows whose field is null are skipped. Sums are exact ([ExactSum]), so that a sum
 * kept up to date from changes equals one computed afresh; a minimum or maximum keeps the values
 * in the contract's order.
 */
class Aggregate<Row, Output : Any> private constructor(
    /** The value a row adds, or null when it adds none. */
    internal val value: (Row) -> Any?,
    internal val makeState: () -> AggregateState<Output>
) {
    /** The aggregate of `rows`, or of those that match `predicate`. */
    internal fun over(rows: List<Row>, predicate: ((Row) -> Boolean)?): Output {
        val state = makeState()
        for (row in rows) {
            if (predicate != null && !predicate(row)) continue
            value(row)?.let(state::add)
        }
        return state.result()
    }

    companion object {
        /** How many rows there are. */
        fun <Row> count(): Aggregate<Row, Int> = Aggregate({ 0.0 }, { CountState() })

        /**
         * The sum of an int field: 0 over no rows. Fails with an [AggregateException] when the
         * sum is beyond ±(2^53 − 1), which not every language holds exactly.
         */
        fun <Row> sumOfInts(value: (Row) -> Long?): Aggregate<Row, Long> = Aggregate({ row -> value(row)?.toDouble() }) {
            SumState { sum ->
                val total = sum.value
                if (Math.abs(total) > 9_007_199_254_740_991.0) throw AggregateException("an int sum beyond ±(2^53 − 1), which not every language holds exactly")
                total.toLong()
            }
        }

        /** The sum of a double field: 0 over no rows, NaN when a value is NaN. */
        fun <Row> sumOfDoubles(value: (Row) -> Double?): Aggregate<Row, Double> = Aggregate(value) { SumState { sum -> sum.value } }

        /** The average of an int or double field: empty over no rows, NaN when a value is NaN. */
        fun <Row> average(value: (Row) -> Number?): Aggregate<Row, Optional<Double>> = Aggregate({ row -> value(row)?.toDouble() }) {
            SumState { sum -> if (sum.count == 0) Optional.empty() else Optional.of(sum.value / sum.count + 0.0) }
        }

        /** The least value of a field in the contract's order (NaN below every other number, strings by code point): empty over no rows. */
        fun <Row, Value : Any> min(value: (Row) -> Value?): Aggregate<Row, Optional<Value>> = Aggregate({ row -> value(row)?.let(::normalized) }) { ExtremeState<Value>(false) }

        /** The greatest value of a field in the contract's order: empty over no rows. */
        fun <Row, Value : Any> max(value: (Row) -> Value?): Aggregate<Row, Optional<Value>> = Aggregate({ row -> value(row)?.let(::normalized) }) { ExtremeState<Value>(true) }

        /**
         * `aggregate` for each value of `key`, as groups in the contract's order of their keys
         * (strings by code point); rows whose key is null, or that add nothing to `aggregate`, are
         * left out. `Value` is what a group holds: the aggregate over one value or more, never
         * empty, and a count as a `Long`, like every int of the model.
         */
        fun <Row, Key : Any, Value : Any> grouped(aggregate: Aggregate<Row, *>, key: (Row) -> Key?): Aggregate<Row, List<Grouped<Key, Value>>> =
            Aggregate({ row -> key(row)?.let { group -> aggregate.value(row)?.let { Pair(group, it) } } }) {
                GroupedState<Key, Value>(aggregate.makeState)
            }

        /** −0 as 0, so that of two equal values the one given back is the same in every language. */
        private fun normalized(value: Any): Any = if (value is Double) value + 0.0 else value
    }
}

/** What an aggregate keeps of its values, changed value by value. */
internal interface AggregateState<Output> {
    fun add(value: Any)
    fun remove(value: Any)
    fun result(): Output

    /** The result over one value or more, as a group of a grouped aggregate holds it: never empty. */
    fun groupResult(): Any = result().let { if (it is Optional<*>) it.get() else it!! }
}

/** One group of a grouped aggregate (`{ count: tasks, by: status }`): a value of the key and the aggregate of the rows that have it. */
data class Grouped<Key, Value>(val key: Key, val value: Value)

/** An aggregate for each value of a key: a group exists while a row adds to it. */
private class GroupedState<Key : Any, Value : Any>(private val makeState: () -> AggregateState<*>) : AggregateState<List<Grouped<Key, Value>>> {
    private class Group(val key: Any, val state: AggregateState<*>) {
        var size = 0
    }

    private val groups = HashMap<ContractKey, Group>()

    override fun add(value: Any) {
        val (key, added) = value as Pair<*, *>
        val group = groups.getOrPut(ContractKey(key!!)) { Group(key, makeState()) }
        group.state.add(added!!)
        group.size += 1
    }

    override fun remove(value: Any) {
        val (key, removed) = value as Pair<*, *>
        val contractKey = ContractKey(key!!)
        val group = groups[contractKey] ?: return
        group.state.remove(removed!!)
        group.size -= 1
        if (group.size == 0) groups.remove(contractKey)
    }

    @Suppress("UNCHECKED_CAST")
    override fun result(): List<Grouped<Key, Value>> =
        groups.values.sortedWith { a, b -> Match.order(a.key, b.key) }.map { Grouped(it.key as Key, it.state.groupResult() as Value) }
}

/** How many values there are. */
private class CountState : AggregateState<Int> {
    private var count = 0

    override fun add(value: Any) {
        count += 1
    }

    override fun remove(value: Any) {
        count -= 1
    }

    override fun result(): Int = count

    override fun groupResult(): Any = count.toLong()
}

/** An exact sum of the values, and what `finish` makes of it. */
private class SumState<Output>(private val finish: (ExactSum) -> Output) : AggregateState<Output> {
    private val sum = ExactSum()

    override fun add(value: Any) = sum.add(value as Double)

    override fun remove(value: Any) = sum.remove(value as Double)

    override fun result(): Output = finish(sum)
}

/** The values in the contract's order, each found by binary search; the least or the greatest. */
private class ExtremeState<Value : Any>(private val greatest: Boolean) : AggregateState<Optional<Value>> {
    private val values = ArrayList<Any>()

    override fun add(value: Any) = values.add(positionAfter(value), value)

    override fun remove(value: Any) {
        val index = positionAfter(value)
        if (index > 0 && Match.order(values[index - 1], value) == 0) values.removeAt(index - 1)
    }

    @Suppress("UNCHECKED_CAST")
    override fun result(): Optional<Value> = Optional.ofNullable((if (greatest) values.lastOrNull() else values.firstOrNull()) as Value?)

    /** Where `value` goes: after every value not greater than it. */
    private fun positionAfter(value: Any): Int {
        var low = 0
        var high = values.size
        while (low < high) {
            val middle = (low + high) ushr 1
            if (Match.order(value, values[middle]) < 0) high = middle else low = middle + 1
        }
        return low
    }
}

/** Why an aggregate stream failed. */
class AggregateException(message: String) : RuntimeException(message)

/**
 * The aggregate of one query listener's documents that decode and match `isIncluded`, kept up
 * to date from each snapshot's changes: a snapshot costs what changed in it.
 */
internal class QueryAggregator<Row, Output : Any>(
    private val aggregate: Aggregate<Row, Output>,
    private val decoder: ReportingDecoder<Row>,
    private val isIncluded: (Row) -> Boolean
) {
    /** The value each of the snapshot's documents, in order, adds; null when it adds none. */
    private val values = ArrayList<Any?>()
    private val state = aggregate.makeState()
    private var emitted: Output? = null

    /** The aggregate after `snapshot`, or null when it is the one last returned. */
    @Synchronized
    fun resultAfter(snapshot: QuerySnapshot): Output? {
        for (change in snapshot.changes) {
            when (change) {
                is DocumentChange.Added -> insert(change.document, change.newIndex)
                is DocumentChange.Removed -> values.removeAt(change.oldIndex)?.let(state::remove)
                is DocumentChange.Modified -> {
                    values.removeAt(change.oldIndex)?.let(state::remove)
                    insert(change.document, change.newIndex)
                }
            }
        }
        val output = state.result()
        if (output == emitted) return null
        emitted = output
        return output
    }

    private fun insert(document: DocumentSnapshot, index: Int) {
        val row = decoder.decode(document)
        val value = if (row != null && isIncluded(row.value)) aggregate.value(row.value) else null
        values.add(index, value)
        if (value != null) state.add(value)
    }
}

/**
 * A multiset of doubles whose sum is exact: values are added and removed without rounding, and
 * [value] is their exact sum rounded once to the nearest double (ties to even), whatever the
 * order of the changes that led to it. NaN and the infinities are counted apart. Values are
 * kept as non-overlapping partial sums (Shewchuk's algorithm, as Python's `math.fsum`): those of
 * magnitude 1 or more scaled by 2⁻⁶⁴, so that no partial sum overflows.
 */
class ExactSum {
    private val large = ArrayList<Double>()
    private val small = ArrayList<Double>()
    private var nans = 0
    private var positiveInfinities = 0
    private var negativeInfinities = 0

    /** How many values it holds. */
    var count = 0
        private set

    fun add(value: Double) = change(value, 1)

    fun remove(value: Double) = change(value, -1)

    private fun change(value: Double, sign: Int) {
        count += sign
        when {
            value.isNaN() -> nans += sign
            value == Double.POSITIVE_INFINITY -> positiveInfinities += sign
            value == Double.NEGATIVE_INFINITY -> negativeInfinities += sign
            Math.abs(value) >= 1.0 -> accumulate(sign * value * TWO_TO_MINUS_64, large)
            else -> accumulate(sign * value, small)
        }
    }

    /**
     * The sum, rounded once: NaN when a value is NaN or both infinities are held, an infinity
     * when one is or when the sum is beyond the largest double; 0 (never −0) when it holds none.
     */
    val value: Double
        get() {
            if (nans > 0 || (positiveInfinities > 0 && negativeInfinities > 0)) return Double.NaN
            if (positiveInfinities > 0) return Double.POSITIVE_INFINITY
            if (negativeInfinities > 0) return Double.NEGATIVE_INFINITY
            val partials = ArrayList<Double>()
            for (value in large.map { it * TWO_TO_64 } + small) {
                if (!value.isFinite()) return value
                accumulate(value, partials)
                if (!partials.last().isFinite()) return partials.last()
            }
            val sum = rounded(partials)
            return if (sum == 0.0) 0.0 else sum
        }

    private companion object {
        const val TWO_TO_64 = 18446744073709551616.0
        const val TWO_TO_MINUS_64 = 1.0 / 18446744073709551616.0

        /** Adds `value` to non-overlapping partials, exactly. */
        fun accumulate(value: Double, partials: ArrayList<Double>) {
            var x = value
            var kept = 0
            for (index in partials.indices) {
                var y = partials[index]
                if (Math.abs(x) < Math.abs(y)) {
                    val swapped = x
                    x = y
                    y = swapped
                }
                val high = x + y
                val low = y - (high - x)
                if (low != 0.0) {
                    partials[kept] = low
                    kept += 1
                }
                x = high
            }
            while (partials.size > kept) partials.removeAt(partials.size - 1)
            partials.add(x)
        }

        /** The exact sum of the partials rounded to the nearest double, ties to even. */
        fun rounded(partials: List<Double>): Double {
            var index = partials.size
            if (index == 0) return 0.0
            index -= 1
            var high = partials[index]
            var low = 0.0
            while (index > 0) {
                val x = high
                index -= 1
                val y = partials[index]
                high = x + y
                low = y - (high - x)
                if (low != 0.0) break
            }
            // Half-way cases: the rest of the partials decides the direction.
            if (index > 0 && ((low < 0.0 && partials[index - 1] < 0.0) || (low > 0.0 && partials[index - 1] > 0.0))) {
                val y = low * 2
                val x = high + y
                if (y == x - high) high = x
            }
            return high
        }
    }
}
