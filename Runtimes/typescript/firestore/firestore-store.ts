// A DocumentStore backed by Cloud Firestore through the modular Firebase web SDK: firebase 9.18
// (@firebase/firestore 3.9.0) or later for `and` and `or`, firebase 10.11 (@firebase/firestore
// 4.6.0) or later for inequalities on several fields. The Firebase SDK is not a dependency of this
// repository: its tests compile this file against a declaration-only description of the SDK
// calls it makes (Tests/FirestoreSDK/typescript). A project without Firebase leaves it out with
// `typescript: { firestoreAdapter: false }`.

import {
  and, arrayRemove, arrayUnion, Bytes as FirebaseBytes, collection, collectionGroup, deleteField, doc, documentId, DocumentReference, endAt, endBefore, FieldPath as FirebaseFieldPath,
  GeoPoint as FirebaseGeoPoint, getDoc, getDocs, getFirestore, increment, limit, limitToLast, onSnapshot, or, orderBy, query, runTransaction as runFirestoreTransaction,
  serverTimestamp, startAfter, startAt, Timestamp as FirebaseTimestamp, where, writeBatch,
} from "firebase/firestore";
import type {
  DocumentSnapshot as FirebaseDocumentSnapshot, Firestore, Query, QueryFilterConstraint, QueryNonFilterConstraint, Transaction,
} from "firebase/firestore";
import type { FieldUpdate } from "../field-update.js";
import { FirestoreRules } from "../firestore-rules.js";
import { checkPreconditions, conditionalPaths } from "../preconditions.js";
import { checkPath, isDocumentID, StoreError } from "../store.js";
import type {
  DocumentChange, DocumentSnapshot, DocumentStore, DocumentWrite, FieldPath, ListenerRegistration, QueryFilter, QuerySnapshot,
  StoreQuery, TransactionOptions,
} from "../store.js";
import { GeoPoint } from "../value-types.js";
import { Timestamp } from "../timestamp.js";
import { transactionAttempts } from "../transaction.js";
import type { DocumentTransaction } from "../transaction.js";
import { DocumentValue } from "../value.js";
import type { DocumentData } from "../value.js";

/**
 * A `DocumentStore` that reads and writes Cloud Firestore.
 *
 * Each query and write is checked by `FirestoreRules` before any SDK call, so that it fails with
 * the `StoreError` the in-memory store gives, not with the SDK's own error, and then converted
 * without further checks.
 *
 * Server timestamps that are written but not yet synced arrive as `DocumentValue.serverTimestamp`: null
 * when read with `serverTimestamps: "none"`, set when read with `"estimate"`, which is how a
 * pending one is told apart from a stored null. Numbers that are integers arrive as ints, others
 * as doubles (the web SDK gives both as `number`; it also writes an integral double as an int).
 */
export class FirestoreStore implements DocumentStore {
  readonly firestore: Firestore;

  constructor(firestore: Firestore = getFirestore()) {
    this.firestore = firestore;
  }

  /** Listens to the query's documents. */
  addQueryListener(
    storeQuery: StoreQuery,
    next: (snapshot: QuerySnapshot) => void,
    fail: (error: unknown) => void,
  ): ListenerRegistration {
    let target: Query | null;
    try {
      target = this.firestoreQuery(storeQuery);
    } catch (error) {
      fail(error);
      return { remove: () => {} };
    }
    if (target === null) {
      // A limit (or limit to last) below 1: no document, and nothing can change that. One empty snapshot, as the
      // in-memory store sends, and as it does, what the callback throws does not reach this caller.
      try {
        next({ documents: [], changes: [] });
      } catch (error) {
        void Promise.reject(error);
      }
      return { remove: () => {} };
    }
    return registration(onSnapshot(
      target,
      (snapshot) => next({
        documents: snapshot.docs.map((document) => toSnapshot(document)),
        changes: snapshot.docChanges().map((change): DocumentChange => {
          const document = toSnapshot(change.doc);
          switch (change.type) {
            case "added": return { type: "added", document, newIndex: change.newIndex };
            case "removed": return { type: "removed", document, oldIndex: change.oldIndex };
            case "modified": return { type: "modified", document, oldIndex: change.oldIndex, newIndex: change.newIndex };
          }
        }),
      }),
      (error) => fail(error),
    ));
  }

  /** Listens to the document at `path` (null when there is none). */
  addDocumentListener(
    path: readonly string[],
    next: (document: DocumentSnapshot | null) => void,
    fail: (error: unknown) => void,
  ): ListenerRegistration {
    try {
      checkPath(path, false);
    } catch (error) {
      fail(error);
      return { remove: () => {} };
    }
    return registration(onSnapshot(
      this.reference(path),
      (snapshot) => next(snapshot.exists() ? toSnapshot(snapshot) : null),
      (error) => fail(error),
    ));
  }

  /** The query's documents once. */
  async getDocuments(storeQuery: StoreQuery): Promise<readonly DocumentSnapshot[]> {
    const target = this.firestoreQuery(storeQuery);
    if (target === null) return [];
    const snapshot = await getDocs(target);
    return snapshot.docs.map((document) => toSnapshot(document));
  }

  /** The document at `path` once, or null. */
  async getDocument(path: readonly string[]): Promise<DocumentSnapshot | null> {
    checkPath(path, false);
    const snapshot = await getDoc(this.reference(path));
    return snapshot.exists() ? toSnapshot(snapshot) : null;
  }

  /**
   * Applies the writes atomically; throws if they are refused, resolves when the server has them.
   * The SDK's batches have no preconditions, so a commit holding a create-only set, a must-exist
   * delete or an unchanged-since update or delete costs a transaction, which reads those documents
   * first and commits only if they are still as read: it needs the server (offline it fails, as
   * every Firestore transaction does), and it rejects with the failed precondition's error.
   */
  commitBatch(writes: readonly DocumentWrite[]): Promise<void> {
    FirestoreRules.checkSize(writes);
    for (const write of writes) FirestoreRules.checkWrite(write);
    if (conditionalPaths(writes).length > 0) {
      return runFirestoreTransaction(this.firestore, (transaction) => this.writeChecked(transaction, writes, new Map()));
    }
    const batch = writeBatch(this.firestore);
    for (const write of writes) addWrite(batch, this.reference(write.path), write);
    return batch.commit();
  }

  /**
   * Runs `body` in a Firestore transaction: the SDK retries it when a document it read changed, up
   * to `options.maxAttempts` attempts (5 unless given; below 1 rejects with `invalidAttempts`, not
   * the SDK's error), and fails offline. Reads convert as `getDocument`'s, writes as
   * `commitBatch`'s; they are buffered until `body` resolves, then the preconditions checked as
   * `commitBatch` checks them, reading the documents `body` did not. A read after a write rejects
   * with `readAfterWrite`.
   */
  async runTransaction<T>(body: (transaction: DocumentTransaction) => Promise<T>, options?: TransactionOptions): Promise<T> {
    const maxAttempts = transactionAttempts(options);
    return runFirestoreTransaction(this.firestore, async (transaction) => {
      const found = new Map<string, DocumentData | null>();
      const writes: DocumentWrite[] = [];
      const result = await body({
        get: async (path) => {
          checkPath(path, false);
          if (writes.length > 0) throw StoreError.readAfterWrite();
          const snapshot = await transaction.get(this.reference(path));
          const document = snapshot.exists() ? toSnapshot(snapshot) : null;
          found.set(JSON.stringify(path), document?.data ?? null);
          return document;
        },
        write: (write) => {
          FirestoreRules.checkWrite(write);
          writes.push(write);
        },
      });
      FirestoreRules.checkSize(writes);
      await this.writeChecked(transaction, writes, found);
      return result;
    }, { maxAttempts });
  }

  /**
   * Adds `writes` to `transaction` once their preconditions hold, reading first the conditional
   * documents `read` (each document read, by path: its data, null where there was none) leaves
   * out; throws the first failure's `StoreError`, which ends the transaction unwritten. If a
   * document read changes before the commit, the SDK runs the transaction again.
   */
  private async writeChecked(transaction: Transaction, writes: readonly DocumentWrite[], read: ReadonlyMap<string, DocumentData | null>): Promise<void> {
    const found = new Map(read);
    const unread = conditionalPaths(writes).filter((path) => !found.has(JSON.stringify(path)));
    await Promise.all(unread.map(async (path) => {
      const snapshot = await transaction.get(this.reference(path));
      found.set(JSON.stringify(path), snapshot.exists() ? toSnapshot(snapshot).data : null);
    }));
    checkPreconditions(writes, (path) => found.get(JSON.stringify(path)) ?? null);
    for (const write of writes) addWrite(transaction, this.reference(write.path), write);
  }

  private reference(path: readonly string[]): DocumentReference {
    return doc(this.firestore, path.join("/"));
  }

  /**
   * The query as the SDK takes it, once `FirestoreRules` has checked it; null when its limit (or
   * limit to last) is below 1, which the SDK refuses ("Function limit() requires a positive
   * number", the same for limitToLast()) and the in-memory store answers with no document. The SDK
   * gives a `limitToLast` query's documents, and its changes' indices, in the query's order, and
   * swaps its bounds itself: they are passed as asked.
   */
  private firestoreQuery(storeQuery: StoreQuery): Query | null {
    FirestoreRules.checkQuery(storeQuery);
    const anyLimit = storeQuery.limit ?? storeQuery.limitToLast;
    if (anyLimit !== undefined && anyLimit < 1) return null;
    const plan: FilterPlan = storeQuery.filter === undefined ? "every" : filterPlan(storeQuery.filter, this.firestore);
    const base = storeQuery.collectionGroup === true
      ? collectionGroup(this.firestore, storeQuery.collection[0] ?? "")
      : collection(this.firestore, storeQuery.collection.join("/"));
    const constraints: QueryNonFilterConstraint[] = (storeQuery.orderBy ?? [])
      .map((order) => orderBy(fieldPath(order.field), order.descending ? "desc" : "asc"));
    if (storeQuery.limit !== undefined) constraints.push(limit(storeQuery.limit));
    if (storeQuery.limitToLast !== undefined) constraints.push(limitToLast(storeQuery.limitToLast));
    // A cursor's values convert as a filter's do; a document id's is its plain id, a string value.
    const start = storeQuery.start ?? null, end = storeQuery.end ?? null;
    if (start !== null) {
      const values = start.values.map((value) => firestoreValue(value, this.firestore));
      constraints.push(start.inclusive ? startAt(...values) : startAfter(...values));
    }
    if (end !== null) {
      const values = end.values.map((value) => firestoreValue(value, this.firestore));
      constraints.push(end.inclusive ? endAt(...values) : endBefore(...values));
    }
    return plan === "every" ? query(base, ...constraints) : query(base, and(plan), ...constraints);
  }
}

/** The write calls that a `WriteBatch` and a `Transaction` both take, under the same names. */
interface WriteCalls {
  set(reference: DocumentReference, data: { [field: string]: unknown }): unknown;
  set(reference: DocumentReference, data: { [field: string]: unknown }, options: { merge: boolean }): unknown;
  update(reference: DocumentReference, data: { [field: string]: unknown }): unknown;
  update(reference: DocumentReference, field: FirebaseFieldPath, value: unknown, ...more: unknown[]): unknown;
  delete(reference: DocumentReference): unknown;
}

/**
 * Adds `write` to a batch or a transaction; an update names fields by path (not dotted strings),
 * so a key holding a '.' stays one key. A precondition is checked before (`writeChecked`).
 */
function addWrite(calls: WriteCalls, reference: DocumentReference, write: DocumentWrite): void {
  switch (write.kind) {
    case "set": {
      const data: { [field: string]: unknown } = {};
      for (const [key, value] of write.data) defineField(data, key, firestoreValue(value, reference.firestore));
      calls.set(reference, data);
      break;
    }
    case "update": {
      const [first, ...rest] = write.fields;
      if (first === undefined) {
        calls.update(reference, {});
      } else {
        const more = rest.flatMap(([field, update]): unknown[] => [fieldPath(field), firestoreUpdate(update, reference.firestore)]);
        calls.update(reference, fieldPath(first[0]), firestoreUpdate(first[1], reference.firestore), ...more);
      }
      break;
    }
    case "merge": {
      const data: { [field: string]: unknown } = {};
      for (const [field, update] of write.fields) nest(data, field, firestoreUpdate(update, reference.firestore));
      calls.set(reference, data, { merge: true });
      break;
    }
    case "delete":
      calls.delete(reference);
      break;
  }
}

/** A registration that calls `unsubscribe` once. */
function registration(unsubscribe: () => void): ListenerRegistration {
  let active = true;
  return {
    remove: () => {
      if (!active) return;
      active = false;
      unsubscribe();
    },
  };
}

/**
 * What a checked `QueryFilter` asks of the SDK: every document ("every", no filter), or those a
 * filter constraint matches. An `and` or an `or` of no comparison is dropped, as the SDKs drop an
 * empty composite filter (see `isEmptyFilter` in query-engine.ts).
 */
type FilterPlan = "every" | QueryFilterConstraint;

function filterPlan(filter: QueryFilter, firestore: Firestore): FilterPlan {
  switch (filter.kind) {
    case "and":
    case "or": {
      const constraints = filter.filters.map((inner) => filterPlan(inner, firestore)).filter(isConstraint);
      if (constraints.length <= 1) return constraints[0] ?? "every";
      return filter.kind === "and" ? and(...constraints) : or(...constraints);
    }
    case "compare":
      return where(fieldPath(filter.field), filter.op, firestoreValue(filter.value, firestore));
  }
}

function isConstraint(plan: FilterPlan): plan is QueryFilterConstraint {
  return typeof plan !== "string";
}

function fieldPath(field: FieldPath): FirebaseFieldPath {
  return isDocumentID(field) ? documentId() : new FirebaseFieldPath(...field);
}

/** A Firestore document as a `DocumentSnapshot`. */
function toSnapshot(snapshot: FirebaseDocumentSnapshot): DocumentSnapshot {
  const stored: object = snapshot.data({ serverTimestamps: "none" }) ?? {};
  const estimated: unknown = snapshot.metadata.hasPendingWrites ? snapshot.data({ serverTimestamps: "estimate" }) : undefined;
  const data = new Map<string, DocumentValue>();
  for (const [key, value] of Object.entries(stored)) data.set(key, documentValue(value, ownField(estimated, key)));
  return { id: snapshot.id, data, parent: snapshot.ref.path.split("/").slice(0, -1) };
}

/**
 * A Firestore value as a `DocumentValue`; `estimate` is the same field read with estimated
 * server timestamps, which tells a pending one from a stored null.
 */
function documentValue(value: unknown, estimate: unknown): DocumentValue {
  if (value === null || value === undefined) {
    return estimate instanceof FirebaseTimestamp ? DocumentValue.serverTimestamp : DocumentValue.null;
  }
  switch (typeof value) {
    case "boolean": return DocumentValue.bool(value);
    // An integer beyond ±(2^53 − 1) stays an int, so that decoding reports it as out of range.
    case "number": return Number.isInteger(value) && !Object.is(value, -0) ? { kind: "int", value } : DocumentValue.double(value);
    case "string": return DocumentValue.string(value);
    default: break;
  }
  if (value instanceof FirebaseTimestamp) return DocumentValue.timestamp(new Timestamp(value.seconds, value.nanoseconds));
  if (value instanceof FirebaseBytes) return DocumentValue.bytes(value.toUint8Array());
  if (value instanceof FirebaseGeoPoint) return DocumentValue.geoPoint(new GeoPoint(value.latitude, value.longitude));
  if (Array.isArray(value)) {
    const estimates: readonly unknown[] = Array.isArray(estimate) ? estimate : [];
    return DocumentValue.array(value.map((item: unknown, index) => documentValue(item, estimates[index])));
  }
  if (value instanceof DocumentReference) return DocumentValue.reference(value.path.split("/"));
  if (typeof value === "object" && isPlainObject(value)) {
    const fields = new Map<string, DocumentValue>();
    for (const [key, field] of Object.entries(value)) fields.set(key, documentValue(field, ownField(estimate, key)));
    return DocumentValue.map(fields);
  }
  // Vectors have no DocumentValue; they are kept as text.
  return DocumentValue.string(JSON.stringify(value) ?? String(value));
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The own field `key` of `value` when it is an object (a key such as `__proto__` included). */
function ownField(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null || !Object.prototype.hasOwnProperty.call(value, key)) return undefined;
  return Object.getOwnPropertyDescriptor(value, key)?.value;
}

/** Sets `data[key]` as an own field, also for a key such as `__proto__`. */
function defineField(data: { [field: string]: unknown }, key: string, value: unknown): void {
  Object.defineProperty(data, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Puts `value` at a path of keys in the nested data a set with merge takes. */
function nest(data: { [field: string]: unknown }, keys: readonly string[], value: unknown): void {
  const [first, ...rest] = keys;
  if (first === undefined) return;
  if (rest.length === 0) {
    defineField(data, first, value);
    return;
  }
  const inner = Object.prototype.hasOwnProperty.call(data, first) ? data[first] as { [field: string]: unknown } : {};
  nest(inner, rest, value);
  defineField(data, first, inner);
}

/** A field's update, checked by `FirestoreRules`, as the SDK takes it: a value or a field transform. */
function firestoreUpdate(update: FieldUpdate, firestore: Firestore): unknown {
  switch (update.kind) {
    case "delete": return deleteField();
    // FirestoreRules.checkWrite refuses an increment by anything but an int or a double.
    case "increment": return increment((update.by as { readonly value: number }).value);
    case "arrayUnion": return arrayUnion(...update.values.map((value) => firestoreValue(value, firestore)));
    case "arrayRemove": return arrayRemove(...update.values.map((value) => firestoreValue(value, firestore)));
    default: return firestoreValue(update, firestore);
  }
}

/** A `DocumentValue` as the value the SDK writes, a reference as one of `firestore`'s documents. */
function firestoreValue(value: DocumentValue, firestore: Firestore): unknown {
  switch (value.kind) {
    case "null": return null;
    case "bool":
    case "int":
    case "double":
    case "string":
      return value.value;
    case "timestamp": return new FirebaseTimestamp(value.value.seconds, value.value.nanoseconds);
    case "bytes": return FirebaseBytes.fromUint8Array(value.value);
    case "geopoint": return new FirebaseGeoPoint(value.value.latitude, value.value.longitude);
    case "array": return value.values.map((item) => firestoreValue(item, firestore));
    case "reference": return doc(firestore, value.path.join("/"));
    case "map": {
      const fields: { [field: string]: unknown } = {};
      for (const [key, field] of value.fields) defineField(fields, key, firestoreValue(field, firestore));
      return fields;
    }
    case "serverTimestamp": return serverTimestamp();
  }
}
