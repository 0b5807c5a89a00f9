// The trace a vector runner prints, read by `modelgen verify`. Copied verbatim into each run.
package vectors

import io.reactivex.rxjava3.core.Maybe
import io.reactivex.rxjava3.core.Observable
import io.reactivex.rxjava3.core.Single
import io.reactivex.rxjava3.disposables.Disposable
import modelgen.runtime.CodePoints
import modelgen.runtime.DocumentData
import modelgen.runtime.DocumentValue
import java.util.Optional

/**
 * Prints what happens while a vector runs, one line each: `step N`, `emit LABEL VALUE`,
 * `error LABEL MESSAGE`, `decodeFailurePath PATH` and `decodeFailure MESSAGE`, `writeError MESSAGE`, `listeners N`.
 */
class Trace {
    private val subscriptions = mutableMapOf<String, Disposable>()

    fun step(number: Int) = println("step $number")

    fun listeners(count: Int) = println("listeners $count")

    fun <T : Any> subscribe(label: String, stream: Observable<T>, traced: (T) -> DocumentValue) {
        subscriptions[label] = stream.subscribe(
            { println("emit $label ${canonical(traced(it))}") },
            { println("error $label ${it.message}") },
            { println("done $label") }
        )
    }

    /** Runs a one-shot read to its end: its value is the label's one emission, or its error. */
    fun <T : Any> read(label: String, read: Single<T>, traced: (T) -> DocumentValue) =
        read.blockingSubscribe({ println("emit $label ${canonical(traced(it))}") }, { println("error $label ${it.message}") })

    /** A read of one document: empty when there is none. */
    fun <T : Any> read(label: String, read: Maybe<T>, traced: (Optional<T>) -> DocumentValue) =
        this.read(label, read.map { Optional.of(it) }.defaultIfEmpty(Optional.empty()), traced)

    fun cancel(label: String) {
        subscriptions.remove(label)?.dispose()
    }

    /** Runs a write; a refused one is traced, not thrown. */
    fun attempt(write: () -> Unit) {
        try {
            write()
        } catch (error: Exception) {
            println("writeError ${error.message}")
        }
    }

    fun decodeFailure(failure: modelgen.runtime.DecodeFailure) {
        println("decodeFailurePath ${canonical(DocumentValue.ArrayValue(failure.path.map { DocumentValue.StringValue(it) }))}")
        println("decodeFailure $failure")
    }
}

/** An error a vector's `fail` step ends listeners with. */
class VectorError(message: String) : Exception(message)

/** A row as traced: its stored fields and its id. */
fun row(data: DocumentData, id: String): DocumentValue = DocumentValue.MapValue(data + ("id" to DocumentValue.StringValue(id)))

/** `0042`: the document ids of a `fill` step. */
fun paddedIndex(index: Int, width: Int): String = index.toString().padStart(width, '0')

/** The canonical text of a value, as every runner prints it. */
fun canonical(value: DocumentValue): String = when (value) {
    is DocumentValue.StringValue -> quoted(value.value)
    is DocumentValue.TimestampValue -> "timestamp(${value.value})"
    is DocumentValue.ArrayValue -> value.values.joinToString(", ", "[", "]") { canonical(it) }
    is DocumentValue.MapValue -> value.fields.entries.sortedWith(Comparator { a, b -> CodePoints.compare(a.key, b.key) })
        .joinToString(", ", "{", "}") { "${quoted(it.key)}: ${canonical(it.value)}" }
    else -> value.toString()
}

private fun quoted(text: String): String {
    val result = StringBuilder("\"")
    var index = 0
    while (index < text.length) {
        val point = text.codePointAt(index)
        when {
            point == '"'.toInt() -> result.append("\\\"")
            point == '\\'.toInt() -> result.append("\\\\")
            point == '\n'.toInt() -> result.append("\\n")
            point == '\r'.toInt() -> result.append("\\r")
            point == '\t'.toInt() -> result.append("\\t")
            point < 0x20 || point == 0x7F -> result.append("\\u{").append(Integer.toHexString(point).toUpperCase()).append("}")
            else -> result.appendCodePoint(point)
        }
        index += Character.charCount(point)
    }
    return result.append('"').toString()
}
