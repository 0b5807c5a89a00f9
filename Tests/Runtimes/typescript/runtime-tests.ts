// Checks the TypeScript runtime (Runtimes/typescript) the way
// Tests/ModelgenRuntimeTests checks the Swift one. Prints one line per failed check and
// "N checks passed" at the end; the exit status is 1 if any check failed.
//
// Compile and run (tsc 4.8+ with RxJS 7 linked into /tmp/tsrt/node_modules):
//   mkdir -p /tmp/tsrt/node_modules
//   ln -sfn /usr/share/nodejs/rxjs /tmp/tsrt/node_modules/rxjs
//   ln -sfn /usr/share/nodejs/tslib /tmp/tsrt/node_modules/tslib
//   tsc --strict --noUnusedLocals --noUnusedParameters --skipLibCheck --target es2020 \
//       --module commonjs --moduleResolution node --baseUrl /tmp/tsrt/node_modules \
//       --rootDir . --outDir /tmp/tsrt/out Tests/Runtimes/typescript/runtime-tests.ts
//   node /tmp/tsrt/out/Tests/Runtimes/typescript/runtime-tests.js
// (from the repository's root; node finds rxjs from /tmp/tsrt/out upward.) The test suite runs it:
// Tests/GeneratedCodeTests/RuntimeProgramTests.swift.

import { EMPTY, map, queueScheduler, Subject, Subscription, throwError } from "rxjs";
import type { Observable, SchedulerAction, SchedulerLike } from "rxjs";
import {
  Codecs, collectionStream, compareStrings, compareValues, ConstraintError, countRows, countStream, DecodeFailure,
  describeValue, DocumentDecodingError, documentStream, DocumentValue, FieldPath, FieldReader, FieldUpdate, filterRows, FirestoreRules, InMemoryStore,
  innerJoin, leftJoin, logDecodeFailure, Match, MAXIMUM_TRANSACTION_ATTEMPTS, preCheck, PreCheckError, QueryEngine,
  QueryFilter, QueryOrder, readDocument, StoreError, Timestamp, typeName, valuesEqual, written,
} from "../../../Runtimes/typescript/index.js";
import type {
  Codec, DocumentChange, DocumentCodec, DocumentData, DocumentSnapshot, DocumentWrite, QuerySnapshot, StoreQuery,
} from "../../../Runtimes/typescript/index.js";

import { recordedChanges } from "../../../Runtimes/typescript/changed-rows.js";
import { bool, check, data, double, expectEqual, expectError, int, rejection, results, show, str, thrown } from "./harness.js";
import { queryCursorTests } from "./query-cursor-tests.js";
import { queryOperatorTests } from "./query-operator-tests.js";
import { aggregateTests, exactSumTests } from "./aggregate-tests.js";
import { debounceTests } from "./debounce-tests.js";
import { distinctTests } from "./distinct-tests.js";
import { documentLimitTests } from "./document-limit-tests.js";
import { preconditionTests } from "./precondition-tests.js";
import { unchangedSinceTests } from "./unchanged-since-tests.js";
import { transactionOptionTests } from "./transaction-option-tests.js";
import { valueTypeTests } from "./value-type-tests.js";
import { collectionGroupTests } from "./collection-group-tests.js";
import { counterCheckTests } from "./counter-check-tests.js";
import { keyChangeTests } from "./key-change-tests.js";
import { incrementalSortTests, rowOrderTests, sortBelowJoinTests } from "./row-order-tests.js";
import { stringEnumTests } from "./string-enum-tests.js";

declare const process: { exitCode?: number; on(event: "unhandledRejection", listener: (reason: unknown) => void): void };
declare function setTimeout(callback: () => void, milliseconds: number): unknown;
declare const console: { log(...data: unknown[]): void; warn(...data: unknown[]): void };


/**
 * Checks each list's record of what changed since the list emitted before it
 * (`recordedChanges`): as long, the same objects at every position it leaves out. Returns how
 * many had one.
 */
function recordsHold(lists: readonly (readonly unknown[])[], name: string): number {
  let recorded = 0;
  lists.slice(1).forEach((next, index) => {
    const earlier = lists[index] as readonly unknown[];
    const changed = recordedChanges(next, earlier);
    if (changed === undefined) return;
    recorded += 1;
    check(next.length === earlier.length && next.every((row, position) => changed.includes(position) || row === earlier[position]),
      `${name}: the record of replaced rows holds`);
  });
  return recorded;
}

/** Records what an observable emits. */
class Recorder<T> {
  readonly values: T[] = [];
  error: unknown = undefined;
  failed = false;
  completed = false;
  readonly subscription: Subscription;

  constructor(source: Observable<T>) {
    this.subscription = source.subscribe({
      next: (value) => this.values.push(value),
      error: (error: unknown) => {
        this.failed = true;
        this.error = error;
      },
      complete: () => {
        this.completed = true;
      },
    });
  }
}

/** A scheduler that queues work until the test runs it. */
/** Work queued on a `ManualScheduler`. */
interface Runnable {
  run(): void;
}

class ManualScheduler implements SchedulerLike {
  private queue: Runnable[] = [];

  now(): number {
    return 0;
  }

  schedule<T>(work: (this: SchedulerAction<T>, state?: T) => void, _delay?: number, state?: T): Subscription {
    return new ManualAction<T>(this, work).schedule(state);
  }

  get pending(): number {
    return this.queue.length;
  }

  enqueue(action: Runnable): void {
    this.queue.push(action);
  }

  dequeue(action: Runnable): void {
    this.queue = this.queue.filter((queued) => queued !== action);
  }

  runAll(): void {
    const work = this.queue;
    this.queue = [];
    for (const action of work) action.run();
  }
}

class ManualAction<T> extends Subscription implements SchedulerAction<T>, Runnable {
  private state: T | undefined;

  constructor(private readonly scheduler: ManualScheduler, private readonly work: (this: SchedulerAction<T>, state?: T) => void) {
    super();
    this.add(() => scheduler.dequeue(this));
  }

  schedule(state?: T): Subscription {
    this.state = state;
    this.scheduler.enqueue(this);
    return this;
  }

  run(): void {
    if (!this.closed) this.work.call(this, this.state);
  }
}

// MARK: - Values

function valueOrderTests(): void {
  const t1 = new Timestamp(100), t2 = new Timestamp(100, 1);
  const ascending: DocumentValue[] = [
    DocumentValue.null, bool(false), bool(true), double(-Infinity), int(-1), double(-0.5), int(0), double(0.5), int(1), double(Infinity),
    DocumentValue.timestamp(t1), DocumentValue.timestamp(t2), DocumentValue.serverTimestamp, str(""), str("a"), str("b"),
    DocumentValue.array([]), DocumentValue.array([int(1)]), DocumentValue.array([int(1), int(2)]), DocumentValue.array([int(2)]),
    DocumentValue.map({}), DocumentValue.map({ a: int(1) }), DocumentValue.map({ a: int(2) }), DocumentValue.map({ b: int(0) }),
  ];
  ascending.forEach((value, index) => {
    ascending.forEach((other, otherIndex) => {
      const expected = index === otherIndex ? 0 : (index < otherIndex ? -1 : 1);
      expectEqual(compareValues(value, other), expected, `order ${describeValue(value)} vs ${describeValue(other)}`);
    });
  });

  expectEqual(compareValues(int(1), double(1)), 0, "1 == 1.0");
  expectEqual(compareValues(double(-0), int(0)), 0, "-0.0 == 0");
  expectEqual(compareValues(double(-0), double(0)), 0, "-0.0 == 0.0");
  expectEqual(compareValues(double(NaN), double(NaN)), 0, "NaN == NaN");
  expectEqual(compareValues(double(NaN), double(-Infinity)), -1, "NaN < -inf");
  expectEqual(compareValues(double(NaN), int(Number.MIN_SAFE_INTEGER)), -1, "NaN < min int");
  expectEqual(compareValues(double(2.5), int(2)), 1, "2.5 > 2");
  expectEqual(compareValues(double(-2.5), int(-2)), -1, "-2.5 < -2");
  expectEqual(compareValues(double(1e19), int(Number.MAX_SAFE_INTEGER)), 1, "1e19 > max int");
  check(valuesEqual(int(1), double(1)) && valuesEqual(double(NaN), double(NaN)) && valuesEqual(double(-0), double(0)), "valuesEqual numbers");
  check(valuesEqual(DocumentValue.map({ a: int(1), b: DocumentValue.array([DocumentValue.null]) }), DocumentValue.map({ b: DocumentValue.array([DocumentValue.null]), a: double(1) })), "maps equal regardless of key order");
  check(!valuesEqual(str("\u00e9"), str("e\u0301")), "precomposed and decomposed é differ");
}

function codePointTests(): void {
  check("\u{1F600}" < "\uFFFF", "JavaScript's < compares UTF-16 units (why compareStrings exists)");
  expectEqual(compareStrings("\uFFFF", "\u{10000}"), -1, "U+FFFF < U+10000");
  expectEqual(compareStrings("\uFFFF", "\u{1F600}"), -1, "U+FFFF < U+1F600");
  expectEqual(compareStrings("\uE000", "\u{1F600}"), -1, "U+E000 < U+1F600");
  expectEqual(compareStrings("\u{1F600}", "\uE000"), 1, "U+1F600 > U+E000");
  expectEqual(compareStrings("Z", "a"), -1, "Z < a");
  expectEqual(compareStrings("a", "ab"), -1, "a < ab");
  expectEqual(compareStrings("ab", "ab"), 0, "ab == ab");
  expectEqual(compareStrings("\u00e9", "e\u0301"), 1, "precomposed é > e + U+0301");
  expectEqual(compareValues(str("\uFFFF"), str("\u{1F600}")), -1, "string values by code point");

  // Against a plain code-point comparison of random strings.
  const alphabet = ["a", "Z", "\u00e9", "e", "\u0301", "\uD7FF", "\uE000", "\uFFFF", "\u{10000}", "\u{1F600}", "\u{10FFFF}"];
  let seed = 7;
  const random = (bound: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % bound;
  };
  const randomString = (): string => Array.from({ length: random(4) }, () => alphabet[random(alphabet.length)]).join("");
  const reference = (a: string, b: string): number => {
    const left = Array.from(a, (c) => c.codePointAt(0) ?? 0), right = Array.from(b, (c) => c.codePointAt(0) ?? 0);
    for (let i = 0; i < Math.min(left.length, right.length); i++) {
      if (left[i] !== right[i]) return (left[i] ?? 0) < (right[i] ?? 0) ? -1 : 1;
    }
    return left.length === right.length ? 0 : (left.length < right.length ? -1 : 1);
  };
  let mismatches = 0;
  for (let i = 0; i < 2000; i++) {
    const a = randomString(), b = randomString();
    if (compareStrings(a, b) !== reference(a, b)) mismatches += 1;
  }
  expectEqual(mismatches, 0, "compareStrings agrees with code-point order on random strings");
}

function describeTests(): void {
  const cases: readonly (readonly [DocumentValue, string])[] = [
    [DocumentValue.null, "null"], [bool(true), "true"], [int(1), "1"], [int(-42), "-42"], [double(1.5), "1.5"],
    [double(1), "1.0"], [double(NaN), "nan"], [double(Infinity), "inf"], [double(-Infinity), "-inf"],
    [double(-0), "-0.0"], [double(1e16), "1e+16"], [double(1e-5), "1e-05"], [double(0.0001), "0.0001"],
    [double(2 ** 53), "9007199254740992.0"], [double(123456.789), "123456.789"], [str("text"), "\"text\""],
    [DocumentValue.timestamp(new Timestamp(1_704_164_645, 6)), "2024-01-02T03:04:05.000000006Z"],
    [DocumentValue.array([int(1), int(2)]), "[1, 2]"], [DocumentValue.map({ b: str("x"), a: int(1) }), "{a: 1, b: \"x\"}"],
    [DocumentValue.map({ "\u{1F600}": int(2), "\uFFFF": int(1) }), "{\uFFFF: 1, \u{1F600}: 2}"],
    [DocumentValue.serverTimestamp, "serverTimestamp"], [DocumentValue.map({ o: DocumentValue.map({ p: bool(true) }) }), "{o: {p: true}}"],
  ];
  for (const [value, text] of cases) expectEqual(describeValue(value), text, `describe ${text}`);

  const names: readonly (readonly [DocumentValue, string])[] = [
    [DocumentValue.null, "null"], [bool(false), "bool"], [int(1), "int"], [double(1), "double"], [DocumentValue.timestamp(new Timestamp(0)), "timestamp"],
    [str(""), "string"], [DocumentValue.array([]), "array"], [DocumentValue.map({}), "map"], [DocumentValue.serverTimestamp, "pending server timestamp"],
  ];
  for (const [value, name] of names) expectEqual(typeName(value), name, `typeName ${name}`);

  expectError(thrown(() => int(1.5)), RangeError, "an int value must be a safe integer, not 1.5", "DocumentValue.int(1.5) throws");
  check(thrown(() => int(2 ** 53)) instanceof RangeError, "DocumentValue.int(2^53) throws");
  check(thrown(() => int(NaN)) instanceof RangeError, "DocumentValue.int(NaN) throws");
  expectEqual(describeValue(int(2 ** 53 - 1)), "9007199254740991", "DocumentValue.int(2^53 - 1)");
  const proto = DocumentValue.map(new Map([["__proto__", int(1)]]));
  check(proto.kind === "map" && proto.fields.get("__proto__")?.kind === "int", "a map key __proto__ is kept");
  const fromObject = DocumentValue.map({ ["__proto__"]: int(2), x: int(3) });
  expectEqual(describeValue(fromObject), "{__proto__: 2, x: 3}", "DocumentValue.map from an object with a computed __proto__ key");
}

function timestampTests(): void {
  expectEqual(new Timestamp(0).toString(), "1970-01-01T00:00:00Z", "epoch");
  expectEqual(new Timestamp(1_700_000_000, 5).toString(), "2023-11-14T22:13:20.000000005Z", "nanoseconds");
  expectEqual(new Timestamp(-1).toString(), "1969-12-31T23:59:59Z", "before the epoch");
  expectEqual(new Timestamp(951_782_400).toString(), "2000-02-29T00:00:00Z", "leap day");
  expectEqual(new Timestamp(1, 2).compareTo(new Timestamp(1, 3)), -1, "compareTo nanoseconds");
  expectEqual(new Timestamp(2).compareTo(new Timestamp(1, 999_999_999)), 1, "compareTo seconds");
  check(new Timestamp(5, 6).equals(new Timestamp(5, 6)), "equals");
  const date = new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 678));
  expectEqual(Timestamp.fromDate(date).toString(), "2024-01-02T03:04:05.678000000Z", "fromDate");
  expectEqual(Timestamp.fromDate(new Date(-1)).toString(), "1969-12-31T23:59:59.999000000Z", "fromDate before the epoch");
  expectEqual(new Timestamp(1_704_164_645, 678_900_000).toDate().getTime(), date.getTime(), "toDate");
  check(thrown(() => new Timestamp(0, 1_000_000_000)) instanceof RangeError, "nanoseconds out of range throw");
  check(Math.abs(Timestamp.now().toDate().getTime() - Date.now()) < 1000, "now");
}

function matchTests(): void {
  check(Match.equal(NaN, NaN), "equal NaN NaN");
  check(Match.equal(-0, 0), "equal -0 0");
  check(!Match.equal("\u00e9", "e\u0301"), "equal é precomposed vs decomposed");
  check(!Match.equal(null, "a") && !Match.equal(undefined, "a") && !Match.equal(null, null), "equal with null is false");
  check(!Match.notEqual(null, "a"), "notEqual with null is false");
  check(Match.notEqual("b", "a"), "notEqual b a");
  check(Match.less("\uFFFF", "\u{10000}"), "less by code point");
  check(!Match.less("\u{10000}", "\uFFFF"), "not less by code point");
  check(!Match.less(NaN, -Infinity), "no range comparison matches NaN");
  check(!Match.greater(null, 0), "greater with null is false");
  check(Match.greaterOrEqual(0, -0) && Match.lessOrEqual(-0, 0), "-0 and 0 order as equal");
  check(Match.less(false, true), "false < true");
  check(Match.less(new Timestamp(1), new Timestamp(1, 1)) && Match.lessOrEqual(new Timestamp(1), new Timestamp(1)), "timestamps order");
  check(!Match.less(1, "2") && !Match.greater("2", 1), "mixed types never order");
  check(Match.isIn("b", ["a", "b"]), "isIn");
  check(!Match.isIn("e\u0301", ["\u00e9"]), "isIn by code point");
  check(!Match.isIn(null, [null]), "isIn null is false");
  check(!Match.isIn(NaN, [1, NaN]) && !Match.contains([NaN], NaN), "isIn and contains never match NaN");
  check(Match.contains(["a", "b"], "b"), "contains");
  check(!Match.contains(null, "b") && !Match.contains(["b"], null), "contains with null is false");

  check(Match.same(null, null) && Match.same(undefined, null), "same null");
  check(!Match.same(null, 0) && !Match.same("", null), "same null vs value");
  check(Match.same(NaN, NaN) && Match.same(-0, 0), "same numbers");
  check(!Match.same("\u00e9", "e\u0301"), "same strings exactly");
  check(Match.same(new Timestamp(1, 2), new Timestamp(1, 2)) && !Match.same(new Timestamp(1, 2), new Timestamp(1, 3)), "same timestamps");
  check(Match.same([1, [NaN, "x"]], [1, [NaN, "x"]]) && !Match.same([1, 2], [1, 2, 3]) && !Match.same([1], { 0: 1 }), "same arrays");
  check(Match.same(new Map([["a", [-0]]]), new Map([["a", [0]]])) && !Match.same(new Map([["a", 1]]), new Map([["b", 1]])), "same maps");
  check(Match.same({ id: "a", n: NaN, at: null }, { at: null, n: NaN, id: "a" }), "same objects key by key");
  check(!Match.same({ id: "a" }, { id: "a", n: 1 }) && !Match.same({ id: "a", n: undefined }, { id: "a", m: undefined }), "same objects need the same keys");
  class Row {
    constructor(readonly id: string) {}
  }
  check(Match.same(new Row("x"), new Row("x")) && !Match.same(new Row("x"), { id: "x" }), "same class instances");
  check(!Match.same(true, 1) && !Match.same("1", 1), "same needs the same type");
}

// MARK: - Decoding

function codecTests(): void {
  expectEqual(Codecs.int.decode(int(9_007_199_254_740_991)), 9_007_199_254_740_991, "int at the limit");
  const tooLarge = thrown(() => Codecs.int.decode({ kind: "int", value: 2 ** 53 }));
  expectError(tooLarge, DocumentDecodingError, "value is 9007199254740992, outside ±(2^53 − 1)", "int beyond the limit");
  check(tooLarge instanceof DocumentDecodingError && tooLarge.problem.kind === "outOfRange", "outOfRange problem");
  expectError(thrown(() => Codecs.int.decode({ kind: "int", value: -(2 ** 53) })), DocumentDecodingError,
    "value is -9007199254740992, outside ±(2^53 − 1)", "int below the limit");
  expectError(thrown(() => Codecs.int.decode(double(1))), DocumentDecodingError, "value should be int but is double", "int refuses doubles");
  expectEqual(Codecs.double.decode(int(3)), 3, "double accepts ints");
  check(Number.isNaN(Codecs.double.decode(double(NaN))), "double NaN");
  expectError(thrown(() => Codecs.double.decode(str("3"))), DocumentDecodingError, "value should be double but is string", "double refuses strings");
  expectEqual(Codecs.bool.decode(bool(true)), true, "bool");
  expectEqual(Codecs.string.decode(str("\u{1F600}")), "\u{1F600}", "string");
  check(thrown(() => Codecs.int.encode(1.5)) instanceof RangeError, "encoding a non-integer int throws");

  const fields = new FieldReader(data({ a: DocumentValue.null, b: DocumentValue.serverTimestamp, c: DocumentValue.timestamp(new Timestamp(1)) }));
  expectEqual([fields.optional("a", Codecs.timestamp), fields.optional("b", Codecs.timestamp), fields.optional("missing", Codecs.timestamp)],
    [null, null, null], "optional reads null, pending and missing as null");
  check(fields.optional("c", Codecs.timestamp)?.equals(new Timestamp(1)) === true, "optional reads a timestamp");
  const pending = thrown(() => fields.required("b", Codecs.timestamp));
  expectError(pending, DocumentDecodingError, "'b' should be timestamp but is pending server timestamp", "required pending timestamp");
  check(pending instanceof DocumentDecodingError && show(pending.path) === show(["b"]), "error path");
  const missing = thrown(() => fields.required("missing", Codecs.string));
  expectError(missing, DocumentDecodingError, "'missing' is missing", "required missing");
  check(missing instanceof DocumentDecodingError && missing.problem.kind === "missing", "missing problem");
  expectEqual(fields.required("a", Codecs.optional(Codecs.int)), null, "required with an optional codec reads null");

  const defaults = new FieldReader(data({ n: DocumentValue.null }));
  expectEqual(defaults.withDefault("other", Codecs.int, 7), 7, "default applies when missing");
  expectError(thrown(() => defaults.withDefault("n", Codecs.int, 7)), DocumentDecodingError, "'n' should be int but is null", "default does not apply to null");

  const tags = thrown(() => new FieldReader(data({ tags: DocumentValue.array([str("a"), int(2)]) })).required("tags", Codecs.list(Codecs.string)));
  expectError(tags, DocumentDecodingError, "'tags.1' should be string but is int", "nested list error path");
  check(tags instanceof DocumentDecodingError && show(tags.path) === show(["tags", "1"]), "nested list path");
  expectError(thrown(() => new FieldReader(data({ scores: DocumentValue.map({ bob: str("x") }) })).required("scores", Codecs.map(Codecs.int))),
    DocumentDecodingError, "'scores.bob' should be int but is string", "nested map error path");
  expectEqual(new DocumentDecodingError({ kind: "missing" }, ["tags", "1"]).message, "'tags.1' is missing", "error message");
  expectEqual(String(new DocumentDecodingError({ kind: "wrongType", expected: "string", found: "int" }, ["text"])),
    "'text' should be string but is int", "error as a string");
  expectEqual(new DocumentDecodingError({ kind: "missing" }).inside("b").inside("a").path, ["a", "b"], "inside prepends");
  expectError(thrown(() => FieldReader.of(int(1))), DocumentDecodingError, "value should be map but is int", "FieldReader.of a non-map");
  expectEqual(FieldReader.of(DocumentValue.map({ x: int(1) })).required("x", Codecs.int), 1, "FieldReader.of a map");

  const values = new Map<string, number | null>([["a", 1], ["b", null]]);
  const codec = Codecs.map(Codecs.optional(Codecs.int));
  expectEqual(describeValue(codec.encode(values)), "{a: 1, b: null}", "encode a map of optionals");
  expectEqual(codec.decode(codec.encode(values)), values, "round trip");
  expectEqual(describeValue(Codecs.list(Codecs.double).encode([1.5, 2])), "[1.5, 2.0]", "doubles encode as doubles");
  expectEqual(Codecs.optional(Codecs.string).encode(null), DocumentValue.null, "null encodes as null");
  const embedded: Codec<{ readonly url: string; readonly width: number | null }> = {
    decode: (value) => {
      const reader = FieldReader.of(value);
      return { url: reader.required("url", Codecs.string), width: reader.optional("width", Codecs.int) };
    },
    encode: (value) => DocumentValue.map({ url: str(value.url), width: Codecs.optional(Codecs.int).encode(value.width) }),
  };
  expectError(thrown(() => new FieldReader(data({ attachments: DocumentValue.array([DocumentValue.map({})]) })).required("attachments", Codecs.list(embedded))),
    DocumentDecodingError, "'attachments.0.url' is missing", "embedded error path");
}

// MARK: - Query engine

function queryEngineTests(): void {
  const documents: DocumentSnapshot[] = [
    { id: "a", data: data({ n: int(1), s: str("x"), tags: DocumentValue.array([str("red")]), o: DocumentValue.map({ city: str("Tokyo") }) }) },
    { id: "b", data: data({ n: double(2.5), s: DocumentValue.null }) },
    { id: "c", data: data({ n: str("3"), tags: DocumentValue.array([str("red"), str("blue")]) }) },
    { id: "d", data: data({}) },
    { id: "e", data: data({ n: double(NaN), s: str("y") }) },
  ];
  const ids = (filter?: QueryFilter, orderBy: readonly QueryOrder[] = [], limit?: number): readonly string[] => {
    const query: StoreQuery = { collection: ["c"], orderBy, ...(filter === undefined ? {} : { filter }), ...(limit === undefined ? {} : { limit }) };
    return QueryEngine.run(query, documents).map((document) => document.id);
  };
  const f = QueryFilter.compare;
  expectEqual(ids(f(["n"], "!=", int(99))), ["e", "a", "b", "c"], "!= leaves out missing fields and orders by the field");
  expectEqual(ids(f(["s"], "==", DocumentValue.null)), ["b"], "== null matches a stored null");
  expectEqual(ids(f(["s"], "!=", DocumentValue.null)), ["a", "e"], "!= null");
  expectEqual(ids(f(["s"], "!=", str("x"))), ["e"], "!= x leaves out null");
  expectEqual(ids(f(["n"], ">=", int(1))), ["a", "b"], "ranges match their own type");
  expectEqual(ids(f(["n"], "<", int(2))), ["a"], "no range comparison matches NaN");
  expectEqual(ids(f(["n"], ">", str(""))), ["c"], "string range");
  expectEqual(ids(f(["n"], "==", double(1))), ["a"], "int == double");
  expectEqual(ids(f(["n"], "==", double(NaN))), ["e"], "NaN == NaN");
  expectEqual(ids(f(["n"], "in", DocumentValue.array([int(1), str("3")]))), ["a", "c"], "in");
  expectEqual(ids(f(["n"], "in", int(1))), [], "in needs an array");
  expectEqual(ids(f(["tags"], "array-contains", str("red"))), ["a", "c"], "array-contains");
  expectEqual(ids(f(["o", "city"], "==", str("Tokyo"))), ["a"], "nested field");
  expectEqual(ids(f(["o", "city", "x"], "==", str("Tokyo"))), [], "path through a non-map");
  expectEqual(ids(f(FieldPath.documentID, ">", str("c"))), ["d", "e"], "document id");
  expectEqual(ids(QueryFilter.or(f(["s"], "==", str("y")), QueryFilter.and(f(["n"], "==", int(1)), f(["s"], "==", str("x"))))), ["a", "e"], "or / and");
  expectEqual(ids(QueryFilter.and()), ["a", "b", "c", "d", "e"], "empty and");
  expectEqual(ids(QueryFilter.or()), ["a", "b", "c", "d", "e"], "an empty or filters nothing, as an empty and does");
  expectEqual(ids(QueryFilter.or(QueryFilter.or(), f(["s"], "==", str("x")))), ["a"], "an empty or inside an or is dropped");
  expectEqual(ids(QueryFilter.and(f(["s"], "==", str("x")), QueryFilter.or())), ["a"], "an empty or inside an and");

  expectEqual(ids(undefined, [QueryOrder.ascending(["n"])]), ["e", "a", "b", "c"], "order leaves out documents without the field");
  expectEqual(ids(undefined, [QueryOrder.descending(["tags"])]), ["c", "a"], "the longer array is greater");
  expectEqual(ids(undefined, [QueryOrder.ascending(["s"])]), ["b", "a", "e"], "null sorts first");
  const ties: DocumentSnapshot[] = [
    { id: "x", data: data({ k: int(1) }) }, { id: "y", data: data({ k: int(1) }) }, { id: "z", data: data({ k: int(0) }) },
  ];
  const run = (orderBy: readonly QueryOrder[], input: readonly DocumentSnapshot[]): readonly string[] =>
    QueryEngine.run({ collection: ["c"], orderBy }, input).map((document) => document.id);
  expectEqual(run([QueryOrder.descending(["k"])], ties), ["y", "x", "z"], "ties by id descending");
  expectEqual(run([QueryOrder.ascending(["k"])], ties), ["z", "x", "y"], "ties by id ascending");
  expectEqual(run([], [...ties].reverse()), ["x", "y", "z"], "no order: by id");
  const unicode: DocumentSnapshot[] = [{ id: "\u{1F600}", data: data({}) }, { id: "\uFFFF", data: data({}) }, { id: "e\u0301", data: data({}) }, { id: "\u00e9", data: data({}) }];
  expectEqual(run([], unicode), ["e\u0301", "\u00e9", "\uFFFF", "\u{1F600}"], "ids by code point");
  expectEqual(run([QueryOrder.ascending(["k"]), QueryOrder.descending(FieldPath.documentID)], ties), ["z", "y", "x"], "order by document id");

  expectEqual(ids(undefined, [QueryOrder.descending(["n"])], 2), ["c", "b"], "limit after order");
  expectEqual(ids(undefined, [], 10), ["a", "b", "c", "d", "e"], "limit above the count");
  expectEqual(ids(undefined, [], 0), [], "limit 0");

  // limitToLast: the last documents of the whole normalized order, in that order.
  const last = (orderBy: readonly QueryOrder[], limitToLast: number, input: readonly DocumentSnapshot[] = documents, filter?: QueryFilter): readonly string[] =>
    QueryEngine.run({ collection: ["c"], orderBy, limitToLast, ...(filter === undefined ? {} : { filter }) }, input).map((document) => document.id);
  expectEqual(last([QueryOrder.ascending(["n"])], 2), ["b", "c"], "limitToLast: the last two, in the query's order");
  expectEqual(last([QueryOrder.descending(["n"])], 2), ["a", "e"], "limitToLast descending");
  expectEqual(last([QueryOrder.ascending(["n"])], 10), ["e", "a", "b", "c"], "limitToLast above the count; a document without the field left out");
  expectEqual(last([QueryOrder.ascending(["n"])], 0), [], "limitToLast 0");
  expectEqual(last([QueryOrder.ascending(["n"])], -1), [], "limitToLast below 0");
  expectEqual(last([QueryOrder.ascending(["k"])], 2, ties), ["x", "y"], "limitToLast: ties by id ascending");
  expectEqual(last([QueryOrder.ascending(["k"])], 1, ties), ["y"], "limitToLast: the greatest id of a tie is last");
  expectEqual(last([QueryOrder.descending(["k"])], 2, ties), ["x", "z"], "limitToLast: ties by id descending");
  expectEqual(last([QueryOrder.ascending(["k"]), QueryOrder.descending(FieldPath.documentID)], 2, ties), ["y", "x"], "limitToLast: an order by document id");
  const days: DocumentSnapshot[] = [
    { id: "p", data: data({ day: int(1), n: int(2) }) }, { id: "q", data: data({ day: int(1), n: int(3) }) },
    { id: "r", data: data({ day: int(2), n: int(3) }) }, { id: "s", data: data({ day: int(1), n: int(5) }) },
    { id: "t", data: data({ day: int(1) }) }, { id: "u", data: data({ day: int(0), n: int(1) }) },
  ];
  // day, then n (implicit, from the inequality), then id: p(1,2), q(1,3), s(1,5), r(2,3).
  expectEqual(last([QueryOrder.ascending(["day"])], 2, days, QueryFilter.compare(["n"], ">=", int(2))), ["s", "r"],
    "limitToLast: the implicit inequality key and the id are flipped too");
  expectEqual(last([QueryOrder.descending(["day"])], 3, days, QueryFilter.compare(["n"], ">=", int(2))), ["s", "q", "p"],
    "limitToLast: descending, the implicit key descending");
  expectEqual(QueryEngine.value(["o", "city"], documents[0] as DocumentSnapshot), str("Tokyo"), "QueryEngine.value");
  expectEqual(QueryEngine.value(["missing"], documents[0] as DocumentSnapshot), undefined, "QueryEngine.value missing");
  check(QueryEngine.matches(f(["s"], "==", str("x")), documents[0] as DocumentSnapshot), "QueryEngine.matches");
}

// MARK: - In-memory store

async function inMemoryStoreTests(): Promise<void> {
  const messages = ["rooms", "r1", "messages"];
  const query = (collection: readonly string[], extra: Omit<StoreQuery, "collection"> = {}): StoreQuery => ({ collection, ...extra });
  const noError = (error: unknown): void => check(false, "unexpected listener error", show(error));

  {
    const store = new InMemoryStore();
    store.setData(data({ n: int(1) }), [...messages, "a"]);
    const calls: string[][] = [];
    const registration = store.addQueryListener(query(messages), ({ documents }) => calls.push(documents.map((d) => d.id)), noError);
    store.setData(data({ n: int(2) }), [...messages, "b"]);
    store.setData(data({ n: int(2) }), [...messages, "b"]);
    store.setData(data({ x: int(1) }), ["rooms", "r2", "messages", "c"]);
    store.deleteDocument([...messages, "a"]);
    store.deleteDocument([...messages, "never"]);
    registration.remove();
    registration.remove();
    store.setData(data({ n: int(3) }), [...messages, "d"]);
    expectEqual(calls, [["a"], ["a", "b"], ["b"]], "listeners hear the current state then every change");
    expectEqual(store.listenerCount, 0, "removed listeners are gone");
  }
  {
    const store = new InMemoryStore();
    const calls: string[] = [];
    const first = store.addQueryListener(query(["a"]), ({ documents }) => {
      calls.push(`first ${documents.length}`);
      if (documents.length === 1) store.setData(data({}), ["a", "second"]);
    }, noError);
    const second = store.addQueryListener(query(["a"]), ({ documents }) => calls.push(`second ${documents.length}`), noError);
    store.setData(data({}), ["a", "first"]);
    expectEqual(calls, ["first 0", "second 0", "first 1", "first 2", "second 2"], "registration order and reentrant writes");
    first.remove();
    second.remove();
  }
  {
    const store = new InMemoryStore();
    const calls: string[] = [];
    const registration = store.addDocumentListener([...messages, "a"],
      (document) => calls.push(document === null ? "none" : describeValue(DocumentValue.map(document.data))), noError);
    store.setData(data({ n: int(1) }), [...messages, "a"]);
    store.setData(data({ n: int(1) }), [...messages, "b"]);
    store.updateData([[["n"], int(2)], [["o", "p"], bool(true)]], [...messages, "a"]);
    store.deleteDocument([...messages, "a"]);
    store.deleteDocument([...messages, "a"]);
    expectEqual(calls, ["none", "{n: 1}", "{n: 2, o: {p: true}}", "none"], "document listeners");
    registration.remove();
  }
  {
    const store = new InMemoryStore();
    const calls: string[] = [];
    store.addDocumentListener(["c", "a"], (document) => calls.push(document === null ? "none" : describeValue(DocumentValue.map(document.data))), noError);
    store.setData(data({ n: int(1) }), ["c", "a"]);
    store.setData(data({ n: double(1) }), ["c", "a"]);
    store.setData(data({ n: double(0) }), ["c", "a"]);
    store.setData(data({ n: double(-0) }), ["c", "a"]);
    store.setData(data({ n: double(NaN) }), ["c", "a"]);
    store.setData(data({ n: double(NaN) }), ["c", "a"]);
    store.setData(data({ s: str("\u00e9") }), ["c", "a"]);
    store.setData(data({ s: str("e\u0301") }), ["c", "a"]);
    expectEqual(calls, ["none", "{n: 1}", "{n: 1.0}", "{n: 0.0}", "{n: -0.0}", "{n: nan}", "{s: \"\u00e9\"}", "{s: \"e\u0301\"}"],
      "listeners see type-exact changes (int vs double, -0, code points)");
  }
  {
    const store = new InMemoryStore();
    const counts: number[] = [];
    const registration = store.addQueryListener(query(["c"]), ({ documents }) => counts.push(documents.length), noError);
    const writes: DocumentWrite[] = Array.from({ length: 1200 }, (_, index) => ({
      kind: "set" as const, path: ["c", String(index).padStart(4, "0")], data: data({ i: int(index) }),
    }));
    await store.commitBatch(writes.slice(0, 600));
    store.commit(writes);
    expectEqual(counts, [0, 600, 1200], "a batch of any size is one atomic commit, one snapshot");
    const notFound = thrown(() => store.commit([
      { kind: "set", path: ["c", "new"], data: data({}) },
      { kind: "update", path: ["c", "missing"], fields: [[["a"], int(1)]] },
    ]));
    expectError(notFound, StoreError, "no document at 'c/missing'", "update of a missing document");
    check(notFound instanceof StoreError && notFound.problem.kind === "notFound", "notFound problem");
    expectEqual(await store.getDocument(["c", "new"]), null, "a failed batch changes nothing");
    expectEqual(counts.length, 3, "a failed batch notifies nobody");
    await store.commitBatch([{ kind: "set", path: ["c", "new"], data: data({ a: int(0) }) }, { kind: "update", path: ["c", "new"], fields: [[["a"], int(1)]] }]);
    expectEqual(describeValue(DocumentValue.map((await store.getDocument(["c", "new"]))?.data ?? new Map())), "{a: 1}", "an update sees the batch's earlier set");
    registration.remove();
  }
  {
    const store = new InMemoryStore();
    expectError(thrown(() => store.setData(data({}), ["rooms", "a/b"])), StoreError,
      "invalid path 'rooms'/'a/b': segments must be non-empty and hold no '/'", "a segment with '/'");
    expectError(await rejection(() => store.getDocument(["rooms", ""])), StoreError,
      "invalid path 'rooms'/'': segments must be non-empty and hold no '/'", "an empty segment");
    expectError(await rejection(() => store.getDocuments(query(["rooms", "r1"]))), StoreError,
      "invalid path 'rooms'/'r1': segments must be non-empty and hold no '/'", "a document path as a collection");
    check(thrown(() => store.setData(data({}), ["rooms"])) instanceof StoreError, "a collection path as a document");
    check(thrown(() => store.setData(data({}), [])) instanceof StoreError, "an empty path");
    const errors: unknown[] = [];
    const registration = store.addQueryListener(query(["a", "b/c", "d"]), () => errors.push("snapshot"), (error) => errors.push(error));
    store.addDocumentListener(["a"], () => errors.push("snapshot"), (error) => errors.push(error));
    check(errors.length === 2 && errors.every((error) => error instanceof StoreError && error.problem.kind === "invalidPath"), "listeners on invalid paths get an error");
    registration.remove();
    expectEqual(store.listenerCount, 0, "no listener is kept for an invalid path");
  }
  {
    const time = new Timestamp(1000);
    const store = new InMemoryStore({ pendingWrites: true, clock: () => time });
    store.setData(data({ at: DocumentValue.timestamp(new Timestamp(5)) }), ["c", "old"]);
    store.setData(data({ at: DocumentValue.serverTimestamp, nested: DocumentValue.map({ at: DocumentValue.serverTimestamp }) }), ["c", "new"]);
    store.setData(data({ at: str("") }), ["c", "string"]);
    const ordered = await store.getDocuments(query(["c"], { orderBy: [QueryOrder.ascending(["at"])] }));
    expectEqual(ordered.map((document) => document.id), ["old", "new", "string"], "pending timestamps sort after timestamps, before strings");
    expectEqual((await store.getDocument(["c", "new"]))?.data.get("at"), DocumentValue.serverTimestamp, "pending until flushed");
    const seen: string[] = [];
    store.addDocumentListener(["c", "new"], (document) => seen.push(describeValue(DocumentValue.map(document?.data ?? new Map()))), noError);
    store.flushPendingWrites();
    expectEqual(seen, ["{at: serverTimestamp, nested: {at: serverTimestamp}}", `{at: ${time.toString()}, nested: {at: ${time.toString()}}}`], "flush sets them and notifies");
    store.flushPendingWrites(new Timestamp(2000));
    expectEqual(seen.length, 2, "a flush with nothing pending notifies nobody");
    store.updateData([[["later"], DocumentValue.serverTimestamp]], ["c", "old"]);
    store.flushPendingWrites(new Timestamp(3000));
    expectEqual((await store.getDocument(["c", "old"]))?.data.get("later"), DocumentValue.timestamp(new Timestamp(3000)), "flush at a given time");

    const immediate = new InMemoryStore({ clock: () => time });
    immediate.setData(data({ at: DocumentValue.serverTimestamp, nested: DocumentValue.map({ at: DocumentValue.serverTimestamp }) }), ["c", "x"]);
    expectEqual(describeValue(DocumentValue.map((await immediate.getDocument(["c", "x"]))?.data ?? new Map())),
      `{at: ${time.toString()}, nested: {at: ${time.toString()}}}`, "without pendingWrites server timestamps are set at once");
  }
  {
    const store = new InMemoryStore();
    const calls: string[] = [];
    store.addQueryListener(query(["c"]), () => calls.push("ok"), (error) => calls.push(String(error)));
    store.addDocumentListener(["c", "a"], () => calls.push("doc"), (error) => calls.push(`doc ${String(error)}`));
    store.addQueryListener(query(["other"]), () => calls.push("other"), (error) => calls.push(String(error)));
    store.failListeners(["c"], StoreError.notFound(["c"]));
    store.setData(data({}), ["c", "a"]);
    expectEqual(calls, ["ok", "doc", "other", "no document at 'c'", "doc no document at 'c'"], "failListeners ends the collection's listeners");
    expectEqual(store.listenerCount, 1, "failed listeners are removed");
  }
  {
    const store = new InMemoryStore();
    const keys: string[][] = [];
    store.addDocumentListener(["c", "constructor"], (document) => keys.push(document === null ? [] : [...document.data.keys()]), noError);
    store.setData(new Map([["toString", int(1)], ["constructor", int(2)]]), ["c", "constructor"]);
    expectEqual(keys, [[], ["toString", "constructor"]], "ids such as constructor and keys such as toString work");
    expectError(thrown(() => store.setData(data({ n: int(1) }), ["c", "__proto__"])), StoreError,
      "invalid path 'c'/'__proto__': Firestore takes no id that is '.' or '..', matches __.*__, or is longer than 1,500 bytes",
      "an id such as __proto__, which Firestore reserves, is refused");
    store.setData(data({ n: int(1) }), ["c", "\u00e9"]);
    store.setData(data({ n: int(2) }), ["c", "e\u0301"]);
    const ids = (await store.getDocuments(query(["c"]))).map((document) => document.id);
    expectEqual(ids, ["constructor", "e\u0301", "\u00e9"], "precomposed and decomposed ids are two documents");
    const input = new Map([["n", int(1)]]);
    store.setData(input, ["c", "copy"]);
    input.set("n", int(2));
    expectEqual((await store.getDocument(["c", "copy"]))?.data.get("n"), int(1), "the store keeps a copy of written data");
  }
  {
    const store = new InMemoryStore();
    const seen: number[] = [];
    store.addQueryListener(query(["c"]), () => {
      throw new Error("listener bug");
    }, noError);
    store.addQueryListener(query(["c"]), ({ documents }) => seen.push(documents.length), noError);
    const reported: unknown[] = [];
    process.on("unhandledRejection", (reason) => reported.push(reason));
    const unhandled = thrown(() => store.setData(data({}), ["c", "a"]));
    expectEqual(unhandled, undefined, "a throwing listener does not fail the write");
    expectEqual(seen, [0, 1], "a throwing listener does not stop the others");
    await new Promise<void>((resolve) => setTimeout(resolve, 10));
    expectEqual(reported.map(show), ["Error: listener bug", "Error: listener bug"], "what a listener throws is reported as an unhandled rejection");
  }
}

// MARK: - Acknowledged writes

/** What a stream signals, in order: `next a`, `complete`, `error <message>`. */
function events(source: Observable<string>): string[] {
  const events: string[] = [];
  source.subscribe({
    next: (value) => events.push(`next ${value}`),
    error: (error: unknown) => events.push(`error ${error instanceof Error ? error.message : show(error)}`),
    complete: () => events.push("complete"),
  });
  return events;
}

/** Whether `promise` has settled, and how: `resolved`, `rejected <message>` or `pending` (after promise callbacks run). */
function settlement(promise: Promise<void>): () => string {
  let state = "pending";
  promise.then(() => (state = "resolved"), (error: unknown) => (state = `rejected ${error instanceof Error ? error.message : show(error)}`));
  return () => state;
}

/** Lets callbacks of settled promises run. */
function settle(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

async function acknowledgedWriteTests(): Promise<void> {
  const noError = (error: unknown): void => check(false, "unexpected listener error", show(error));
  {
    const store = new InMemoryStore({ pendingWrites: true, clock: () => new Timestamp(1000) });
    const order: string[] = [];
    store.addDocumentListener(["c", "a"], (document) => order.push(`seen ${show(document?.data.get("at")?.kind)}`), noError);
    const first = store.commitBatch([{ kind: "set", path: ["c", "a"], data: data({ at: DocumentValue.serverTimestamp }) }]);
    void first.then(() => order.push("first"));
    const second = settlement(store.commitBatch([{ kind: "set", path: ["c", "b"], data: data({}) }]));
    expectEqual(order, ["seen undefined", "seen \"serverTimestamp\""], "a pending commit is applied during the call");
    await settle();
    expectEqual(second(), "pending", "a pending commit is not acknowledged before the flush");
    store.flushPendingWrites();
    order.push("flushed");
    await settle();
    expectEqual(order, ["seen undefined", "seen \"serverTimestamp\"", "seen \"timestamp\"", "flushed", "first"],
      "the flush acknowledges after notifying listeners");
    expectEqual(second(), "resolved", "the flush acknowledges a batch without server timestamps too");
    const refused = thrown(() => store.commitBatch([
      { kind: "set", path: ["c", "d"], data: data({}) }, { kind: "update", path: ["c", "missing"], fields: [] },
    ]));
    expectError(refused, StoreError, "no document at 'c/missing'", "commitBatch throws for a refused batch");
    expectEqual(await store.getDocument(["c", "d"]), null, "a refused batch is not applied");
    const immediate = settlement(new InMemoryStore().commitBatch([{ kind: "set", path: ["c", "a"], data: data({}) }]));
    await settle();
    expectEqual(immediate(), "resolved", "without pending writes a commit resolves at once");
  }
  {
    const store = new InMemoryStore({ pendingWrites: true });
    const counts: number[] = [];
    store.addQueryListener({ collection: ["c"] }, ({ documents }) => counts.push(documents.length), noError);
    const writes = Array.from({ length: 1001 }, (_, i): DocumentWrite => ({ kind: "set", path: ["c", String(i)], data: data({}) }));
    const committed = settlement(store.commitBatch(writes));
    expectEqual(counts, [0, 1001], "commitBatch applies the writes at once");
    await settle();
    expectEqual(committed(), "pending", "commitBatch waits for the acknowledgement");
    store.flushPendingWrites();
    await settle();
    expectEqual(committed(), "resolved", "commitBatch resolves when acknowledged");

    const other = new InMemoryStore();
    const otherCounts: number[] = [];
    other.addQueryListener({ collection: ["c"] }, ({ documents }) => otherCounts.push(documents.length), noError);
    const refusing = writes.map((write, index): DocumentWrite => (index === 700 ? { kind: "update", path: ["c", "missing"], fields: [] } : write));
    expectError(await rejection(() => other.commitBatch(refusing)), StoreError, "no document at 'c/missing'", "one refused write fails the commit");
    expectEqual(otherCounts, [0], "a refused commit of 1,001 writes applies none");
  }
}

// MARK: - Transactions

async function transactionTests(): Promise<void> {
  const room = ["rooms", "r"], other = ["rooms", "o"];
  const noError = (error: unknown): void => check(false, "unexpected listener error", show(error));
  const stored = async (store: InMemoryStore, path: readonly string[]): Promise<string | null> => {
    const document = await store.getDocument(path);
    return document === null ? null : describeValue(DocumentValue.map(document.data));
  };
  const n = (document: DocumentSnapshot | null): number => {
    const value = document?.data.get("n");
    return value?.kind === "int" ? value.value : NaN;
  };
  {
    const store = new InMemoryStore({ clock: () => new Timestamp(1000) });
    store.setData(data({ n: int(1) }), room);
    const seen: string[] = [];
    store.addQueryListener({ collection: ["rooms"] }, ({ documents }) =>
      seen.push(documents.map((document) => `${document.id} ${describeValue(DocumentValue.map(document.data))}`).join(", ")), noError);
    let runs = 0;
    const result = await store.runTransaction(async (transaction) => {
      runs += 1;
      const count = n(await transaction.get(room));
      expectEqual(await transaction.get(["rooms", "missing"]), null, "a transaction reads a missing document as null");
      transaction.write({ kind: "set", path: room, data: data({ n: int(count + 1), at: DocumentValue.serverTimestamp }) });
      transaction.write({ kind: "merge", path: other, fields: [[["n"], int(count)]] });
      return `read ${count}`;
    });
    expectEqual(result, "read 1", "a transaction resolves with what its body resolves with");
    expectEqual(runs, 1, "an uncontended transaction runs once");
    expectEqual(await stored(store, room), "{at: 1970-01-01T00:16:40Z, n: 2}", "a transaction's writes are applied, server timestamps set to the clock");
    expectEqual(seen, ["r {n: 1}", "o {n: 1}, r {at: 1970-01-01T00:16:40Z, n: 2}"], "listeners see a transaction's writes in one snapshot");
    expectEqual(await store.runTransaction(async (transaction) => n(await transaction.get(room))), 2, "a read-only transaction");
    expectEqual(seen.length, 2, "a read-only transaction notifies no listener");
    expectError(await rejection(() => store.runTransaction((transaction) => transaction.get(["rooms"]))), StoreError,
      "invalid path 'rooms': segments must be non-empty and hold no '/'", "a transaction checks the paths it reads");
  }
  {
    const store = new InMemoryStore();
    store.setData(data({ n: int(1) }), room);
    const reads: number[] = [];
    const result = await store.runTransaction(async (transaction) => {
      reads.push(n(await transaction.get(room)));
      if (reads.length === 1) store.setData(data({ n: int(10) }), room);
      const last = n(await transaction.get(room));
      reads.push(last);
      transaction.write({ kind: "update", path: room, fields: [[["n"], int(last + 1)]] });
      return last;
    });
    expectEqual(reads, [1, 1, 10, 10], "a document read changed by another client: a second read returns the first, and the body runs again and sees the change");
    expectEqual(result, 10, "a retried transaction resolves with what its last run resolves with");
    expectEqual(await stored(store, room), "{n: 11}", "a retried transaction's write comes after the change");
  }
  {
    const store = new InMemoryStore();
    store.setData(data({ n: int(1) }), room);
    let runs = 0;
    await store.runTransaction(async (transaction) => {
      runs += 1;
      await transaction.get(room);
      if (runs === 1) { store.deleteDocument(room); store.setData(data({ n: int(1) }), room); }
      if (runs === 2) store.setData(data({ n: int(1) }), room);
    });
    expectEqual(runs, 2, "a document deleted and made again with the same data has changed (Firestore compares update times); one set to what it held has not");
  }
  {
    const store = new InMemoryStore();
    store.setData(data({ n: int(0) }), room);
    let runs = 0;
    const error = await rejection(() => store.runTransaction(async (transaction) => {
      runs += 1;
      await transaction.get(room);
      store.setData(data({ n: int(runs) }), room);
      transaction.write({ kind: "set", path: other, data: data({}) });
      transaction.write({ kind: "update", path: room, fields: [[["x"], int(1)]] });
      return runs;
    }));
    expectError(error, StoreError, "a transaction gave up after 5 attempts: a document it read changed each time", "a transaction whose read changes every time fails");
    expectEqual(error instanceof StoreError ? error.problem : error, { kind: "contention", attempts: MAXIMUM_TRANSACTION_ATTEMPTS }, "contention problem");
    expectEqual(runs, 5, "a contended transaction runs its body five times");
    expectEqual(await stored(store, other), null, "a contended transaction writes nothing");
    expectEqual(await stored(store, room), "{n: 5}", "a contended transaction writes nothing");
  }
  {
    const store = new InMemoryStore();
    const reads: (DocumentSnapshot | null)[] = [];
    const result = await store.runTransaction(async (transaction) => {
      const found = await transaction.get(room);
      reads.push(found);
      if (reads.length === 1) store.setData(data({ n: int(1) }), room);
      if (found === null) transaction.write({ kind: "set", path: room, data: data({ n: int(0) }) });
      return found === null ? null : n(found);
    });
    expectEqual(reads, [null, { id: "r", data: data({ n: int(1) }), parent: ["rooms"] }], "a missing document that appears meanwhile: the body runs again");
    expectEqual(result, 1, "the second run sees the document");
    expectEqual(await stored(store, room), "{n: 1}", "the first run's write is not applied");
  }
  {
    const store = new InMemoryStore();
    store.setData(data({ n: int(1) }), room);
    const seen: number[] = [];
    store.addQueryListener({ collection: ["rooms"] }, ({ documents }) => seen.push(documents.length), noError);
    let runs = 0;
    const readAfterWrite = await rejection(() => store.runTransaction(async (transaction) => {
      runs += 1;
      transaction.write({ kind: "set", path: other, data: data({}) });
      return transaction.get(room);
    }));
    expectError(readAfterWrite, StoreError, "a transaction must read every document before it writes any", "a read after a write fails the transaction");
    expectEqual(runs, 1, "a read after a write is not retried");
    const thrownByBody = await rejection(() => store.runTransaction(async (transaction) => {
      runs += 1;
      transaction.write({ kind: "set", path: other, data: data({}) });
      throw new Error("the room is full");
    }));
    expectError(thrownByBody, Error, "the room is full", "what the body rejects with fails the transaction");
    expectEqual(runs, 2, "a body that rejects is not retried");
    const refused = await rejection(() => store.runTransaction(async (transaction) => {
      runs += 1;
      await transaction.get(room);
      transaction.write({ kind: "set", path: other, data: data({}) });
      transaction.write({ kind: "update", path: ["rooms", "missing"], fields: [[["n"], int(1)]] });
    }));
    expectError(refused, StoreError, "no document at 'rooms/missing'", "a write the store refuses fails the transaction");
    expectEqual(runs, 3, "a refused write is not retried");
    expectEqual(await stored(store, other), null, "failed transactions write nothing");
    expectEqual(seen, [1], "failed transactions notify no listener");
  }
  {
    const store = new InMemoryStore({ pendingWrites: true });
    let runs = 0;
    const offline = await rejection(() => store.runTransaction(async () => {
      runs += 1;
    }));
    expectError(offline, StoreError, "a transaction needs the server, and this store's writes are pending", "a transaction on a store with pending writes fails");
    expectEqual(runs, 0, "an offline transaction runs nothing");
  }
  {
    const store = new InMemoryStore();
    store.setData(data({ n: int(3) }), ["items", "a"]);
    store.setData(data({ n: str("three") }), ["items", "bad"]);
    expectEqual(await store.runTransaction(async (transaction) =>
      [await readDocument(transaction, ItemCodec, ["items", "a"]), await readDocument(transaction, ItemCodec, ["items", "missing"])]),
    [{ id: "a", n: 3 }, null], "a transaction's reads decode, null for a missing document");
    check(await rejection(() => store.runTransaction((transaction) => readDocument(transaction, ItemCodec, ["items", "bad"]))) instanceof DocumentDecodingError,
      "a read that does not decode fails the transaction");
  }
}

async function writtenTests(): Promise<void> {
  const message = (id: string): DocumentWrite => ({ kind: "set", path: ["messages", id], data: data({ text: str("hi") }) });
  const ids = async (store: InMemoryStore): Promise<readonly string[]> =>
    (await store.getDocuments({ collection: ["messages"] })).map((document) => document.id);
  {
    const store = new InMemoryStore();
    const write = written(store, () => message("m1"));
    expectEqual(await ids(store), [], "written is cold");
    const signals = events(write);
    expectEqual(signals, ["next m1"], "written emits the id once applied");
    await settle();
    expectEqual(signals, ["next m1", "complete"], "written completes when acknowledged");
    expectEqual(await ids(store), ["m1"], "written writes");
  }
  {
    const store = new InMemoryStore({ pendingWrites: true });
    const signals = events(written(store, () => message("m1")));
    const unsubscribed: string[] = [];
    written(store, () => message("m2")).subscribe({ next: (id) => unsubscribed.push(id), complete: () => unsubscribed.push("complete") }).unsubscribe();
    await settle();
    expectEqual(signals, ["next m1"], "a pending write emits its id, then waits");
    expectEqual(await ids(store), ["m1", "m2"], "a pending write is applied");
    store.flushPendingWrites();
    await settle();
    expectEqual(signals, ["next m1", "complete"], "a pending write completes when acknowledged");
    expectEqual(unsubscribed, ["m2"], "an unsubscribed write hears nothing more");
  }
  {
    const store = new InMemoryStore();
    const count = new Subject<number>();
    const belowTwo = preCheck("sendMessage", "count < 2", count, (value) => value < 2);
    const failing = events(written(store, () => message("m1"), belowTwo));
    count.next(2);
    expectEqual(failing, ["error 'sendMessage' needs count < 2, but it is 2"], "a failed pre-check");
    const error = new PreCheckError("sendMessage", "count < 2", 2);
    check(error instanceof PreCheckError && error.name === "PreCheckError" && error.value === 2, "PreCheckError");
    const passing = events(written(store, () => message("m2"), belowTwo));
    count.next(1);
    count.next(0);
    await settle();
    expectEqual(passing, ["next m2", "complete"], "a passed pre-check writes once, by the value's first emission");
    expectEqual(count.observed, false, "the pre-check stops listening to its value");
    expectEqual(await ids(store), ["m2"], "a failed pre-check writes nothing");
    const offline = preCheck("sendMessage", "count < 2", throwError(() => new Error("offline")), (value: number) => value < 2);
    expectEqual(events(written(store, () => message("m3"), offline)), ["error offline"], "the pre-check value's error fails the write");
    expectEqual(events(written(store, () => message("m4"), preCheck("sendMessage", "count < 2", EMPTY, () => true))), ["complete"],
      "an empty pre-check value completes, unwritten");
    expectEqual(events(written(store, () => {
      throw new ConstraintError(["'text' must have at least 1 character"]);
    })), ["error 'text' must have at least 1 character"], "a write make() refuses fails");
    const refused = events(written(store, () => ({ kind: "update", path: ["messages", "missing"], fields: [] })));
    await settle();
    expectEqual(refused, ["error no document at 'messages/missing'"], "a write the store refuses fails without an id");
    expectEqual(await ids(store), ["m2"], "failed writes write nothing");
  }
}

// MARK: - Streams

interface Item {
  readonly id: string;
  readonly n: number;
}

let decodeCount = 0;
const ItemCodec: DocumentCodec<Item> = {
  decode: (id, fields) => {
    decodeCount += 1;
    return { id, n: new FieldReader(fields).required("n", Codecs.int) };
  },
  encode: (item) => new Map([["n", Codecs.int.encode(item.n)]]),
};

function streamTests(): void {
  const itemsQuery: StoreQuery = { collection: ["items"], orderBy: [QueryOrder.ascending(["n"])] };
  const items = (store: InMemoryStore, scheduler: SchedulerLike = queueScheduler, failures: DecodeFailure[] = []): Observable<readonly Item[]> =>
    collectionStream(store, itemsQuery, ItemCodec, scheduler, (failure) => failures.push(failure));
  {
    const store = new InMemoryStore();
    const failures: DecodeFailure[] = [];
    const recorder = new Recorder(items(store, queueScheduler, failures));
    store.setData(data({ n: int(2) }), ["items", "b"]);
    store.setData(data({ n: str("one") }), ["items", "a"]);
    store.setData(data({ n: int(2), extra: bool(true) }), ["items", "b"]);
    expectEqual(recorder.values, [[], [{ id: "b", n: 2 }]], "decodes, drops bad documents and never repeats a value");
    expectEqual(failures.map(String), ["items/a: 'n' should be int but is string"], "the failure is reported once");
    store.setData(data({ n: int(3) }), ["items", "c"]);
    expectEqual(failures.length, 1, "an unchanged bad document is not reported again");
    store.setData(data({ n: double(1) }), ["items", "a"]);
    expectEqual(failures.map(String), ["items/a: 'n' should be int but is string", "items/a: 'n' should be int but is double"], "a new bad version is reported");
    store.setData(data({ n: int(1) }), ["items", "a"]);
    expectEqual(recorder.values[recorder.values.length - 1], [{ id: "a", n: 1 }, { id: "b", n: 2 }, { id: "c", n: 3 }], "a fixed document comes back");
    recorder.subscription.unsubscribe();
    expectEqual(store.listenerCount, 0, "unsubscribing removes the listener");
    check(!recorder.failed && !recorder.completed, "no error, no completion");
  }
  {
    const store = new InMemoryStore();
    decodeCount = 0;
    const recorder = new Recorder(items(store));
    store.setData(data({ n: int(1) }), ["items", "a"]);
    store.setData(data({ n: int(2) }), ["items", "b"]);
    store.setData(data({ n: int(3) }), ["items", "c"]);
    expectEqual(decodeCount, 3, "unchanged documents are not decoded again");
    const second = new Recorder(items(store));
    expectEqual(decodeCount, 6, "each subscription has its own cache");
    recorder.subscription.unsubscribe();
    second.subscription.unsubscribe();
  }
  {
    const store = new InMemoryStore();
    const manual = new ManualScheduler();
    const stream = items(store, manual);
    expectEqual(store.listenerCount, 0, "no listener before subscribing");
    const recorder = new Recorder(stream);
    expectEqual(store.listenerCount, 1, "one listener once subscribed");
    store.setData(data({ n: int(1) }), ["items", "a"]);
    check(manual.pending === 2 && recorder.values.length === 0, "work waits on the scheduler", `pending ${manual.pending}`);
    manual.runAll();
    expectEqual(recorder.values, [[], [{ id: "a", n: 1 }]], "values after the scheduler runs");
    store.setData(data({ n: int(2) }), ["items", "a"]);
    expectEqual(manual.pending, 1, "one snapshot queued");
    recorder.subscription.unsubscribe();
    expectEqual(store.listenerCount, 0, "unsubscribing removes the listener");
    expectEqual(manual.pending, 0, "unsubscribing drops queued work");
    manual.runAll();
    expectEqual(recorder.values.length, 2, "work queued before unsubscribing is not delivered");
  }
  {
    const store = new InMemoryStore();
    const recorder = new Recorder(items(store).pipe(map((rows) => rows.length)));
    store.failListeners(["items"], StoreError.notFound(["items"]));
    expectEqual(recorder.values, [0], "values before the error");
    check(recorder.failed && recorder.error instanceof StoreError && recorder.error.message === "no document at 'items'", "a listener error ends the stream");
    expectEqual(store.listenerCount, 0, "no listener after an error");
  }
  {
    const store = new InMemoryStore();
    const recorder = new Recorder(collectionStream(store, { collection: ["items", "x"] }, ItemCodec, queueScheduler, () => {}));
    check(recorder.failed && recorder.error instanceof StoreError && recorder.error.problem.kind === "invalidPath", "an invalid path ends the stream");
    expectEqual(store.listenerCount, 0, "no listener for an invalid path");
  }
  {
    const store = new InMemoryStore();
    const failures: DecodeFailure[] = [];
    const recorder = new Recorder(documentStream(store, ["items", "a"], ItemCodec, queueScheduler, (failure) => failures.push(failure)));
    store.setData(data({ n: int(1) }), ["items", "a"]);
    store.setData(data({ n: str("bad") }), ["items", "a"]);
    store.setData(data({ n: str("bad"), other: int(1) }), ["items", "a"]);
    store.deleteDocument(["items", "a"]);
    store.setData(data({ n: int(3) }), ["items", "a"]);
    expectEqual(recorder.values, [null, { id: "a", n: 1 }, null, { id: "a", n: 3 }], "document streams");
    expectEqual(failures.map(String), ["items/a: 'n' should be int but is string", "items/a: 'n' should be int but is string"], "document stream failures, once per version");
    recorder.subscription.unsubscribe();
    expectEqual(store.listenerCount, 0, "document stream listener removed");
    const invalid = new Recorder(documentStream(store, ["items"], ItemCodec, queueScheduler, () => {}));
    check(invalid.failed && invalid.error instanceof StoreError, "a document stream on an invalid path errors");
  }
  {
    expectEqual(String(new DecodeFailure(["chatrooms", "r1", "messages", "m2"], new DocumentDecodingError({ kind: "missing" }, ["text"]))),
      "chatrooms/r1/messages/m2: 'text' is missing", "DecodeFailure as a string");
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (...parts: unknown[]) => warnings.push(parts.join(" "));
    logDecodeFailure(new DecodeFailure(["c", "d"], new DocumentDecodingError({ kind: "missing" }, ["x"])));
    console.warn = original;
    expectEqual(warnings, ["modelgen: skipped document c/d: 'x' is missing"], "logDecodeFailure");
  }
}

// MARK: - Rows

function rowTests(): void {
  interface Person {
    readonly id: string;
    readonly name: string;
  }
  interface Post {
    readonly owner: string | null;
  }
  {
    const posts = new Subject<readonly Post[]>(), people = new Subject<readonly Person[]>();
    const left = new Recorder(posts.pipe(leftJoin(people, (post: Post) => post.owner, (person: Person) => person.id,
      (post, person) => ({ post, person }))));
    const inner = new Recorder(posts.pipe(innerJoin(people, (post: Post) => post.owner, (person: Person) => person.id,
      (post, person) => `${post.owner ?? ""}:${person.name}`)));
    posts.next([{ owner: "\u00e9" }, { owner: "e\u0301" }, { owner: null }, { owner: "b" }]);
    expectEqual(left.values.length, 0, "a join waits for both inputs");
    people.next([{ id: "e\u0301", name: "first" }, { id: "e\u0301", name: "second" }, { id: "b", name: "bee" }]);
    expectEqual(left.values[left.values.length - 1]?.map((row) => row.person?.name ?? null), [null, "first", null, "bee"],
      "left join: first right row by code-point key, unmatched rows kept");
    expectEqual(inner.values, [["e\u0301:first", "b:bee"]], "inner join");
    people.next([{ id: "e\u0301", name: "first" }, { id: "b", name: "bee" }, { id: "zz", name: "new" }]);
    expectEqual(inner.values.length, 1, "an unchanged join result is not emitted again");
    expectEqual(left.values.length, 1, "an unchanged left join result is not emitted again");
    posts.next([{ owner: "\uFFFF" }]);
    people.next([{ id: "\u{10000}", name: "astral" }, { id: "\uFFFF", name: "bmp" }]);
    expectEqual(inner.values[inner.values.length - 1], ["\uFFFF:bmp"], "code-point keys");
    people.error(StoreError.notFound(["people"]));
    check(left.failed && inner.failed && left.error instanceof StoreError, "an error of either input ends the join");
  }
  {
    const left = new Subject<readonly unknown[]>(), right = new Subject<readonly (readonly [unknown, string])[]>();
    const joined = new Recorder(left.pipe(leftJoin(right, (key: unknown) => key, (row: readonly [unknown, string]) => row[0],
      (key, match) => `${show(key)}=${match?.[1] ?? "none"}`)));
    right.next([[NaN, "nan"], [0, "zero"], [new Timestamp(5, 1), "time"], [undefined, "undefined"], [null, "null"], ["1", "string one"], [1, "one"]]);
    left.next([NaN, -0, new Timestamp(5, 1), new Timestamp(5), undefined, null, 1, "1", true]);
    expectEqual(joined.values[0], ["NaN=nan", "-0=zero", "Timestamp(1970-01-01T00:00:05.000000001Z)=time", "Timestamp(1970-01-01T00:00:05Z)=none",
      "undefined=none", "null=none", "1=one", "\"1\"=string one", "true=none"], "join keys: NaN, -0, timestamps, null never match, types kept apart");
  }
  {
    const rows = new Subject<readonly number[]>();
    const evens = new Recorder(rows.pipe(filterRows((n: number) => n % 2 === 0)));
    const count = new Recorder(rows.pipe(countRows((n: number) => n > 1)));
    const all = new Recorder(rows.pipe(countRows<number>()));
    rows.next([1, 2, 3]);
    rows.next([1, 2, 5]);
    rows.next([2, 4]);
    rows.next([5]);
    rows.next([6, 7]);
    expectEqual(evens.values, [[2], [2, 4], [], [6]], "filterRows emits only changes");
    expectEqual(count.values, [2, 1, 2], "countRows with a predicate emits only changes");
    expectEqual(all.values, [3, 2, 1, 2], "countRows emits only changes");
    rows.error(new Error("boom"));
    check(evens.failed && count.failed && all.failed, "errors pass through filter and count");
  }
  {
    const store = new InMemoryStore();
    const messages = collectionStream(store, { collection: ["messages"] }, {
      decode: (id, fields) => ({ id, owner: new FieldReader(fields).optional("owner", Codecs.string) }),
      encode: () => new Map(),
    }, queueScheduler, () => {});
    const members = collectionStream(store, { collection: ["members"] }, {
      decode: (id, fields) => ({ id, name: new FieldReader(fields).required("name", Codecs.string) }),
      encode: () => new Map(),
    }, queueScheduler, () => {});
    const joined = new Recorder(messages.pipe(leftJoin(members, (message) => message.owner, (member) => member.id,
      (message, member) => ({ message: message.id, owner: member?.name ?? null }))));
    store.setData(data({ owner: str("u1") }), ["messages", "m1"]);
    store.setData(data({ name: str("Ann") }), ["members", "u1"]);
    store.setData(data({ name: str("Ann"), extra: int(1) }), ["members", "u1"]);
    expectEqual(joined.values, [[], [{ message: "m1", owner: null }], [{ message: "m1", owner: "Ann" }]], "joined store streams");
    joined.subscription.unsubscribe();
    expectEqual(store.listenerCount, 0, "a joined stream removes both listeners");
  }
}

// MARK: - Incremental work, against doing everything again over seeded random changes

/** A deterministic random number generator (mulberry32), so that a failure names its seed. */
function seeded(seed: number): (bound: number) => number {
  let state = seed >>> 0;
  return (bound) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * bound);
  };
}

/** Applies changes with Firestore's index rules. */
function replay(changes: readonly DocumentChange[], documents: readonly DocumentSnapshot[]): DocumentSnapshot[] {
  const result = [...documents];
  for (const change of changes) {
    if (change.type !== "added") {
      check(result[change.oldIndex]?.id === change.document.id, "a changed document is where its old index says");
      result.splice(change.oldIndex, 1);
    }
    if (change.type !== "removed") result.splice(change.newIndex, 0, change.document);
  }
  return result;
}

function incrementalTests(): void {
  const queries: StoreQuery[] = [
    { collection: ["c"] },
    { collection: ["c"], orderBy: [QueryOrder.descending(["n"])] },
    { collection: ["c"], filter: QueryFilter.compare(["n"], ">=", int(3)), orderBy: [QueryOrder.ascending(["n"])], limit: 4 },
    { collection: ["c"], orderBy: [QueryOrder.ascending(["tag"]), QueryOrder.descending(["n"])], limit: 1 },
    { collection: ["c"], orderBy: [QueryOrder.ascending(["n"])], limitToLast: 3 },
    { collection: ["c"], orderBy: [QueryOrder.descending(["n"])], limitToLast: 1 },
    { collection: ["c"], filter: QueryFilter.compare(["n"], ">=", int(2)), orderBy: [QueryOrder.descending(["tag"])], limitToLast: 2 },
    { collection: ["c"], orderBy: [QueryOrder.ascending(["tag"]), QueryOrder.descending(["n"])], limitToLast: 4 },
    { collection: ["c"], orderBy: [QueryOrder.ascending(["n"])], limitToLast: 0 },
    { collection: ["c"], orderBy: [QueryOrder.ascending(["n"])], start: { values: [int(1)], inclusive: false }, end: { values: [int(4)], inclusive: true } },
    { collection: ["c"], orderBy: [QueryOrder.ascending(["tag"]), QueryOrder.descending(["n"])], start: { values: [str("a"), int(3)], inclusive: true }, limit: 2 },
    { collection: ["c"], orderBy: [QueryOrder.ascending(["n"])], start: { values: [int(1)], inclusive: true }, end: { values: [int(4)], inclusive: false }, limitToLast: 2 },
    {
      collection: ["c"], orderBy: [QueryOrder.descending(["n"]), QueryOrder.ascending(FieldPath.documentID)],
      start: { values: [int(4), str("d3")], inclusive: false }, end: { values: [int(1)], inclusive: false }, limitToLast: 3,
    },
  ];
  queries.forEach((storeQuery, which) => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = seeded(seed);
      const store = new InMemoryStore();
      let replayed: DocumentSnapshot[] = [];
      let consistent = true;
      const registration = store.addQueryListener(storeQuery, (snapshot) => {
        replayed = replay(snapshot.changes, replayed);
        if (!sameDocuments(replayed, snapshot.documents)) consistent = false;
      }, () => { consistent = false; });
      for (let step = 0; step < 60; step++) {
        const path = ["c", `d${random(8)}`];
        const choice = random(10);
        if (choice === 0) store.deleteDocument(path);
        else if (choice === 1) store.setData(data({ tag: str("a") }), path);
        else {
          const fields: { [key: string]: DocumentValue } = { n: int(random(6)) };
          if (random(2) === 0) fields["tag"] = str(random(2) === 0 ? "a" : "b");
          store.setData(data(fields), path);
        }
        if (!sameDocuments(replayed, QueryEngine.run(storeQuery, storeDocuments(store)))) consistent = false;
        if (!sameDocuments(replayed, lastOf(storeQuery, storeDocuments(store)))) consistent = false;
      }
      registration.remove();
      check(consistent, `query ${which}, seed ${seed}: changes replay to the query's result`);
    }
  });

  // Snapshots read late (in reverse, past the in-memory store's eager copy every 64) still give
  // their own documents: each is worked out from the one before only when read.
  queries.slice(0, 3).forEach((storeQuery, which) => {
    const random = seeded(which + 100);
    const store = new InMemoryStore();
    const heard: { readonly snapshot: QuerySnapshot; readonly expected: DocumentSnapshot[] }[] = [];
    let replayed: DocumentSnapshot[] = [];
    const registration = store.addQueryListener(storeQuery, (snapshot) => {
      replayed = replay(snapshot.changes, replayed);
      heard.push({ snapshot, expected: replayed });
    }, () => {});
    for (let step = 0; step < 600; step++) store.setData(data({ n: int(random(6)), tag: str(random(2) === 0 ? "a" : "b") }), ["c", `d${random(40)}`]);
    registration.remove();
    const late = heard.slice().reverse().every(({ snapshot, expected }) => sameDocuments(expected, snapshot.documents));
    check(late && heard.length > 64, `query ${which}: ${heard.length} snapshots read late give their own documents`);
  });

  interface Item {
    readonly id: string;
    readonly n: number;
  }
  const items: DocumentCodec<Item> = {
    decode: (id, fields) => ({ id, n: new FieldReader(fields).required("n", Codecs.int) }),
    encode: (item) => data({ n: int(item.n) }),
  };
  const itemQuery: StoreQuery = { collection: ["c"], orderBy: [QueryOrder.descending(["at"])], limit: 5 };
  let recorded = 0;
  for (let seed = 1; seed <= 20; seed++) {
    const random = seeded(seed);
    const store = new InMemoryStore();
    let failures = 0;
    const rows = new Recorder(collectionStream(store, itemQuery, items, queueScheduler, () => { failures += 1; }));
    let countFailures = 0;
    const count = new Recorder(countStream(store, itemQuery, items, queueScheduler, () => { countFailures += 1; }, (item) => item.n === 1));
    const expected: Item[][] = [[]];
    const expectedCounts = [0];
    const reported = new Map<string, DocumentData>();
    let expectedFailures = 0;
    for (let step = 0; step < 60; step++) {
      const path = ["c", `d${random(8)}`];
      const n = random(5) === 0 ? str("not a number") : int(random(3));
      if (random(6) === 0) store.deleteDocument(path);
      else store.setData(data({ at: int(random(10)), n }), path);
      const decoded: Item[] = [];
      for (const document of QueryEngine.run(itemQuery, storeDocuments(store))) {
        let item: Item | undefined;
        try {
          item = items.decode(document.id, document.data);
        } catch {
          item = undefined;
        }
        if (item !== undefined) {
          decoded.push(item);
          reported.delete(document.id);
        } else if (!Match.same(reported.get(document.id), document.data)) {
          reported.set(document.id, document.data);
          expectedFailures += 1;
        }
      }
      if (!Match.same(expected[expected.length - 1], decoded)) expected.push(decoded);
      const matching = decoded.filter((item) => item.n === 1).length;
      if (expectedCounts[expectedCounts.length - 1] !== matching) expectedCounts.push(matching);
    }
    expectEqual(rows.values, expected, `decoded rows, seed ${seed}`);
    recorded += recordsHold(rows.values, `decoded rows, seed ${seed}`);
    expectEqual(failures, expectedFailures, `decode failures reported, seed ${seed}`);
    expectEqual(count.values, expectedCounts, `counted rows, seed ${seed}`);
    expectEqual(countFailures, failures, `decode failures reported by the count, seed ${seed}`);
    rows.subscription.unsubscribe();
    count.subscription.unsubscribe();
  }
  check(recorded > 0, "a query stream says which rows it replaced");

  interface Person {
    readonly id: string;
    readonly name: string;
  }
  interface Joined {
    readonly post: string | null;
    readonly person: Person | null;
  }
  let joinedAgain = 0;
  for (let seed = 1; seed <= 30; seed++) {
    const random = seeded(seed);
    const posts = new Subject<readonly (string | null)[]>(), people = new Subject<readonly Person[]>();
    const left = new Recorder(posts.pipe(leftJoin(people, (post: string | null) => post, (person: Person) => person.id,
      (post, person): Joined => ({ post, person }))));
    const inner = new Recorder(posts.pipe(innerJoin(people, (post: string | null) => post, (person: Person) => person.id,
      (post, person): Joined => ({ post, person }))));
    const key = (): string | null => {
      const which = random(6);
      return which === 5 ? null : `k${which}`;
    };
    let currentPosts: readonly (string | null)[] = [];
    let currentPeople: readonly Person[] = [];
    const expectedLeft: Joined[][] = [[]], expectedInner: Joined[][] = [[]];
    posts.next(currentPosts);
    people.next(currentPeople);
    for (let step = 0; step < 80; step++) {
      if (random(4) === 0) {
        currentPosts = Array.from({ length: random(8) }, key);
        posts.next(currentPosts);
      } else {
        const changed = [...currentPeople];
        const name = `n${random(3)}`;
        const choice = random(5);
        if (choice === 0 && changed.length > 0) {
          const index = random(changed.length);
          changed[index] = { id: (changed[index] as Person).id, name };
        } else if (choice === 1 && changed.length > 0) {
          changed.splice(random(changed.length), 1);
        } else if (choice === 2 && changed.length > 0) {
          const index = random(changed.length);
          changed[index] = { id: key() ?? "k0", name: (changed[index] as Person).name };
        } else if (choice === 3 && changed.length > 0) {
          const [a, b] = [random(changed.length), random(changed.length)];
          [changed[a], changed[b]] = [changed[b] as Person, changed[a] as Person];
        } else {
          changed.splice(random(changed.length + 1), 0, { id: key() ?? "k0", name });
        }
        currentPeople = changed;
        people.next(currentPeople);
      }
      const index = new Map<string, Person>();
      for (const person of currentPeople) if (!index.has(person.id)) index.set(person.id, person);
      const all = currentPosts.map((post): Joined => ({ post, person: post === null ? null : index.get(post) ?? null }));
      if (!Match.same(expectedLeft[expectedLeft.length - 1], all)) expectedLeft.push(all);
      const matched = all.filter((row) => row.person !== null);
      if (!Match.same(expectedInner[expectedInner.length - 1], matched)) expectedInner.push(matched);
    }
    expectEqual(left.values, expectedLeft, `left join, seed ${seed}`);
    expectEqual(inner.values, expectedInner, `inner join, seed ${seed}`);
    joinedAgain += recordsHold(left.values, `left join, seed ${seed}`) + recordsHold(inner.values, `inner join, seed ${seed}`);
  }
  check(joinedAgain > 0, "a join says which rows it joined again");
}

/**
 * The query's result computed apart from the engine's `limitToLast`: for a `limitToLast` query, the
 * same query without it, then its last documents; otherwise the engine's result.
 */
function lastOf(storeQuery: StoreQuery, documents: readonly DocumentSnapshot[]): DocumentSnapshot[] {
  if (storeQuery.limitToLast === undefined) return QueryEngine.run(storeQuery, documents);
  const { limitToLast, ...unlimited } = storeQuery;
  const all = QueryEngine.run(unlimited, documents);
  return all.slice(Math.max(0, all.length - Math.max(0, limitToLast)));
}

/** A change as `+id@new`, `-id@old` or `~id old>new`. */
function describeChange(change: DocumentChange): string {
  switch (change.type) {
    case "added": return `+${change.document.id}@${change.newIndex}`;
    case "removed": return `-${change.document.id}@${change.oldIndex}`;
    case "modified": return `~${change.document.id} ${change.oldIndex}>${change.newIndex}`;
  }
}

// A limitToLast listener, step by step: its snapshots are the last documents of the query's order,
// in that order, and each change's indices refer to that list (removed: before the step; added:
// after it; modified: before, then after), so that applying them one by one to the previous
// documents gives the new ones.
function limitToLastListenerTests(): void {
  const store = new InMemoryStore();
  const set = (id: string, fields: { readonly [key: string]: DocumentValue }): void => store.setData(data(fields), ["c", id]);
  for (const [id, n] of [["a", 1], ["b", 2], ["c", 3], ["d", 4]] as const) set(id, { n: int(n) });
  const heard: { readonly documents: string; readonly changes: string }[] = [];
  let replayed: DocumentSnapshot[] = [];
  const registration = store.addQueryListener({ collection: ["c"], orderBy: [QueryOrder.ascending(["n"])], limitToLast: 3 }, (snapshot) => {
    replayed = replay(snapshot.changes, replayed);
    check(sameDocuments(replayed, snapshot.documents), `limitToLast listener: snapshot ${heard.length} replays from the previous one`,
      `replayed ${show(replayed.map((document) => document.id))}, got ${show(snapshot.documents.map((document) => document.id))}`);
    heard.push({ documents: snapshot.documents.map((document) => document.id).join(""), changes: snapshot.changes.map(describeChange).join(" ") });
  }, (error) => check(false, "limitToLast listener: no error", show(error)));
  const expectStep = (documents: string, changes: string, name: string): void => {
    expectEqual(heard.slice(-1), [{ documents, changes }], `limitToLast listener: ${name}`);
  };
  expectStep("bcd", "+b@0 +c@1 +d@2", "the first snapshot: the last three, in ascending order");
  set("e", { n: int(5) });
  expectStep("cde", "-b@0 +e@2", "a document entering at the end pushes the first out");
  const count = heard.length;
  set("a", { n: int(0) });
  set("f", { m: int(9) });
  expectEqual(heard.length, count, "limitToLast listener: a change before the window, or to a document without the order field, sends nothing");
  set("c", { n: int(6) });
  expectStep("dec", "~c 0>2", "a move inside the window, from the first place to the last");
  set("c", { n: int(6), x: int(1) });
  expectStep("dec", "~c 2>2", "a change in place");
  store.deleteDocument(["c", "e"]);
  expectStep("bdc", "-e@1 +b@0", "a removal lets the one before the window in, at the start");
  set("b", { n: int(7) });
  expectStep("dcb", "~b 0>2", "a move to the end");
  set("a", { n: int(6) });
  expectStep("acb", "-d@0 +a@0", "a tie broken by id: a before c");
  store.deleteDocument(["c", "b"]);
  expectStep("dac", "-b@2 +d@0", "a removal at the end");
  store.deleteDocument(["c", "a"]);
  expectStep("dc", "-a@1", "a removal with nothing left to come in");
  set("g", { n: int(1) });
  expectStep("gdc", "+g@0", "a document entering a window that is not full");
  set("d", { n: int(0) });
  expectStep("dgc", "~d 1>0", "a move toward the start, inside the window");
  const before = heard.length;
  set("b", { n: int(0) });
  expectEqual(heard.length, before, "limitToLast listener: a tie with the first document, with a smaller id, stays out and sends nothing");
  set("h", { n: int(0) });
  expectStep("hgc", "-d@0 +h@0", "a tie with the first document, with a greater id, takes its place");
  registration.remove();
}

/** Every document in the store's collection `c`. */
function storeDocuments(store: InMemoryStore): DocumentSnapshot[] {
  let documents: DocumentSnapshot[] = [];
  store.addQueryListener({ collection: ["c"] }, (snapshot) => { documents = [...snapshot.documents]; }, () => {}).remove();
  return documents;
}

function sameDocuments(a: readonly DocumentSnapshot[], b: readonly DocumentSnapshot[]): boolean {
  return a.length === b.length && a.every((document, index) => document.id === b[index]?.id && Match.same(document.data, b[index]?.data));
}

// MARK: - Main

// Field transforms, as Firestore's server applies them (DocumentTransform.FieldTransform in its API
// reference: increment, appendMissingElements, removeAllFromArray; delete as the SDKs' ObjectValue.delete)
async function fieldUpdateTests(): Promise<void> {
  const updating = async (fields: { readonly [key: string]: DocumentValue }, updates: readonly (readonly [FieldPath, FieldUpdate])[]): Promise<string> => {
    const store = new InMemoryStore();
    store.setData(data(fields), ["c", "d"]);
    store.updateData(updates, ["c", "d"]);
    return describeValue(DocumentValue.map((await store.getDocument(["c", "d"]))?.data ?? new Map()));
  };
  expectEqual(await updating({ i: int(1), d: double(1.5), s: str("x") }, [
    [["i"], FieldUpdate.increment(int(2))], [["d"], FieldUpdate.increment(int(1))], [["s"], FieldUpdate.increment(int(1))],
    [["m"], FieldUpdate.increment(double(0.5))], [["o", "n"], FieldUpdate.increment(int(3))], [["z"], FieldUpdate.increment(double(-0))],
  ]), "{d: 2.5, i: 3, m: 0.5, o: {n: 3}, s: 1, z: -0.0}", "increments add ints as ints, anything with a double as doubles, or set the operand where no number is");
  expectEqual(await updating({ wide: { kind: "int", value: 2 ** 60 }, nan: int(1) }, [
    [["wide"], FieldUpdate.increment(int(1))], [["nan"], FieldUpdate.increment(double(NaN))],
  ]), `{nan: nan, wide: ${describeValue({ kind: "int", value: 2 ** 60 })}}`, "an int beyond 2^53 stays an int, as the web SDK holds it; NaN propagates");
  expectEqual(await updating({ tags: DocumentValue.array([int(1), str("a")]), zeros: DocumentValue.array([double(0)]), nans: DocumentValue.array([double(NaN)]), s: str("x") }, [
    [["tags"], FieldUpdate.arrayUnion([double(1), str("a"), int(2), int(2)])], [["zeros"], FieldUpdate.arrayUnion([double(-0)])],
    [["nans"], FieldUpdate.arrayUnion([double(NaN)])], [["s"], FieldUpdate.arrayUnion([str("a")])],
  ]), "{nans: [nan], s: [\"a\"], tags: [1, \"a\", 2], zeros: [0.0]}", "arrayUnion appends what is not there, by the contract's equality");
  expectEqual(await updating({ tags: DocumentValue.array([int(1), double(1), str("a"), int(1)]), zeros: DocumentValue.array([double(-0), int(1)]), s: str("x") }, [
    [["tags"], FieldUpdate.arrayRemove([int(1)])], [["zeros"], FieldUpdate.arrayRemove([double(0)])], [["s"], FieldUpdate.arrayRemove([str("x")])],
    [["m"], FieldUpdate.arrayRemove([])],
  ]), "{m: [], s: [], tags: [\"a\"], zeros: [1]}", "arrayRemove removes every equal element");
  expectEqual(await updating({ o: DocumentValue.map({ p: bool(true), q: int(1) }), top: int(1), s: str("x") }, [
    [["o", "p"], FieldUpdate.delete], [["top"], FieldUpdate.delete], [["missing", "x"], FieldUpdate.delete], [["s", "x"], FieldUpdate.delete],
  ]), "{o: {q: 1}, s: \"x\"}", "delete removes the field only where it is");

  const store = new InMemoryStore();
  store.setData(data({ a: DocumentValue.map({ b: int(1) }) }), ["c", "d"]);
  expectError(thrown(() => store.updateData([[["a", "b"], int(2)], [["a"], FieldUpdate.delete]], ["c", "d"])), StoreError,
    "one update cannot change both 'a' and 'a.b'", "an update naming a field and a field inside it");
  expectError(thrown(() => store.commit([{ kind: "set", path: ["c", "e"], data: new Map() }, { kind: "update", path: ["c", "d"], fields: [[["a", "b"], FieldUpdate.increment(str("1"))]] }])),
    StoreError, "'a.b' can only be incremented by an int or a double", "an increment by a string");
  expectEqual(await store.getDocument(["c", "e"]), null, "a refused update changes nothing");
  expectEqual(describeValue(DocumentValue.map((await store.getDocument(["c", "d"]))?.data ?? new Map())), "{a: {b: 1}}", "a refused update changes nothing");
}

// MARK: - Firestore's rules

// What every store refuses before doing anything, with the same messages in every runtime
// (FirestoreRules, as Sources/ModelgenRuntime/Store/FirestoreRules.swift), and how the in-memory
// store stores timestamps.
async function firestoreRulesTests(): Promise<void> {
  const f = QueryFilter.compare, array = DocumentValue.array, map = DocumentValue.map, at = DocumentValue.timestamp;
  const noError = (error: unknown): void => check(false, "unexpected listener error", show(error));
  const invalidField = (field: string): string =>
    `invalid field '${field}': names must be non-empty, and written ones must not begin and end with '__'`;
  const unsupportedValue = (field: string): string =>
    `'${field}' holds what Firestore cannot take there: an array directly inside an array, a server timestamp inside an array or in a query, or a timestamp outside the years 1 to 9999`;
  const emptyInList = (field: string): string => `the 'in' filter on '${field}' needs a non-empty list`;
  const multipleNotEqual = "a query can have at most one '!=' filter";
  const invalidDocumentId = "a filter on the document id takes non-empty strings holding no '/', and cannot be 'array-contains'";
  const twoLimits = "a query takes 'limit' or 'limitToLast', not both";
  const limitToLastWithoutOrder = "a query with 'limitToLast' needs an 'orderBy'";

  expectEqual(StoreError.invalidField(["a", "b"]).message, invalidField("a.b"), "invalidField message");
  expectEqual(StoreError.unsupportedValue(["a"]).message, unsupportedValue("a"), "unsupportedValue message");
  expectEqual(StoreError.conflictingFilters("!=", "!=").message, multipleNotEqual, "conflictingFilters message, one operator twice");
  expectEqual(StoreError.emptyList("in", FieldPath.documentID).message, emptyInList("__name__"), "emptyList message");
  expectEqual(StoreError.invalidDocumentIdFilter().message, invalidDocumentId, "invalidDocumentIdFilter message");
  expectEqual(StoreError.emptyList("in", ["a"]).problem, { kind: "emptyList", op: "in", field: ["a"] }, "emptyList problem");
  expectEqual(StoreError.invalidDocumentIdFilter().problem, { kind: "invalidDocumentIdFilter" }, "invalidDocumentIdFilter problem");
  expectEqual(StoreError.twoLimits().message, twoLimits, "twoLimits message");
  expectEqual(StoreError.twoLimits().problem, { kind: "twoLimits" }, "twoLimits problem");
  expectEqual(StoreError.limitToLastWithoutOrder().message, limitToLastWithoutOrder, "limitToLastWithoutOrder message");
  expectEqual(StoreError.limitToLastWithoutOrder().problem, { kind: "limitToLastWithoutOrder" }, "limitToLastWithoutOrder problem");

  // Queries: the listener gets the error at once and no snapshot, the one-shot read rejects with it.
  const store = new InMemoryStore();
  store.setData(data({ n: int(1), tags: array([int(1)]) }), ["c", "a"]);
  store.setData(data({ n: int(2) }), ["c", "b"]);
  const refused = async (query: Omit<StoreQuery, "collection">, message: string, name: string): Promise<void> => {
    const full: StoreQuery = { collection: ["c"], ...query };
    const heard: unknown[] = [];
    const registration = store.addQueryListener(full, (snapshot) => heard.push(snapshot), (error) => heard.push(error));
    check(heard.length === 1 && heard[0] instanceof StoreError && heard[0].message === message, `${name}: a listener gets the error`,
      `got ${show(heard)}, expected "${message}"`);
    registration.remove();
    expectError(await rejection(() => store.getDocuments(full)), StoreError, message, `${name}: a one-shot read rejects`);
    expectError(thrown(() => FirestoreRules.checkQuery(full)), StoreError, message, `${name}: FirestoreRules.checkQuery`);
  };
  const accepted = async (query: Omit<StoreQuery, "collection">, ids: readonly string[], name: string): Promise<void> => {
    const full: StoreQuery = { collection: ["c"], ...query };
    const heard: string[][] = [];
    store.addQueryListener(full, ({ documents }) => heard.push(documents.map((document) => document.id)), noError).remove();
    expectEqual(heard, [ids], `${name}: a listener`);
    expectEqual((await store.getDocuments(full)).map((document) => document.id), ids, `${name}: a one-shot read`);
  };

  await refused({ filter: f(["n"], "in", array([])) }, emptyInList("n"), "in []");
  await refused({ filter: f(["n"], "in", int(1)) }, emptyInList("n"), "in of no array");
  await refused({ filter: f(["o", "n"], "in", DocumentValue.null) }, emptyInList("o.n"), "in of null on a nested field");
  await refused({ filter: f(FieldPath.documentID, "in", array([])) }, emptyInList("__name__"), "document id in []");
  await refused({ filter: f(FieldPath.documentID, "in", str("a")) }, emptyInList("__name__"), "document id in of no array");
  await refused({ filter: f(FieldPath.documentID, "in", array([str("a"), str("")])) }, invalidDocumentId, "document id in with an empty id");
  await refused({ filter: f(FieldPath.documentID, "in", array([str("a/b")])) }, invalidDocumentId, "document id in with a '/'");
  await refused({ filter: f(FieldPath.documentID, "in", array([int(1)])) }, invalidDocumentId, "document id in with no string");
  await refused({ filter: f(FieldPath.documentID, "==", str("")) }, invalidDocumentId, "document id == ''");
  await refused({ filter: f(FieldPath.documentID, ">=", str("a/b")) }, invalidDocumentId, "document id range bounded with a '/'");
  await refused({ filter: f(FieldPath.documentID, "!=", int(1)) }, invalidDocumentId, "document id != a number");
  await refused({ filter: f(FieldPath.documentID, "array-contains", str("a")) }, invalidDocumentId, "document id array-contains");
  await refused({ filter: QueryFilter.and(f(["n"], "!=", int(1)), f(["m"], "!=", int(2))) }, multipleNotEqual, "two != filters");
  await refused({ filter: QueryFilter.or(f(["n"], "!=", int(1)), QueryFilter.and(f(FieldPath.documentID, "!=", str("a")))) },
    multipleNotEqual, "two != filters, nested, one on the document id");
  await refused({ filter: QueryFilter.and(f(["n"], "!=", int(1)), f(["m"], "!=", int(2)), f(["k"], "in", array([]))) },
    multipleNotEqual, "a conflict is found at the comparison that makes it, before later comparisons are checked");
  await refused({ filter: QueryFilter.and(f(["n"], "!=", int(1)), f(["k"], "!=", array([array([])]))) },
    unsupportedValue("k"), "a comparison's own check comes before its conflict");
  await refused({ filter: QueryFilter.or(f(["n"], "in", array([])), f([], "==", int(1))) }, emptyInList("n"), "the first failing comparison in written order");
  await refused({ filter: f([], "==", int(1)) }, invalidField(""), "a filter on a field with no name");
  await refused({ filter: f(["o", ""], "==", int(1)) }, invalidField("o."), "a filter on a field with an empty name");
  await refused({ filter: f(["n"], "==", int(1)), orderBy: [QueryOrder.ascending(["a", ""])] }, invalidField("a."), "an order by an empty name");
  await refused({ filter: f(["n"], "!=", int(1)), orderBy: [QueryOrder.ascending([])] }, invalidField(""), "an order by no name");
  await refused({ filter: f(["n"], "==", DocumentValue.serverTimestamp) }, unsupportedValue("n"), "a server timestamp in a query");
  await refused({ filter: f(["n"], "in", array([int(1), DocumentValue.serverTimestamp])) }, unsupportedValue("n"), "a server timestamp in an in list");
  await refused({ filter: f(["n"], "==", array([array([])])) }, unsupportedValue("n"), "an array inside an array in a query");
  await refused({ filter: f(["n"], "<", at(new Timestamp(253_402_300_800))) }, unsupportedValue("n"), "a timestamp after the year 9999 in a query");
  await refused({ filter: f(["o"], "==", map({ p: map({ "": int(1) }) })) }, invalidField("o.p."), "an empty map key in a query");
  await accepted({ filter: QueryFilter.or() }, ["a", "b"], "an empty or matches every document");
  await accepted({ filter: QueryFilter.and(QueryFilter.or(), f(["n"], "==", int(2))) }, ["b"], "an empty or inside an and");
  await accepted({ filter: QueryFilter.or(QueryFilter.or(), f(["n"], "==", int(2))) }, ["b"], "an empty or inside an or is dropped, not counted as matching");
  await accepted({ filter: QueryFilter.or(QueryFilter.and(QueryFilter.or()), f(["n"], "==", int(2))) }, ["b"], "an and of an empty or is empty too");
  await accepted({ filter: f(["n"], "!=", int(1)), orderBy: [QueryOrder.ascending(["n"]), QueryOrder.ascending(FieldPath.documentID)] }, ["b"], "one != filter");
  await accepted({ filter: f(["tags"], "in", array([array([int(1)]), array([array([int(2)])])])) }, ["a"], "arrays in an in list");
  await accepted({ filter: f(["tags"], "array-contains", array([int(1)])) }, [], "an array as an operand");
  await accepted({ filter: f(["o"], "==", map({ __x__: int(1), __proto__: int(2) })) }, [], "a query's map keys need only be non-empty");
  await accepted({ filter: f(["__x__"], "==", int(1)) }, [], "a query's field names need only be non-empty");
  await accepted({ filter: f(FieldPath.documentID, "in", array([str("a"), str("z")])) }, ["a"], "document id in ids");
  await accepted({ limit: 0, filter: f(["n"], "==", int(1)) }, [], "a limit of 0: no document, no error");
  const byN = [QueryOrder.ascending(["n"])];
  await refused({ orderBy: byN, limit: 1, limitToLast: 1 }, twoLimits, "limit and limitToLast");
  await refused({ limit: 2, limitToLast: 0 }, twoLimits, "limit and limitToLast, with no order: twoLimits first");
  await refused({ limitToLast: 1 }, limitToLastWithoutOrder, "limitToLast with no order");
  await refused({ orderBy: [], limitToLast: 1 }, limitToLastWithoutOrder, "limitToLast with an empty order");
  await refused({ filter: f(["n"], ">", int(0)), limitToLast: 1 }, limitToLastWithoutOrder,
    "limitToLast needs an explicit order: an inequality's implicit one is not enough");
  await refused({ filter: f(["n"], "in", array([])), limit: 1, limitToLast: 1 }, emptyInList("n"), "the filter is checked before the limits");
  await refused({ orderBy: [QueryOrder.ascending([])], limitToLast: 1, limit: 1 }, invalidField(""), "the order is checked before the limits");
  await accepted({ orderBy: byN, limitToLast: 1 }, ["b"], "limitToLast 1");
  await accepted({ orderBy: [QueryOrder.descending(["n"])], limitToLast: 1 }, ["a"], "limitToLast 1, descending");
  await accepted({ orderBy: byN, limitToLast: 5 }, ["a", "b"], "limitToLast above the count");
  await accepted({ orderBy: byN, limitToLast: 0 }, [], "a limitToLast of 0: no document, no error");
  await accepted({ orderBy: byN, limitToLast: -1 }, [], "a limitToLast below 0: no document, no error");
  await accepted({ orderBy: [QueryOrder.ascending(["tags"])], limitToLast: 2 }, ["a"], "limitToLast leaves out a document without the order field");
  expectEqual(store.listenerCount, 0, "no listener is kept for a refused query");
  {
    const recorder = new Recorder(collectionStream(store, { collection: ["c"], filter: f(["n"], "in", array([])) }, ItemCodec, queueScheduler, () => {}));
    check(recorder.failed && recorder.error instanceof StoreError && recorder.error.message === emptyInList("n"), "a refused query ends the stream");
  }

  // Writes: the first error refuses the whole batch at once, and nothing is applied.
  const writes = new InMemoryStore();
  writes.setData(data({ n: int(1) }), ["c", "a"]);
  const counts: number[] = [];
  writes.addQueryListener({ collection: ["c"] }, ({ documents }) => counts.push(documents.length), noError);
  const refusedBatch = (batch: readonly DocumentWrite[], message: string, name: string): void => {
    const before = counts.length;
    expectError(thrown(() => writes.commitBatch([{ kind: "set", path: ["c", "new"], data: data({ n: int(1) }) }, ...batch])), StoreError,
      message, `${name}: commitBatch throws`);
    expectError(thrown(() => { for (const write of batch) FirestoreRules.checkWrite(write); }), StoreError, message, `${name}: FirestoreRules.checkWrite`);
    check(counts.length === before, `${name}: nobody is notified`);
  };
  const set = (fields: DocumentData, id = "b"): DocumentWrite => ({ kind: "set", path: ["c", id], data: fields });
  const update = (fields: readonly (readonly [FieldPath, FieldUpdate])[], id = "a"): DocumentWrite => ({ kind: "update", path: ["c", id], fields });
  const merge = (fields: readonly (readonly [FieldPath, FieldUpdate])[], id = "b"): DocumentWrite => ({ kind: "merge", path: ["c", id], fields });

  refusedBatch([set(data({ list: array([array([int(1)])]) }))], unsupportedValue("list"), "a nested array");
  refusedBatch([set(data({ m: map({ list: array([int(1), array([])]) }) }))], unsupportedValue("m.list"), "a nested array in a map");
  refusedBatch([update([[["list"], array([map({ inner: array([array([])]) })])]])], unsupportedValue("list.inner"), "a nested array in a map in an array");
  refusedBatch([set(data({ list: array([DocumentValue.serverTimestamp]) }))], unsupportedValue("list"), "a server timestamp in an array");
  refusedBatch([set(data({ list: array([map({ at: DocumentValue.serverTimestamp })]) }))], unsupportedValue("list.at"), "a server timestamp in a map in an array");
  refusedBatch([update([[["tags"], FieldUpdate.arrayUnion([DocumentValue.serverTimestamp])]])], unsupportedValue("tags"), "a server timestamp in an arrayUnion");
  refusedBatch([update([[["tags"], FieldUpdate.arrayRemove([array([int(1)])])]])], unsupportedValue("tags"), "an array in an arrayRemove");
  refusedBatch([set(data({ at: at(new Timestamp(-62_135_596_801)) }))], unsupportedValue("at"), "a timestamp before the year 1");
  refusedBatch([merge([[["m", "at"], at(new Timestamp(253_402_300_800))]])], unsupportedValue("m.at"), "a timestamp after the year 9999");
  refusedBatch([update([[["tags"], FieldUpdate.arrayUnion([at(new Timestamp(253_402_300_800))])]])], unsupportedValue("tags"), "a timestamp out of range in an arrayUnion");
  refusedBatch([set(data({ __x__: int(1) }))], invalidField("__x__"), "a reserved name");
  refusedBatch([set(data({ __: int(1) }))], invalidField("__"), "'__' is reserved");
  refusedBatch([set(data({ ___: int(1) }))], invalidField("___"), "'___' is reserved");
  refusedBatch([set(data({ "": int(1) }))], invalidField(""), "an empty name");
  refusedBatch([set(new Map([["__proto__", int(1)]]))], invalidField("__proto__"), "__proto__ is reserved");
  refusedBatch([set(data({ m: map({ ok: map({ __name__: int(1) }) }) }))], invalidField("m.ok.__name__"), "a reserved map key");
  refusedBatch([set(data({ m: map({ "": int(1) }) }))], invalidField("m."), "an empty map key");
  refusedBatch([update([[["__name__"], int(1)]])], invalidField("__name__"), "an update of the document id's name");
  refusedBatch([update([[[], int(1)]])], invalidField(""), "an update of a field with no name");
  refusedBatch([merge([[["m", ""], int(1)]])], invalidField("m."), "a merge of an empty name");
  refusedBatch([update([[["a", "__b__"], int(1)]])], invalidField("a.__b__"), "an update of a reserved name inside a map");
  refusedBatch([update([[["tags"], FieldUpdate.arrayUnion([map({ "": int(1) })])]])], invalidField("tags."), "an empty map key in an arrayUnion");
  refusedBatch([update([[["n"], int(1)], [["n", "x"], int(1)], [["__x__"], int(1)]])], invalidField("__x__"), "names are checked before overlapping fields");
  refusedBatch([update([[["n"], array([array([])])], [["n", "x"], int(1)]])], "one update cannot change both 'n' and 'n.x'", "overlapping fields are checked before values");
  refusedBatch([update([[["n"], int(1)]], "missing"), update([[["n"], FieldUpdate.increment(str("1"))]])],
    "'n' can only be incremented by an int or a double", "every write is checked before notFound");
  refusedBatch([update([[["__x__"], int(1)]], "missing")], invalidField("__x__"), "invalidField before notFound");
  refusedBatch([set(data({ ok: int(1) }), "a/b")], "invalid path 'c'/'a/b': segments must be non-empty and hold no '/'", "the path first");
  refusedBatch([set(data({ b: array([array([])]), a: map({ "": int(1) }) }))], invalidField("a."), "a set's keys by code point");
  expectEqual(await writes.getDocument(["c", "new"]), null, "a refused batch applies nothing");
  expectEqual(await writes.getDocument(["c", "b"]), null, "a refused batch applies nothing, nothing stored");
  expectEqual(describeValue(DocumentValue.map((await writes.getDocument(["c", "a"]))?.data ?? new Map())), "{n: 1}", "a refused batch changes nothing");
  expectError(await rejection(() => writes.runTransaction(async (transaction) => transaction.write(set(data({ __x__: int(1) }))))), StoreError,
    invalidField("__x__"), "a transaction with a refused write rejects");

  await writes.commitBatch([
    set(data({ list: array([map({ inner: array([int(1)]) })]), _x_: int(1), __x: int(1), x__: int(1), m: map({ "a.b": DocumentValue.null }) })),
    set(data({ first: at(new Timestamp(-62_135_596_800)), last: at(new Timestamp(253_402_300_799, 999_999_999)) }), "bounds"),
    update([[["tags"], FieldUpdate.arrayUnion([map({ __x__: int(1) })])], [["o", "at"], DocumentValue.serverTimestamp]]),
    { kind: "delete", path: ["c", "gone"] },
  ]);
  expectEqual(describeValue(DocumentValue.map((await writes.getDocument(["c", "b"]))?.data ?? new Map())),
    "{__x: 1, _x_: 1, list: [{inner: [1]}], m: {a.b: null}, x__: 1}", "arrays in maps in arrays, and names that are not reserved");
  expectEqual([...(await writes.getDocument(["c", "bounds"]))?.data.values() ?? []],
    [at(new Timestamp(-62_135_596_800)), at(new Timestamp(253_402_300_799, 999_999_000))], "the years 1 to 9999");
  expectEqual((await writes.getDocument(["c", "a"]))?.data.get("tags"), array([map({ __x__: int(1) })]), "an arrayUnion element's map keys need only be non-empty");

  // Timestamps are stored rounded down to whole microseconds, at any depth.
  const precise = new Timestamp(1_700_000_000, 123_456_789), micro = new Timestamp(1_700_000_000, 123_456_000);
  const times = new InMemoryStore({ clock: () => new Timestamp(1000, 999_999_999) });
  times.setData(data({ at: at(precise), m: map({ deep: map({ at: at(precise) }) }), list: array([at(precise), map({ at: at(precise) })]) }), ["c", "t"]);
  const storedAt = async (path: readonly string[], field: string): Promise<DocumentValue | undefined> => (await times.getDocument(path))?.data.get(field);
  expectEqual(await storedAt(["c", "t"], "at"), at(micro), "a timestamp is stored to the microsecond (123_456_789 ns: 123_456_000)");
  expectEqual(await storedAt(["c", "t"], "m"), map({ deep: map({ at: at(micro) }) }), "in a nested map");
  expectEqual(await storedAt(["c", "t"], "list"), array([at(micro), map({ at: at(micro) })]), "in an array");
  times.updateData([[["u"], at(precise)], [["tags"], FieldUpdate.arrayUnion([at(precise), at(micro)])], [["server"], DocumentValue.serverTimestamp]], ["c", "t"]);
  expectEqual(await storedAt(["c", "t"], "u"), at(micro), "an updated value");
  expectEqual(await storedAt(["c", "t"], "tags"), array([at(micro)]), "an arrayUnion element, which then equals the rounded one");
  expectEqual(await storedAt(["c", "t"], "server"), at(new Timestamp(1000, 999_999_000)), "a server timestamp set at once");
  times.commit([{ kind: "merge", path: ["c", "t"], fields: [[["mm"], map({ at: at(precise) })]] }]);
  expectEqual(await storedAt(["c", "t"], "mm"), map({ at: at(micro) }), "a merged map");
  times.updateData([[["tags"], FieldUpdate.arrayRemove([at(precise)])]], ["c", "t"]);
  expectEqual(await storedAt(["c", "t"], "tags"), array([]), "an arrayRemove element is rounded as the stored ones");
  const found = async (operand: Timestamp): Promise<number> => (await times.getDocuments({ collection: ["c"], filter: f(["at"], "==", at(operand)) })).length;
  expectEqual([await found(precise), await found(micro)], [0, 1], "query operands are not rounded");
  const pending = new InMemoryStore({ pendingWrites: true });
  pending.setData(data({ at: DocumentValue.serverTimestamp }), ["c", "p"]);
  pending.flushPendingWrites(precise);
  expectEqual((await pending.getDocument(["c", "p"]))?.data.get("at"), at(micro), "a flushed server timestamp");
  expectEqual(precise.truncatedToMicroseconds(), micro, "Timestamp.truncatedToMicroseconds");
  check(FirestoreRules.isDocumentId("a") && !FirestoreRules.isDocumentId("") && !FirestoreRules.isDocumentId("a/b"), "FirestoreRules.isDocumentId");
}

async function main(): Promise<void> {
  incrementalTests();
  limitToLastListenerTests();
  valueOrderTests();
  codePointTests();
  describeTests();
  timestampTests();
  matchTests();
  codecTests();
  queryEngineTests();
  await inMemoryStoreTests();
  await acknowledgedWriteTests();
  await transactionTests();
  await transactionOptionTests();
  await documentLimitTests();
  await preconditionTests();
  await unchangedSinceTests();
  await writtenTests();
  await counterCheckTests();
  await keyChangeTests();
  await fieldUpdateTests();
  await firestoreRulesTests();
  await queryOperatorTests();
  await queryCursorTests();
  stringEnumTests();
  distinctTests();
  exactSumTests();
  aggregateTests();
  debounceTests();
  valueTypeTests();
  await collectionGroupTests();
  rowOrderTests();
  incrementalSortTests();
  sortBelowJoinTests();
  streamTests();
  rowTests();
}

main().then(
  () => {
    const { passed, failed } = results();
    if (failed > 0) {
      console.log(`${failed} checks failed, ${passed} passed`);
      process.exitCode = 1;
    } else {
      console.log(`${passed} checks passed`);
    }
  },
  (error: unknown) => {
    console.log(`FAILED: the tests threw ${show(error)}`);
    process.exitCode = 1;
  },
);
