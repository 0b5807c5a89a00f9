// The data-driven runner: reads scenarios, one JSON line each (Documentation/Conformance.md, "How
// the runners run vectors"), and runs each through the schema's table, tracing as a compiled runner
// does. Copied verbatim into each run, beside Support.kt and the flavour's Trace.kt.
package vectors

import modelgen.runtime.Bytes
import modelgen.runtime.Codec
import modelgen.runtime.DocumentData
import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.FieldChange
import modelgen.runtime.FieldPath
import modelgen.runtime.FieldUpdate
import modelgen.runtime.GeoPoint
import modelgen.runtime.InMemoryStore
import modelgen.runtime.KeyChange
import modelgen.runtime.Timestamp

/** The schema's dispatch from names to the model's methods, generated for each schema. */
interface ScenarioTable<M> {
    /**
     * The model over `store`; its scheduler virtual (`trace.virtualTime()`) when `virtualTime`,
     * else the flavour's runner scheduler; decode failures to `trace`.
     */
    fun model(store: LabelledStore, virtualTime: Boolean, trace: Trace): M

    /** Subscribes to (or, `once`, reads once) the stream or declared write `stream` (as the schema names it) as `label`. */
    fun use(model: M, stream: String, label: String, once: Boolean, arguments: ScenarioArguments, trace: Trace)

    /** The typed write `name` (`createMessage`) of the model. */
    fun write(model: M, name: String, arguments: ScenarioArguments): DocumentWrite
}

/**
 * Runs every scenario on standard input, one line each, until its end: prints `vector N`, then
 * the scenario's trace; a scenario that throws prints `vector N crashed` and what it threw, and
 * the next one runs.
 */
fun <M> runScenarios(table: ScenarioTable<M>) {
    val input = System.`in`.bufferedReader(Charsets.UTF_8)
    while (true) {
        val line = input.readLine() ?: break
        if (line.isBlank()) continue
        val scenario = JsonReader.read(line).asObject()
        val number = scenario["vector"].long()
        println("vector $number")
        try {
            runScenario(table, scenario)
        } catch (error: Throwable) {
            println("vector $number crashed")
            error.printStackTrace(System.out)
        }
        System.out.flush()
    }
}

/** One scenario: a new store and model, each step traced between its number and the listeners. */
private fun <M> runScenario(table: ScenarioTable<M>, scenario: Json.Object) {
    val trace = Trace()
    val clock = timestamp(scenario["clock"])
    val store = InMemoryStore(scenario["pendingWrites"].isTrue()) { clock }
    val virtualTime = scenario["virtualTime"].isTrue()
    val model = table.model(trace.labelling(store), virtualTime, trace)
    val steps = Steps(table, model, store, trace)
    for ((index, step) in scenario["steps"].items().withIndex()) {
        trace.step(index + 1)
        steps.run(step.asObject())
        if (virtualTime) trace.settle()
        trace.listeners(store.listenerCount)
    }
}

/** Runs the steps of one scenario with the calls a compiled runner makes. */
private class Steps<M>(
    private val table: ScenarioTable<M>,
    private val model: M,
    private val store: InMemoryStore,
    private val trace: Trace
) {
    fun run(step: Json.Object) {
        when (val op = step["op"].text()) {
            "set", "receive" -> trace.attempt { store.setData(data(step["data"]), step["path"].strings()) }
            "update" -> trace.attempt { store.updateData(fieldUpdates(step["fields"]), step["path"].strings()) }
            "delete" -> trace.attempt { store.deleteDocument(step["path"].strings()) }
            "write" -> trace.attempt { store.commit(listOf(typedWrite(step))) }
            "batch" -> trace.attempt { store.commit(step["writes"].items().map { write(it.asObject()) }) }
            "fill" -> fill(step["collection"].strings(), step["count"].long().toInt())
            "flush" -> if (step["at"] is Json.Null) store.flushPendingWrites() else store.flushPendingWrites(timestamp(step["at"]))
            "advance" -> trace.advance(step["milliseconds"].long())
            "subscribe", "read" -> use(step, once = op == "read")
            "cancel" -> trace.cancel(step["label"].text())
            "fail" -> store.failListeners(step["collection"].strings(), VectorError(step["message"].text()))
            "failSubscription" -> trace.fail(step["label"].text(), step["message"].text())
            "expect" -> Unit
            else -> malformed("unknown step '$op'")
        }
    }

    /** A subscription or a one-shot read, its arguments by position. */
    private fun use(step: Json.Object, once: Boolean) {
        val arguments = ScenarioArguments(step["arguments"].items().map(::value), emptyList())
        table.use(model, step["stream"].text(), step["label"].text(), once, arguments, trace)
    }

    /** One write of a batch: the store's set, update or delete, or a typed write of the model. */
    private fun write(step: Json.Object): DocumentWrite = when (val op = step["op"].text()) {
        "set", "receive" -> DocumentWrite.Set(step["path"].strings(), data(step["data"]))
        "update" -> DocumentWrite.Update(step["path"].strings(), fieldUpdates(step["fields"]))
        "delete" -> DocumentWrite.Delete(step["path"].strings())
        "write" -> typedWrite(step)
        else -> malformed("a batch cannot hold '$op'")
    }

    /** The typed write the step names, its arguments by name. */
    private fun typedWrite(step: Json.Object): DocumentWrite {
        val named = step["arguments"].items().map { entry ->
            val (name, update) = pair(entry)
            name.text() to update(update)
        }
        return table.write(model, step["name"].text(), ScenarioArguments(emptyList(), named))
    }

    /** One commit of `count` documents `collection/0…` holding `{ n: index }`. */
    private fun fill(collection: List<String>, count: Int) {
        val width = (count - 1).toString().length
        trace.attempt {
            store.commit((0 until count).map {
                DocumentWrite.Set(collection + paddedIndex(it, width), mapOf("n" to DocumentValue.IntValue(it.toLong())))
            })
        }
    }
}

/**
 * A step's arguments, decoded as the generated table asks: a stream's by position (each a value,
 * a missing one null), a typed write's by name (each a field update, a missing one absent).
 */
class ScenarioArguments internal constructor(
    private val positional: List<DocumentValue>,
    private val named: List<Pair<String, ScenarioUpdate>>
) {
    /** Argument `index`, as `codec` decodes it; a missing one is null. */
    fun <T> value(index: Int, codec: Codec<T>): T = codec.decode(positional.getOrElse(index) { DocumentValue.Null })

    /** Argument `index`, a row: a map of `id` and the stored fields, given to `decode` apart. */
    fun <T> row(index: Int, decode: (String, DocumentData) -> T): T = decodedRow(positional.getOrElse(index) { DocumentValue.Null }, decode)

    /** Argument `index`, a row as [row] takes it, or null. */
    fun <T> optionalRow(index: Int, decode: (String, DocumentData) -> T): T? {
        val given = positional.getOrNull(index)
        return if (given == null || given is DocumentValue.Null) null else decodedRow(given, decode)
    }

    /** Argument `name`, which the step must give, as `codec` decodes it. */
    fun <T> given(name: String, codec: Codec<T>): T =
        codec.decode(valueOf(name, named(name) ?: throw IllegalArgumentException("the step gives no $name")))

    /** Argument `name` as `codec` decodes it, or null when the step does not give it. */
    fun <T> value(name: String, codec: Codec<T>): T? = named(name)?.let { codec.decode(valueOf(name, it)) }

    /** Argument `name` as `codec` decodes it, or `default` when the step does not give it (a given null stays null). */
    fun <T> valueOr(name: String, codec: Codec<T>, default: T): T {
        val given = named(name) ?: return default
        return codec.decode(valueOf(name, given))
    }

    /** Argument `name`, a row as [row] takes it, or null when the step does not give it. */
    fun <T> row(name: String, decode: (String, DocumentData) -> T): T? = named(name)?.let { decodedRow(valueOf(name, it), decode) }

    /**
     * The change of the field `name`, of the type `codec` decodes, or null when the step does
     * not give it: set, delete, a server timestamp, increment, array union or removal, or
     * changes of some keys of a map.
     */
    fun <T> change(name: String, codec: Codec<T>): FieldChange<T>? = named(name)?.let { fieldChange(it, codec) }

    private fun named(name: String): ScenarioUpdate? = named.firstOrNull { it.first == name }?.second

    private fun valueOf(name: String, update: ScenarioUpdate): DocumentValue =
        (update as? ScenarioUpdate.Value)?.value ?: throw IllegalArgumentException("the argument $name is a change, not a value")
}

/** A row given as a map holding its `id` and its stored fields, made by `decode`. */
private fun <T> decodedRow(value: DocumentValue, decode: (String, DocumentData) -> T): T {
    val fields = (value as? DocumentValue.MapValue)?.fields
    val id = (fields?.get("id") as? DocumentValue.StringValue)?.value
    if (fields == null || id == null) throw IllegalArgumentException("a row is a map with a string id, not $value")
    return decode(id, fields - "id")
}

/**
 * What a field update (U) of a step does: set a value, delete the field, increment it, add to or
 * remove from its array, or (a typed write's) change some keys of its map.
 */
internal sealed class ScenarioUpdate {
    class Value(val value: DocumentValue) : ScenarioUpdate()
    object Delete : ScenarioUpdate()
    class Increment(val operand: DocumentValue) : ScenarioUpdate()
    class ArrayUnion(val elements: List<DocumentValue>) : ScenarioUpdate()
    class ArrayRemove(val elements: List<DocumentValue>) : ScenarioUpdate()
    class Keys(val changes: List<Pair<String, ScenarioUpdate>>) : ScenarioUpdate()
}

/**
 * The typed change `update` says, its values decoded by the field's `codec` as a compiled runner
 * spells them for the field's type: an array's elements as a list of the field's type, a key's
 * value as the entry of a map of it.
 */
@Suppress("UNCHECKED_CAST")
private fun <T> fieldChange(update: ScenarioUpdate, codec: Codec<T>): FieldChange<T> {
    val change: FieldChange<Any?> = when (update) {
        is ScenarioUpdate.Value ->
            if (update.value is DocumentValue.ServerTimestamp) FieldChange.serverTimestamp else FieldChange.set(codec.decode(update.value))
        is ScenarioUpdate.Delete -> FieldChange.delete
        is ScenarioUpdate.Increment -> when (val amount = codec.decode(update.operand)) {
            is Long -> FieldChange.increment(amount)
            is Double -> FieldChange.increment(amount)
            else -> throw IllegalArgumentException("no increment of a field by $amount")
        }
        is ScenarioUpdate.ArrayUnion -> FieldChange.arrayUnion(*elements(codec, update.elements))
        is ScenarioUpdate.ArrayRemove -> FieldChange.arrayRemove(*elements(codec, update.elements))
        is ScenarioUpdate.Keys -> FieldChange.keys(*update.changes.map { (key, change) -> key to keyChange(key, change, codec) }.toTypedArray())
    }
    return change as FieldChange<T>
}

/** The change of `key` of a map field, its values decoded as the key's entry of the field's map `codec`. */
private fun keyChange(key: String, update: ScenarioUpdate, codec: Codec<*>): KeyChange<Any?> {
    val entry = { value: DocumentValue -> (codec.decode(DocumentValue.MapValue(mapOf(key to value))) as Map<*, *>)[key] }
    return when (update) {
        is ScenarioUpdate.Value -> KeyChange.set(entry(update.value))
        is ScenarioUpdate.Delete -> KeyChange.delete
        is ScenarioUpdate.Increment -> when (val amount = entry(update.operand)) {
            is Long -> KeyChange.increment(amount)
            is Double -> KeyChange.increment(amount)
            else -> throw IllegalArgumentException("no increment of key $key by $amount")
        }
        is ScenarioUpdate.ArrayUnion -> KeyChange.arrayUnion(*listed(entry(DocumentValue.ArrayValue(update.elements))))
        is ScenarioUpdate.ArrayRemove -> KeyChange.arrayRemove(*listed(entry(DocumentValue.ArrayValue(update.elements))))
        is ScenarioUpdate.Keys -> throw IllegalArgumentException("no change of keys inside key $key")
    }
}

/** `values` decoded as elements of the list field `codec` reads. */
private fun elements(codec: Codec<*>, values: List<DocumentValue>): Array<Any?> = listed(codec.decode(DocumentValue.ArrayValue(values)))

private fun listed(list: Any?): Array<Any?> =
    (list as? List<*>)?.toTypedArray() ?: throw IllegalArgumentException("array elements of a field that is no list")

// Reading a scenario's values

/** A document's data: entries `[key, V]`, in order. */
private fun data(entries: Json): DocumentData {
    val data = LinkedHashMap<String, DocumentValue>()
    for (entry in entries.items()) {
        val (key, value) = pair(entry)
        data[key.text()] = value(value)
    }
    return data
}

/** An update's fields: entries `[[segment, …], U]`, in order. */
private fun fieldUpdates(entries: Json): Map<FieldPath, FieldUpdate> {
    val fields = LinkedHashMap<FieldPath, FieldUpdate>()
    for (entry in entries.items()) {
        val (path, update) = pair(entry)
        fields[FieldPath(path.strings())] = storeUpdate(update(update))
    }
    return fields
}

/** A field update as the store takes it. */
private fun storeUpdate(update: ScenarioUpdate): FieldUpdate = when (update) {
    is ScenarioUpdate.Value -> FieldUpdate.Value(update.value)
    is ScenarioUpdate.Delete -> FieldUpdate.Delete
    is ScenarioUpdate.Increment -> FieldUpdate.Increment(update.operand)
    is ScenarioUpdate.ArrayUnion -> FieldUpdate.ArrayUnion(update.elements)
    is ScenarioUpdate.ArrayRemove -> FieldUpdate.ArrayRemove(update.elements)
    is ScenarioUpdate.Keys -> malformed("a store update changes no keys")
}

/** A field update (U): `{"value": V}`, `{"delete": true}`, `{"increment": V}`, `{"arrayUnion": [V, …]}`, … */
private fun update(json: Json): ScenarioUpdate {
    val (tag, content) = tagged(json)
    return when (tag) {
        "value" -> ScenarioUpdate.Value(value(content))
        "delete" -> ScenarioUpdate.Delete
        "increment" -> ScenarioUpdate.Increment(value(content))
        "arrayUnion" -> ScenarioUpdate.ArrayUnion(content.items().map(::value))
        "arrayRemove" -> ScenarioUpdate.ArrayRemove(content.items().map(::value))
        "keys" -> ScenarioUpdate.Keys(content.items().map { entry -> pair(entry).let { (key, change) -> key.text() to update(change) } })
        else -> malformed("unknown field update '$tag'")
    }
}

/** A value (V): JSON's null, booleans, strings and arrays as they are, the other types tagged. */
private fun value(json: Json): DocumentValue = when (json) {
    is Json.Null -> DocumentValue.Null
    is Json.Bool -> DocumentValue.BoolValue(json.value)
    is Json.Text -> DocumentValue.StringValue(json.value)
    is Json.Array -> DocumentValue.ArrayValue(json.elements.map(::value))
    is Json.Object -> taggedValue(json)
    is Json.Number -> malformed("a bare number ${json.text} is no value")
}

private fun taggedValue(json: Json): DocumentValue {
    val (tag, content) = tagged(json)
    return when (tag) {
        "int" -> DocumentValue.IntValue(content.text().toLong())
        "double" -> DocumentValue.DoubleValue(double(content.text()))
        "timestamp" -> DocumentValue.TimestampValue(timestamp(content))
        "bytes" -> content.items().let { bytes -> DocumentValue.BytesValue(Bytes(ByteArray(bytes.size) { bytes[it].long().toByte() })) }
        "reference" -> DocumentValue.ReferenceValue(content.strings())
        "geopoint" -> pair(content).let { (latitude, longitude) ->
            DocumentValue.GeoPointValue(GeoPoint(double(latitude.text()), double(longitude.text())))
        }
        "map" -> DocumentValue.MapValue(data(content))
        "serverTimestamp" -> DocumentValue.ServerTimestamp
        else -> malformed("unknown value '$tag'")
    }
}

/** A double's text: Swift's `description` of a finite one, or `NaN`, `Infinity`, `-Infinity`. */
private fun double(text: String): Double = when (text) {
    "NaN" -> Double.NaN
    "Infinity" -> Double.POSITIVE_INFINITY
    "-Infinity" -> Double.NEGATIVE_INFINITY
    else -> text.toDouble()
}

/** A time: `["seconds", nanoseconds]`. */
private fun timestamp(json: Json): Timestamp {
    val (seconds, nanoseconds) = pair(json)
    return Timestamp(seconds.text().toLong(), nanoseconds.long().toInt())
}

/** The one member of a tagged object: `{"int": "1"}`. */
private fun tagged(json: Json): Pair<String, Json> =
    json.asObject().members.entries.singleOrNull()?.let { it.key to it.value } ?: malformed("expected an object of one member")

/** The two elements of `[a, b]`. */
private fun pair(json: Json): Pair<Json, Json> {
    val items = json.items()
    if (items.size != 2) malformed("expected a pair, found ${items.size} elements")
    return items[0] to items[1]
}

/** Fails on a scenario this runner cannot read, saying why. */
private fun malformed(problem: String): Nothing = throw IllegalArgumentException("malformed scenario: $problem")

// JSON

/** A JSON value as [JsonReader] reads it; a number keeps its text. */
private sealed class Json {
    object Null : Json()
    class Bool(val value: Boolean) : Json()
    class Number(val text: String) : Json()
    class Text(val value: String) : Json()
    class Array(val elements: List<Json>) : Json()
    class Object(val members: Map<String, Json>) : Json() {
        /** The member `key`; null when there is none. */
        operator fun get(key: String): Json = members[key] ?: Null
    }

    fun text(): String = (this as? Text)?.value ?: malformed("expected a string")

    fun long(): Long = (this as? Number)?.text?.toLongOrNull() ?: malformed("expected an integer")

    fun items(): List<Json> = (this as? Array)?.elements ?: malformed("expected an array")

    fun asObject(): Object = this as? Object ?: malformed("expected an object")

    fun strings(): List<String> = items().map { it.text() }

    fun isTrue(): Boolean = this is Bool && value
}

/** Reads one JSON text (RFC 8259): objects keep their members' order, a repeated key its last value. */
private class JsonReader private constructor(private val text: String) {
    private var index = 0

    companion object {
        /** The value `text` holds, or an [IllegalArgumentException] saying where it is not JSON. */
        fun read(text: String): Json {
            val reader = JsonReader(text)
            val value = reader.value()
            reader.skipSpace()
            if (reader.index < text.length) reader.fail("the end of the text")
            return value
        }

        private val NUMBER = Regex("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?")
    }

    private fun value(): Json {
        skipSpace()
        if (index >= text.length) fail("a value")
        return when (text[index]) {
            '{' -> obj()
            '[' -> array()
            '"' -> Json.Text(string())
            't' -> word("true", Json.Bool(true))
            'f' -> word("false", Json.Bool(false))
            'n' -> word("null", Json.Null)
            else -> number()
        }
    }

    private fun obj(): Json.Object {
        expect('{')
        val members = LinkedHashMap<String, Json>()
        skipSpace()
        if (take('}')) return Json.Object(members)
        do {
            skipSpace()
            val key = string()
            skipSpace()
            expect(':')
            members[key] = value()
            skipSpace()
        } while (take(','))
        expect('}')
        return Json.Object(members)
    }

    private fun array(): Json.Array {
        expect('[')
        val elements = ArrayList<Json>()
        skipSpace()
        if (take(']')) return Json.Array(elements)
        do {
            elements.add(value())
            skipSpace()
        } while (take(','))
        expect(']')
        return Json.Array(elements)
    }

    private fun string(): String {
        expect('"')
        val result = StringBuilder()
        while (true) {
            if (index >= text.length) fail("the end of a string")
            when (val character = text[index++]) {
                '"' -> return result.toString()
                '\\' -> result.append(escaped())
                else -> if (character < ' ') fail("an escaped control character") else result.append(character)
            }
        }
    }

    /** The character an escape after `\` stands for; `\uD83D\uDE00` gives a surrogate pair in two steps. */
    private fun escaped(): Char {
        if (index >= text.length) fail("an escape")
        return when (val character = text[index++]) {
            '"', '\\', '/' -> character
            'b' -> '\b'
            'f' -> '\u000C'
            'n' -> '\n'
            'r' -> '\r'
            't' -> '\t'
            'u' -> {
                val code = text.substring(index, minOf(index + 4, text.length)).takeIf { it.length == 4 }?.toIntOrNull(16)
                    ?: fail("four hexadecimal digits")
                index += 4
                code.toChar()
            }
            else -> fail("an escape, not \\$character")
        }
    }

    private fun number(): Json.Number {
        val start = index
        while (index < text.length && text[index] in "+-.0123456789eE") index++
        val number = text.substring(start, index)
        if (!NUMBER.matches(number)) {
            index = start
            fail("a value")
        }
        return Json.Number(number)
    }

    private fun word(word: String, value: Json): Json {
        if (!text.startsWith(word, index)) fail(word)
        index += word.length
        return value
    }

    private fun expect(character: Char) {
        if (!take(character)) fail("'$character'")
    }

    private fun take(character: Char): Boolean {
        if (index >= text.length || text[index] != character) return false
        index++
        return true
    }

    fun skipSpace() {
        while (index < text.length && text[index] in " \t\r\n") index++
    }

    fun fail(expected: String): Nothing = throw IllegalArgumentException("not JSON: expected $expected at offset $index")
}
