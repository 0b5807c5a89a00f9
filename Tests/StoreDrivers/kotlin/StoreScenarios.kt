// Runs the store differential's scenarios (one a line, as Tests/modelgenTests/StoreScenarioText.swift
// writes them) through the Kotlin runtime's in-memory store, and prints each answer on a line:
// the documents' paths in order, `[c/a, p/p1/c/b]`, or `refused` for a StoreException.
package drivers

import java.io.File
import modelgen.runtime.Bytes
import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.FieldPath
import modelgen.runtime.FieldUpdate
import modelgen.runtime.GeoPoint
import modelgen.runtime.InMemoryStore
import modelgen.runtime.QueryBound
import modelgen.runtime.QueryFilter
import modelgen.runtime.QueryOperator
import modelgen.runtime.QueryOrder
import modelgen.runtime.StoreException
import modelgen.runtime.StoreQuery
import modelgen.runtime.Timestamp
import modelgen.runtime.getDocument
import modelgen.runtime.getDocuments

/** Reads one scenario line from its start. */
private class ScenarioReader(private val text: String) {
    private var index = 0

    private fun next(): Char = text[index++]

    /** Digits (and a sign) up to the `end` character, which is skipped. */
    private fun number(end: Char = ';'): String {
        val start = index
        while (text[index] != end) index++
        return text.substring(start, index++)
    }

    private fun bits(): Double = java.lang.Double.longBitsToDouble(java.lang.Long.parseUnsignedLong(text.substring(index, index + 16).also { index += 16 }, 16))

    private fun count(): Int = number().toInt()

    fun string(): String {
        check(next() == 's')
        val length = number(':').toInt()
        return text.substring(index, index + length).also { index += length }
    }

    fun path(): List<String> = List(count()) { string() }

    fun value(): DocumentValue = when (val tag = next()) {
        'n' -> DocumentValue.Null
        't' -> DocumentValue.BoolValue(true)
        'f' -> DocumentValue.BoolValue(false)
        'i' -> DocumentValue.IntValue(number().toLong())
        'd' -> DocumentValue.DoubleValue(bits())
        's' -> { index--; DocumentValue.StringValue(string()) }
        'T' -> DocumentValue.TimestampValue(Timestamp(number(',').toLong(), number().toInt()))
        'y' -> {
            val size = count()
            DocumentValue.BytesValue(Bytes(ByteArray(size) { text.substring(index + 2 * it, index + 2 * it + 2).toInt(16).toByte() }.also { index += 2 * size }))
        }
        'r' -> DocumentValue.ReferenceValue(path())
        'g' -> DocumentValue.GeoPointValue(GeoPoint(bits(), bits()))
        'a' -> DocumentValue.ArrayValue(List(count()) { value() })
        'm' -> { val size = count(); DocumentValue.MapValue((0 until size).associate { string() to value() }) }
        else -> error("unknown tag '$tag' at ${index - 1}")
    }

    fun filter(): QueryFilter? = when (next()) {
        '-' -> null
        'c' -> {
            val field = FieldPath(path())
            val op = string()
            QueryFilter.Compare(field, QueryOperator.values().first { it.firestoreName == op }, value())
        }
        '&' -> QueryFilter.And(List(count()) { filter()!! })
        else -> QueryFilter.Or(List(count()) { filter()!! })
    }

    fun optionalNumber(): Int? = if (text[index] == '-') { index++; null } else count()

    fun bound(): QueryBound? = when (next()) {
        '-' -> null
        '[' -> QueryBound(List(count()) { value() }, true)
        else -> QueryBound(List(count()) { value() }, false)
    }

    fun query(): StoreQuery {
        val group = next() == 'G'
        val collection = path()
        val filter = filter()
        val orderBy = List(count()) { val field = FieldPath(path()); QueryOrder(field, next() == '-') }
        val limit = optionalNumber()
        val limitToLast = optionalNumber()
        return StoreQuery(collection, filter, orderBy, limit, limitToLast, bound(), bound(), isCollectionGroup = group)
    }

    fun documents(): List<Pair<List<String>, DocumentValue.MapValue>> = List(count()) { Pair(path(), value() as DocumentValue.MapValue) }

    private fun fields(): Map<FieldPath, FieldUpdate> = (0 until count()).associate {
        FieldPath(path()) to when (next()) {
            'v' -> FieldUpdate.Value(value())
            'x' -> FieldUpdate.Delete
            '+' -> FieldUpdate.Increment(value())
            'u' -> FieldUpdate.ArrayUnion(List(count()) { value() })
            else -> FieldUpdate.ArrayRemove(List(count()) { value() })
        }
    }

    fun writes(): List<DocumentWrite> = List(count()) {
        when (val kind = next()) {
            'S', 'C' -> DocumentWrite.Set(path(), (value() as DocumentValue.MapValue).fields, mustNotExist = kind == 'C')
            'U' -> DocumentWrite.Update(path(), fields())
            'M' -> DocumentWrite.Merge(path(), fields())
            else -> DocumentWrite.Delete(path(), mustExist = kind == 'X')
        }
    }

    fun paths(): List<List<String>> = List(count()) { path() }
}

/** A value as StoreScenarioText writes it, so that the differential compares them exactly. */
private fun encoded(value: DocumentValue): String = when (value) {
    is DocumentValue.Null -> "n"
    is DocumentValue.BoolValue -> if (value.value) "t" else "f"
    is DocumentValue.IntValue -> "i${value.value};"
    is DocumentValue.DoubleValue -> "d" + bits(value.value)
    is DocumentValue.StringValue -> "s${value.value.length}:${value.value}"
    is DocumentValue.TimestampValue -> "T${value.value.seconds},${value.value.nanoseconds};"
    is DocumentValue.BytesValue -> "y${value.value.size};" + value.value.toByteArray().joinToString("") { "%02x".format(it) }
    is DocumentValue.ReferenceValue -> "r${value.path.size};" + value.path.joinToString("") { "s${it.length}:$it" }
    is DocumentValue.GeoPointValue -> "g" + bits(value.value.latitude) + bits(value.value.longitude)
    is DocumentValue.ArrayValue -> "a${value.values.size};" + value.values.joinToString("") { encoded(it) }
    is DocumentValue.MapValue -> "m${value.fields.size};" + value.fields.keys.sorted().joinToString("") { "s${it.length}:$it" + encoded(value.fields.getValue(it)) }
    is DocumentValue.ServerTimestamp -> "S"
}

private fun bits(number: Double): String = java.lang.Long.toHexString(java.lang.Double.doubleToRawLongBits(number)).padStart(16, '0')

/** Whether the error is a store's refusal (RxJava's blockingGet wraps a checked exception). */
private fun refused(error: Exception): String = if (error is StoreException || error.cause is StoreException) "refused" else "error: $error"

/** The answers of one scenario: its query's, a tab, and what its writes left. */
private fun answer(line: String): String {
    val reader = ScenarioReader(line)
    val documents = reader.documents()
    val query = reader.query()
    val writes = reader.writes()
    val paths = reader.paths()
    val store = InMemoryStore()
    store.commit(documents.map { DocumentWrite.Set(it.first, it.second.fields) })
    val found = try {
        store.getDocuments(query).blockingGet().joinToString(", ", "[", "]") { it.path.joinToString("/") }
    } catch (error: Exception) {
        refused(error)
    }
    val written = try {
        store.commit(writes)
        paths.joinToString(" ") { path ->
            path.joinToString("/") + "=" + (store.getDocument(path).blockingGet()?.let { encoded(DocumentValue.MapValue(it.data)) } ?: "none")
        }
    } catch (error: Exception) {
        refused(error)
    }
    return "$found\t$written"
}

fun main(arguments: Array<String>) {
    val output = StringBuilder()
    File(arguments[0]).forEachLine { output.append(answer(it)).append('\n') }
    print(output)
}
