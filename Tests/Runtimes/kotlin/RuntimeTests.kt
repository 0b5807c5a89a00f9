package modelgen.runtime.tests

import io.reactivex.rxjava3.core.Completable
import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.core.Single
import io.reactivex.rxjava3.functions.Action
import io.reactivex.rxjava3.functions.Consumer
import io.reactivex.rxjava3.schedulers.Schedulers
import io.reactivex.rxjava3.schedulers.TestScheduler
import io.reactivex.rxjava3.subjects.PublishSubject
import java.util.Optional
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import kotlin.system.exitProcess
import modelgen.runtime.ChangedRows
import modelgen.runtime.CodePoints
import modelgen.runtime.Codecs
import modelgen.runtime.CollectionStream
import modelgen.runtime.ConstraintException
import modelgen.runtime.DecodeFailure
import modelgen.runtime.DocumentChange
import modelgen.runtime.DocumentCodec
import modelgen.runtime.DocumentData
import modelgen.runtime.DocumentDecodingException
import modelgen.runtime.DocumentDecodingException.Problem
import modelgen.runtime.DocumentSnapshot
import modelgen.runtime.DocumentStore
import modelgen.runtime.DocumentStream
import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.FieldPath
import modelgen.runtime.FieldUpdate
import modelgen.runtime.FieldReader
import modelgen.runtime.InMemoryStore
import modelgen.runtime.MAXIMUM_TRANSACTION_ATTEMPTS
import modelgen.runtime.Match
import modelgen.runtime.PreCheck
import modelgen.runtime.PreCheckException
import modelgen.runtime.QueryEngine
import modelgen.runtime.QueryFilter
import modelgen.runtime.QueryOperator
import modelgen.runtime.QueryOrder
import modelgen.runtime.QuerySnapshot
import modelgen.runtime.StoreException
import modelgen.runtime.StoreQuery
import modelgen.runtime.Timestamp
import modelgen.runtime.ValueOrder
import modelgen.runtime.commitBatch
import modelgen.runtime.countRows
import modelgen.runtime.filterRows
import modelgen.runtime.get
import modelgen.runtime.getDocument
import modelgen.runtime.getDocuments
import modelgen.runtime.innerJoin
import modelgen.runtime.leftJoin
import modelgen.runtime.runTransaction
import modelgen.runtime.written

// A small test harness: every check counts; failures print one line each.

private var passed = 0
private val failures = ArrayList<String>()

internal fun check(condition: Boolean, what: String) {
    if (condition) passed++ else failures.add(what)
}

internal fun <T> expect(actual: T, expected: T, what: String) {
    check(actual == expected, "$what: expected <$expected> but got <$actual>")
}

/** Records what an observable emits. */
private class Recorder<T : Any>(source: Observable<T>) {
    private val received = ArrayList<T>()
    @Volatile var error: Throwable? = null
    private val disposable = source.subscribe(Consumer { synchronized(received) { received.add(it) } }, Consumer { error = it })

    val values: List<T> get() = synchronized(received) { received.toList() }

    fun dispose() = disposable.dispose()
}

private fun <T : Any> Observable<T>.record(): Recorder<T> = Recorder(this)

private fun <T : Any> expectValues(recorder: Recorder<T>, expected: List<T>, what: String) {
    expect(recorder.values, expected, what)
}

/**
 * Subscribes to `rows` and checks, as each list arrives, its record of what changed since the
 * list before it ([ChangedRows]): as long, the same objects at every position it leaves out.
 * (Kotlin keeps only the latest records, so they are checked as they come.)
 */
private class RecordChecks<T : Any>(rows: Observable<List<T>>, what: String) {
    /** How many lists had a record. */
    var recorded = 0
    private var last: List<T>? = null
    private val disposable = rows.subscribe { next ->
        val changed = last?.let { ChangedRows.recorded(next, it) }
        if (changed != null) {
            val earlier = last!!
            recorded += 1
            check(next.size == earlier.size && next.indices.all { it in changed || next[it] === earlier[it] }, "$what: the record of replaced rows holds")
        }
        last = next
    }

    fun dispose() = disposable.dispose()
}

private fun expectError(recorder: Recorder<*>, expected: Throwable, what: String) {
    expect(recorder.error, expected, what)
}

/** The error a (synchronous) completable ends with, or null. */
internal fun errorOf(completable: Completable): Throwable? {
    var error: Throwable? = null
    completable.subscribe(Action { }, Consumer { error = it })
    return error
}

private fun expectThrows(expected: Throwable, what: String, body: () -> Unit) {
    try {
        body()
        failures.add("$what: expected $expected but nothing was thrown")
    } catch (error: Throwable) {
        expect(error, expected, what)
    }
}

// Building values.

internal fun int(value: Long): DocumentValue = DocumentValue.IntValue(value)
internal fun dbl(value: Double): DocumentValue = DocumentValue.DoubleValue(value)
internal fun str(value: String): DocumentValue = DocumentValue.StringValue(value)
private fun bool(value: Boolean): DocumentValue = DocumentValue.BoolValue(value)
private fun time(value: Timestamp): DocumentValue = DocumentValue.TimestampValue(value)
internal fun arr(vararg values: DocumentValue): DocumentValue = DocumentValue.ArrayValue(values.toList())
internal fun map(vararg fields: Pair<String, DocumentValue>): DocumentValue = DocumentValue.MapValue(mapOf(*fields))
internal fun data(vararg fields: Pair<String, DocumentValue>): DocumentData = mapOf(*fields)
internal val NULL: DocumentValue = DocumentValue.Null
private val PENDING: DocumentValue = DocumentValue.ServerTimestamp
internal fun path(dotted: String): FieldPath = FieldPath(dotted.split("."))

fun main() {
    valueOrder()
    equalityAndPrinting()
    matchHelpers()
    listFilterMatches()
    timestamps()
    decoding()
    stringEnums()
    queryEngine()
    listFilterQueries()
    limitToLastQueries()
    cursorQueries()
    inMemoryStore()
    fieldUpdates()
    firestoreRules()
    listFilterRules()
    documentLimits()
    cursorRules()
    microseconds()
    concurrentWrites()
    acknowledgedWrites()
    transactions()
    transactionAttemptChecks()
    preconditionChecks()
    unchangedSinceChecks()
    counterCheckChecks()
    keyChangeChecks()
    writtenStreams()
    collectionStreams()
    documentStreams()
    rowOperators()
    distinctRowsChecks()
    exactSumChecks()
    aggregateChecks()
    rowOrderChecks()
    incrementalSortChecks()
    sortBelowJoinChecks()
    incrementalQueries()
    cursorViews()
    incrementalJoins()
    incrementalDecoding()
    debounceChecks()
    valueTypeChecks()
    referenceChecks()
    collectionGroupChecks()
    for (failure in failures) println("FAILED: $failure")
    if (failures.isNotEmpty()) {
        println("${failures.size} of ${passed + failures.size} checks failed")
        exitProcess(1)
    }
    println("$passed checks passed")
}

// Values

private fun valueOrder() {
    val t1 = Timestamp(100)
    val t2 = Timestamp(100, 1)
    val ascending = listOf(
        NULL, bool(false), bool(true), dbl(Double.NEGATIVE_INFINITY), int(-1), dbl(-0.5), int(0), dbl(0.5), int(1),
        dbl(Double.POSITIVE_INFINITY), time(t1), time(t2), PENDING, str(""), str("a"), str("b"),
        arr(), arr(int(1)), arr(int(1), int(2)), arr(int(2)), map(), map("a" to int(1)), map("a" to int(2)), map("b" to int(0))
    )
    for ((index, value) in ascending.withIndex()) {
        for ((other, otherValue) in ascending.withIndex()) {
            val expected = if (index == other) 0 else if (index < other) -1 else 1
            expect(ValueOrder.compare(value, otherValue), expected, "order of $value vs $otherValue")
        }
    }
    expect(ValueOrder.compare(int(1), dbl(1.0)), 0, "1 vs 1.0")
    expect(ValueOrder.compare(dbl(-0.0), int(0)), 0, "-0.0 vs 0")
    expect(ValueOrder.compare(dbl(-0.0), dbl(0.0)), 0, "-0.0 vs 0.0")
    expect(ValueOrder.compare(dbl(Double.NaN), dbl(Double.NaN)), 0, "NaN vs NaN")
    expect(ValueOrder.compare(dbl(Double.NaN), dbl(Double.NEGATIVE_INFINITY)), -1, "NaN vs -inf")
    expect(ValueOrder.compare(dbl(Double.NaN), int(Long.MIN_VALUE)), -1, "NaN vs Long.MIN_VALUE")
    expect(ValueOrder.compare(int(9_007_199_254_740_993), dbl(9_007_199_254_740_992.0)), 1, "2^53+1 vs 2^53 as double")
    expect(ValueOrder.compare(dbl(2.5), int(2)), 1, "2.5 vs 2")
    expect(ValueOrder.compare(dbl(-2.5), int(-2)), -1, "-2.5 vs -2")
    expect(ValueOrder.compare(dbl(1e19), int(Long.MAX_VALUE)), 1, "1e19 vs Long.MAX_VALUE")
    expect(ValueOrder.compare(dbl(-1e19), int(Long.MIN_VALUE)), -1, "-1e19 vs Long.MIN_VALUE")
    expect(ValueOrder.compare(int(Long.MAX_VALUE), dbl(9.223372036854775807e18)), -1, "Long.MAX_VALUE vs 2^63")
    expect(ValueOrder.compareDoubles(Double.NaN, Double.NEGATIVE_INFINITY), -1, "compareDoubles NaN lowest")
    expect(ValueOrder.rank(int(1)), ValueOrder.rank(dbl(1.0)), "ints and doubles share a rank")

    // Code points, not UTF-16 units: U+FFFF sorts before U+10000 and U+1F600.
    expect(CodePoints.compare("\uFFFF", "\uD800\uDC00"), -1, "U+FFFF vs U+10000")
    expect(CodePoints.compare("\uFFFF", "\uD83D\uDE00"), -1, "U+FFFF vs U+1F600")
    expect(CodePoints.compare("\uE000", "\uD83D\uDE00"), -1, "U+E000 vs U+1F600")
    expect(CodePoints.compare("\uD83D\uDE00", "\uFFFF"), 1, "U+1F600 vs U+FFFF")
    check("\uFFFF" > "\uD83D\uDE00", "Kotlin's own < compares UTF-16 units, which is why the runtime does not use it")
    expect(CodePoints.compare("Z", "a"), -1, "Z vs a")
    expect(CodePoints.compare("a", "ab"), -1, "a vs ab")
    expect(CodePoints.compare("ab", "ab"), 0, "ab vs ab")
    expect(CodePoints.compare("\u00E9", "e\u0301"), 1, "precomposed é vs e + U+0301")
    check(!CodePoints.equal("\u00E9", "e\u0301"), "precomposed and decomposed é differ")
    check(CodePoints.equal("\uD83D\uDE00", "\uD83D\uDE00"), "equal code points")
    expect(ValueOrder.compare(str("\uFFFF"), str("\uD83D\uDE00")), -1, "string values by code point")
}

private fun equalityAndPrinting() {
    expect(int(1), dbl(1.0), "1 == 1.0")
    expect(dbl(-0.0), dbl(0.0), "-0.0 == 0.0")
    expect(dbl(Double.NaN), dbl(Double.NaN), "NaN == NaN")
    check(str("\u00E9") != str("e\u0301"), "precomposed and decomposed é are different values")
    expect(hashSetOf(int(1), dbl(1.0), dbl(-0.0), int(0), dbl(Double.NaN), dbl(Double.NaN)).size, 3, "set of numbers")
    expect(hashSetOf(str("\u00E9"), str("e\u0301")).size, 2, "set of é forms")
    expect(map("a" to int(1), "b" to arr(NULL)), map("b" to arr(NULL), "a" to dbl(1.0)), "maps compare by content")
    expect(map("a" to int(1)).hashCode(), map("a" to dbl(1.0)).hashCode(), "hash of equal maps")
    check(map("a" to int(1)) != map("a" to int(1), "b" to NULL), "maps of different keys differ")
    check(NULL != PENDING, "null is not a pending server timestamp")

    expect(NULL.toString(), "null", "print null")
    expect(bool(true).toString(), "true", "print bool")
    expect(int(-12).toString(), "-12", "print int")
    expect(dbl(1.5).toString(), "1.5", "print 1.5")
    expect(dbl(1.0).toString(), "1.0", "print 1.0")
    expect(dbl(-0.0).toString(), "-0.0", "print -0.0")
    expect(dbl(0.1).toString(), "0.1", "print 0.1")
    expect(dbl(100.0).toString(), "100.0", "print 100.0")
    expect(dbl(1e15).toString(), "1000000000000000.0", "print 1e15")
    expect(dbl(1e16).toString(), "1e+16", "print 1e16")
    expect(dbl(9007199254740992.0).toString(), "9007199254740992.0", "print 2^53")
    expect(dbl(9007199254740994.0).toString(), "9.007199254740994e+15", "print 2^53 + 2")
    expect(dbl(1.2345678901234568e17).toString(), "1.2345678901234568e+17", "print 1.2345678901234568e17")
    expect(dbl(0.0001).toString(), "0.0001", "print 0.0001")
    expect(dbl(0.00015).toString(), "0.00015", "print 0.00015")
    expect(dbl(1e-5).toString(), "1e-05", "print 1e-5")
    expect(dbl(2.5e-7).toString(), "2.5e-07", "print 2.5e-7")
    expect(dbl(0.30000000000000004).toString(), "0.30000000000000004", "print 0.1 + 0.2")
    expect(dbl(java.lang.Double.MIN_VALUE).toString(), "5e-324", "print the smallest double")
    expect(dbl(Double.MAX_VALUE).toString(), "1.7976931348623157e+308", "print the largest double")
    expect(dbl(1e100).toString(), "1e+100", "print 1e100")
    expect(dbl(Double.NaN).toString(), "nan", "print NaN")
    expect(dbl(java.lang.Double.longBitsToDouble(0x7ff8000000000001)).toString(), "nan(0x1)", "print a NaN payload")
    expect(dbl(java.lang.Double.longBitsToDouble(-0x8000000000000)).toString(), "-nan", "print a negative NaN")
    expect(dbl(Double.NEGATIVE_INFINITY).toString(), "-inf", "print -inf")
    expect(str("a\"b").toString(), "\"a\"b\"", "print a string")
    expect(time(Timestamp(0, 5)).toString(), "1970-01-01T00:00:00.000000005Z", "print a timestamp")
    expect(arr(int(1), int(2)).toString(), "[1, 2]", "print an array")
    expect(map("b" to str("x"), "a" to int(1), "\uD83D\uDE00" to NULL, "\uFFFF" to NULL).toString(),
        "{a: 1, b: \"x\", \uFFFF: null, \uD83D\uDE00: null}", "print a map in code-point order")
    expect(PENDING.toString(), "serverTimestamp", "print a pending server timestamp")
    expect(listOf(NULL, bool(true), int(1), dbl(1.0), time(Timestamp(0)), str(""), arr(), map(), PENDING).map { it.typeName },
        listOf("null", "bool", "int", "double", "timestamp", "string", "array", "map", "pending server timestamp"), "type names")
}

private fun matchHelpers() {
    check(Match.equal(Double.NaN, Double.NaN), "Match.equal NaN")
    check(Match.equal(-0.0, 0.0), "Match.equal -0.0 0.0")
    check(!Match.equal("\u00E9", "e\u0301"), "Match.equal é forms")
    check(!Match.equal(null, "a"), "Match.equal null")
    check(!Match.equal(null, null), "Match.equal null null")
    check(!Match.notEqual(null, "a"), "Match.notEqual null")
    check(Match.notEqual("b", "a"), "Match.notEqual b a")
    check(!Match.notEqual(Double.NaN, Double.NaN), "Match.notEqual NaN")
    check(Match.less("\uFFFF", "\uD800\uDC00"), "Match.less by code point")
    check(!Match.less(Double.NaN, Double.NEGATIVE_INFINITY), "no range comparison matches NaN")
    check(!Match.greater(null, 0L), "Match.greater null")
    check(!Match.lessOrEqual(0L, null), "Match.lessOrEqual null")
    check(Match.lessOrEqual(-0.0, 0.0), "Match.lessOrEqual -0.0 0.0")
    check(Match.greaterOrEqual(2L, 2L), "Match.greaterOrEqual 2 2")
    check(Match.greater(3L, 2L), "Match.greater 3 2")
    check(Match.less(false, true), "Match.less false true")
    check(Match.less(Timestamp(1), Timestamp(1, 1)), "Match.less timestamps")
    check(Match.isIn("b", listOf("a", "b")), "Match.isIn")
    check(!Match.isIn("e\u0301", listOf("\u00E9")), "Match.isIn é forms")
    check(!Match.isIn(null, listOf(null)), "Match.isIn null")
    check(!Match.isIn(Double.NaN, listOf(1.0, Double.NaN)) && !Match.contains(listOf(Double.NaN), Double.NaN), "Match.isIn and contains never match NaN")
    check(Match.contains(listOf("a", "b"), "b"), "Match.contains")
    check(!Match.contains(null, "b"), "Match.contains null list")
    check(!Match.contains(listOf("a"), null), "Match.contains null element")
    check(Match.same(null, null), "Match.same null null")
    check(!Match.same(null, 0L), "Match.same null 0")
    check(Match.same(listOf(Double.NaN, -0.0), listOf(Double.NaN, 0.0)), "Match.same lists")
    check(Match.same(mapOf("a" to listOf(-0.0)), mapOf("a" to listOf(0.0))), "Match.same maps")
    check(!Match.same(mapOf("a" to null), mapOf("b" to null)), "Match.same maps of other keys")
    check(!Match.same("\u00E9", "e\u0301"), "Match.same é forms")
    expect(Match.hash(-0.0), Match.hash(0.0), "Match.hash -0.0")
    expect(Match.hash(Double.NaN), Match.hash(java.lang.Double.longBitsToDouble(0x7ff8000000000001)), "Match.hash NaN payloads")
    expect(Match.hash(listOf(-0.0, Double.NaN)), Match.hash(listOf(0.0, Double.NaN)), "Match.hash lists")
    expect(Match.hash(mapOf("a" to -0.0, "b" to 1.0)), Match.hash(mapOf("b" to 1.0, "a" to 0.0)), "Match.hash maps")
}

private fun timestamps() {
    expect(Timestamp(0).toString(), "1970-01-01T00:00:00Z", "epoch")
    expect(Timestamp(1_700_000_000, 5).toString(), "2023-11-14T22:13:20.000000005Z", "2023")
    expect(Timestamp(-1).toString(), "1969-12-31T23:59:59Z", "before the epoch")
    expect(Timestamp(951_782_400, 120_000_000).toString(), "2000-02-29T00:00:00.120000000Z", "leap day")
    check(Timestamp(100) < Timestamp(100, 1) && Timestamp(-1, 999_999_999) < Timestamp(0), "timestamps order")
    expectThrowsAny("nanoseconds out of range") { Timestamp(0, 1_000_000_000) }
    expectThrowsAny("negative nanoseconds") { Timestamp(0, -1) }
    val now = Timestamp.now()
    check(now.seconds > 1_600_000_000 && now.nanoseconds in 0..999_999_999, "now")
    // 2024-01-02T03:04:05.678Z, the TypeScript runtime test's date; Instant and Date as Firebase's Timestamp takes them.
    expect(Timestamp(java.util.Date(1_704_164_645_678)).toString(), "2024-01-02T03:04:05.678000000Z", "from a Date")
    expect(Timestamp(java.util.Date(-1)).toString(), "1969-12-31T23:59:59.999000000Z", "from a Date before the epoch")
    expect(Timestamp(1_704_164_645, 678_900_000).toDate().time, 1_704_164_645_678L, "toDate rounds down")
    expect(Timestamp(-1, 999_999_999).toDate().time, -1L, "toDate before the epoch")
    expect(Timestamp(java.time.Instant.parse("1969-12-31T23:59:59.000000007Z")), Timestamp(-1, 7), "from an Instant")
    expect(Timestamp(1_704_164_645, 678_900_001).toInstant().toString(), "2024-01-02T03:04:05.678900001Z", "toInstant")
}

private fun expectThrowsAny(what: String, body: () -> Unit) {
    try {
        body()
        failures.add("$what: nothing was thrown")
    } catch (error: IllegalArgumentException) {
        passed++
    }
}

// Decoding

private fun decoding() {
    expect(Codecs.long.decode(int(9_007_199_254_740_991)), 9_007_199_254_740_991L, "largest int")
    expectThrows(DocumentDecodingException(Problem.OutOfRange(9_007_199_254_740_992)), "int beyond 2^53 - 1") {
        Codecs.long.decode(int(9_007_199_254_740_992))
    }
    expectThrows(DocumentDecodingException(Problem.OutOfRange(-9_007_199_254_740_992)), "int below -(2^53 - 1)") {
        Codecs.long.decode(int(-9_007_199_254_740_992))
    }
    expectThrows(DocumentDecodingException(Problem.WrongType("int", "double")), "int from double") { Codecs.long.decode(dbl(1.0)) }
    expect(Codecs.double.decode(int(3)), 3.0, "double from int")
    check(Codecs.double.decode(dbl(Double.NaN)).isNaN(), "double NaN")
    expectThrows(DocumentDecodingException(Problem.WrongType("double", "string")), "double from string") { Codecs.double.decode(str("3")) }
    expect(Codecs.bool.decode(bool(true)), true, "bool")
    expect(Codecs.string.decode(str("e\u0301")), "e\u0301", "string kept as stored")

    val fields = FieldReader(data("a" to NULL, "b" to PENDING, "c" to time(Timestamp(1))))
    expect(fields.optional("a", Codecs.timestamp), null, "optional null")
    expect(fields.optional("b", Codecs.timestamp), null, "optional pending server timestamp")
    expect(fields.optional("c", Codecs.timestamp), Timestamp(1), "optional present")
    expect(fields.optional("missing", Codecs.timestamp), null, "optional missing")
    expectThrows(DocumentDecodingException(listOf("b"), Problem.WrongType("timestamp", "pending server timestamp")), "required pending") {
        fields.required("b", Codecs.timestamp)
    }
    expectThrows(DocumentDecodingException(listOf("missing"), Problem.Missing), "required missing") { fields.required("missing", Codecs.string) }
    expectThrows(DocumentDecodingException(listOf("c"), Problem.WrongType("string", "timestamp")), "optional of the wrong type") {
        fields.optional("c", Codecs.string)
    }

    val defaults = FieldReader(data("n" to NULL))
    expect(defaults.withDefault("other", Codecs.long, 7L), 7L, "default when missing")
    expectThrows(DocumentDecodingException(listOf("n"), Problem.WrongType("int", "null")), "default does not apply to null") {
        defaults.withDefault("n", Codecs.long, 7L)
    }
    expect(defaults.withDefault("n", Codecs.optional(Codecs.long), 7L), null, "an optional field with a default reads null")

    expectThrows(DocumentDecodingException(listOf("tags", "1"), Problem.WrongType("string", "int")), "list element path") {
        FieldReader(data("tags" to arr(str("a"), int(2)))).required("tags", Codecs.list(Codecs.string))
    }
    expectThrows(DocumentDecodingException(listOf("scores", "bob"), Problem.WrongType("int", "string")), "map value path") {
        FieldReader(data("scores" to map("bob" to str("x")))).required("scores", Codecs.map(Codecs.long))
    }
    expectThrows(DocumentDecodingException(listOf("a"), Problem.WrongType("map", "int")), "embedded value not a map") {
        FieldReader(data("a" to int(1))).required("a", object : modelgen.runtime.Codec<String> {
            override fun decode(value: DocumentValue): String = FieldReader.of(value).required("x", Codecs.string)
            override fun encode(value: String): DocumentValue = map("x" to str(value))
        })
    }
    expectThrows(DocumentDecodingException(listOf("a", "x"), Problem.Missing), "embedded missing field") {
        FieldReader(data("a" to map())).required("a", object : modelgen.runtime.Codec<String> {
            override fun decode(value: DocumentValue): String = FieldReader.of(value).required("x", Codecs.string)
            override fun encode(value: String): DocumentValue = map("x" to str(value))
        })
    }
    expect(DocumentDecodingException(listOf("tags", "1"), Problem.Missing).message, "'tags.1' is missing", "missing message")
    expect(DocumentDecodingException(listOf("text"), Problem.WrongType("string", "int")).message,
        "'text' should be string but is int", "wrong type message")
    expect(DocumentDecodingException(listOf("n"), Problem.OutOfRange(9_007_199_254_740_992)).message,
        "'n' is 9007199254740992, outside ±(2^53 − 1)", "out of range message")
    expect(DocumentDecodingException(Problem.Missing).message, "value is missing", "message without a path")

    val scores = Codecs.map(Codecs.optional(Codecs.long))
    val values = mapOf("a" to 1L, "b" to null)
    expect(scores.decode(scores.encode(values)), values, "map of optional ints round-trips")
    expect(Codecs.list(Codecs.double).encode(listOf(1.5, 2.0)).toString(), "[1.5, 2.0]", "doubles encode as doubles")
    expect(Codecs.optional(Codecs.string).encode(null), NULL, "null encodes as null")
    expect(Codecs.long.encode(3).typeName, "int", "ints encode as ints")
}

// Queries

private val documents = listOf(
    DocumentSnapshot("a", data("n" to int(1), "s" to str("x"), "tags" to arr(str("red")), "o" to map("city" to str("Tokyo")))),
    DocumentSnapshot("b", data("n" to dbl(2.5), "s" to NULL)),
    DocumentSnapshot("c", data("n" to str("3"), "tags" to arr(str("red"), str("blue")))),
    DocumentSnapshot("d", data()),
    DocumentSnapshot("e", data("n" to dbl(Double.NaN), "s" to str("y")))
)

private fun ids(filter: QueryFilter? = null, orderBy: List<QueryOrder> = emptyList(), limit: Int? = null): List<String> =
    QueryEngine.run(StoreQuery(listOf("c"), filter, orderBy, limit), documents).map { it.id }

internal fun compare(field: String, op: QueryOperator, value: DocumentValue): QueryFilter = QueryFilter.Compare(path(field), op, value)

private fun queryEngine() {
    expect(ids(compare("n", QueryOperator.NOT_EQUAL, int(99))), listOf("e", "a", "b", "c"), "!= leaves out missing fields and orders by the field")
    expect(ids(compare("s", QueryOperator.EQUAL, NULL)), listOf("b"), "== null matches a stored null")
    expect(ids(compare("s", QueryOperator.NOT_EQUAL, NULL)), listOf("a", "e"), "!= null")
    expect(ids(compare("s", QueryOperator.NOT_EQUAL, str("x"))), listOf("e"), "!= leaves out null")

    expect(ids(compare("n", QueryOperator.GREATER_OR_EQUAL, int(1))), listOf("a", "b"), ">= matches numbers only")
    expect(ids(compare("n", QueryOperator.LESS, int(2))), listOf("a"), "no range comparison matches NaN")
    expect(ids(compare("n", QueryOperator.LESS_OR_EQUAL, dbl(2.5))), listOf("a", "b"), "<= 2.5")
    expect(ids(compare("n", QueryOperator.GREATER, str(""))), listOf("c"), "> \"\" matches strings only")
    expect(ids(compare("n", QueryOperator.EQUAL, dbl(1.0))), listOf("a"), "== 1.0 matches 1")
    expect(ids(compare("n", QueryOperator.EQUAL, dbl(Double.NaN))), listOf("e"), "== NaN")

    expect(ids(compare("n", QueryOperator.IN, arr(int(1), str("3")))), listOf("a", "c"), "in")
    expect(ids(compare("n", QueryOperator.IN, int(1))), emptyList<String>(), "in needs an array")
    expect(ids(compare("tags", QueryOperator.ARRAY_CONTAINS, str("red"))), listOf("a", "c"), "array-contains")
    expect(ids(compare("o.city", QueryOperator.EQUAL, str("Tokyo"))), listOf("a"), "nested field")
    expect(ids(QueryFilter.Compare(FieldPath.documentID, QueryOperator.GREATER, str("c"))), listOf("d", "e"), "document id")
    expect(ids(QueryFilter.Or(listOf(compare("s", QueryOperator.EQUAL, str("y")),
        QueryFilter.And(listOf(compare("n", QueryOperator.EQUAL, int(1)), compare("s", QueryOperator.EQUAL, str("x"))))))),
        listOf("a", "e"), "or / and")

    expect(ids(orderBy = listOf(QueryOrder.ascending(path("n")))), listOf("e", "a", "b", "c"), "order by n")
    expect(ids(orderBy = listOf(QueryOrder.descending(path("tags")))), listOf("c", "a"), "the longer array is greater")
    expect(ids(orderBy = listOf(QueryOrder.ascending(path("s")))), listOf("b", "a", "e"), "order by s")
    val ties = listOf(DocumentSnapshot("x", data("k" to int(1))), DocumentSnapshot("y", data("k" to dbl(1.0))), DocumentSnapshot("z", data("k" to int(0))))
    fun tieIds(orderBy: List<QueryOrder>, over: List<DocumentSnapshot>) = QueryEngine.run(StoreQuery(listOf("c"), orderBy = orderBy), over).map { it.id }
    expect(tieIds(listOf(QueryOrder.descending(path("k"))), ties), listOf("y", "x", "z"), "ties descending")
    expect(tieIds(listOf(QueryOrder.ascending(path("k"))), ties), listOf("z", "x", "y"), "ties ascending")
    expect(tieIds(emptyList(), ties.reversed()), listOf("x", "y", "z"), "no order: by id")
    val byCodePoint = listOf(DocumentSnapshot("\uD83D\uDE00", data()), DocumentSnapshot("\uFFFF", data()), DocumentSnapshot("a", data()))
    expect(tieIds(emptyList(), byCodePoint), listOf("a", "\uFFFF", "\uD83D\uDE00"), "ids by code point")
    val mixed = listOf(
        DocumentSnapshot("pending", data("at" to PENDING)), DocumentSnapshot("text", data("at" to str("x"))),
        DocumentSnapshot("old", data("at" to time(Timestamp(5)))), DocumentSnapshot("null", data("at" to NULL))
    )
    expect(tieIds(listOf(QueryOrder.ascending(path("at"))), mixed), listOf("null", "old", "pending", "text"),
        "a pending server timestamp sorts after timestamps and before strings")
    val twoKeys = listOf(
        DocumentSnapshot("a", data("x" to int(1), "y" to int(2))), DocumentSnapshot("b", data("x" to int(1), "y" to int(1))),
        DocumentSnapshot("c", data("x" to int(0), "y" to int(9)))
    )
    expect(tieIds(listOf(QueryOrder.ascending(path("x")), QueryOrder.descending(path("y"))), twoKeys), listOf("c", "a", "b"), "two keys")

    expect(ids(orderBy = listOf(QueryOrder.descending(path("n"))), limit = 2), listOf("c", "b"), "limit after order")
    expect(ids(limit = 10), listOf("a", "b", "c", "d", "e"), "limit above the count")
    expect(ids(limit = 0), emptyList<String>(), "limit 0")
    expect(ids(QueryFilter.Or(emptyList())), listOf("a", "b", "c", "d", "e"), "an or of no filters matches every document")
    expect(ids(QueryFilter.And(emptyList())), listOf("a", "b", "c", "d", "e"), "an and of no filters matches every document")
    expect(ids(QueryFilter.And(listOf(QueryFilter.Or(emptyList()), compare("s", QueryOperator.EQUAL, str("x"))))), listOf("a"),
        "an empty or inside an and")
    expect(ids(QueryFilter.Or(listOf(QueryFilter.Or(emptyList()), compare("s", QueryOperator.EQUAL, str("x"))))), listOf("a"),
        "an empty or inside an or is dropped, not counted as matching")
    expect(ids(QueryFilter.Or(listOf(QueryFilter.And(listOf(QueryFilter.Or(emptyList()))), compare("s", QueryOperator.EQUAL, str("x"))))), listOf("a"),
        "an and of an empty or is empty too")
    expect(QueryEngine.value(path("o.city"), documents[0]), str("Tokyo"), "value at a nested path")
    expect(QueryEngine.value(path("o.city.x"), documents[0]), null, "value below a non-map")
    check(QueryEngine.matches(compare("s", QueryOperator.EQUAL, str("x")), documents[0]), "matches")
}

// limitToLast

/** Ids of the documents of `query` with `limitToLast` over [documents]. */
private fun lastIds(orderBy: List<QueryOrder>, limitToLast: Int, filter: QueryFilter? = null, over: List<DocumentSnapshot> = documents): List<String> =
    QueryEngine.run(StoreQuery(listOf("c"), filter, orderBy, limitToLast = limitToLast), over).map { it.id }

/** A change as `+id@new`, `-id@old` or `~id@old>new`. */
internal fun describe(change: DocumentChange): String = when (change) {
    is DocumentChange.Added -> "+${change.document.id}@${change.newIndex}"
    is DocumentChange.Removed -> "-${change.document.id}@${change.oldIndex}"
    is DocumentChange.Modified -> "~${change.document.id}@${change.oldIndex}>${change.newIndex}"
}

private fun limitToLastQueries() {
    val byN = listOf(QueryOrder.ascending(path("n")))
    val byNDescending = listOf(QueryOrder.descending(path("n")))
    // In order by n: e (NaN), a (1), b (2.5), c ("3"); d lacks n.
    expect(lastIds(byN, 2), listOf("b", "c"), "limitToLast keeps the last documents, in the query's order")
    expect(lastIds(byNDescending, 2), listOf("a", "e"), "limitToLast of a descending order")
    expect(lastIds(byN, 10), listOf("e", "a", "b", "c"), "limitToLast above the count; a document lacking the order field is left out")
    expect(lastIds(byN, 4), listOf("e", "a", "b", "c"), "limitToLast of exactly the count")
    expect(lastIds(byN, 0), emptyList<String>(), "limitToLast 0")
    expect(lastIds(byN, -1), emptyList<String>(), "limitToLast below 0")
    expect(lastIds(byN, 2, compare("s", QueryOperator.NOT_EQUAL, NULL)), listOf("e", "a"), "limitToLast after the filter")

    val ties = listOf(
        DocumentSnapshot("x", data("k" to int(1))), DocumentSnapshot("y", data("k" to dbl(1.0))),
        DocumentSnapshot("z", data("k" to int(0))), DocumentSnapshot("w", data("k" to int(1)))
    )
    // Ascending: z, w, x, y; descending: y, x, w, z (ties by id, in the order's direction).
    expect(lastIds(listOf(QueryOrder.ascending(path("k"))), 2, over = ties), listOf("x", "y"), "ties by id ascending")
    expect(lastIds(listOf(QueryOrder.ascending(path("k"))), 3, over = ties), listOf("w", "x", "y"), "ties by id ascending, cut among them")
    expect(lastIds(listOf(QueryOrder.descending(path("k"))), 3, over = ties), listOf("x", "w", "z"), "ties by id descending")
    // The implicit key of an inequality, and the id, follow the last key's direction, flipped with it.
    val twoKeys = listOf(
        DocumentSnapshot("a", data("t" to str("p"), "n" to int(2))), DocumentSnapshot("b", data("t" to str("p"), "n" to int(3))),
        DocumentSnapshot("c", data("t" to str("q"), "n" to int(3))), DocumentSnapshot("d", data("t" to str("p"), "n" to int(3))),
        DocumentSnapshot("e", data("t" to str("q"), "n" to int(0)))
    )
    val byTag = listOf(QueryOrder.descending(path("t")))
    val positive = compare("n", QueryOperator.GREATER, int(0))
    // Order: t desc, n desc, id desc: c, d, b, a (e filtered out).
    expect(QueryEngine.run(StoreQuery(listOf("c"), positive, byTag), twoKeys).map { it.id }, listOf("c", "d", "b", "a"), "the full order")
    expect(lastIds(byTag, 3, positive, twoKeys), listOf("d", "b", "a"), "limitToLast with an implicit order key")
    for (count in 0..5) {
        for (orderBy in listOf(byTag, listOf(QueryOrder.ascending(path("n"))), listOf(QueryOrder.ascending(path("n")), QueryOrder.descending(path("t"))))) {
            val all = QueryEngine.run(StoreQuery(listOf("c"), positive, orderBy), twoKeys).map { it.id }
            expect(lastIds(orderBy, count, positive, twoKeys), all.takeLast(count), "limitToLast $count by $orderBy is the end of the full result")
        }
    }

    // A listener: every snapshot's changes, applied one by one to the documents before, give its documents.
    val store = InMemoryStore()
    for ((id, n) in listOf("a" to 1L, "b" to 2L, "c" to 3L, "d" to 4L, "e" to 5L)) store.setData(data("n" to int(n)), listOf("c", id))
    val query = StoreQuery(listOf("c"), orderBy = byN, limitToLast = 3)
    val heard = ArrayList<String>()
    var replayed: List<DocumentSnapshot> = emptyList()
    val registration = store.addQueryListener(query, { snapshot ->
        replayed = replay(snapshot.changes, replayed)
        expect(replayed, snapshot.documents, "the changes replay to the snapshot's documents")
        expect(snapshot.documents, store.getDocuments(query).blockingGet(), "a snapshot holds the query's result")
        heard.add(snapshot.documents.joinToString(",") { it.id } + " " + snapshot.changes.joinToString(" ") { describe(it) })
    }, { heard.add("error ${it.message}") })
    store.setData(data("n" to int(6)), listOf("c", "f"))                    // in at the end, pushing c out
    store.setData(data("n" to int(0)), listOf("c", "d"))                    // out of the window, bringing c back
    store.setData(data("n" to dbl(5.5)), listOf("c", "a"))                  // into the window, in the middle
    store.setData(data("n" to int(7)), listOf("c", "e"))                    // a move within the window
    store.setData(data("n" to int(6), "x" to int(1)), listOf("c", "f"))     // a change in place
    store.deleteDocument(listOf("c", "f"))                                  // a removal, bringing c back
    store.setData(data("n" to dbl(2.5)), listOf("c", "b"))                  // a change outside the window: nothing
    store.setData(data("x" to int(1)), listOf("c", "g"))                    // a document lacking n: nothing
    store.setData(data("x" to int(1)), listOf("c", "a"))                    // losing n leaves the window
    store.deleteDocument(listOf("c", "e"))
    store.deleteDocument(listOf("c", "c"))                                  // fewer documents than the limit
    store.setData(data("n" to int(1)), listOf("c", "h"))                    // in, with room in the window
    store.setData(data("n" to int(2)), listOf("c", "h"))                    // a change that keeps its place
    store.setData(data("n" to dbl(2.5)), listOf("c", "i"))                  // a tie with b, after it by id
    store.setData(data("n" to dbl(2.5)), listOf("c", "a"))                  // a tie with b, before it by id
    registration.remove()
    expect(heard, listOf(
        "c,d,e +c@0 +d@1 +e@2",
        "d,e,f -c@0 +f@2",
        "c,e,f -d@0 +c@0",
        "e,a,f -c@0 +a@1",
        "a,f,e ~e@0>2",
        "a,f,e ~f@1>1",
        "c,a,e -f@1 +c@0",
        "b,c,e -a@1 +b@0",
        "d,b,c -e@2 +d@0",
        "d,b -c@2",
        "d,h,b +h@1",
        "d,h,b ~h@1>1",
        "h,b,i -d@0 +i@2",
        "a,b,i -h@0 +a@0"
    ), "a limitToLast listener's snapshots and changes")

    // limitToLast 0: one empty snapshot, then nothing.
    val none = ArrayList<String>()
    val empty = store.addQueryListener(StoreQuery(listOf("c"), orderBy = byN, limitToLast = 0),
        { none.add("${it.documents.size} documents, ${it.changes.size} changes") }, { none.add("error") })
    store.setData(data("n" to int(9)), listOf("c", "j"))
    store.deleteDocument(listOf("c", "b"))
    empty.remove()
    expect(none, listOf("0 documents, 0 changes"), "a limitToLast 0 listener hears one empty snapshot")
    expect(store.getDocuments(StoreQuery(listOf("c"), orderBy = byN, limitToLast = 0)).blockingGet(), emptyList<DocumentSnapshot>(), "a limitToLast 0 read")
}

// The in-memory store

private val messages = listOf("rooms", "r1", "messages")

private fun inMemoryStore() {
    run {
        // Snapshots work out their documents from the one before when read, however late.
        val store = InMemoryStore()
        val query = StoreQuery(listOf("c"), orderBy = listOf(QueryOrder.ascending(path("n"))))
        val seen = ArrayList<Pair<QuerySnapshot, List<String>>>()
        val registration = store.addQueryListener(query, { snapshot ->
            seen.add(Pair(snapshot, store.getDocuments(query).blockingGet().map { it.id }))
        }, { })
        for (step in 0 until 150) {
            val id = "d${step % 7}"
            if (step % 5 == 4) store.deleteDocument(listOf("c", id)) else store.setData(data("n" to int(((step * 37) % 11).toLong())), listOf("c", id))
        }
        registration.remove()
        check(seen.size > 100, "enough snapshots to pass a copy")
        for ((index, pair) in seen.withIndex().reversed()) expect(pair.first.documents.map { it.id }, pair.second, "snapshot $index read late")
    }
    run {
        val store = InMemoryStore()
        store.setData(data("n" to int(1)), messages + "a")
        val calls = ArrayList<List<String>>()
        val registration = store.addQueryListener(StoreQuery(messages), { calls.add(it.documents.map { d -> d.id }) }, { calls.add(listOf("error")) })
        store.setData(data("n" to int(2)), messages + "b")
        store.setData(data("n" to int(2)), messages + "b")
        store.setData(data("x" to int(1)), listOf("rooms", "r2", "messages", "c"))
        store.deleteDocument(messages + "a")
        expect(store.listenerCount, 1, "one listener")
        registration.remove()
        registration.remove()
        store.setData(data("n" to int(3)), messages + "d")
        expect(calls, listOf(listOf("a"), listOf("a", "b"), listOf("b")), "listeners hear the state, then every change")
        expect(store.listenerCount, 0, "removed listener")
    }
    run {
        val store = InMemoryStore()
        val calls = ArrayList<String>()
        val first = store.addQueryListener(StoreQuery(listOf("a")), { documents ->
            calls.add("first ${documents.documents.size}")
            if (documents.documents.size == 1) store.setData(data(), listOf("a", "second"))
        }, { calls.add("first error") })
        val second = store.addQueryListener(StoreQuery(listOf("a")), { calls.add("second ${it.documents.size}") }, { calls.add("second error") })
        store.setData(data(), listOf("a", "first"))
        expect(calls, listOf("first 0", "second 0", "first 1", "first 2", "second 2"), "registration order and reentrant writes")
        first.remove()
        second.remove()
    }
    run {
        val store = InMemoryStore()
        val calls = ArrayList<String>()
        val registration = store.addDocumentListener(messages + "a", { calls.add(it?.let { d -> DocumentValue.MapValue(d.data).toString() } ?: "none") },
            { calls.add("error") })
        store.setData(data("n" to int(1)), messages + "a")
        store.setData(data("n" to int(1)), messages + "b")
        store.updateData(mapOf(path("n") to FieldUpdate.Value(int(2)), FieldPath.of("o", "p") to FieldUpdate.Value(bool(true))), messages + "a")
        store.updateData(mapOf(path("n") to FieldUpdate.Value(int(2))), messages + "a")
        store.setData(data("n" to dbl(2.0), "o" to map("p" to bool(true))), messages + "a")
        store.deleteDocument(messages + "a")
        expect(calls, listOf("none", "{n: 1}", "{n: 2, o: {p: true}}", "{n: 2.0, o: {p: true}}", "none"), "document listeners")
        registration.remove()
    }
    run {
        val store = InMemoryStore()
        val counts = ArrayList<Int>()
        val registration = store.addQueryListener(StoreQuery(listOf("c")), { counts.add(it.documents.size) }, { counts.add(-1) })
        val writes = (0 until 1_200).map { DocumentWrite.Set(listOf("c", String.format("%04d", it)), data("i" to int(it.toLong()))) }
        expect(errorOf(store.commitBatch(writes.take(600))), null, "a batch of 600 writes")
        store.commit(writes)
        expect(counts, listOf(0, 600, 1_200), "a batch of any size is one atomic commit, one snapshot")
        val failed = store.commitBatch(listOf(DocumentWrite.Set(listOf("c", "new"), data()), DocumentWrite.Update(listOf("c", "missing"), mapOf(path("a") to FieldUpdate.Value(int(1))))))
        expect(errorOf(failed), StoreException.NotFound(listOf("c", "missing")), "an update of a missing document fails the batch")
        expectThrows(StoreException.NotFound(listOf("c", "missing")), "a synchronous update of a missing document") {
            store.commit(listOf(DocumentWrite.Delete(listOf("c", "0001")), DocumentWrite.Update(listOf("c", "missing"), mapOf(path("a") to FieldUpdate.Value(int(1))))))
        }
        expect(store.getDocument(listOf("c", "new")).blockingGet(), null, "a failed batch changes nothing")
        expect(store.getDocument(listOf("c", "0001")).blockingGet()?.id, "0001", "a failed batch changes nothing")
        expect(counts.size, 3, "a failed batch notifies no one")
        expect(StoreException.NotFound(listOf("c", "x")).message, "no document at 'c/x'", "not-found message")
        registration.remove()

        val other = InMemoryStore()
        val otherCounts = ArrayList<Int>()
        other.addQueryListener(StoreQuery(listOf("c")), { otherCounts.add(it.documents.size) }, { otherCounts.add(-1) })
        expect(errorOf((other as DocumentStore).commitBatch(writes)), null, "commitBatch")
        expect(otherCounts, listOf(0, 1_200), "commitBatch commits 1,200 writes at once")
        expect(errorOf(other.commitBatch(emptyList())), null, "a commit of nothing completes")
        expect(other.getDocuments(StoreQuery(listOf("c"), orderBy = listOf(QueryOrder.descending(path("i"))), limit = 1)).blockingGet().map { it.id },
            listOf("1199"), "getDocuments")
    }
    run {
        val store = InMemoryStore()
        expectThrows(StoreException.InvalidPath(listOf("rooms", "a/b")), "a segment with /") { store.setData(data(), listOf("rooms", "a/b")) }
        expectThrows(StoreException.InvalidPath(listOf("rooms")), "a collection path for a document") { store.deleteDocument(listOf("rooms")) }
        expect(errorOf(store.getDocument(listOf("rooms", "")).ignoreElement()), StoreException.InvalidPath(listOf("rooms", "")), "an empty segment")
        expect(errorOf(store.getDocuments(StoreQuery(listOf("rooms", "r1"))).ignoreElement()), StoreException.InvalidPath(listOf("rooms", "r1")), "a document path for a query")
        expect(errorOf(store.getDocuments(StoreQuery(emptyList())).ignoreElement()), StoreException.InvalidPath(emptyList()), "an empty path")
        expect(StoreException.InvalidPath(listOf("a", "b/c")).message, "invalid path 'a'/'b/c': segments must be non-empty and hold no '/'",
            "invalid path message")
        val errors = ArrayList<Throwable>()
        store.addQueryListener(StoreQuery(listOf("a", "b/c", "d")), { errors.add(IllegalStateException("snapshot")) }, { errors.add(it) })
        store.addDocumentListener(listOf("a"), { errors.add(IllegalStateException("snapshot")) }, { errors.add(it) })
        expect(errors, listOf<Throwable>(StoreException.InvalidPath(listOf("a", "b/c", "d")), StoreException.InvalidPath(listOf("a"))),
            "listeners on invalid paths get an error")
        expect(store.listenerCount, 0, "no listener kept for an invalid path")
    }
    run {
        val time = Timestamp(1_000)
        val store = InMemoryStore(pendingWrites = true, clock = { time })
        store.setData(data("at" to time(Timestamp(5))), listOf("c", "old"))
        store.setData(data("at" to PENDING, "inner" to map("at" to PENDING)), listOf("c", "new"))
        val seen = ArrayList<String>()
        store.addDocumentListener(listOf("c", "new"), { seen.add(it?.data?.get("at").toString()) }, { seen.add("error") })
        val query = StoreQuery(listOf("c"), orderBy = listOf(QueryOrder.ascending(path("at"))))
        expect(store.getDocuments(query).blockingGet().map { it.id }, listOf("old", "new"), "a pending server timestamp sorts last")
        val pending = store.getDocument(listOf("c", "new")).blockingGet()
        check(pending?.data?.get("at") === PENDING, "a pending server timestamp stays pending")
        expect(FieldReader(pending?.data ?: data()).optional("at", Codecs.timestamp), null, "a pending server timestamp decodes as null")
        store.flushPendingWrites()
        val flushed = store.getDocument(listOf("c", "new")).blockingGet()
        expect(flushed?.data?.get("at"), time(time), "flushed at the clock's time")
        expect(flushed?.data?.get("inner"), map("at" to time(time)), "flushed inside maps")
        store.flushPendingWrites(Timestamp(2_000))
        expect(seen, listOf("serverTimestamp", "1970-01-01T00:16:40Z"), "flushing notifies once, and only what changed")
        store.setData(data("at" to PENDING), listOf("c", "later"))
        store.flushPendingWrites(Timestamp(3_000))
        expect(store.getDocument(listOf("c", "later")).blockingGet()?.data?.get("at"), time(Timestamp(3_000)), "flush at a given time")

        val immediate = InMemoryStore(clock = { time })
        immediate.setData(data("at" to PENDING, "m" to map("x" to PENDING)), listOf("c", "x"))
        immediate.setData(data("at" to time(Timestamp(1))), listOf("c", "y"))
        immediate.updateData(mapOf(path("at") to FieldUpdate.Value(PENDING)), listOf("c", "y"))
        expect(immediate.getDocument(listOf("c", "x")).blockingGet()?.data, data("at" to time(time), "m" to map("x" to time(time))),
            "without pending writes a server timestamp is set when written")
        expect(immediate.getDocument(listOf("c", "y")).blockingGet()?.data?.get("at"), time(time), "also by an update")

        var ticks = 0L
        val counting = InMemoryStore(clock = { ticks += 1; Timestamp(ticks) })
        counting.commit(listOf(DocumentWrite.Set(listOf("c", "a"), data("at" to PENDING)), DocumentWrite.Set(listOf("c", "b"), data("at" to PENDING))))
        expect(listOf("a", "b").map { counting.getDocument(listOf("c", it)).blockingGet()?.data?.get("at") }, listOf(time(Timestamp(1)), time(Timestamp(1))),
            "one batch, one server time")
        counting.commit((0 until 1_200).map { DocumentWrite.Delete(listOf("c", "x$it")) })
        expect(ticks, 2L, "the clock is read once per commit, of any size")
    }
    run {
        val store = InMemoryStore()
        val calls = ArrayList<String>()
        store.addQueryListener(StoreQuery(listOf("c")), { calls.add("ok") }, { calls.add(it.message ?: "") })
        store.addDocumentListener(listOf("c", "a"), { calls.add("doc ok") }, { calls.add("doc " + it.message) })
        store.addQueryListener(StoreQuery(listOf("other")), { calls.add("other") }, { calls.add("other error") })
        store.failListeners(listOf("c"), StoreException.NotFound(listOf("c")))
        store.setData(data(), listOf("c", "a"))
        expect(calls, listOf("ok", "doc ok", "other", "no document at 'c'", "doc no document at 'c'"), "failing listeners ends them")
        expect(store.listenerCount, 1, "failed listeners are removed")
    }
}

private fun concurrentWrites() {
    val store = InMemoryStore()
    val seen = ArrayList<Int>()
    val registration = store.addQueryListener(StoreQuery(listOf("c")), { synchronized(seen) { seen.add(it.documents.size) } }, { })
    val done = CountDownLatch(8)
    for (thread in 0 until 8) {
        Thread {
            for (index in 0 until 100) {
                store.setData(data("thread" to int(thread.toLong())), listOf("c", "$thread-$index"))
                if (index % 25 == 0) store.getDocuments(StoreQuery(listOf("c"), limit = 3)).blockingGet()
            }
            done.countDown()
        }.start()
    }
    check(done.await(30, TimeUnit.SECONDS), "eight threads finish")
    expect(store.getDocuments(StoreQuery(listOf("c"))).blockingGet().size, 800, "no write is lost")
    val counts = synchronized(seen) { seen.toList() }
    expect(counts.lastOrNull(), 800, "the listener saw the last state")
    expect(counts, counts.sorted(), "each call sees a state at least as new as the one before")
    registration.remove()
}

// Acknowledged writes

/** What a stream or completable signals, in order: `next a`, `complete`, `error <message>`. */
private fun events(source: Observable<String>): MutableList<String> {
    val events = java.util.Collections.synchronizedList(ArrayList<String>())
    source.subscribe({ events.add("next $it") }, { events.add("error ${it.message}") }, { events.add("complete") })
    return events
}

private fun events(source: Completable): MutableList<String> = events(source.toObservable())

private fun acknowledgedWrites() {
    run {
        val store = InMemoryStore(pendingWrites = true, clock = { Timestamp(1_000) })
        val seen = ArrayList<String>()
        store.addDocumentListener(listOf("c", "a"), { seen.add(it?.data?.get("at").toString()) }, { seen.add("error") })
        val first = events(store.commitBatch(listOf(DocumentWrite.Set(listOf("c", "a"), data("at" to PENDING)))))
        val second = events(store.commitBatch(listOf(DocumentWrite.Set(listOf("c", "b"), data()))))
        expect(seen, listOf("null", "serverTimestamp"), "a pending commit is applied when subscribed")
        expect(first + second, emptyList<String>(), "a pending commit is not acknowledged before the flush")
        val order = ArrayList<String>()
        val third = store.commitBatch(listOf(DocumentWrite.Delete(listOf("c", "x"))))
        third.subscribe { order.add("third") }
        store.commitBatch(listOf(DocumentWrite.Delete(listOf("c", "y")))).subscribe { order.add("fourth") }
        store.addDocumentListener(listOf("c", "a"), { if (it?.data?.get("at") != PENDING) order.add("notified") }, { })
        order.clear()
        store.flushPendingWrites()
        expect(first + second, listOf("complete", "complete"), "the flush acknowledges every batch, also one without server timestamps")
        expect(order, listOf("notified", "third", "fourth"), "after notifying listeners, in commit order")
        store.flushPendingWrites()
        expect(first + second, listOf("complete", "complete"), "a batch is acknowledged once")
        val refused = events(store.commitBatch(listOf(DocumentWrite.Set(listOf("c", "d"), data()), DocumentWrite.Update(listOf("c", "missing"), emptyMap()))))
        expect(refused, listOf("error no document at 'c/missing'"), "a refused pending commit fails at once")
        expect(store.getDocument(listOf("c", "d")).blockingGet(), null, "a refused pending commit is not applied")

        val immediate = InMemoryStore()
        expect(events(immediate.commitBatch(listOf(DocumentWrite.Set(listOf("c", "a"), data())))), listOf("complete"), "without pending writes a commit completes at once")
    }
    run {
        val store = InMemoryStore(pendingWrites = true)
        val counts = ArrayList<Int>()
        store.addQueryListener(StoreQuery(listOf("c")), { counts.add(it.documents.size) }, { counts.add(-1) })
        val writes = (0 until 1_001).map { DocumentWrite.Set(listOf("c", "$it"), data()) }
        val committed = events(store.commitBatch(writes))
        expect(counts, listOf(0, 1_001), "commitBatch applies the writes at once")
        expect(committed, emptyList<String>(), "commitBatch waits for the acknowledgement")
        store.flushPendingWrites()
        expect(committed, listOf("complete"), "commitBatch completes when acknowledged")

        val refusing = writes.mapIndexed { index, write -> if (index == 700) DocumentWrite.Update(listOf("c", "missing"), emptyMap()) else write }
        val other = InMemoryStore()
        val otherCounts = ArrayList<Int>()
        other.addQueryListener(StoreQuery(listOf("c")), { otherCounts.add(it.documents.size) }, { otherCounts.add(-1) })
        expect(errorOf(other.commitBatch(refusing)), StoreException.NotFound(listOf("c", "missing")), "one refused write fails the commit")
        expect(otherCounts, listOf(0), "a refused commit of 1,001 writes applies none")
    }
    run {
        // The store's own one-shot calls, which the RxJava views wrap: each completion is called once.
        val store = InMemoryStore(pendingWrites = true)
        val calls = ArrayList<String>()
        store.commitBatch(listOf(DocumentWrite.Set(listOf("c", "a"), data()))) { calls.add("first ${it.isSuccess}") }
        store.commitBatch(listOf(DocumentWrite.Update(listOf("c", "missing"), emptyMap()))) { calls.add("refused ${it.exceptionOrNull()?.message}") }
        store.commitBatch(listOf(DocumentWrite.Set(listOf("c", "b"), data()))) { calls.add("second ${it.isSuccess}") }
        expect(calls, listOf("refused no document at 'c/missing'"), "a refused batch completes at once, a pending one not before the flush")
        store.flushPendingWrites()
        store.flushPendingWrites()
        expect(calls, listOf("refused no document at 'c/missing'", "first true", "second true"), "the flush completes the batches once each, in commit order")
        calls.clear()
        store.getDocument(listOf("c", "a")) { calls.add("document ${it.getOrNull()?.id}") }
        store.getDocument(listOf("c", "none")) { calls.add("none ${it.getOrNull()}") }
        store.getDocuments(StoreQuery(listOf("c"))) { calls.add("documents ${it.getOrNull()?.map { document -> document.id }}") }
        store.runTransaction(body = { it.get(listOf("c", "a")) != null }) { calls.add("offline ${it.exceptionOrNull() is StoreException.Offline}") }
        InMemoryStore().runTransaction(2, { it.get(listOf("c", "a")) == null }) { calls.add("transaction ${it.getOrNull()}") }
        expect(calls, listOf("document a", "none null", "documents [a, b]", "offline true", "transaction true"), "reads and transactions complete before they return")
        val commit = store.commitBatch(listOf(DocumentWrite.Set(listOf("c", "lazy"), data())))
        expect(store.getDocument(listOf("c", "lazy")).blockingGet(), null, "the RxJava view of a commit runs when subscribed")
        commit.subscribe()
        expect(store.getDocument(listOf("c", "lazy")).blockingGet()?.id, "lazy", "and then applies its writes")
    }
}

// Transactions

/** What a (synchronous) single ends with: `success <value>` or `error <message>`. */
private fun <T : Any> outcome(single: Single<T>): String {
    var outcome = "nothing"
    single.subscribe({ outcome = "success $it" }, { outcome = "error ${it.message}" })
    return outcome
}

private fun transactions() {
    val room = listOf("rooms", "r")
    val other = listOf("rooms", "o")
    fun stored(store: InMemoryStore, path: List<String>): String? =
        store.getDocument(path).blockingGet()?.let { DocumentValue.MapValue(it.data).toString() }
    fun n(document: DocumentSnapshot?): Long = (document?.data?.get("n") as DocumentValue.IntValue).value
    run {
        val store = InMemoryStore(clock = { Timestamp(1_000) })
        store.setData(data("n" to int(1)), room)
        val seen = ArrayList<String>()
        store.addQueryListener(StoreQuery(listOf("rooms")), { snapshot -> seen.add(snapshot.documents.joinToString { it.toString() }) }, { })
        var runs = 0
        val commit = store.runTransaction { transaction ->
            runs++
            val count = n(transaction.get(room))
            expect(transaction.get(listOf("rooms", "missing")), null, "a transaction reads a missing document as null")
            transaction.write(DocumentWrite.Set(room, data("n" to int(count + 1), "at" to PENDING)))
            transaction.write(DocumentWrite.Merge(other, mapOf(path("n") to FieldUpdate.Value(int(count)))))
            "read $count"
        }
        expect(runs, 0, "a transaction is cold")
        expect(outcome(commit), "success read 1", "a transaction emits what its body returns")
        expect(runs, 1, "an uncontended transaction runs once")
        expect(stored(store, room), "{at: 1970-01-01T00:16:40Z, n: 2}", "a transaction's writes are applied, server timestamps set to the clock")
        expect(seen, listOf("r {n: 1}", "o {n: 1}, r {at: 1970-01-01T00:16:40Z, n: 2}"), "listeners see a transaction's writes in one snapshot")
        expect(outcome(store.runTransaction { transaction -> n(transaction.get(room)) }), "success 2", "a read-only transaction")
        expect(seen.size, 2, "a read-only transaction notifies no listener")
        expect(errorOf(store.runTransaction { transaction -> transaction.get(listOf("rooms")) ?: 0 }.ignoreElement()),
            StoreException.InvalidPath(listOf("rooms")), "a transaction checks the paths it reads")
    }
    run {
        val store = InMemoryStore()
        store.setData(data("n" to int(1)), room)
        val reads = ArrayList<Long>()
        val result = outcome(store.runTransaction { transaction ->
            reads.add(n(transaction.get(room)))
            if (reads.size == 1) store.setData(data("n" to int(10)), room)
            reads.add(n(transaction.get(room)))
            transaction.write(DocumentWrite.Update(room, mapOf(path("n") to FieldUpdate.Value(int(reads.last() + 1)))))
            reads.last()
        })
        expect(reads, listOf(1L, 1L, 10L, 10L), "a document read changed by another client: a second read returns the first, and the body runs again and sees the change")
        expect(result, "success 10", "a retried transaction emits what its last run returns")
        expect(stored(store, room), "{n: 11}", "a retried transaction's write comes after the change")
    }
    run {
        val store = InMemoryStore()
        store.setData(data("n" to int(1)), room)
        var runs = 0
        outcome(store.runTransaction { transaction ->
            runs++
            transaction.get(room)
            if (runs == 1) { store.deleteDocument(room); store.setData(data("n" to int(1)), room) }
            if (runs == 2) store.setData(data("n" to int(1)), room)
            runs
        })
        expect(runs, 2, "a document deleted and made again with the same data has changed (Firestore compares update times); one set to what it held has not")
    }
    run {
        val store = InMemoryStore()
        store.setData(data("n" to int(0)), room)
        var runs = 0
        val contended = store.runTransaction { transaction ->
            runs++
            transaction.get(room)
            store.setData(data("n" to int(runs.toLong())), room)
            transaction.write(DocumentWrite.Set(other, data()))
            transaction.write(DocumentWrite.Update(room, mapOf(path("x") to FieldUpdate.Value(int(1)))))
            runs
        }
        val error = errorOf(contended.ignoreElement())
        expect(error, StoreException.Contention(MAXIMUM_TRANSACTION_ATTEMPTS), "a transaction whose read changes every time fails")
        expect(error?.message, "a transaction gave up after 5 attempts: a document it read changed each time", "contention message")
        expect(runs, 5, "a contended transaction runs its body five times")
        expect(stored(store, other), null, "a contended transaction writes nothing")
        expect(stored(store, room), "{n: 5}", "a contended transaction writes nothing")
    }
    run {
        val store = InMemoryStore()
        val reads = ArrayList<DocumentSnapshot?>()
        val result = outcome(store.runTransaction { transaction ->
            val found = transaction.get(room)
            reads.add(found)
            if (reads.size == 1) store.setData(data("n" to int(1)), room)
            if (found == null) transaction.write(DocumentWrite.Set(room, data("n" to int(0))))
            found?.data?.get("n").toString()
        })
        expect(reads, listOf(null, DocumentSnapshot("r", data("n" to int(1)), listOf("rooms"))), "a missing document that appears meanwhile: the body runs again")
        expect(result, "success 1", "the second run sees the document")
        expect(stored(store, room), "{n: 1}", "the first run's write is not applied")
    }
    run {
        val store = InMemoryStore()
        store.setData(data("n" to int(1)), room)
        val seen = ArrayList<Int>()
        store.addQueryListener(StoreQuery(listOf("rooms")), { seen.add(it.documents.size) }, { })
        var runs = 0
        val readAfterWrite = errorOf(store.runTransaction { transaction ->
            runs++
            transaction.write(DocumentWrite.Set(other, data()))
            transaction.get(room) ?: 0
        }.ignoreElement())
        expect(readAfterWrite, StoreException.ReadAfterWrite(), "a read after a write fails the transaction")
        expect(readAfterWrite?.message, "a transaction must read every document before it writes any", "read-after-write message")
        expect(runs, 1, "a read after a write is not retried")
        val thrown = outcome(store.runTransaction<Int> { transaction ->
            runs++
            transaction.write(DocumentWrite.Set(other, data()))
            throw IllegalStateException("the room is full")
        })
        expect(thrown, "error the room is full", "what the body throws fails the transaction")
        expect(runs, 2, "a body that throws is not retried")
        val refused = errorOf(store.runTransaction { transaction ->
            runs++
            transaction.get(room)
            transaction.write(DocumentWrite.Set(other, data()))
            transaction.write(DocumentWrite.Update(listOf("rooms", "missing"), mapOf(path("n") to FieldUpdate.Value(int(1)))))
        }.ignoreElement())
        expect(refused, StoreException.NotFound(listOf("rooms", "missing")), "a write the store refuses fails the transaction")
        expect(refused?.message, "no document at 'rooms/missing'", "a refused write's message")
        expect(runs, 3, "a refused write is not retried")
        expect(stored(store, other), null, "failed transactions write nothing")
        expect(seen, listOf(1), "failed transactions notify no listener")
    }
    run {
        val store = InMemoryStore(pendingWrites = true)
        var runs = 0
        val offline = errorOf(store.runTransaction { runs++ }.ignoreElement())
        expect(offline, StoreException.Offline(), "a transaction on a store with pending writes fails")
        expect(offline?.message, "a transaction needs the server, and this store's writes are pending", "offline message")
        expect(runs, 0, "an offline transaction runs nothing")
    }
    run {
        val store = InMemoryStore()
        store.setData(data("n" to int(3)), listOf("items", "a"))
        store.setData(data("n" to str("three")), listOf("items", "bad"))
        expect(outcome(store.runTransaction { transaction ->
            listOf(transaction.get(Item, listOf("items", "a")), transaction.get(Item, listOf("items", "missing")))
        }), "success [Item(id=a, n=3), null]", "a transaction's reads decode, null for a missing document")
        check(errorOf(store.runTransaction { transaction -> transaction.get(Item, listOf("items", "bad")) ?: 0 }.ignoreElement()) is DocumentDecodingException,
            "a read that does not decode fails the transaction")
    }
}

private fun writtenStreams() {
    val message = { id: String -> DocumentWrite.Set(listOf("messages", id), data("text" to str("hi"))) }
    run {
        val store = InMemoryStore()
        val write = store.written { message("m1") }
        expect(store.getDocument(listOf("messages", "m1")).blockingGet(), null, "written is cold")
        expect(events(write), listOf("next m1", "complete"), "written emits the id, then completes")
        check(store.getDocument(listOf("messages", "m1")).blockingGet() != null, "written writes")
    }
    run {
        val store = InMemoryStore(pendingWrites = true)
        val pending = events(store.written { message("m1") })
        expect(pending, listOf("next m1"), "a pending write emits its id once applied")
        check(store.getDocument(listOf("messages", "m1")).blockingGet() != null, "a pending write is applied")
        val disposed = ArrayList<String>()
        store.written { message("m2") }.subscribe({ disposed.add(it) }, { disposed.add("error") }, { disposed.add("complete") }).dispose()
        store.flushPendingWrites()
        expect(pending, listOf("next m1", "complete"), "a pending write completes when acknowledged")
        expect(disposed, listOf("m2"), "a disposed write hears nothing more")
        check(store.getDocument(listOf("messages", "m2")).blockingGet() != null, "a disposed write stays")
    }
    run {
        val store = InMemoryStore()
        val count = PublishSubject.create<Long>()
        val belowTwo = PreCheck("sendMessage", "count < 2", count) { it < 2 }
        val failing = events(store.written(belowTwo) { message("m1") })
        count.onNext(2)
        expect(failing, listOf("error 'sendMessage' needs count < 2, but it is 2"), "a failed pre-check")
        expect(PreCheckException("sendMessage", "count < 2", 2L), PreCheckException("sendMessage", "count < 2", 2L), "pre-check exceptions compare")
        val passing = events(store.written(belowTwo) { message("m2") })
        count.onNext(1)
        count.onNext(3)
        expect(passing, listOf("next m2", "complete"), "a passed pre-check writes once, by the value's first emission")
        expect(store.getDocuments(StoreQuery(listOf("messages"))).blockingGet().map { it.id }, listOf("m2"), "a failed pre-check writes nothing")
        expect(count.hasObservers(), false, "the pre-check stops listening to its value")
        val broken = PreCheck("sendMessage", "count < 2", Observable.error<Long>(IllegalStateException("offline"))) { it < 2 }
        expect(events(store.written(broken) { message("m3") }), listOf("error offline"), "the pre-check value's error fails the write")
        expect(events(store.written(PreCheck("sendMessage", "count < 2", Observable.empty<Long>()) { it < 2 }) { message("m4") }),
            listOf("complete"), "an empty pre-check value completes, unwritten")
        expect(events(store.written { throw ConstraintException(listOf("'text' must have at least 1 character")) }),
            listOf("error 'text' must have at least 1 character"), "a write make() refuses fails")
        expect(events(store.written { DocumentWrite.Update(listOf("messages", "missing"), emptyMap()) }),
            listOf("error no document at 'messages/missing'"), "a write the store refuses fails without an id")
        expect(store.getDocuments(StoreQuery(listOf("messages"))).blockingGet().map { it.id }, listOf("m2"), "failed writes write nothing")
    }
    run {
        val base = InMemoryStore()
        val elsewhere = object : DocumentStore by base {
            override fun commitBatch(writes: List<DocumentWrite>, completion: (Result<Unit>) -> Unit) =
                base.commitBatch(writes) { result -> Schedulers.single().scheduleDirect { completion(result) } }
        }
        expect(elsewhere.written { message("m1") }.toList().blockingGet(), listOf("m1"), "an acknowledgement on another thread comes after the id")
    }
}

// Streams

/** A collection row, as generated code would declare it. */
private data class Item(val id: String, val n: Long) {
    companion object : DocumentCodec<Item> {
        val decodes = AtomicInteger()

        override fun decode(id: String, data: DocumentData): Item {
            decodes.incrementAndGet()
            return Item(id, FieldReader(data).required("n", Codecs.long))
        }

        override fun encode(value: Item): DocumentData = mapOf("n" to Codecs.long.encode(value.n))
    }
}

private fun items(store: DocumentStore, scheduler: io.reactivex.rxjava3.core.Scheduler = Schedulers.trampoline(),
                  failures: MutableList<DecodeFailure>? = null): Observable<List<Item>> =
    CollectionStream.observe(store, StoreQuery(listOf("items"), orderBy = listOf(QueryOrder.ascending(path("n")))), Item, scheduler) {
        failures?.add(it)
    }

private fun collectionStreams() {
    run {
        val store = InMemoryStore()
        val failures = ArrayList<DecodeFailure>()
        val observer = items(store, failures = failures).record()
        store.setData(data("n" to int(2)), listOf("items", "b"))
        store.setData(data("n" to str("one")), listOf("items", "a"))
        store.setData(data("n" to int(2), "extra" to bool(true)), listOf("items", "b"))
        expectValues(observer, listOf(emptyList(), listOf(Item("b", 2))), "bad documents are left out, unchanged rows not emitted")
        expect(failures, listOf(DecodeFailure(listOf("items", "a"), DocumentDecodingException(listOf("n"), Problem.WrongType("int", "string")))),
            "a bad document is reported once")
        expect(failures.firstOrNull()?.toString(), "items/a: 'n' should be int but is string", "decode failure message")
        val decodes = Item.decodes.get()
        store.setData(data("n" to int(3)), listOf("items", "c"))
        expect(Item.decodes.get() - decodes, 1, "unchanged documents are not decoded again")
        expect(failures.size, 1, "an unchanged bad document is not reported again")
        store.setData(data("n" to bool(true)), listOf("items", "a"))
        expect(failures.size, 2, "a new version of a bad document is reported")
        store.setData(data("n" to dbl(3.0)), listOf("items", "c"))
        expect(failures.lastOrNull()?.error?.problem, Problem.WrongType("int", "double"), "an int stored as a double is a new version")
        expectValues(observer, listOf(emptyList(), listOf(Item("b", 2)), listOf(Item("b", 2), Item("c", 3)), listOf(Item("b", 2))),
            "every change of the rows")
        observer.dispose()
        expect(store.listenerCount, 0, "dispose removes the listener")
    }
    run {
        val store = InMemoryStore()
        val scheduler = TestScheduler()
        val stream = items(store, scheduler)
        expect(store.listenerCount, 0, "no listener before subscribing")
        val observer = stream.record()
        expect(store.listenerCount, 1, "a listener once subscribed")
        store.setData(data("n" to int(1)), listOf("items", "a"))
        expectValues(observer, emptyList(), "decoding waits for the scheduler")
        scheduler.triggerActions()
        expectValues(observer, listOf(emptyList(), listOf(Item("a", 1))), "decoded on the scheduler")
        store.setData(data("n" to int(2)), listOf("items", "a"))
        observer.dispose()
        expect(store.listenerCount, 0, "dispose removes the listener")
        scheduler.triggerActions()
        expect(observer.values.size, 2, "work queued before the dispose is dropped")
    }
    run {
        val store = InMemoryStore()
        val observer = items(store).map { it.size }.record()
        store.failListeners(listOf("items"), StoreException.NotFound(listOf("items")))
        expectValues(observer, listOf(0), "values before the error")
        expectError(observer, StoreException.NotFound(listOf("items")), "a listener error ends the stream")
        val invalid = CollectionStream.observe(store, StoreQuery(listOf("a", "b")), Item, Schedulers.trampoline()) { }.record()
        expectError(invalid, StoreException.InvalidPath(listOf("a", "b")), "an invalid path ends the stream")
        expect(store.listenerCount, 0, "errors remove listeners")
    }
    run {
        val store = InMemoryStore()
        val scheduler = TestScheduler()
        val observer = items(store, scheduler).map { it.size }.record()
        store.setData(data("n" to int(1)), listOf("items", "a"))
        store.failListeners(listOf("items"), StoreException.NotFound(listOf("items")))
        expect(observer.error, null, "the error waits for the scheduler too")
        scheduler.triggerActions()
        expectValues(observer, listOf(0, 1), "snapshots before an error are delivered first")
        expectError(observer, StoreException.NotFound(listOf("items")), "then the error")
    }
    run {
        val store = InMemoryStore()
        store.setData(data("n" to int(1)), listOf("items", "a"))
        val threads = ArrayList<String>()
        val latch = CountDownLatch(1)
        val scheduler = Schedulers.single()
        val disposable = items(store, scheduler).subscribe { synchronized(threads) { threads.add(Thread.currentThread().name) }; latch.countDown() }
        check(latch.await(10, TimeUnit.SECONDS), "a background scheduler delivers")
        check(synchronized(threads) { threads.toList() }.none { it == Thread.currentThread().name }, "off the calling thread")
        disposable.dispose()
        expect(store.listenerCount, 0, "disposed")
    }
}

private fun documentStreams() {
    val store = InMemoryStore()
    val failures = ArrayList<DecodeFailure>()
    val observer = DocumentStream.observe(store, listOf("items", "a"), Item, Schedulers.trampoline()) { failures.add(it) }.record()
    store.setData(data("n" to int(1)), listOf("items", "a"))
    store.setData(data("n" to int(1), "x" to NULL), listOf("items", "a"))
    store.setData(data("n" to str("bad")), listOf("items", "a"))
    store.deleteDocument(listOf("items", "a"))
    store.setData(data("n" to int(3)), listOf("items", "a"))
    expectValues(observer, listOf(Optional.empty(), Optional.of(Item("a", 1)), Optional.empty(), Optional.of(Item("a", 3))), "document stream")
    expect(failures.map { it.toString() }, listOf("items/a: 'n' should be int but is string"), "document decode failure")
    observer.dispose()
    expect(store.listenerCount, 0, "document stream disposed")
    expectError(DocumentStream.observe(store, listOf("items"), Item, Schedulers.trampoline()) { }.record(),
        StoreException.InvalidPath(listOf("items")), "a document stream on an invalid path")
}

private data class Person(val id: String, val name: String)
private data class Post(val owner: String?)
private data class Joined(val post: Post, val person: Person?)

private fun rowOperators() {
    run {
        val posts = PublishSubject.create<List<Post>>()
        val people = PublishSubject.create<List<Person>>()
        val left = posts.leftJoin(people, { it.owner }, { it.id }) { post, person -> Joined(post, person) }.record()
        val inner = posts.innerJoin(people, { it.owner }, { it.id }) { post, person -> (post.owner ?: "") + ":" + person.name }.record()
        posts.onNext(listOf(Post("\u00E9"), Post("e\u0301"), Post(null), Post("b"), Post("nobody")))
        expectValues(left, emptyList(), "a join waits for both sides")
        people.onNext(listOf(Person("e\u0301", "first"), Person("e\u0301", "second"), Person("b", "bee")))
        expect(left.values.lastOrNull()?.map { it.person?.name }, listOf(null, "first", null, "bee", null),
            "left join: the first right row per key, by code point; unmatched and null keys get null")
        expect(inner.values, listOf(listOf("e\u0301:first", "b:bee")), "inner join leaves out unmatched rows")
        people.onNext(listOf(Person("e\u0301", "first"), Person("b", "bee"), Person("zz", "new")))
        expect(inner.values.size, 1, "an unchanged result is not emitted again")
        expect(left.values.size, 1, "an unchanged left join is not emitted again")
        people.onNext(listOf(Person("b", "B"), Person("b", "later")))
        expect(inner.values.lastOrNull(), listOf("b:B"), "a changed right side")
        posts.onError(StoreException.NotFound(listOf("posts")))
        expectError(left, StoreException.NotFound(listOf("posts")), "left join error")
        expectError(inner, StoreException.NotFound(listOf("posts")), "inner join error")
        check(!people.hasObservers(), "an error disposes the other side")
    }
    run {
        val lefts = PublishSubject.create<List<Double>>()
        val rights = PublishSubject.create<List<Pair<Double, String>>>()
        val joined = lefts.leftJoin(rights, { it }, { it.first }) { key, match -> "$key=${match?.second}" }.record()
        lefts.onNext(listOf(0.0, Double.NaN, -0.0, 1.0))
        rights.onNext(listOf(-0.0 to "zero", Double.NaN to "nan", 0.0 to "second zero"))
        expect(joined.values.lastOrNull(), listOf("0.0=zero", "NaN=nan", "-0.0=zero", "1.0=null"), "double keys: -0 matches 0, NaN matches NaN")
        val longs = PublishSubject.create<List<Long>>()
        val named = PublishSubject.create<List<Pair<Long, String>>>()
        val byLong = longs.innerJoin(named, { it }, { it.first }) { _, match -> match.second }.record()
        longs.onNext(listOf(2L, 1L, 2L))
        named.onNext(listOf(1L to "one", 2L to "two"))
        expect(byLong.values, listOf(listOf("two", "one", "two")), "long keys; a right row may match many left rows")
    }
    run {
        val rows = PublishSubject.create<List<Long>>()
        val evens = rows.filterRows { it % 2 == 0L }.record()
        val count = rows.countRows { it > 1 }.record()
        val all = rows.countRows().record()
        rows.onNext(listOf(1, 2, 3))
        rows.onNext(listOf(1, 2, 5))
        rows.onNext(listOf(2, 4))
        rows.onNext(listOf(5))
        expectValues(evens, listOf(listOf(2L), listOf(2L, 4L), emptyList()), "filterRows emits changes only")
        expectValues(count, listOf(2, 1), "countRows with a predicate emits changes only")
        expectValues(all, listOf(3, 2, 1), "countRows")
        val doubles = PublishSubject.create<List<Double>>()
        val same = doubles.filterRows { true }.record()
        doubles.onNext(listOf(Double.NaN))
        doubles.onNext(listOf(Double.NaN))
        expect(same.values.size, 1, "NaN lists are not emitted twice")
        rows.onError(IllegalStateException("boom"))
        expect(evens.error?.message, "boom", "filterRows passes errors on")
        expect(count.error?.message, "boom", "countRows passes errors on")
    }
}

// Incremental work, against doing everything again over seeded random changes

/** A listener's changes, applied one by one to the documents it had, give the documents it has now and the query's result. */
private fun incrementalQueries() {
    val queries = listOf(
        StoreQuery(listOf("c")),
        StoreQuery(listOf("c"), orderBy = listOf(QueryOrder.descending(path("n")))),
        StoreQuery(listOf("c"), QueryFilter.Compare(path("n"), QueryOperator.GREATER_OR_EQUAL, int(3)), listOf(QueryOrder.ascending(path("n"))), 4),
        StoreQuery(listOf("c"), orderBy = listOf(QueryOrder.ascending(path("tag")), QueryOrder.descending(path("n"))), limit = 1),
        StoreQuery(listOf("c"), orderBy = listOf(QueryOrder.ascending(path("n"))), limitToLast = 3),
        StoreQuery(listOf("c"), QueryFilter.Compare(path("n"), QueryOperator.GREATER_OR_EQUAL, int(2)), listOf(QueryOrder.descending(path("tag"))),
            limitToLast = 2),
        StoreQuery(listOf("c"), orderBy = listOf(QueryOrder.ascending(path("tag")), QueryOrder.descending(path("n"))), limitToLast = 1)
    )
    for ((which, query) in queries.withIndex()) {
        for (seed in 1L..20L) {
            val random = java.util.Random(seed)
            val store = InMemoryStore()
            var replayed: List<DocumentSnapshot> = emptyList()
            var consistent = true
            val registration = store.addQueryListener(query, { snapshot ->
                replayed = replay(snapshot.changes, replayed)
                if (replayed != snapshot.documents) consistent = false
            }, { consistent = false })
            for (step in 0 until 60) {
                val id = "d${random.nextInt(8)}"
                when (random.nextInt(10)) {
                    0 -> store.deleteDocument(listOf("c", id))
                    1 -> store.setData(data("tag" to str("a")), listOf("c", id))
                    else -> {
                        val fields = HashMap<String, DocumentValue>()
                        fields["n"] = int(random.nextInt(6).toLong())
                        if (random.nextBoolean()) fields["tag"] = str(if (random.nextBoolean()) "a" else "b")
                        store.setData(fields, listOf("c", id))
                    }
                }
                if (replayed != store.getDocuments(query).blockingGet()) consistent = false
                val last = query.limitToLast
                if (last != null && replayed != store.getDocuments(query.copy(limitToLast = null)).blockingGet().takeLast(last)) consistent = false
            }
            registration.remove()
            check(consistent, "query $which, seed $seed: changes replay to the query's result")
        }
    }
}

/** Applies changes with Firestore's index rules. */
internal fun replay(changes: List<DocumentChange>, documents: List<DocumentSnapshot>): List<DocumentSnapshot> {
    val result = ArrayList(documents)
    for (change in changes) {
        when (change) {
            is DocumentChange.Added -> result.add(change.newIndex, change.document)
            is DocumentChange.Modified -> {
                check(result[change.oldIndex].id == change.document.id, "a modified document is where its old index says")
                result.removeAt(change.oldIndex)
                result.add(change.newIndex, change.document)
            }
            is DocumentChange.Removed -> check(result.removeAt(change.oldIndex) == change.document, "a removed document is where its old index says")
        }
    }
    return result
}

/** Joins kept up to date match joins done from scratch, emitting only changes. */
private fun incrementalJoins() {
    data class Person(val id: String, val name: String)
    data class Joined(val post: String?, val person: Person?)
    var recorded = 0
    for (seed in 1L..30L) {
        val random = java.util.Random(seed)
        val posts = PublishSubject.create<List<String?>>()
        val people = PublishSubject.create<List<Person>>()
        val leftJoined = posts.leftJoin(people, { it }, { it.id }) { post, person -> Joined(post, person) }
        val innerJoined = posts.innerJoin(people, { it }, { it.id }) { post, person -> Joined(post, person) }
        val left = leftJoined.record()
        val inner = innerJoined.record()
        val records = listOf(RecordChecks(leftJoined, "left join, seed $seed"), RecordChecks(innerJoined, "inner join, seed $seed"))
        val expectedLeft = mutableListOf<List<Joined>>(emptyList())
        val expectedInner = mutableListOf<List<Joined>>(emptyList())
        var currentPosts: List<String?> = emptyList()
        var currentPeople: List<Person> = emptyList()
        posts.onNext(currentPosts)
        people.onNext(currentPeople)
        fun key(): String? = random.nextInt(6).let { if (it == 5) null else "k$it" }
        for (step in 0 until 80) {
            if (random.nextInt(4) == 0) {
                currentPosts = List(random.nextInt(8)) { key() }
                posts.onNext(currentPosts)
            } else {
                val changed = ArrayList(currentPeople)
                val name = "n${random.nextInt(3)}"
                val choice = random.nextInt(5)
                when {
                    choice == 0 && changed.isNotEmpty() -> random.nextInt(changed.size).let { changed[it] = changed[it].copy(name = name) }
                    choice == 1 && changed.isNotEmpty() -> changed.removeAt(random.nextInt(changed.size))
                    choice == 2 && changed.isNotEmpty() -> random.nextInt(changed.size).let { changed[it] = changed[it].copy(id = key() ?: "k0") }
                    choice == 3 && changed.isNotEmpty() -> java.util.Collections.swap(changed, random.nextInt(changed.size), random.nextInt(changed.size))
                    else -> changed.add(random.nextInt(changed.size + 1), Person(key() ?: "k0", name))
                }
                currentPeople = changed
                people.onNext(currentPeople)
            }
            val index = HashMap<String, Person>()
            for (person in currentPeople) index.putIfAbsent(person.id, person)
            val all = currentPosts.map { Joined(it, it?.let { key -> index[key] }) }
            if (expectedLeft.last() != all) expectedLeft.add(all)
            val matched = all.filter { it.person != null }
            if (expectedInner.last() != matched) expectedInner.add(matched)
        }
        expectValues(left, expectedLeft, "left join, seed $seed")
        expectValues(inner, expectedInner, "inner join, seed $seed")
        recorded += records.sumOf { it.recorded }
        records.forEach { it.dispose() }
        left.dispose()
        inner.dispose()
    }
    check(recorded > 0, "a join says which rows it joined again")
}

/** Streams and counts that decode only what changed match decoding every document, and report each failing content once. */
private fun incrementalDecoding() {
    val query = StoreQuery(listOf("items"), orderBy = listOf(QueryOrder.descending(path("at"))), limit = 5)
    var recorded = 0
    for (seed in 1L..20L) {
        val random = java.util.Random(seed)
        val store = InMemoryStore()
        val failures = ArrayList<DecodeFailure>()
        val rows = CollectionStream.observe(store, query, Item, Schedulers.trampoline()) { failures.add(it) }.record()
        val records = RecordChecks(CollectionStream.observe(store, query, Item, Schedulers.trampoline()) { }, "decoded rows, seed $seed")
        val countFailures = ArrayList<DecodeFailure>()
        val count = CollectionStream.count(store, query, Item, Schedulers.trampoline(), { countFailures.add(it) }) { it.n == 1L }.record()
        val expected = mutableListOf<List<Item>>(emptyList())
        val expectedCounts = mutableListOf(0)
        val reported = HashMap<String, DocumentData>()
        var expectedFailures = 0
        for (step in 0 until 60) {
            val id = "d${random.nextInt(8)}"
            val n = if (random.nextInt(5) == 0) str("not a number") else int(random.nextInt(3).toLong())
            if (random.nextInt(6) == 0) store.deleteDocument(listOf("items", id))
            else store.setData(data("at" to int(random.nextInt(10).toLong()), "n" to n), listOf("items", id))
            val documents = store.getDocuments(query).blockingGet()
            val decoded = ArrayList<Item>()
            for (document in documents) {
                val item = try { Item.decode(document.id, document.data) } catch (error: DocumentDecodingException) { null }
                if (item != null) {
                    decoded.add(item)
                    reported.remove(document.id)
                } else if (reported[document.id] != document.data) {
                    reported[document.id] = document.data
                    expectedFailures += 1
                }
            }
            if (expected.last() != decoded) expected.add(decoded)
            val matching = decoded.count { it.n == 1L }
            if (expectedCounts.last() != matching) expectedCounts.add(matching)
        }
        expectValues(rows, expected, "decoded rows, seed $seed")
        recorded += records.recorded
        records.dispose()
        expect(failures.size, expectedFailures, "decode failures reported, seed $seed")
        expectValues(count, expectedCounts, "counted rows, seed $seed")
        expect(countFailures, failures, "decode failures reported by the count, seed $seed")
        rows.dispose()
        count.dispose()
    }
    check(recorded > 0, "a query stream says which rows it replaced")
}

// Field transforms, as Firestore's server applies them (DocumentTransform.FieldTransform in its API
// reference: increment, appendMissingElements, removeAllFromArray; delete as the SDKs' ObjectValue.delete)

private fun fieldUpdates() {
    fun updating(data: DocumentData, fields: Map<FieldPath, FieldUpdate>): String {
        val store = InMemoryStore()
        store.setData(data, listOf("c", "d"))
        store.updateData(fields, listOf("c", "d"))
        return DocumentValue.MapValue(store.getDocument(listOf("c", "d")).blockingGet()!!.data).toString()
    }
    expect(updating(data("i" to int(1), "d" to dbl(1.5), "s" to str("x")), mapOf(
        path("i") to FieldUpdate.Increment(int(2)), path("d") to FieldUpdate.Increment(int(1)), path("s") to FieldUpdate.Increment(int(1)),
        path("m") to FieldUpdate.Increment(dbl(0.5)), path("o.n") to FieldUpdate.Increment(int(3)), path("z") to FieldUpdate.Increment(dbl(-0.0))
    )), "{d: 2.5, i: 3, m: 0.5, o: {n: 3}, s: 1, z: -0.0}", "increments add ints as ints, anything with a double as doubles, or set the operand where no number is")
    expect(updating(data("max" to int(Long.MAX_VALUE), "min" to int(Long.MIN_VALUE), "nan" to int(1)), mapOf(
        path("max") to FieldUpdate.Increment(int(1)), path("min") to FieldUpdate.Increment(int(-1)), path("nan") to FieldUpdate.Increment(dbl(Double.NaN))
    )), "{max: 9223372036854775807, min: -9223372036854775808, nan: nan}", "int increments saturate; NaN propagates")
    expect(updating(data("tags" to arr(int(1), str("a")), "zeros" to arr(dbl(0.0)), "nans" to arr(dbl(Double.NaN)), "s" to str("x")), mapOf(
        path("tags") to FieldUpdate.ArrayUnion(listOf(dbl(1.0), str("a"), int(2), int(2))), path("zeros") to FieldUpdate.ArrayUnion(listOf(dbl(-0.0))),
        path("nans") to FieldUpdate.ArrayUnion(listOf(dbl(Double.NaN))), path("s") to FieldUpdate.ArrayUnion(listOf(str("a")))
    )), "{nans: [nan], s: [\"a\"], tags: [1, \"a\", 2], zeros: [0.0]}", "arrayUnion appends what is not there, by the contract's equality")
    expect(updating(data("tags" to arr(int(1), dbl(1.0), str("a"), int(1)), "zeros" to arr(dbl(-0.0), int(1)), "s" to str("x")), mapOf(
        path("tags") to FieldUpdate.ArrayRemove(listOf(int(1))), path("zeros") to FieldUpdate.ArrayRemove(listOf(dbl(0.0))),
        path("s") to FieldUpdate.ArrayRemove(listOf(str("x"))), path("m") to FieldUpdate.ArrayRemove(emptyList())
    )), "{m: [], s: [], tags: [\"a\"], zeros: [1]}", "arrayRemove removes every equal element")
    expect(updating(data("o" to map("p" to bool(true), "q" to int(1)), "top" to int(1), "s" to str("x")), mapOf(
        path("o.p") to FieldUpdate.Delete, path("top") to FieldUpdate.Delete, path("missing.x") to FieldUpdate.Delete, path("s.x") to FieldUpdate.Delete
    )), "{o: {q: 1}, s: \"x\"}", "delete removes the field only where it is")

    val store = InMemoryStore()
    store.setData(data("a" to map("b" to int(1))), listOf("c", "d"))
    expectThrows(StoreException.OverlappingFields(path("a"), path("a.b")), "an update naming a field and a field inside it") {
        store.updateData(mapOf(path("a.b") to FieldUpdate.Value(int(2)), path("a") to FieldUpdate.Delete), listOf("c", "d"))
    }
    expect(errorOf(store.commitBatch(listOf(DocumentWrite.Set(listOf("c", "e"), data()), DocumentWrite.Update(listOf("c", "d"), mapOf(path("a.b") to FieldUpdate.Increment(str("1"))))))),
        StoreException.NotANumber(path("a.b")), "an increment by a string")
    expect(store.getDocument(listOf("c", "e")).blockingGet(), null, "a refused update changes nothing")
    expect(DocumentValue.MapValue(store.getDocument(listOf("c", "d")).blockingGet()!!.data).toString(), "{a: {b: 1}}", "a refused update changes nothing")
    expect(StoreException.OverlappingFields(path("a"), path("a.b")).message, "one update cannot change both 'a' and 'a.b'", "overlap message")
}

// Firestore's rules, checked by the in-memory store before it does anything

private fun firestoreRules() {
    val expectedMessages = listOf(
        StoreException.InvalidField(path("a.__b__")) to "invalid field 'a.__b__': names must be non-empty, and written ones must not begin and end with '__'",
        StoreException.UnsupportedValue(path("a.b")) to "'a.b' holds what Firestore cannot take there: an array directly inside an array, " +
            "a server timestamp inside an array or in a query, or a timestamp outside the years 1 to 9999",
        StoreException.ConflictingFilters(QueryOperator.NOT_EQUAL, QueryOperator.NOT_EQUAL) to "a query can have at most one '!=' filter",
        StoreException.EmptyList(QueryOperator.IN, path("tags")) to "the 'in' filter on 'tags' needs a non-empty list",
        StoreException.EmptyList(QueryOperator.IN, FieldPath.documentID) to "the 'in' filter on '__name__' needs a non-empty list",
        StoreException.InvalidDocumentIdFilter to "a filter on the document id takes non-empty strings holding no '/', and cannot be 'array-contains'",
        StoreException.TwoLimits to "a query takes 'limit' or 'limitToLast', not both",
        StoreException.LimitToLastWithoutOrder to "a query with 'limitToLast' needs an 'orderBy'"
    )
    for ((error, message) in expectedMessages) expect(error.message, message, "message of ${error.javaClass.simpleName}")
    expect(StoreException.InvalidField(FieldPath(emptyList())).message,
        "invalid field '': names must be non-empty, and written ones must not begin and end with '__'", "a field with no name prints as nothing")

    val store = InMemoryStore()
    store.setData(data("n" to int(1), "s" to str("x")), listOf("c", "a"))
    store.setData(data("n" to int(2)), listOf("c", "b"))
    /** The error a one-shot read of the query fails with (null: none), which a listener must hear instead of a snapshot. */
    fun refusal(
        filter: QueryFilter?, orderBy: List<QueryOrder> = emptyList(), collection: List<String> = listOf("c"),
        limit: Int? = null, limitToLast: Int? = null
    ): Throwable? {
        val query = StoreQuery(collection, filter, orderBy, limit, limitToLast)
        val heard = ArrayList<String>()
        val registration = store.addQueryListener(query, { heard.add("snapshot") }, { heard.add("error ${it.message}") })
        val read = errorOf(store.getDocuments(query).ignoreElement())
        expect(heard, listOf(if (read == null) "snapshot" else "error ${read.message}"), "a listener on $filter hears what a read does")
        registration.remove()
        return read
    }
    fun cmp(field: FieldPath, op: QueryOperator, value: DocumentValue): QueryFilter = QueryFilter.Compare(field, op, value)
    val id = FieldPath.documentID

    // An empty `in` list, on a listener and on a one-shot read.
    run {
        val query = StoreQuery(listOf("c"), compare("n", QueryOperator.IN, arr()))
        val heard = ArrayList<Throwable>()
        store.addQueryListener(query, { heard.add(IllegalStateException("snapshot")) }, { heard.add(it) })
        expect(heard, listOf<Throwable>(StoreException.EmptyList(QueryOperator.IN, path("n"))), "a listener on in [] gets the error, and no snapshot")
        expect(errorOf(store.getDocuments(query).ignoreElement()), StoreException.EmptyList(QueryOperator.IN, path("n")), "a one-shot read of in [] fails")
        expect(heard.first().message, "the 'in' filter on 'n' needs a non-empty list", "in [] message")
        expect(store.listenerCount, 0, "no listener kept for a refused query")
    }
    expect(refusal(compare("n", QueryOperator.IN, int(1))), StoreException.EmptyList(QueryOperator.IN, path("n")), "in of no list")
    expect(refusal(compare("n", QueryOperator.IN, arr(arr(int(1)), int(2)))), null, "an in list may hold arrays")
    expect(refusal(compare("n", QueryOperator.IN, arr(arr(arr(int(1)))))), null, "at any depth, as the SDK parses an in list")
    expect(refusal(compare("n", QueryOperator.IN, arr(PENDING))), StoreException.UnsupportedValue(path("n")), "a server timestamp in an in list")

    // `!=`
    val twoNotEqual = StoreException.ConflictingFilters(QueryOperator.NOT_EQUAL, QueryOperator.NOT_EQUAL)
    expect(refusal(QueryFilter.And(listOf(compare("n", QueryOperator.NOT_EQUAL, int(1)), compare("s", QueryOperator.NOT_EQUAL, str("y"))))),
        twoNotEqual, "two != refused")
    expect(refusal(QueryFilter.Or(listOf(compare("n", QueryOperator.NOT_EQUAL, int(1)), cmp(id, QueryOperator.NOT_EQUAL, str("a"))))),
        twoNotEqual, "two != at any depth, the document id's among them")
    expect(refusal(QueryFilter.And(listOf(compare("n", QueryOperator.NOT_EQUAL, int(1)), compare("s", QueryOperator.NOT_EQUAL, str("y")),
        compare("t", QueryOperator.IN, arr())))), twoNotEqual, "the second != is refused when it is checked, before the comparisons after it")
    expect(refusal(QueryFilter.And(listOf(compare("n", QueryOperator.NOT_EQUAL, int(1)), compare("t", QueryOperator.IN, arr()),
        compare("s", QueryOperator.NOT_EQUAL, str("y"))))), StoreException.EmptyList(QueryOperator.IN, path("t")), "and the comparisons before it first")
    expect(store.getDocuments(StoreQuery(listOf("c"), compare("n", QueryOperator.NOT_EQUAL, int(1)))).blockingGet().map { it.id }, listOf("b"), "one != runs")

    // Empty `or`
    expect(store.getDocuments(StoreQuery(listOf("c"), QueryFilter.Or(emptyList()))).blockingGet().map { it.id }, listOf("a", "b"),
        "an or of no filters matches every document in the store")
    run {
        val seen = ArrayList<List<String>>()
        val registration = store.addQueryListener(StoreQuery(listOf("c"), QueryFilter.Or(emptyList())), { seen.add(it.documents.map { d -> d.id }) }, { })
        expect(seen, listOf(listOf("a", "b")), "a listener on an empty or hears every document")
        registration.remove()
    }

    // The document id
    expect(refusal(cmp(id, QueryOperator.ARRAY_CONTAINS, str("a"))), StoreException.InvalidDocumentIdFilter, "array-contains on the id")
    expect(refusal(cmp(id, QueryOperator.EQUAL, str("a/b"))), StoreException.InvalidDocumentIdFilter, "an id holding '/'")
    expect(refusal(cmp(id, QueryOperator.GREATER, str(""))), StoreException.InvalidDocumentIdFilter, "an empty id")
    expect(refusal(cmp(id, QueryOperator.NOT_EQUAL, int(1))), StoreException.InvalidDocumentIdFilter, "an id that is no string")
    expect(refusal(cmp(id, QueryOperator.IN, arr())), StoreException.EmptyList(QueryOperator.IN, id), "in [] on the id")
    expect(refusal(cmp(id, QueryOperator.IN, str("a"))), StoreException.EmptyList(QueryOperator.IN, id), "in of no list on the id")
    expect(refusal(cmp(id, QueryOperator.IN, arr(str("a"), str("b/c")))), StoreException.InvalidDocumentIdFilter, "in with an id holding '/'")
    expect(refusal(cmp(id, QueryOperator.EQUAL, str("a\u0301/"))), StoreException.InvalidDocumentIdFilter, "a '/' after a combining mark")
    expect(store.getDocuments(StoreQuery(listOf("c"), cmp(id, QueryOperator.IN, arr(str("b"), str("z"))))).blockingGet().map { it.id }, listOf("b"),
        "in of ids runs")

    // Fields and values in queries
    expect(refusal(compare("a..b", QueryOperator.EQUAL, int(1))), StoreException.InvalidField(path("a..b")), "an empty key in a filter")
    expect(refusal(cmp(FieldPath(emptyList()), QueryOperator.EQUAL, int(1))), StoreException.InvalidField(FieldPath(emptyList())), "a filter on no field")
    expect(refusal(compare("__n__", QueryOperator.EQUAL, map("__k__" to int(1)))), null, "a query may name reserved names")
    expect(refusal(compare("n", QueryOperator.EQUAL, map("" to int(1)))), StoreException.InvalidField(FieldPath(listOf("n", ""))),
        "but not empty map keys")
    expect(refusal(compare("n", QueryOperator.EQUAL, PENDING)), StoreException.UnsupportedValue(path("n")), "a server timestamp in a query")
    expect(refusal(compare("n", QueryOperator.EQUAL, map("at" to PENDING))), StoreException.UnsupportedValue(path("n.at")),
        "a server timestamp in a map in a query")
    expect(refusal(compare("n", QueryOperator.ARRAY_CONTAINS, arr(int(1)))), null, "an array operand")
    expect(refusal(compare("n", QueryOperator.EQUAL, arr(arr(int(1))))), StoreException.UnsupportedValue(path("n")), "an array inside an array operand")
    expect(refusal(compare("n", QueryOperator.LESS, time(Timestamp(253_402_300_800)))), StoreException.UnsupportedValue(path("n")),
        "a timestamp after the year 9999 in a query")
    expect(refusal(null, listOf(QueryOrder.ascending(path("a..b")))), StoreException.InvalidField(path("a..b")), "an order on an empty key")
    expect(refusal(null, listOf(QueryOrder.ascending(path("__n__")), QueryOrder.ascending(id))), null, "an order on a reserved name, and on the id")

    // The order of the checks
    expect(refusal(compare("n", QueryOperator.IN, arr()), collection = listOf("c", "d")), StoreException.InvalidPath(listOf("c", "d")), "the path first")
    expect(refusal(QueryFilter.Or(listOf(QueryFilter.And(listOf(compare("a..b", QueryOperator.EQUAL, int(1)))), compare("n", QueryOperator.IN, arr())))),
        StoreException.InvalidField(path("a..b")), "depth first, in written order")
    expect(refusal(compare("n", QueryOperator.NOT_EQUAL, int(1)), listOf(QueryOrder.ascending(path("a..b")))), StoreException.InvalidField(path("a..b")),
        "then the order")

    // limitToLast
    val byN = listOf(QueryOrder.ascending(path("n")))
    expect(refusal(null, byN, limitToLast = 1), null, "limitToLast with an order runs")
    expect(refusal(null, limitToLast = 1), StoreException.LimitToLastWithoutOrder, "limitToLast without an order")
    expect(refusal(null, limitToLast = 0), StoreException.LimitToLastWithoutOrder, "limitToLast 0 without an order")
    expect(refusal(compare("n", QueryOperator.GREATER, int(0)), limitToLast = 1), StoreException.LimitToLastWithoutOrder,
        "an inequality's implicit order is no order for limitToLast")
    expect(refusal(null, byN, limit = 1, limitToLast = 1), StoreException.TwoLimits, "limit and limitToLast")
    expect(refusal(null, limit = 1, limitToLast = 1), StoreException.TwoLimits, "two limits are checked before the missing order")
    expect(refusal(null, listOf(QueryOrder.ascending(path("a..b"))), limit = 1, limitToLast = 1), StoreException.InvalidField(path("a..b")),
        "the order's fields before the limits")
    expect(refusal(compare("n", QueryOperator.IN, arr()), limitToLast = 1), StoreException.EmptyList(QueryOperator.IN, path("n")), "the filter before the limits")
    expect(store.getDocuments(StoreQuery(listOf("c"), orderBy = byN, limitToLast = 1)).blockingGet().map { it.id }, listOf("b"), "limitToLast 1 runs")
    expect(store.listenerCount, 0, "no listener kept for refused queries")

    writeRules()
}

private fun writeRules() {
    val store = InMemoryStore()
    store.setData(data("n" to int(1)), listOf("c", "a"))
    val notified = ArrayList<Int>()
    val registration = store.addQueryListener(StoreQuery(listOf("c")), { notified.add(it.documents.size) }, { notified.add(-1) })
    /** The error a batch of a good write then `write` fails with; checks that nothing is applied and no one notified. */
    fun refusal(write: DocumentWrite): Throwable? {
        val before = notified.size
        val error = errorOf(store.commitBatch(listOf(DocumentWrite.Set(listOf("c", "new"), data("n" to int(2))), write)))
        if (error != null) {
            expect(store.getDocument(listOf("c", "new")).blockingGet(), null, "a refused batch ($error) applies nothing")
            expect(notified.size, before, "a refused batch ($error) notifies no one")
        } else {
            store.deleteDocument(listOf("c", "new"))
        }
        return error
    }
    fun set(vararg fields: Pair<String, DocumentValue>): DocumentWrite = DocumentWrite.Set(listOf("c", "a"), data(*fields))
    fun update(vararg fields: Pair<FieldPath, FieldUpdate>): DocumentWrite = DocumentWrite.Update(listOf("c", "a"), mapOf(*fields))
    fun merge(vararg fields: Pair<FieldPath, FieldUpdate>): DocumentWrite = DocumentWrite.Merge(listOf("c", "a"), mapOf(*fields))

    // Arrays and server timestamps
    expect(refusal(set("list" to arr(int(1), arr(int(2))))), StoreException.UnsupportedValue(path("list")), "a nested array write refused")
    expect(refusal(set("m" to map("list" to arr(arr())))), StoreException.UnsupportedValue(path("m.list")), "a nested array in a map")
    expect(refusal(set("list" to arr(map("inner" to arr(int(1)))))), null, "an array in a map in an array is fine")
    expect(refusal(set("list" to arr(PENDING))), StoreException.UnsupportedValue(path("list")), "a server timestamp inside an array refused")
    expect(refusal(set("list" to arr(map("at" to PENDING)))), StoreException.UnsupportedValue(path("list.at")),
        "a server timestamp in a map inside an array")
    expect(refusal(update(path("list") to FieldUpdate.ArrayUnion(listOf(PENDING)))), StoreException.UnsupportedValue(path("list")),
        "a server timestamp in an arrayUnion")
    expect(refusal(update(path("list") to FieldUpdate.ArrayRemove(listOf(arr())))), StoreException.UnsupportedValue(path("list")),
        "an array in an arrayRemove")
    expect(refusal(merge(path("m.x") to FieldUpdate.Value(arr(arr())))), StoreException.UnsupportedValue(path("m.x")), "a nested array in a merge")

    // Timestamps out of range
    expect(refusal(set("at" to time(Timestamp(-62_135_596_801, 999_999_999)))), StoreException.UnsupportedValue(path("at")),
        "a timestamp before the year 1 refused")
    expect(refusal(set("m" to map("at" to time(Timestamp(253_402_300_800))))), StoreException.UnsupportedValue(path("m.at")),
        "a timestamp after the year 9999 refused")
    expect(refusal(set("first" to time(Timestamp(-62_135_596_800)), "last" to time(Timestamp(253_402_300_799, 999_999_999)))), null,
        "the first and the last timestamps")

    // Names
    for (name in listOf("__x__", "__", "___", "__name__")) {
        expect(refusal(set(name to int(1))), StoreException.InvalidField(FieldPath(listOf(name))), "the reserved name '$name' refused")
    }
    expect(refusal(set("" to int(1))), StoreException.InvalidField(FieldPath(listOf(""))), "an empty name refused")
    expect(refusal(set("_x_" to int(1), "__x" to int(1), "x__" to int(1))), null, "names not both beginning and ending with __")
    expect(refusal(set("m" to map("__k__" to int(1)))), StoreException.InvalidField(path("m.__k__")), "a reserved map key")
    expect(refusal(set("m" to map("o" to map("" to int(1))))), StoreException.InvalidField(FieldPath(listOf("m", "o", ""))), "an empty map key")
    expect(refusal(update(path("a.__b__") to FieldUpdate.Value(int(1)))), StoreException.InvalidField(path("a.__b__")), "a reserved key in an update")
    expect(refusal(merge(FieldPath(listOf("a", "")) to FieldUpdate.Delete)), StoreException.InvalidField(FieldPath(listOf("a", ""))), "an empty key in a merge")
    expect(refusal(update(FieldPath(emptyList()) to FieldUpdate.Delete)), StoreException.InvalidField(FieldPath(emptyList())), "an update of no field")
    expect(refusal(update(FieldPath.documentID to FieldUpdate.Value(str("x")))), StoreException.InvalidField(FieldPath.documentID),
        "an update of the document id")
    expect(refusal(update(path("u") to FieldUpdate.ArrayUnion(listOf(map("__k__" to int(1)))))), null,
        "an arrayUnion element is an argument: reserved keys are fine")
    expect(refusal(update(path("m") to FieldUpdate.ArrayUnion(listOf(map("" to int(1)))))), StoreException.InvalidField(FieldPath(listOf("m", ""))),
        "but not empty keys")

    // The order of the checks
    expect(refusal(DocumentWrite.Update(listOf("c", "missing"), mapOf(path("__x__") to FieldUpdate.Value(int(1))))), StoreException.InvalidField(path("__x__")),
        "the rules before notFound")
    expect(refusal(DocumentWrite.Update(listOf("c", "missing"), mapOf(path("x") to FieldUpdate.Increment(str("1"))))), StoreException.NotANumber(path("x")),
        "notANumber before notFound")
    expect(refusal(update(path("a") to FieldUpdate.Value(int(1)), path("a.__b__") to FieldUpdate.Delete)), StoreException.InvalidField(path("a.__b__")),
        "names before overlaps")
    expect(refusal(update(path("a") to FieldUpdate.Value(arr(arr())), path("a.b") to FieldUpdate.Delete)), StoreException.OverlappingFields(path("a"), path("a.b")),
        "overlaps before values")
    expect(refusal(DocumentWrite.Set(listOf("c", "a/b"), data("" to int(1)))), StoreException.InvalidPath(listOf("c", "a/b")), "the path first")
    expect(errorOf(store.commitBatch(listOf(set("" to int(1)), DocumentWrite.Set(listOf("c"), data())))), StoreException.InvalidField(FieldPath(listOf(""))),
        "the writes in order")
    expectThrows(StoreException.UnsupportedValue(path("x")), "a synchronous write refused") { store.setData(data("x" to arr(arr())), listOf("c", "b")) }
    expect(store.getDocument(listOf("c", "b")).blockingGet(), null, "a refused synchronous write applies nothing")
    check(-1 !in notified, "refused writes end no listener")
    registration.remove()

    // In a transaction
    val result = outcome(store.runTransaction { transaction ->
        transaction.write(DocumentWrite.Set(listOf("c", "t"), data()))
        transaction.write(DocumentWrite.Set(listOf("c", "u"), data("list" to arr(PENDING))))
        "done"
    })
    expect(result, "error " + StoreException.UnsupportedValue(path("list")).message, "a transaction with a refused write fails")
    expect(store.getDocument(listOf("c", "t")).blockingGet(), null, "and writes nothing")
}

// Timestamps are kept to the microsecond

private fun microseconds() {
    val precise = Timestamp(5, 123_456_789)
    val stored = time(Timestamp(5, 123_456_000))
    val store = InMemoryStore(clock = { Timestamp(9, 999_999_999) })
    store.setData(data("at" to time(precise), "m" to map("at" to time(precise), "o" to map("at" to time(precise))), "list" to arr(time(precise))),
        listOf("c", "a"))
    val written = store.getDocument(listOf("c", "a")).blockingGet()!!.data
    expect(written["at"].toString(), "1970-01-01T00:00:05.123456000Z", "a set timestamp is rounded down to microseconds")
    expect(written["m"], map("at" to stored, "o" to map("at" to stored)), "in nested maps")
    expect(written["list"], arr(stored), "in arrays")
    store.updateData(mapOf(path("u") to FieldUpdate.Value(time(precise)), path("m.o.at") to FieldUpdate.Value(time(Timestamp(6, 999)))), listOf("c", "a"))
    store.updateData(mapOf(path("union") to FieldUpdate.ArrayUnion(listOf(time(precise), map("at" to time(precise))))), listOf("c", "a"))
    store.commit(listOf(DocumentWrite.Merge(listOf("c", "a"), mapOf(path("merged") to FieldUpdate.Value(map("at" to time(precise)))))))
    val updated = store.getDocument(listOf("c", "a")).blockingGet()!!.data
    expect(updated["u"], stored, "an update's value")
    expect(updated["m"], map("at" to stored, "o" to map("at" to time(Timestamp(6)))), "an update's value inside a map")
    expect(updated["union"], arr(stored, map("at" to stored)), "arrayUnion elements")
    expect(updated["merged"], map("at" to stored), "a merge's value")
    store.setData(data("at" to PENDING), listOf("c", "now"))
    expect(store.getDocument(listOf("c", "now")).blockingGet()?.data?.get("at"), time(Timestamp(9, 999_999_000)),
        "a server timestamp set at once, to the microsecond")

    expect(store.getDocuments(StoreQuery(listOf("c"), compare("at", QueryOperator.EQUAL, time(precise)))).blockingGet().map { it.id },
        emptyList<String>(), "a query operand is not rounded")
    expect(store.getDocuments(StoreQuery(listOf("c"), compare("at", QueryOperator.EQUAL, stored))).blockingGet().map { it.id },
        listOf("a"), "the stored timestamp matches")

    val pending = InMemoryStore(pendingWrites = true)
    pending.setData(data("at" to PENDING, "m" to map("at" to PENDING), "t" to time(precise)), listOf("c", "p"))
    expect(pending.getDocument(listOf("c", "p")).blockingGet()?.data?.get("t"), stored, "a timestamp written with pending writes")
    pending.flushPendingWrites(precise)
    expect(pending.getDocument(listOf("c", "p")).blockingGet()?.data, data("at" to stored, "m" to map("at" to stored), "t" to stored),
        "flushed server timestamps, to the microsecond")
}
