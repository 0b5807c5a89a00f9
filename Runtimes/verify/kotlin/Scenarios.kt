// The data-driven runner: reads scenarios, one JSON line each (Documentation/Conformance.md, "How
// the runners run vectors"), and runs each through its schema's table, tracing as a compiled runner
// does. Copied verbatim into each run, beside Support.kt, the flavour's Trace.kt, the JSON reader
// (Json.kt), the values (ScenarioValues.kt) and the arguments (ScenarioArguments.kt).
package vectors

import modelgen.runtime.DocumentValue
import modelgen.runtime.DocumentWrite
import modelgen.runtime.InMemoryStore
import modelgen.runtime.MAXIMUM_TRANSACTION_ATTEMPTS

/** The schema's dispatch from names to the model's (M) methods and its transactions' (T), generated for each schema. */
interface ScenarioTable<M, T> {
    /**
     * The model over `store`; its scheduler virtual (`trace.virtualTime()`) when `virtualTime`,
     * else the flavour's runner scheduler; decode failures to `trace`.
     */
    fun model(store: LabelledStore, virtualTime: Boolean, trace: Trace): M

    /** Subscribes to (or, `once`, reads once) the stream or declared write `stream` (as the schema names it) as `label`. */
    fun use(model: M, stream: String, label: String, once: Boolean, arguments: ScenarioArguments, trace: Trace)

    /** The typed write `name` (`createMessage`) of the model. */
    fun write(model: M, name: String, arguments: ScenarioArguments): DocumentWrite

    /**
     * Runs the model's transaction to its end, traced as `label` (`done` or its error), given at
     * most `maxAttempts` attempts, each handing its transaction to `body`.
     */
    fun transaction(model: M, label: String, maxAttempts: Int, trace: Trace, body: (T) -> Unit)

    /**
     * The document the getter of `collection` (its type as the schema names it) reads in
     * `transaction`, its path parameters and id given by position; traced, null when there is none.
     */
    fun read(transaction: T, collection: String, arguments: ScenarioArguments): DocumentValue

    /** Gives the typed write `write` to `transaction`. */
    fun give(write: DocumentWrite, transaction: T)
}

/**
 * Runs every scenario on standard input, one line each, until its end, through the table of its
 * `model` in `tables`: prints `vector N`, then the scenario's trace; a scenario that throws prints
 * `vector N crashed` and what it threw, and the next one runs.
 */
fun runScenarios(tables: List<ScenarioTable<*, *>>) {
    val input = System.`in`.bufferedReader(Charsets.UTF_8)
    while (true) {
        val line = input.readLine() ?: break
        if (line.isBlank()) continue
        val scenario = JsonReader.read(line).asObject()
        val number = scenario["vector"].long()
        println("vector $number")
        try {
            runScenario(tables[scenario["model"].long().toInt()], scenario)
        } catch (error: Throwable) {
            println("vector $number crashed")
            error.printStackTrace(System.out)
        }
        System.out.flush()
    }
}

/** One scenario: a new store and model, each step traced between its number and the listeners. */
private fun <M, T> runScenario(table: ScenarioTable<M, T>, scenario: Json.Object) {
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
private class Steps<M, T>(
    private val table: ScenarioTable<M, T>,
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
            "transaction" -> transaction(step)
            "concurrently" -> trace.interleave(step["attempts"].long().toInt(), step["writes"].items().map { write(it.asObject()) })
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

    /**
     * A transaction of the model, as a compiled runner runs it: each attempt traces its reads as
     * one emission, commits another client's writes when it is one of the first `contention`, and
     * gives the typed writes to the transaction.
     */
    private fun transaction(step: Json.Object) {
        val label = step["label"].text()
        val maxAttempts = if (step["maxAttempts"] is Json.Null) MAXIMUM_TRANSACTION_ATTEMPTS else step["maxAttempts"].long().toInt()
        val concurrent = step["concurrent"].items().map { write(it.asObject()) }
        val contention = step["contention"].long()
        val attempts = Attempts()
        table.transaction(model, label, maxAttempts, trace) { transaction ->
            trace.emit(label, DocumentValue.ArrayValue(step["reads"].items().map { read(transaction, it.asObject()) }))
            if (attempts.next() <= contention && concurrent.isNotEmpty()) store.commit(concurrent)
            for (write in step["writes"].items()) table.give(typedWrite(write.asObject()), transaction)
        }
    }

    /** A document read in a transaction through its collection's getter, traced. */
    private fun read(transaction: T, read: Json.Object): DocumentValue =
        table.read(transaction, read["collection"].text(), ScenarioArguments(read["arguments"].items().map(::value), emptyList()))

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
