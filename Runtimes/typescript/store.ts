import type { FieldUpdate } from "./field-update.js";
import type { DocumentTransaction } from "./transaction.js";
import type { DocumentData, DocumentValue } from "./value.js";

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
  | { readonly kind: "set"; readonly path: readonly string[]; readonly data: DocumentData }
  /** Fails if there is no document, or if one field named is another's or inside it (`a` and `a.b`), as Firestore refuses. */
  | { readonly kind: "update"; readonly path: readonly string[]; readonly fields: readonly (readonly [FieldPath, FieldUpdate])[] }
  /** Sets the given fields, creating the document if there is none and keeping its other fields, as Firestore's set with merge: a map value is merged key by key. */
  | { readonly kind: "merge"; readonly path: readonly string[]; readonly fields: readonly (readonly [FieldPath, FieldUpdate])[] }
  | { readonly kind: "delete"; readonly path: readonly string[] };

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
   * client is back online).
   */
  commitBatch(writes: readonly DocumentWrite[]): Promise<void>;
  /**
   * Runs `body` as a transaction and resolves with what it resolves with: its reads see the
   * documents as they are, and its writes are applied together, atomically, when it resolves,
   * only if no document it read has changed meanwhile; when one has, `body` runs again, up to
   * `MAXIMUM_TRANSACTION_ATTEMPTS` attempts in all. Rejects, with nothing written, with what
   * `body` rejects with, with the error of a write the store refuses, with `contention` when the
   * attempts run out, or with `offline` when the store cannot reach the server.
   */
  runTransaction<T>(body: (transaction: DocumentTransaction) => Promise<T>): Promise<T>;
}

/** Why a store refused a request. */
export type StoreProblem =
  /** A path segment is empty or holds a `/`, or the path has the wrong number of segments. */
  | { readonly kind: "invalidPath"; readonly path: readonly string[] }
  | { readonly kind: "reservedID"; readonly path: readonly string[] }
  | { readonly kind: "notFound"; readonly path: readonly string[] }
  /** One update names a field and a field inside it. */
  | { readonly kind: "overlappingFields"; readonly field: FieldPath; readonly inner: FieldPath }
  /** An increment by something else than an int or a double. */
  | { readonly kind: "notANumber"; readonly field: FieldPath }
  /** A transaction read a document after it wrote one. */
  | { readonly kind: "readAfterWrite" }
  /** A transaction found a document it read changed at each of its attempts. */
  | { readonly kind: "contention"; readonly attempts: number }
  /** A transaction on a store that cannot reach the server. */
  | { readonly kind: "offline" }
  /**
   * A field Firestore cannot name: with no name or an empty one, or, written, one that begins and
   * ends with `__` (as the document id's `__name__` does).
   */
  | { readonly kind: "invalidField"; readonly field: FieldPath }
  /**
   * A value Firestore cannot take where it is: an array directly inside an array (but in an `in` or
   * `not-in` list), a server timestamp inside an array or in a query, or a timestamp outside the years 1 to 9999.
   */
  | { readonly kind: "unsupportedValue"; readonly field: FieldPath }
  /** A filter whose operator a query cannot have beside an `earlier` one's (the same, or another). */
  | { readonly kind: "conflictingFilters"; readonly op: QueryOperator; readonly earlier: QueryOperator }
  /** An `in`, `not-in` or `array-contains-any` filter whose value is not an array, or an empty one. */
  | { readonly kind: "emptyList"; readonly op: QueryOperator; readonly field: FieldPath }
  /** An `in`, `not-in` or `array-contains-any` filter with more values than Firestore takes. */
  | { readonly kind: "tooManyValues"; readonly op: QueryOperator; readonly field: FieldPath; readonly limit: number }
  /** A query with a `not-in` filter and an `or`, which Firestore does not run. */
  | { readonly kind: "notInWithOr" }
  /** A query with two `array-contains-any` filters joined by `and`, which Firestore does not run. */
  | { readonly kind: "twoArrayContainsAny" }
  /**
   * A filter on the document id with something that cannot be an id (a non-empty string holding no '/'),
   * or an `array-contains` or `array-contains-any` one.
   */
  | { readonly kind: "invalidDocumentIdFilter" }
  /** A query with both a `limit` and a `limitToLast`. */
  | { readonly kind: "twoLimits" }
  /** A `limitToLast` query with no `orderBy`, which Firestore refuses. */
  | { readonly kind: "limitToLastWithoutOrder" }
  /** A cursor with more values than the query has `orderBy` keys. */
  | { readonly kind: "cursorTooLong"; readonly values: number; readonly orderKeys: number }
  /** A cursor whose value for the document id is not a plain id (a non-empty string holding no '/'). */
  | { readonly kind: "invalidDocumentIDCursor" };

/** A request a store refused. */
export class StoreError extends Error {
  readonly problem: StoreProblem;

  constructor(problem: StoreProblem) {
    super(describeStoreProblem(problem));
    this.problem = problem;
    this.name = "StoreError";
    Object.setPrototypeOf(this, new.target.prototype);
  }

  /** The path is not one of a collection or document as asked. */
  static invalidPath(path: readonly string[]): StoreError {
    return new StoreError({ kind: "invalidPath", path });
  }

  /**
   * A write names a document by an id Firestore does not take ("Constraints on
   * collections, documents, and fields"): ".", "..", one of the form `__.*__`, or one longer than
   * 1,500 bytes, as the document's id or as one of its path's.
   */
  static reservedID(path: readonly string[]): StoreError {
    return new StoreError({ kind: "reservedID", path });
  }

  /** An update of a document that does not exist. */
  static notFound(path: readonly string[]): StoreError {
    return new StoreError({ kind: "notFound", path });
  }

  /** One update names a field and a field inside it. */
  static overlappingFields(field: FieldPath, inner: FieldPath): StoreError {
    return new StoreError({ kind: "overlappingFields", field, inner });
  }

  /** An increment by something else than an int or a double. */
  static notANumber(field: FieldPath): StoreError {
    return new StoreError({ kind: "notANumber", field });
  }

  /** A transaction read a document after it wrote one. */
  static readAfterWrite(): StoreError {
    return new StoreError({ kind: "readAfterWrite" });
  }

  /** A transaction found a document it read changed at each of its `attempts`. */
  static contention(attempts: number): StoreError {
    return new StoreError({ kind: "contention", attempts });
  }

  /** A transaction on a store that cannot reach the server. */
  static offline(): StoreError {
    return new StoreError({ kind: "offline" });
  }

  /** A field Firestore cannot name: empty, or, written, reserved (`__name__`). */
  static invalidField(field: FieldPath): StoreError {
    return new StoreError({ kind: "invalidField", field });
  }

  /** A value Firestore cannot take at `field`. */
  static unsupportedValue(field: FieldPath): StoreError {
    return new StoreError({ kind: "unsupportedValue", field });
  }

  /** An `op` filter in a query that has an `earlier` filter it cannot go with. */
  static conflictingFilters(op: QueryOperator, earlier: QueryOperator): StoreError {
    return new StoreError({ kind: "conflictingFilters", op, earlier });
  }

  /** An `op` filter on `field` whose value is not an array, or an empty one. */
  static emptyList(op: QueryOperator, field: FieldPath): StoreError {
    return new StoreError({ kind: "emptyList", op, field });
  }

  /** An `op` filter on `field` with more than `limit` values. */
  static tooManyValues(op: QueryOperator, field: FieldPath, limit: number): StoreError {
    return new StoreError({ kind: "tooManyValues", op, field, limit });
  }

  /** A query with a `not-in` filter and an `or`. */
  static notInWithOr(): StoreError {
    return new StoreError({ kind: "notInWithOr" });
  }

  /** A query with two `array-contains-any` filters joined by `and`. */
  static twoArrayContainsAny(): StoreError {
    return new StoreError({ kind: "twoArrayContainsAny" });
  }

  /** A filter on the document id with something that cannot be an id, or an `array-contains(-any)` one. */
  static invalidDocumentIdFilter(): StoreError {
    return new StoreError({ kind: "invalidDocumentIdFilter" });
  }

  /** A query with both a `limit` and a `limitToLast`. */
  static twoLimits(): StoreError {
    return new StoreError({ kind: "twoLimits" });
  }

  /** A `limitToLast` query with no `orderBy`. */
  static limitToLastWithoutOrder(): StoreError {
    return new StoreError({ kind: "limitToLastWithoutOrder" });
  }

  /** A cursor of `values` values for a query with only `orderKeys` `orderBy` keys. */
  static cursorTooLong(values: number, orderKeys: number): StoreError {
    return new StoreError({ kind: "cursorTooLong", values, orderKeys });
  }

  /** A cursor whose value for the document id is not a plain id. */
  static invalidDocumentIDCursor(): StoreError {
    return new StoreError({ kind: "invalidDocumentIDCursor" });
  }

  /** The message: `no document at 'c/x'`. */
  override toString(): string {
    return this.message;
  }
}

function describeStoreProblem(problem: StoreProblem): string {
  switch (problem.kind) {
    case "invalidPath":
      return `invalid path ${problem.path.map((segment) => `'${segment}'`).join("/")}: segments must be non-empty and hold no '/'`;
    case "reservedID":
      return `invalid path ${problem.path.map((segment) => `'${segment}'`).join("/")}: Firestore takes no id that is '.' or '..', matches __.*__, or is longer than 1,500 bytes`;
    case "notFound":
      return `no document at '${problem.path.join("/")}'`;
    case "overlappingFields":
      return `one update cannot change both '${problem.field.join(".")}' and '${problem.inner.join(".")}'`;
    case "notANumber":
      return `'${problem.field.join(".")}' can only be incremented by an int or a double`;
    case "readAfterWrite":
      return "a transaction must read every document before it writes any";
    case "contention":
      return `a transaction gave up after ${problem.attempts} attempts: a document it read changed each time`;
    case "offline":
      return "a transaction needs the server, and this store's writes are pending";
    case "invalidField":
      return `invalid field '${problem.field.join(".")}': names must be non-empty, and written ones must not begin and end with '__'`;
    case "unsupportedValue":
      return `'${problem.field.join(".")}' holds what Firestore cannot take there: an array directly inside an array, `
        + "a server timestamp inside an array or in a query, or a timestamp outside the years 1 to 9999";
    case "conflictingFilters":
      return problem.op === problem.earlier
        ? `a query can have at most one '${problem.op}' filter`
        : `a query cannot have both '${problem.op}' and '${problem.earlier}' filters`;
    case "emptyList":
      return `the '${problem.op}' filter on '${problem.field.join(".")}' needs a non-empty list`;
    case "tooManyValues":
      return `the '${problem.op}' filter on '${problem.field.join(".")}' takes at most ${problem.limit} values`;
    case "notInWithOr":
      return "a query with a 'not-in' filter cannot use 'or'";
    case "twoArrayContainsAny":
      return "a query can have one 'array-contains-any' filter in each 'or' branch, not two joined by 'and'";
    case "invalidDocumentIdFilter":
      return "a filter on the document id takes non-empty strings holding no '/', and cannot be 'array-contains'";
    case "twoLimits":
      return "a query takes 'limit' or 'limitToLast', not both";
    case "limitToLastWithoutOrder":
      return "a query with 'limitToLast' needs an 'orderBy'";
    case "cursorTooLong":
      return `a cursor takes at most one value per 'orderBy' key: ${problem.values} values for ${problem.orderKeys} keys`;
    case "invalidDocumentIDCursor":
      return "a cursor's value for the document id must be a non-empty string holding no '/'";
  }
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
