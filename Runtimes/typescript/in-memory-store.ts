import { applyingUpdate, mergingUpdate } from "./field-update.js";
import type { FieldUpdate } from "./field-update.js";
import { checkDocument } from "./document-limits.js";
import { FirestoreRules } from "./firestore-rules.js";
import { compareStrings } from "./order.js";
import { Preconditions } from "./preconditions.js";
import { comparePaths, QueryEngine } from "./query-engine.js";
import { QuerySnapshots } from "./query-snapshots.js";
import { QueryView } from "./query-view.js";
import { checkPath, StoreError } from "./store.js";
import type {
  DocumentChange, DocumentSnapshot, DocumentStore, DocumentWrite, FieldPath, ListenerRegistration, QuerySnapshot, StoreQuery, TransactionOptions,
} from "./store.js";
import { Timestamp } from "./timestamp.js";
import { runTransactionAttempts, transactionAttempts } from "./transaction.js";
import type { DocumentTransaction } from "./transaction.js";
import { dataIdentical } from "./value.js";
import type { DocumentData, DocumentValue } from "./value.js";

/** How an `InMemoryStore` behaves. */
export interface InMemoryStoreOptions {
  /** Keep written server timestamps pending until `flushPendingWrites()`; false by default. */
  readonly pendingWrites?: boolean;
  /** The time server timestamps are set to; `Timestamp.now` by default. */
  readonly clock?: () => Timestamp;
}

/**
 * A registered listener; `reads` says whether it sees a collection's documents (by key), `record`
 * takes in a change to one of them, before `deliver`.
 */
interface Listener {
  readonly reads: (collection: string) => boolean;
  readonly record: (old: DocumentSnapshot | null, next: DocumentSnapshot | null) => void;
  readonly deliver: () => void;
  readonly fail: (error: unknown) => void;
  removed: boolean;
}

/**
 * A `DocumentStore` held in memory, with Firestore's query semantics: for tests, previews and
 * offline demos. It refuses the queries and writes Firestore refuses (`FirestoreRules`), and
 * stores timestamps rounded down to whole microseconds, as Firestore does.
 *
 * Listeners are called synchronously, in the order they were added: first when added, then
 * after each write or batch that changes what they see. A listener may write to the store;
 * listeners after it then see the newest state once. An exception thrown by a listener does
 * not reach the writer: it is reported as an unhandled promise rejection.
 *
 * With `pendingWrites`, a written `DocumentValue.serverTimestamp` stays pending (it decodes as null and
 * sorts after every timestamp), and a `commitBatch` unacknowledged, until `flushPendingWrites()`,
 * as in a Firestore client that has not synced yet; without it, a server timestamp is set to
 * `clock()` when written, and a batch acknowledged when applied.
 */
export class InMemoryStore implements DocumentStore {
  /** Collection key → document id → document. Stored documents are never mutated, only replaced. */
  private readonly collections = new Map<string, Map<string, DocumentSnapshot>>();
  /**
   * Each document's version (by `documentKey`): a new one whenever its data changes or it is
   * created, as Firestore gives a document a new update time (a write that changes nothing keeps it).
   */
  private readonly versions = new Map<string, number>();
  private lastVersion = 0;
  private listeners: Listener[] = [];
  /** How to acknowledge the batches committed with `pendingWrites` since the last flush, in commit order. */
  private unacknowledged: (() => void)[] = [];
  private readonly pendingWrites: boolean;
  private readonly clock: () => Timestamp;

  constructor(options: InMemoryStoreOptions = {}) {
    this.pendingWrites = options.pendingWrites ?? false;
    this.clock = options.clock ?? Timestamp.now;
  }

  /** How many listeners are active: zero once every stream has been unsubscribed. */
  get listenerCount(): number {
    return this.listeners.length;
  }

  // Reading

  /** The query's documents; rejects with the `StoreError` of a query Firestore refuses. */
  async getDocuments(query: StoreQuery): Promise<readonly DocumentSnapshot[]> {
    FirestoreRules.checkQuery(query);
    return this.results(query);
  }

  /** The document at `path`, or null. */
  async getDocument(path: readonly string[]): Promise<DocumentSnapshot | null> {
    checkPath(path, false);
    return this.document(path);
  }

  private results(query: StoreQuery): DocumentSnapshot[] {
    return QueryEngine.run(query, this.documents(query));
  }

  /** The documents of the collection `query` reads, or of every collection of its group. */
  private documents(query: StoreQuery): Iterable<DocumentSnapshot> {
    if (query.collectionGroup !== true) return this.collections.get(collectionKey(query.collection))?.values() ?? [];
    const reads = reader(query);
    return [...this.collections].filter(([key]) => reads(key)).flatMap(([, documents]) => [...documents.values()]);
  }

  private document(path: readonly string[]): DocumentSnapshot | null {
    return this.collections.get(collectionKey(path.slice(0, -1)))?.get(path[path.length - 1] ?? "") ?? null;
  }

  // Listening

  /**
   * Calls `onSnapshot` with the query's documents now and after every change to them, with the
   * changes; calls `onError` at once instead with the `StoreError` of a query Firestore refuses.
   */
  addQueryListener(
    query: StoreQuery,
    onSnapshot: (snapshot: QuerySnapshot) => void,
    onError: (error: unknown) => void,
  ): ListenerRegistration {
    try {
      FirestoreRules.checkQuery(query);
    } catch (error) {
      onError(error);
      return { remove: () => {} };
    }
    // The view and the changes it has not taken in yet.
    let view: QueryView | undefined;
    let pending: [DocumentSnapshot | null, DocumentSnapshot | null][] = [];
    const snapshots = new QuerySnapshots();
    return this.register(reader(query), (old, next) => pending.push([old, next]), onError, () => {
      if (view === undefined) {
        const first = new QueryView(query, this.documents(query));
        view = first;
        const changes = first.documents.map((document, newIndex): DocumentChange => ({ type: "added", document, newIndex }));
        onSnapshot(snapshots.next(changes, () => first.documents));
        return;
      }
      const current = view;
      const changes: DocumentChange[] = [];
      for (const [old, next] of pending) changes.push(...current.update(old, next));
      pending = [];
      if (changes.length > 0) onSnapshot(snapshots.next(changes, () => current.documents));
    });
  }

  /** Calls `onSnapshot` with the document at `path` (null when there is none) now and after every change to it. */
  addDocumentListener(
    path: readonly string[],
    onSnapshot: (document: DocumentSnapshot | null) => void,
    onError: (error: unknown) => void,
  ): ListenerRegistration {
    try {
      checkPath(path, false);
    } catch (error) {
      onError(error);
      return { remove: () => {} };
    }
    let last: DocumentSnapshot | null | undefined;
    const collection = collectionKey(path.slice(0, -1));
    return this.register((key) => key === collection, () => {}, onError, () => {
      const current = this.document(path);
      if (last !== undefined && sameSnapshots(current, last)) return;
      last = current;
      onSnapshot(current);
    });
  }

  /** Adds a listener and delivers the current state to it at once. */
  private register(
    reads: Listener["reads"],
    record: Listener["record"],
    fail: (error: unknown) => void,
    deliver: () => void,
  ): ListenerRegistration {
    const entry: Listener = { reads, record, deliver, fail, removed: false };
    this.listeners.push(entry);
    callListener(deliver);
    return {
      remove: () => {
        entry.removed = true;
        this.listeners = this.listeners.filter((listener) => listener !== entry);
      },
    };
  }

  /** Lets every listener of the changed collections see the new state, in registration order. */
  private notify(changed: ReadonlySet<string>): void {
    const keys = [...changed];
    for (const listener of [...this.listeners]) {
      if (!listener.removed && keys.some((key) => listener.reads(key))) callListener(listener.deliver);
    }
  }

  /**
   * Ends every listener that reads `collection` (its queries, its documents, and collection groups
   * holding it) with `error`, as when Firestore refuses a listener; they are removed.
   */
  failListeners(collection: readonly string[], error: unknown): void {
    const key = collectionKey(collection);
    const failing = this.listeners.filter((listener) => listener.reads(key));
    this.listeners = this.listeners.filter((listener) => !listener.reads(key));
    for (const listener of failing) {
      listener.removed = true;
      callListener(() => listener.fail(error));
    }
  }

  // Writing

  /**
   * Applies the writes atomically, then notifies listeners once; throws if the batch is refused
   * (a failed precondition too). Resolves at once, or with `pendingWrites` on the next
   * `flushPendingWrites()`.
   */
  commitBatch(writes: readonly DocumentWrite[]): Promise<void> {
    this.apply(writes);
    return this.pendingWrites ? new Promise((resolve) => this.unacknowledged.push(resolve)) : Promise.resolve();
  }

  /**
   * Runs `body` as a transaction, committing each attempt as one `commitBatch`; with
   * `pendingWrites` it rejects at once with `offline`, as a Firestore transaction needs the server.
   */
  async runTransaction<T>(body: (transaction: DocumentTransaction) => Promise<T>, options?: TransactionOptions): Promise<T> {
    const maxAttempts = transactionAttempts(options);
    if (this.pendingWrites) throw StoreError.offline();
    // The version of each document an attempt read, when it read it: Firestore compares update
    // times, so a document deleted and made again with the same data has changed.
    const versionsRead = new Map<string, number | undefined>();
    return runTransactionAttempts(maxAttempts, (path) => {
      versionsRead.set(documentKey(path), this.versions.get(documentKey(path)));
      return this.document(path);
    }, (reads, writes) => {
      const unchanged = reads.every(([path]) => this.versions.get(documentKey(path)) === versionsRead.get(documentKey(path)));
      versionsRead.clear();
      if (!unchanged) return false;
      this.apply(writes);
      return true;
    }, body);
  }

  /** Applies the writes atomically, now. */
  commit(writes: readonly DocumentWrite[]): void {
    this.apply(writes);
  }

  /** Replaces the document at `path` with `data`. */
  setData(data: DocumentData, path: readonly string[]): void {
    this.apply([{ kind: "set", path, data }]);
  }

  /** Changes fields of the existing document at `path`, creating maps on the way; throws `notFound` if there is none. */
  updateData(fields: readonly (readonly [FieldPath, FieldUpdate])[], path: readonly string[]): void {
    this.apply([{ kind: "update", path, fields }]);
  }

  /** Deletes the document at `path`, if there is one. */
  deleteDocument(path: readonly string[]): void {
    this.apply([{ kind: "delete", path }]);
  }

  /**
   * Sets every pending server timestamp to `at` (the clock's time by default), as when the
   * writes reach the server, notifies listeners, then acknowledges the batches committed so far,
   * in commit order.
   */
  flushPendingWrites(at?: Timestamp): void {
    const now = at ?? this.clock();
    const updates: [string, string, DocumentSnapshot | null][] = [];
    for (const [collection, documents] of this.collections) {
      for (const document of documents.values()) {
        if (![...document.data.values()].some(containsServerTimestamp)) continue;
        updates.push([collection, document.id, { ...document, data: mapValues(document.data, (value) => storedValue(value, () => now)) }]);
      }
    }
    updates.sort((a, b) => compareStrings(a[0], b[0]) || compareStrings(a[1], b[1]));
    this.store(updates);
    const acknowledged = this.unacknowledged;
    this.unacknowledged = [];
    for (const acknowledge of acknowledged) acknowledge();
  }

  private apply(writes: readonly DocumentWrite[]): void {
    // The commit's size, then every write, are checked before any is staged, so that a refused batch changes nothing.
    FirestoreRules.checkSize(writes);
    for (const write of writes) FirestoreRules.checkWrite(write);
    // The batch's server time, read from the clock once, when a server timestamp needs it; none while they stay pending.
    let time: Timestamp | undefined;
    const serverTime = this.pendingWrites ? undefined : (): Timestamp => (time = time ?? this.clock());
    const stored = (value: DocumentValue): DocumentValue => storedValue(value, serverTime);
    const storedUpdate = (update: FieldUpdate): FieldUpdate => {
      switch (update.kind) {
        case "delete":
        case "increment":
          return update;
        // The elements to remove are rounded as the stored ones they are compared with.
        case "arrayUnion":
        case "arrayRemove":
          return { kind: update.kind, values: update.values.map(stored) };
        default: return stored(update);
      }
    };
    // Each written document's new state (null: deleted), in the order first written.
    const staged = new Map<string, [string, string, DocumentSnapshot | null]>();
    const preconditions = new Preconditions();
    for (const write of writes) {
      const parent = write.path.slice(0, -1), collection = collectionKey(parent), id = write.path[write.path.length - 1] ?? "";
      const key = collectionKey(write.path);
      const current = staged.has(key) ? staged.get(key)?.[2] ?? null : this.document(write.path);
      // Each precondition in its write's turn, as Firestore reports the first write it refuses;
      // an unchanged-since write counts a document an earlier write of the batch wrote as changed.
      preconditions.check(write, (path) => this.document(path)?.data ?? null);
      switch (write.kind) {
        case "set":
          staged.set(key, [collection, id, { id, data: mapValues(write.data, stored), parent }]);
          break;
        case "update":
        case "merge": {
          if (current === null && write.kind === "update") throw StoreError.notFound(write.path);
          let data = current?.data ?? new Map<string, DocumentValue>();
          for (const [field, update] of write.fields) {
            data = write.kind === "merge" ? mergingUpdate(data, field, storedUpdate(update)) : applyingUpdate(data, field, storedUpdate(update));
          }
          staged.set(key, [collection, id, { id, data, parent }]);
          break;
        }
        case "delete":
          staged.set(key, [collection, id, null]);
          break;
      }
    }
    for (const [, , document] of staged.values()) if (document !== null) checkDocument(document);
    this.store([...staged.values()]);
  }

  /** Stores documents (null: deleted), lets each changed one's listeners take in the change, then notifies them. */
  private store(documents: readonly (readonly [string, string, DocumentSnapshot | null])[]): void {
    const changed = new Set<string>();
    for (const [collection, id, document] of documents) {
      const old = this.collections.get(collection)?.get(id) ?? null;
      if (sameSnapshots(old, document)) continue;
      const key = `${collection}\u0000${id}`;
      this.lastVersion += 1;
      if (document === null) this.versions.delete(key);
      else this.versions.set(key, this.lastVersion);
      if (document === null) {
        this.collections.get(collection)?.delete(id);
      } else {
        let stored = this.collections.get(collection);
        if (stored === undefined) this.collections.set(collection, stored = new Map());
        stored.set(id, document);
      }
      changed.add(collection);
      for (const listener of this.listeners) {
        if (!listener.removed && listener.reads(collection)) listener.record(old, document);
      }
    }
    this.notify(changed);
  }
}

/** A collection path as a map key. */
function collectionKey(path: readonly string[]): string {
  return JSON.stringify(path);
}

/** A document path as a key of `versions`: its collection's key and its id. */
function documentKey(path: readonly string[]): string {
  return `${collectionKey(path.slice(0, -1))}\u0000${path[path.length - 1] ?? ""}`;
}

/**
 * Whether a collection, by key, holds documents `query` reads: its collection, or for a group
 * every collection whose last segment is the group's id. In a key (JSON), `,"reviews"]` can only
 * be a last segment: a quote inside a segment is escaped.
 */
function reader(query: StoreQuery): (collection: string) => boolean {
  const id = query.collection[0];
  if (query.collectionGroup !== true || id === undefined) {
    const key = collectionKey(query.collection);
    return (collection) => collection === key;
  }
  const alone = collectionKey([id]), last = `,${JSON.stringify(id)}]`;
  return (collection) => collection === alone || collection.endsWith(last);
}

/** Calls a listener; what it throws is reported as an unhandled rejection, not to the writer. */
function callListener(listener: () => void): void {
  try {
    listener();
  } catch (error) {
    void Promise.reject(error);
  }
}

function sameSnapshots(a: DocumentSnapshot | null, b: DocumentSnapshot | null): boolean {
  if (a === null || b === null) return a === b;
  return comparePaths(a, b) === 0 && dataIdentical(a.data, b.data);
}

function mapValues(data: DocumentData, transform: (value: DocumentValue) => DocumentValue): DocumentData {
  const result = new Map<string, DocumentValue>();
  for (const [key, value] of data) result.set(key, transform(value));
  return result;
}

function containsServerTimestamp(value: DocumentValue): boolean {
  switch (value.kind) {
    case "serverTimestamp": return true;
    case "array": return value.values.some(containsServerTimestamp);
    case "map": return [...value.fields.values()].some(containsServerTimestamp);
    default: return false;
  }
}

/**
 * The value as Firestore stores it: timestamps rounded down to whole microseconds (Firestore's
 * timestamps are, "When stored in Cloud Firestore, precise only to microseconds; any additional
 * precision is rounded down": https://firebase.google.com/docs/firestore/manage-data/data-types),
 * and server timestamps set to `serverTime()`, rounded too, unless it is undefined (they stay pending).
 */
function storedValue(value: DocumentValue, serverTime: (() => Timestamp) | undefined): DocumentValue {
  switch (value.kind) {
    case "timestamp": return { kind: "timestamp", value: value.value.truncatedToMicroseconds() };
    case "serverTimestamp": return serverTime === undefined ? value : { kind: "timestamp", value: serverTime().truncatedToMicroseconds() };
    case "array": return { kind: "array", values: value.values.map((item) => storedValue(item, serverTime)) };
    case "map": return { kind: "map", fields: mapValues(value.fields, (item) => storedValue(item, serverTime)) };
    default: return value;
  }
}
