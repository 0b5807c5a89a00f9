// A JSON reader for the scenarios' lines, which the JVM has none of. Copied verbatim into each
// run, beside Scenarios.kt.
package vectors

/** A JSON value as [JsonReader] reads it; a number keeps its text. */
internal sealed class Json {
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
internal class JsonReader private constructor(private val text: String) {
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
