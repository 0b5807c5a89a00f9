// The data-driven runner: reads scenarios, one JSON line each (Documentation/Conformance.md, "How
// the runners run vectors"), and runs each through the schema's table, tracing as a compiled runner
// does. Copied verbatim into each run.
import { DocumentValue, FieldChange, FieldUpdate, GeoPoint, InMemoryStore, KeyChange, MAXIMUM_TRANSACTION_ATTEMPTS, Timestamp } from "./runtime/index.js";
import type { Codec, DocumentCodec, DocumentData, DocumentWrite, FieldPath } from "./runtime/index.js";
import { Attempts, paddedIndex, range, Trace } from "./support.js";
import type { LabelledStore } from "./support.js";

declare const console: { log(message: string): void };
declare const process: {
  readonly stdin: { setEncoding(encoding: string): void; on(event: string, listener: (chunk?: string) => void): void };
  readonly stdout: { write(text: string): boolean };
  on(event: "exit", listener: () => void): void;
};

/** A value as JSON.parse gives it. */
type JSONValue = null | boolean | number | string | readonly JSONValue[] | { readonly [key: string]: JSONValue };
type JSONObject = { readonly [key: string]: JSONValue };

/** The schema's dispatch from names to the model's (M) methods and its transactions' (T), generated for each schema. */
export interface ScenarioTable<M, T> {
  /** The model over `store`, on the trace's virtual clock when `virtualTime`. */
  model(store: LabelledStore, virtualTime: boolean, trace: Trace): M;
  /** Subscribes to (or, `once`, reads once) the stream or declared write `stream` as `label`. */
  use(model: M, stream: string, label: string, once: boolean, args: ScenarioArguments, trace: Trace): Promise<void>;
  /** The typed write `name` of the model. */
  write(model: M, name: string, args: ScenarioArguments): DocumentWrite;
  /**
   * Runs the model's transaction to its end, traced as `label` (`done` or its error), given at most
   * `maxAttempts` attempts, each handing its transaction to `body`.
   */
  transaction(model: M, label: string, maxAttempts: number, trace: Trace, body: (transaction: T) => Promise<void>): Promise<void>;
  /**
   * The document the getter of `collection` (its type as the schema names it) reads in
   * `transaction`, its path parameters and id given by position; traced, null when there is none.
   */
  read(transaction: T, collection: string, args: ScenarioArguments): Promise<DocumentValue>;
  /** Gives the typed write `write` to `transaction`. */
  give(write: DocumentWrite, transaction: T): void;
}

/** Reads every scenario on stdin, then runs each in turn through the table of its `model` in `tables`. */
export function runScenarios(tables: readonly ScenarioTable<unknown, unknown>[]): void {
  let input = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => { input += chunk ?? ""; });
  process.stdin.on("end", () => { void runAll(tables, input.split("\n").filter((line) => line !== "")); });
}

async function runAll(tables: readonly ScenarioTable<unknown, unknown>[], lines: readonly string[]): Promise<void> {
  // The trace goes out in one write per scenario: a write per line (console.log's) took a third of
  // the runner's time. Written (to a pipe, at once) before the next scenario starts, and when the
  // process exits, so a scenario that stops it loses none of its trace.
  const buffered: string[] = [];
  const flush = (): void => {
    if (buffered.length > 0) process.stdout.write(buffered.join("\n") + "\n");
    buffered.length = 0;
  };
  console.log = (message: string): void => { buffered.push(message); };
  process.on("exit", flush);
  for (const line of lines) {
    const scenario = JSON.parse(line) as JSONObject;
    console.log(`vector ${String(scenario["vector"])}`);
    try {
      const table = tables[Number(scenario["model"])];
      if (table === undefined) throw new Error(`no table for model ${String(scenario["model"])}`);
      await run(table, scenario);
    } catch (error) {
      console.log(`vector ${String(scenario["vector"])} crashed`);
      console.log(error instanceof Error ? String(error.stack) : String(error));
    }
    flush();
  }
  console.log = (message: string): void => { process.stdout.write(message + "\n"); };
}

/** One scenario: a new store and model, each step traced between its number and the listeners. */
async function run<M, T>(table: ScenarioTable<M, T>, scenario: JSONObject): Promise<void> {
  const trace = new Trace();
  const clock = time(scenario["clock"] ?? null);
  const store = new InMemoryStore({ pendingWrites: scenario["pendingWrites"] === true, clock: () => clock });
  const virtualTime = scenario["virtualTime"] === true;
  const model = table.model(trace.labelling(store), virtualTime, trace);
  const steps = array(scenario["steps"] ?? null);
  for (const [index, step] of steps.entries()) {
    trace.step(index + 1);
    await new Step(table, model, store, trace).run(object(step));
    if (virtualTime) trace.settle();
    trace.listeners(store.listenerCount);
  }
}

/** Runs one step of a scenario. */
class Step<M, T> {
  constructor(
    private readonly table: ScenarioTable<M, T>, private readonly model: M, private readonly store: InMemoryStore, private readonly trace: Trace,
  ) {}

  async run(step: JSONObject): Promise<void> {
    const op = String(step["op"]);
    switch (op) {
      case "set": case "receive":
        this.trace.attempt(() => this.store.setData(data(step["data"] ?? null, op === "set" ? "checked" : "received"), strings(step["path"] ?? null)));
        return;
      case "update":
        this.trace.attempt(() => this.store.updateData(array(step["fields"] ?? null).map((entry) => fieldUpdate(array(entry))), strings(step["path"] ?? null)));
        return;
      case "delete":
        this.trace.attempt(() => this.store.deleteDocument(strings(step["path"] ?? null)));
        return;
      case "write":
        this.trace.attempt(() => this.store.commit([this.typedWrite(step)]));
        return;
      case "batch":
        this.trace.attempt(() => this.store.commit(array(step["writes"] ?? null).map((write) => this.write(object(write)))));
        return;
      case "transaction": await this.transaction(step); return;
      case "concurrently":
        this.trace.interleave(Number(step["attempts"]), array(step["writes"] ?? null).map((write) => this.write(object(write))));
        return;
      case "fill": {
        const collection = strings(step["collection"] ?? null);
        const count = Number(step["count"]);
        const width = String(count - 1).length;
        this.trace.attempt(() => this.store.commit(range(count).map((index): DocumentWrite => ({
          kind: "set", path: [...collection, paddedIndex(index, width)], data: new Map([["n", DocumentValue.int(index)]]),
        }))));
        return;
      }
      case "flush":
        this.store.flushPendingWrites(step["at"] === undefined ? undefined : time(step["at"]));
        await this.trace.settled();
        return;
      case "advance": this.trace.advance(Number(step["milliseconds"])); return;
      case "subscribe": case "read": {
        const args = new ScenarioArguments(array(step["arguments"] ?? null), []);
        await this.table.use(this.model, String(step["stream"]), String(step["label"]), op === "read", args, this.trace);
        return;
      }
      case "cancel": this.trace.cancel(String(step["label"])); return;
      case "fail": this.store.failListeners(strings(step["collection"] ?? null), new Error(String(step["message"]))); return;
      case "failSubscription": this.trace.fail(String(step["label"]), String(step["message"])); return;
      case "expect": return;
      default: throw new Error(`unknown step ${op}`);
    }
  }

  /** A step's write as a write of a batch: the store's set, update or delete, or a typed write. */
  private write(step: JSONObject): DocumentWrite {
    const path = strings(step["path"] ?? null);
    switch (step["op"]) {
      case "set": return { kind: "set", path, data: data(step["data"] ?? null, "checked") };
      case "update": return { kind: "update", path, fields: array(step["fields"] ?? null).map((entry) => fieldUpdate(array(entry))) };
      case "delete": return { kind: "delete", path };
      default: return this.typedWrite(step);
    }
  }

  /**
   * A transaction of the model, as a compiled runner runs it: each attempt traces its reads as one
   * emission, commits another client's writes when it is one of the first `contention`, and gives
   * the typed writes to the transaction.
   */
  private async transaction(step: JSONObject): Promise<void> {
    const label = String(step["label"]);
    const concurrent = array(step["concurrent"] ?? null).map((write) => this.write(object(write)));
    const attempts = new Attempts();
    const maxAttempts = step["maxAttempts"] === undefined ? MAXIMUM_TRANSACTION_ATTEMPTS : Number(step["maxAttempts"]);
    await this.table.transaction(this.model, label, maxAttempts, this.trace, async (transaction) => {
      const reads: DocumentValue[] = [];
      for (const read of array(step["reads"] ?? null).map(object)) {
        const args = new ScenarioArguments(array(read["arguments"] ?? null), []);
        reads.push(await this.table.read(transaction, String(read["collection"]), args));
      }
      this.trace.emit(label, DocumentValue.array(reads));
      if (attempts.next() <= Number(step["contention"]) && concurrent.length > 0) this.store.commit(concurrent);
      for (const write of array(step["writes"] ?? null)) this.table.give(this.typedWrite(object(write)), transaction);
    });
  }

  private typedWrite(step: JSONObject): DocumentWrite {
    const named = array(step["arguments"] ?? null).map((entry) => [String(array(entry)[0]), object(array(entry)[1] ?? null)] as const);
    return this.table.write(this.model, String(step["name"]), new ScenarioArguments([], named));
  }
}

/**
 * A step's arguments, decoded as the table asks: a stream's by position, a typed write's by name.
 * Spreads (`...args.field("likeCount", Codecs.int)`) leave out an argument the step does not give.
 */
export class ScenarioArguments {
  constructor(private readonly positional: readonly JSONValue[], private readonly named: readonly (readonly [string, JSONObject])[]) {}

  /** Argument `index`, as `codec` decodes it. */
  value<T>(index: number, codec: Codec<T>): T {
    return codec.decode(value(this.positional[index] ?? null, "raw"));
  }

  /** Argument `index`, a row (a map with `id` and the stored fields) of `type`. */
  row<T>(index: number, type: DocumentCodec<T>): T {
    return decodeRow(this.positional[index] ?? null, type);
  }

  optionalRow<T>(index: number, type: DocumentCodec<T>): T | null {
    const given = this.positional[index] ?? null;
    return given === null ? null : decodeRow(given, type);
  }

  /** Argument `name`, which the step must give. */
  given<T>(name: string, codec: Codec<T>): T {
    const given = this.update(name);
    if (given === undefined) throw new Error(`the step gives no ${name}`);
    return codec.decode(value(given["value"] ?? null, "raw"));
  }

  /** Argument `name`, or undefined. */
  optional<T>(name: string, codec: Codec<T>): T | undefined {
    const given = this.update(name);
    return given === undefined ? undefined : codec.decode(value(given["value"] ?? null, "raw"));
  }

  /** Argument `name` as the entry `key` of an object, or no entry. */
  field<K extends string, T>(key: K, name: string, codec: Codec<T>): { readonly [P in K]?: T } {
    const given = this.optional(name, codec);
    return (given === undefined ? {} : { [key]: given }) as { readonly [P in K]?: T };
  }

  /** Argument `name`, a row of `type`, as the entry `key` of an object, or no entry. */
  document<K extends string, T>(key: K, name: string, type: DocumentCodec<T>): { readonly [P in K]?: T } {
    const given = this.update(name);
    return (given === undefined ? {} : { [key]: decodeRow(given["value"] ?? null, type) }) as { readonly [P in K]?: T };
  }

  /**
   * The change of field `name` (of `codec`'s type) as the entry `key` of an object, or no entry:
   * one of the changes `C` the field takes, as the step says (the model refuses one it does not take).
   */
  change<K extends string, C>(key: K, name: string, codec: Codec<unknown>): { readonly [P in K]?: C } {
    const given = this.update(name);
    return (given === undefined ? {} : { [key]: fieldChange(given, codec) }) as { readonly [P in K]?: C };
  }

  private update(name: string): JSONObject | undefined {
    return this.named.find(([key]) => key === name)?.[1];
  }
}

/**
 * A typed change: a value decoded by the field's codec; the elements of a list decoded as a list
 * of them; a key's change decoded as the map holding it.
 */
function fieldChange<T>(update: JSONObject, codec: Codec<T>): FieldChange<T> {
  if ("keys" in update) {
    const changes = Object.fromEntries(array(update["keys"] ?? null).map((entry) => {
      const [key, change] = [String(array(entry)[0]), object(array(entry)[1] ?? null)];
      return [key, keyChange(key, change, codec)];
    }));
    return FieldChange.keys(changes) as FieldChange<T>;
  }
  if ("value" in update && isServerTimestamp(update["value"] ?? null)) return FieldChange.serverTimestamp;
  if ("value" in update) return FieldChange.set(codec.decode(value(update["value"] ?? null, "raw")));
  if ("delete" in update) return FieldChange.delete;
  if ("increment" in update) return FieldChange.increment(Number(numberText(update["increment"] ?? null)));
  const union = "arrayUnion" in update;
  const elements = codec.decode(value(update[union ? "arrayUnion" : "arrayRemove"] ?? null, "raw")) as readonly unknown[];
  return (union ? FieldChange.arrayUnion(...elements) : FieldChange.arrayRemove(...elements)) as FieldChange<T>;
}

function keyChange<T>(key: string, update: JSONObject, codec: Codec<T>): unknown {
  const decoded = (given: JSONValue): unknown => (codec.decode(DocumentValue.map(new Map([[key, value(given, "raw")]]))) as ReadonlyMap<string, unknown> | Record<string, unknown>);
  const entry = (given: JSONValue): unknown => {
    const map = decoded(given);
    return map instanceof Map ? map.get(key) : (map as Record<string, unknown>)[key];
  };
  if ("value" in update) return KeyChange.set(entry(update["value"] ?? null));
  if ("delete" in update) return KeyChange.delete;
  if ("increment" in update) return KeyChange.increment(Number(numberText(update["increment"] ?? null)));
  const union = "arrayUnion" in update;
  const elements = entry(update[union ? "arrayUnion" : "arrayRemove"] ?? null) as readonly unknown[];
  return union ? KeyChange.arrayUnion(...elements) : KeyChange.arrayRemove(...elements);
}

function decodeRow<T>(given: JSONValue, type: DocumentCodec<T>): T {
  const fields = data(object(given)["map"] ?? null, "raw");
  const id = fields.get("id");
  return type.decode(id?.kind === "string" ? id.value : "", new Map([...fields].filter(([key]) => key !== "id")));
}

/** An update's field: its path and what it does. */
function fieldUpdate(entry: readonly JSONValue[]): readonly [FieldPath, FieldUpdate] {
  const path = strings(entry[0] ?? null);
  const update = object(entry[1] ?? null);
  if ("value" in update) return [path, value(update["value"] ?? null, "checked")];
  if ("delete" in update) return [path, FieldUpdate.delete];
  if ("increment" in update) return [path, FieldUpdate.increment(value(update["increment"] ?? null, "checked"))];
  if ("arrayUnion" in update) return [path, FieldUpdate.arrayUnion(array(update["arrayUnion"] ?? null).map((element) => value(element, "checked")))];
  return [path, FieldUpdate.arrayRemove(array(update["arrayRemove"] ?? null).map((element) => value(element, "checked")))];
}

/**
 * How ints beyond ±(2^53 − 1) are taken: refused as this client's SDK refuses to write them
 * (`checked`), kept as the Firestore adapter keeps one another client wrote (`received`), or
 * kept for a codec to judge, as a literal in a compiled runner is (`raw`).
 */
type IntMode = "checked" | "received" | "raw";

/** A document's data: entries `[key, value]`. */
function data(entries: JSONValue, mode: IntMode): DocumentData {
  return new Map(array(entries).map((entry) => [String(array(entry)[0]), value(array(entry)[1] ?? null, mode)]));
}

/** A value of a scenario as the runtime's `DocumentValue`. */
function value(given: JSONValue, mode: IntMode): DocumentValue {
  if (given === null) return DocumentValue.null;
  if (typeof given === "boolean") return DocumentValue.bool(given);
  if (typeof given === "string") return DocumentValue.string(given);
  if (Array.isArray(given)) return DocumentValue.array(given.map((element: JSONValue) => value(element, mode)));
  const tagged = object(given);
  if ("int" in tagged) {
    const number = Number(tagged["int"]);
    return mode === "checked" || Number.isSafeInteger(number) ? DocumentValue.int(number) : { kind: "int", value: number };
  }
  if ("double" in tagged) return DocumentValue.double(Number(tagged["double"]));
  if ("timestamp" in tagged) return DocumentValue.timestamp(time(tagged["timestamp"] ?? null));
  if ("bytes" in tagged) return DocumentValue.bytes(new Uint8Array(array(tagged["bytes"] ?? null).map(Number)));
  if ("reference" in tagged) return DocumentValue.reference(strings(tagged["reference"] ?? null));
  if ("geopoint" in tagged) {
    const [latitude, longitude] = array(tagged["geopoint"] ?? null).map(Number);
    return DocumentValue.geoPoint(new GeoPoint(latitude ?? 0, longitude ?? 0));
  }
  if ("map" in tagged) return DocumentValue.map(data(tagged["map"] ?? null, mode));
  return DocumentValue.serverTimestamp;
}

function isServerTimestamp(given: JSONValue): boolean {
  return typeof given === "object" && given !== null && !Array.isArray(given) && "serverTimestamp" in given;
}

/** An increment's operand: the text of its int or double. */
function numberText(given: JSONValue): string {
  const tagged = object(given);
  return String(tagged["int"] ?? tagged["double"]);
}

function time(given: JSONValue): Timestamp {
  const [seconds, nanoseconds] = array(given);
  return new Timestamp(Number(seconds), Number(nanoseconds));
}

function strings(given: JSONValue): string[] {
  return array(given).map(String);
}

function array(given: JSONValue): readonly JSONValue[] {
  return Array.isArray(given) ? given : [];
}

function object(given: JSONValue): JSONObject {
  return typeof given === "object" && given !== null && !Array.isArray(given) ? (given as JSONObject) : {};
}
