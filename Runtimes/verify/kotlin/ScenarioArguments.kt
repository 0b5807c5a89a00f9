// The arguments a scenario's step gives the model's methods, as the generated table takes them,
// and the changes of an update's fields made from them. Copied verbatim into each run, beside
// Scenarios.kt.
package vectors

import modelgen.runtime.Codec
import modelgen.runtime.DocumentData
import modelgen.runtime.DocumentValue
import modelgen.runtime.FieldChange
import modelgen.runtime.KeyChange

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
