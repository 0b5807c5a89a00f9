import type { FieldUpdate } from "./field-update.js";
import type { ReadDocument } from "./read-document.js";
import type { DocumentTransaction } from "./transaction.js";
import type { DocumentData, DocumentValue } from "./value.js";
import { StoreError } from "./store-error.js";

export { StoreError } from "./store-error.js";
export type { StoreProblem } from "./store-error.js";

/** A field of stored documents by its stored keys (`["address", "city"]`), or the document id. */
export type FieldPath = readonly string[];

/** Field paths with a meaning of their own. */
export const FieldPath: {
  /** The document's id, as Firestore's `documentId()`. */
  readonly documentID: FieldPath;
} = {
  documentID: Object.freeze(["__name__"]),
};

/** Whether `field` is `FieldPath.documentID`. */
export function isDocumentID(field: FieldPath): boolean {
  return field.length === 1 && field[0] === "__name__";
}

/** A comparison of a query filter, as Firestore spells it. */
export type QueryOperator =
  | "==" | "!=" | "<" | "<=" | ">" | ">="
  /** The field equals one of the values of an array. */
  | "in"
  /** The field is present, not null, and equals none of the values of an array. */
  | "not-in"
  /** The field is an array holding the value. */
  | "array-contains"
  /** The field is an array holding one of the values of an array. */
  | "array-contains-any";

/** A query's filter, evaluated in the store on stored values with Firestore's rules. */
export type QueryFilter =
  | { readonly kind: "compare"; readonly field: FieldPath; readonly op: QueryOperator; readonly value: DocumentValue }
  | { readonly kind: "and"; readonly filters: readonly QueryFilter[] }
  | { readonly kind: "or"; readonly filters: readonly QueryFilter[] };

/** Makes query filters. */
export const QueryFilter: {
  /** The field compared with a value (`in`, `not-in`, `array-contains-any`: with an array's values). */
  compare(field: FieldPath, op: QueryOperator, value: DocumentValue): QueryFilter;
  /** Every filter holds. */
  and(...filters: QueryFilter[]): QueryFilter;
  /** At least one filter holds; an `or()` or `and()` of no comparison is left out, filtering nothing. */
  or(...filters: QueryFilter[]): QueryFilter;
} = {
  compare: (field, op, value) => ({ kind: "compare", field, op, value }),
  and: (...filters) => ({ kind: "and", filters }),
  or: (...filters) => ({ kind: "or", filters }),
};

/** One key of a query's order. */
export interface QueryOrder {
  readonly field: FieldPath;
  readonly descending: boolean;
}

/** Makes order keys. */
export const QueryOrder: {
  /** Smallest first. */
  ascending(field: FieldPath): QueryOrder;
  /** Largest first. */
  descending(field: FieldPath): QueryOrder;
} = {
  ascending: (field) => ({ field, descending: false }),
  descending: (field) => ({ field, descending: true }),
};

/**
 * Where a query's results start or end (Firestore's cursors): stored values for the query's
 * `orderBy` keys, the first keys first (fewer values than keys bound only those), and whether a
 * document exactly at the bound is kept. A start bound is `startAt` when inclusive and
 * `startAfter` when not; an end bound is `endAt` or `endBefore`. A value for the document id is
 * the document's plain id.
 */
export interface QueryBound {
  readonly values: readonly DocumentValue[];
  readonly inclusive: boolean;
}

/** A query on one collection: filter, order, bounds and limit, as Firestore runs them. */
export interface StoreQuery {
  /**
   * The collection's path segments: `["chatrooms", roomId, "messages"]`; for a collection group,
   * its one segment is the collection id.
   */
  readonly collection: readonly string[];
  /**
   * Whether it reads every collection whose id (last segment) is `collection`'s one segment,
   * under any parent: Firestore's collection-group query.
   */
  readonly collectionGroup?: boolean;
  readonly filter?: QueryFilter;
  readonly orderBy?: readonly QueryOrder[];
  readonly limit?: number;
  /**
   * The last `limitToLast` documents of the query's order, in that order (Firestore's
   * `limitToLast`); it needs an `orderBy`.
   */
  readonly limitToLast?: number;
  /** The first place in the order a document may have: `startAt` or `startAfter` (absent or null: none). */
  readonly start?: QueryBound | null;
  /** The last place in the order a document may have: `endAt` or `endBefore` (absent or null: none). */
  readonly end?: QueryBound | null;
}

/** A document as read from a store. */
export interface DocumentSnapshot {
  readonly id: string;
  readonly data: DocumentData;
  /**
   * The path of the collection that holds it: `["shops", "s1", "reviews"]`. Stores give it;
   * snapshots made by hand may leave it out.
   */
  readonly parent?: readonly string[];
}

/**
 * A query's documents, and the changes from its previous snapshot that led to them, as in
 * Firestore: a listener's first snapshot lists every document as added.
 */
export interface QuerySnapshot {
  /** The documents in query order. */
  readonly documents: readonly DocumentSnapshot[];
  /** Steps from the previous snapshot's documents to these, applied one after another. */
  readonly changes: readonly DocumentChange[];
}

/**
 * One step from a query's previous documents to its next. Indices count the documents as they
 * are just before (`oldIndex`) and just after (`newIndex`) this step, as Firestore's document
 * changes do; a modified document moved if they differ.
 */
export type DocumentChange =
  | { readonly type: "added"; readonly document: DocumentSnapshot; readonly newIndex: number }
  | { readonly type: "modified"; readonly document: DocumentSnapshot; readonly oldIndex: number; readonly newIndex: number }
  | { readonly type: "removed"; readonly document: DocumentSnapshot; readonly oldIndex: number };

/** One write of a batch: replace a document, change fields of an existing one, or delete one. */
export type DocumentWrite =
  /** With `mustNotExist`, only creates the document: fails if there is one (Firestore's create, its `exists: false` precondition). */
  | { readonly kind: "set"; readonly path: readonly string[]; readonly data: DocumentData; readonly mustNotExist?: boolean }
  /**
   * Fails if there is no document, or if one field named is another's or inside it (`a` and `a.b`), as Firestore refuses; with
   * `unchangedSince`, fails with `changedSinceRead` unless the document still reads as it was read.
   */
  | {
    readonly kind: "update"; readonly path: readonly string[]; readonly fields: readonly (readonly [FieldPath, FieldUpdate])[];
    readonly unchangedSince?: ReadDocument | undefined;
  }
  /** Sets the given fields, creating the document if there is none and keeping its other fields, as Firestore's set with merge: a map value is merged key by key. */
  | { readonly kind: "merge"; readonly path: readonly string[]; readonly fields: readonly (readonly [FieldPath, FieldUpdate])[] }
  /**
   * Deletes the document, if there is one; with `mustExist`, fails if there is none (Firestore's `exists: true` precondition); with
   * `unchangedSince`, fails with `changedSinceRead` unless the document still reads as it was read (checked first).
   */
  | { readonly kind: "delete"; readonly path: readonly string[]; readonly mustExist?: boolean; readonly unchangedSince?: ReadDocument | undefined };

/** How a transaction runs, as Firestore's `TransactionOptions`. */
export interface TransactionOptions {
  /**
   * The most times the transaction's body runs, as Firestore's: 5 (`MAXIMUM_TRANSACTION_ATTEMPTS`)
   * unless given; below 1 is refused with `invalidAttempts`.
   */
  readonly maxAttempts?: number;
}

/** The handle of a listener; `remove()` stops it. Removing twice does nothing. */
export interface ListenerRegistration {
  remove(): void;
}

/**
 * A document database modelled on Firestore's client API: listen to queries and documents,
 * read them once, and write in atomic batches or transactions. Paths are lists of segments.
 */
export interface DocumentStore {
  /**
   * Calls `onSnapshot` with the query's documents now and after every change, with the
   * changes, until removed; an error ends the listening.
   */
  addQueryListener(
    query: StoreQuery,
    onSnapshot: (snapshot: QuerySnapshot) => void,
    onError: (error: unknown) => void,
  ): ListenerRegistration;
  /** Calls `onSnapshot` with the document at `path` (null when there is none) now and after every change. */
  addDocumentListener(
    path: readonly string[],
    onSnapshot: (document: DocumentSnapshot | null) => void,
    onError: (error: unknown) => void,
  ): ListenerRegistration;
  /** The query's documents once. */
  getDocuments(query: StoreQuery): Promise<readonly DocumentSnapshot[]>;
  /** The document at `path` once, or null. */
  getDocument(path: readonly string[]): Promise<DocumentSnapshot | null>;
  /**
   * Applies the writes atomically, all or none, during the call, notifying listeners once;
   * throws if the store refuses the batch, before anything is applied; the promise settles
   * when the store acknowledges it (Firestore: when the server has it; offline, not before the
   * client is back online). A batch holding a conditional write (`mustNotExist`, `mustExist`,
   * `unchangedSince`) may instead be checked and applied only by the server, rejecting when
   * refused: Firestore runs it as a transaction.
   */
  commitBatch(writes: readonly DocumentWrite[]): Promise<void>;
  /**
   * Runs `body` as a transaction and resolves with what it resolves with: its reads see the
   * documents as they are, and its writes are applied together, atomically, when it resolves,
   * only if no document it read has changed meanwhile; when one has, `body` runs again, up to
   * `options.maxAttempts` attempts in all (`MAXIMUM_TRANSACTION_ATTEMPTS` unless given). Rejects,
   * with nothing written, with `invalidAttempts` before `body` runs when `maxAttempts` is below 1,
   * with what `body` rejects with, with the error of a write the store refuses, with `contention`
   * when the attempts run out, or with `offline` when the store cannot reach the server.
   */
  runTransaction<T>(body: (transaction: DocumentTransaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
}

/**
 * Throws `StoreError.invalidPath` unless `path` is a collection path (odd number of segments)
 * or a document path (even), with no segment empty or holding a '/'.
 */
export function checkPath(path: readonly string[], isCollection: boolean): void {
  if (path.length === 0 || path.length % 2 !== (isCollection ? 1 : 0)
    || !path.every((segment) => segment.length > 0 && !segment.includes("/"))) {
    throw StoreError.invalidPath(path);
  }
}
