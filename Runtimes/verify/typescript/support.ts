// The trace a vector runner prints, read by `modelgen verify`. Copied verbatim into each run.
import { VirtualTimeScheduler } from "rxjs";
import type { Observable, Subscription } from "rxjs";
import { advanceBy, compareStrings, describeValue, DocumentValue } from "./runtime/index.js";
import type {
  DecodeFailure, DocumentData, DocumentSnapshot, DocumentStore, DocumentWrite, InMemoryStore, ListenerRegistration, QuerySnapshot,
  StoreQuery,
} from "./runtime/index.js";

declare const console: { log(message: string): void };
declare function setTimeout(callback: () => void, milliseconds: number): unknown;

/**
 * Prints what happens while a vector runs, one line each: `step N`, `emit LABEL VALUE`,
 * `error LABEL MESSAGE`, `decodeFailurePath PATH` and `decodeFailure MESSAGE`, `writeError MESSAGE`,
 * `listeners N`, and `listenersOf LABEL N` for each subscription so far.
 */
export class Trace {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly labels: string[] = [];
  private store: LabelledStore | undefined;
  /** The model's scheduler in a vector that advances time: its work runs when `settle` or `advance` runs it. */
  readonly time = new VirtualTimeScheduler();

  /** Moves the virtual clock on by `milliseconds`, running what falls due. */
  advance(milliseconds: number): void {
    advanceBy(this.time, milliseconds);
  }

  /** Runs the work due now: after each step of a vector in virtual time. */
  settle(): void {
    this.advance(0);
  }

  /** The store the model reads: `base`, with each listener tagged by the subscription that opened it. */
  labelling(base: InMemoryStore): LabelledStore {
    this.store = new LabelledStore(base);
    return this.store;
  }

  step(number: number): void {
    console.log(`step ${number}`);
  }

  listeners(count: number): void {
    console.log(`listeners ${count}`);
    for (const label of this.labels) console.log(`listenersOf ${label} ${this.store?.count(label) ?? 0}`);
  }

  /** Ends the listeners of one subscription with an error, as Firestore ends a listener. */
  fail(label: string, message: string): void {
    this.store?.fail(label, new Error(message));
  }

  subscribe<T>(label: string, stream: Observable<T>, traced: (value: T) => DocumentValue): void {
    this.open(label, stream, traced, () => {});
  }

  /** Subscribes as `subscribe` does, and resolves once the stream has ended (done or error), so that the steps stay in order. */
  subscribeToEnd<T>(label: string, stream: Observable<T>, traced: (value: T) => DocumentValue): Promise<void> {
    return new Promise((resolve) => this.open(label, stream, traced, resolve));
  }

  /** Subscribes to `stream` under `label`, tagging the listeners it opens, printing what it emits; calls `ended` when it ends. */
  private open<T>(label: string, stream: Observable<T>, traced: (value: T) => DocumentValue, ended: () => void): void {
    if (!this.labels.includes(label)) this.labels.push(label);
    if (this.store) this.store.opening = label;
    this.subscriptions.set(label, stream.subscribe({
      next: (value) => console.log(`emit ${label} ${canonical(traced(value))}`),
      error: (error: unknown) => {
        console.log(`error ${label} ${error instanceof Error ? error.message : String(error)}`);
        ended();
      },
      complete: () => {
        console.log(`done ${label}`);
        ended();
      },
    }));
    if (this.store) this.store.opening = undefined;
  }

  /** Commits another client's `writes` in each of the model's next `count` transaction attempts, before they commit (`LabelledStore.interleave`). */
  interleave(count: number, writes: readonly DocumentWrite[]): void {
    this.store?.interleave(count, writes);
  }

  /** Waits until every promise settled so far has run its callbacks: a write's acknowledgement completes its stream then. */
  async settled(): Promise<void> {
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }

  /** Runs a one-shot read to its end: its value is the label's one emission, or its error. */
  async read<T>(label: string, read: Promise<T>, traced: (value: T) => DocumentValue): Promise<void> {
    try {
      console.log(`emit ${label} ${canonical(traced(await read))}`);
    } catch (error) {
      console.log(`error ${label} ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Runs a transaction to its end: `done`, or its error. */
  async transaction(label: string, run: Promise<unknown>): Promise<void> {
    try {
      await run;
      console.log(`done ${label}`);
    } catch (error) {
      console.log(`error ${label} ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** One emission of `label`: a transaction's reads in one attempt. */
  emit(label: string, value: DocumentValue): void {
    console.log(`emit ${label} ${canonical(value)}`);
  }

  cancel(label: string): void {
    this.subscriptions.get(label)?.unsubscribe();
    this.subscriptions.delete(label);
  }

  /** Runs a write; a refused one is traced, not thrown. */
  attempt(write: () => void): void {
    try {
      write();
    } catch (error) {
      console.log(`writeError ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  readonly decodeFailure = (failure: DecodeFailure): void => {
    console.log(`decodeFailurePath ${canonical(DocumentValue.array(failure.path.map((segment) => DocumentValue.string(segment))))}`);
    console.log(`decodeFailure ${failure.toString()}`);
  };
}

/** A row as traced: its stored fields and its id. */
export function row(data: DocumentData, id: string): DocumentValue {
  return DocumentValue.map(new Map([...data, ["id", DocumentValue.string(id)]]));
}

/** `0042`: the document ids of a `fill` step. */
export function paddedIndex(index: number, width: number): string {
  return String(index).padStart(width, "0");
}

/** 0, 1, …, count − 1. */
export function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}

/** The canonical text of a value, as every runner prints it. */
export function canonical(value: DocumentValue): string {
  switch (value.kind) {
    case "string": return quoted(value.value);
    case "timestamp": return `timestamp(${value.value.toString()})`;
    case "array": return `[${value.values.map(canonical).join(", ")}]`;
    case "map": return `{${[...value.fields].sort((a, b) => compareStrings(a[0], b[0])).map(([key, field]) => `${quoted(key)}: ${canonical(field)}`).join(", ")}}`;
    default: return describeValue(value);
  }
}

function quoted(text: string): string {
  let result = "\"";
  for (const character of text) {
    const point = character.codePointAt(0) ?? 0;
    if (character === "\"") result += "\\\"";
    else if (character === "\\") result += "\\\\";
    else if (character === "\n") result += "\\n";
    else if (character === "\r") result += "\\r";
    else if (character === "\t") result += "\\t";
    else if (point < 0x20 || point === 0x7f) result += `\\u{${point.toString(16).toUpperCase()}}`;
    else result += character;
  }
  return result + "\"";
}

/** A listener of a `LabelledStore`: the subscription that opened it, and how to end it. */
interface LabelledListener {
  readonly label: string | undefined;
  readonly registration: ListenerRegistration;
  readonly fail: (error: unknown) => void;
}

/**
 * The store as a vector's model sees it: the in-memory store, with each listener tagged by the
 * label of the subscription that opened it, so that a step can count or fail one subscription's.
 */
export class LabelledStore implements DocumentStore {
  private readonly listeners = new Map<number, LabelledListener>();
  /** Listeners that failed before they were tracked (a store that fails at once). */
  private readonly ended = new Set<number>();
  private nextId = 0;
  /** The label of the subscription being opened, which the listeners added now belong to. */
  opening: string | undefined;
  /** How many more transaction attempts commit `interleaved` before they commit. */
  private interleaving = 0;
  private interleaved: readonly DocumentWrite[] = [];

  private readonly base: InMemoryStore;

  constructor(base: InMemoryStore) {
    this.base = base;
  }

  addQueryListener(query: StoreQuery, onSnapshot: (snapshot: QuerySnapshot) => void, onError: (error: unknown) => void): ListenerRegistration {
    return this.track(onError, (id) => this.base.addQueryListener(query, onSnapshot, (error) => { this.forget(id); onError(error); }));
  }

  addDocumentListener(
    path: readonly string[], onSnapshot: (document: DocumentSnapshot | null) => void, onError: (error: unknown) => void,
  ): ListenerRegistration {
    return this.track(onError, (id) => this.base.addDocumentListener(path, onSnapshot, (error) => { this.forget(id); onError(error); }));
  }

  getDocuments(query: StoreQuery): Promise<readonly DocumentSnapshot[]> {
    return this.base.getDocuments(query);
  }

  getDocument(path: readonly string[]): Promise<DocumentSnapshot | null> {
    return this.base.getDocument(path);
  }

  commitBatch(writes: readonly DocumentWrite[]): Promise<void> {
    return this.base.commitBatch(writes);
  }

  /** Runs the transaction on the base store, committing the interleaved writes, if any are due, after each attempt's body. */
  runTransaction: DocumentStore["runTransaction"] = (body, options) => this.base.runTransaction(async (transaction) => {
    const result = await body(transaction);
    if (this.interleaving > 0) {
      this.interleaving -= 1;
      this.base.commit(this.interleaved);
    }
    return result;
  }, options);

  /**
   * Interleaves another client's writes into the model's transactions: in each of the next
   * `count` attempts run through this store, counted across transactions, commits `writes` to the
   * base store as one batch after the attempt's body returns and before the attempt commits.
   */
  interleave(count: number, writes: readonly DocumentWrite[]): void {
    this.interleaving = count;
    this.interleaved = writes;
  }

  /** How many listeners the subscription labelled `label` holds now. */
  count(label: string): number {
    return [...this.listeners.values()].filter((listener) => listener.label === label).length;
  }

  /**
   * Removes the listeners of `label` and ends each with `error`, in the order they were added;
   * one that an earlier one's end removed (the other input of a join) is left alone.
   */
  fail(label: string, error: unknown): void {
    const ids = [...this.listeners].filter(([, listener]) => listener.label === label).map(([id]) => id).sort((a, b) => a - b);
    for (const id of ids) {
      const listener = this.listeners.get(id);
      if (listener === undefined) continue;
      this.listeners.delete(id);
      listener.registration.remove();
      listener.fail(error);
    }
  }

  private track(onError: (error: unknown) => void, add: (id: number) => ListenerRegistration): ListenerRegistration {
    const id = ++this.nextId;
    const registration = add(id);
    if (!this.ended.delete(id)) this.listeners.set(id, { label: this.opening, registration, fail: onError });
    return {
      remove: () => {
        this.listeners.delete(id);
        registration.remove();
      },
    };
  }

  private forget(id: number): void {
    if (!this.listeners.delete(id)) this.ended.add(id);
  }
}

/** Counts a transaction's attempts. */
export class Attempts {
  private count = 0;

  /** The number of this attempt, from 1. */
  next(): number {
    this.count += 1;
    return this.count;
  }
}

/** A document read in a transaction, traced; null when there is none. */
export function orNull<T>(value: T | null, traced: (value: T) => DocumentValue): DocumentValue {
  return value === null ? DocumentValue.null : traced(value);
}
