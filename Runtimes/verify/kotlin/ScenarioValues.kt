// A scenario's values as its JSON line holds them (Documentation/Conformance.md): documents'
// data, stored values, times and the field updates a step asks. Copied verbatim into each run,
// beside Scenarios.kt.
package vectors

import modelgen.runtime.Bytes
import modelgen.runtime.DocumentData
import modelgen.runtime.DocumentValue
import modelgen.runtime.FieldPath
import modelgen.runtime.FieldUpdate
import modelgen.runtime.GeoPoint
import modelgen.runtime.Timestamp

/** A document's data: entries `[key, V]`, in order. */
internal fun data(entries: Json): DocumentData {
    val data = LinkedHashMap<String, DocumentValue>()
    for (entry in entries.items()) {
        val (key, value) = pair(entry)
        data[key.text()] = value(value)
    }
    return data
}

/** An update's fields: entries `[[segment, …], U]`, in order. */
internal fun fieldUpdates(entries: Json): Map<FieldPath, FieldUpdate> {
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
internal fun update(json: Json): ScenarioUpdate {
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
internal fun value(json: Json): DocumentValue = when (json) {
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
internal fun timestamp(json: Json): Timestamp {
    val (seconds, nanoseconds) = pair(json)
    return Timestamp(seconds.text().toLong(), nanoseconds.long().toInt())
}

/** The one member of a tagged object: `{"int": "1"}`. */
private fun tagged(json: Json): Pair<String, Json> =
    json.asObject().members.entries.singleOrNull()?.let { it.key to it.value } ?: malformed("expected an object of one member")

/** The two elements of `[a, b]`. */
internal fun pair(json: Json): Pair<Json, Json> {
    val items = json.items()
    if (items.size != 2) malformed("expected a pair, found ${items.size} elements")
    return items[0] to items[1]
}

/** Fails on a scenario this runner cannot read, saying why. */
internal fun malformed(problem: String): Nothing = throw IllegalArgumentException("malformed scenario: $problem")
