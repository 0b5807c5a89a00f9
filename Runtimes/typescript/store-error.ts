// Why a store refused a request: one `StoreProblem` per rule of Firestore's (FirestoreRules,
// DocumentLimits, the transactions' and the paths'), and the `StoreError` that carries it, with
// the same message in the three runtimes.

import type { FieldPath, QueryOperator } from "./store.js";

/** Why a store refused a request. */
export type StoreProblem =
  /** A path segment is empty or holds a `/`, or the path has the wrong number of segments. */
  | { readonly kind: "invalidPath"; readonly path: readonly string[] }
  | { readonly kind: "reservedID"; readonly path: readonly string[] }
  | { readonly kind: "notFound"; readonly path: readonly string[] }
  /** A create-only write of a document that exists. */
  | { readonly kind: "alreadyExists"; readonly path: readonly string[] }
  /** An `unchangedSince` write of a document that no longer reads as it was read. */
  | { readonly kind: "changedSinceRead"; readonly path: readonly string[] }
  /** One update names a field and a field inside it. */
  | { readonly kind: "overlappingFields"; readonly field: FieldPath; readonly inner: FieldPath }
  /** An increment by something else than an int or a double. */
  | { readonly kind: "notANumber"; readonly field: FieldPath }
  /** A transaction read a document after it wrote one. */
  | { readonly kind: "readAfterWrite" }
  /** A transaction found a document it read changed at each of its attempts. */
  | { readonly kind: "contention"; readonly attempts: number }
  /** A transaction allowed fewer than one attempt (its `maxAttempts`). */
  | { readonly kind: "invalidAttempts"; readonly attempts: number }
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
  /** A query with two `array-contains` or `array-contains-any` filters joined by `and`, which Firestore does not run. */
  | { readonly kind: "twoArrayContains" }
  /** A filter of more than 30 disjunctions, `in` and `array-contains-any` counting one per value. */
  | { readonly kind: "tooManyDisjunctions" }
  /** One field twice in a query's `orderBy`. */
  | { readonly kind: "fieldOrderedTwice"; readonly field: FieldPath }
  /** A key after the document id in a query's order, the inequalities' fields included. */
  | { readonly kind: "orderAfterDocumentId" }
  /** An `==` or `in` on the document id beside an inequality on another field and none on the id. */
  | { readonly kind: "documentIdEqualityWithInequality" }
  /** A document a commit would leave larger than Firestore stores (1,048,576 bytes). */
  | { readonly kind: "documentTooLarge"; readonly path: readonly string[] }
  /** A commit's writes come to more than the 10 MiB Firestore takes in one request. */
  | { readonly kind: "requestTooLarge" }
  /** A string or bytes value longer than Firestore stores (1,048,487 bytes). */
  | { readonly kind: "valueTooLarge"; readonly field: FieldPath }
  /** A value of maps and arrays nested more than 20 levels deep. */
  | { readonly kind: "tooDeep"; readonly field: FieldPath }
  /** A field path longer than Firestore takes (1,500 bytes, its names joined by dots). */
  | { readonly kind: "fieldPathTooLong"; readonly field: FieldPath }
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
  | { readonly kind: "invalidDocumentIDCursor" }
  /** A collection-group query that compares the document id, which Firestore takes only as a whole document path. */
  | { readonly kind: "documentIdInCollectionGroup" };

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

  /** An update, or a must-exist delete, of a document that does not exist. */
  static notFound(path: readonly string[]): StoreError {
    return new StoreError({ kind: "notFound", path });
  }

  /** A create-only write of a document that exists. */
  static alreadyExists(path: readonly string[]): StoreError {
    return new StoreError({ kind: "alreadyExists", path });
  }

  /** An `unchangedSince` write of a document that no longer reads as it was read. */
  static changedSinceRead(path: readonly string[]): StoreError {
    return new StoreError({ kind: "changedSinceRead", path });
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

  /** A transaction allowed fewer than one attempt: `attempts` is its `maxAttempts`. */
  static invalidAttempts(attempts: number): StoreError {
    return new StoreError({ kind: "invalidAttempts", attempts });
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

  /** A query with two `array-contains` or `array-contains-any` filters joined by `and`. */
  static twoArrayContains(): StoreError {
    return new StoreError({ kind: "twoArrayContains" });
  }

  /** A filter of more than 30 disjunctions. */
  static tooManyDisjunctions(): StoreError {
    return new StoreError({ kind: "tooManyDisjunctions" });
  }

  /** One field twice in a query's `orderBy`. */
  static fieldOrderedTwice(field: FieldPath): StoreError {
    return new StoreError({ kind: "fieldOrderedTwice", field });
  }

  /** A key after the document id in a query's order. */
  static orderAfterDocumentId(): StoreError {
    return new StoreError({ kind: "orderAfterDocumentId" });
  }

  /** An `==` or `in` on the document id beside an inequality on another field and none on the id. */
  static documentIdEqualityWithInequality(): StoreError {
    return new StoreError({ kind: "documentIdEqualityWithInequality" });
  }

  /** A document a commit would leave larger than Firestore stores. */
  static documentTooLarge(path: readonly string[]): StoreError {
    return new StoreError({ kind: "documentTooLarge", path });
  }

  /** A commit's writes come to more than Firestore takes in one request. */
  static requestTooLarge(): StoreError {
    return new StoreError({ kind: "requestTooLarge" });
  }

  /** A string or bytes value longer than Firestore stores. */
  static valueTooLarge(field: FieldPath): StoreError {
    return new StoreError({ kind: "valueTooLarge", field });
  }

  /** A value of maps and arrays nested more than 20 levels deep. */
  static tooDeep(field: FieldPath): StoreError {
    return new StoreError({ kind: "tooDeep", field });
  }

  /** A field path longer than Firestore takes. */
  static fieldPathTooLong(field: FieldPath): StoreError {
    return new StoreError({ kind: "fieldPathTooLong", field });
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

  /** A collection-group query that compares the document id (a filter or a cursor). */
  static documentIdInCollectionGroup(): StoreError {
    return new StoreError({ kind: "documentIdInCollectionGroup" });
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
    case "alreadyExists":
      return `a document already exists at '${problem.path.join("/")}'`;
    case "changedSinceRead":
      return `the document at '${problem.path.join("/")}' has changed since it was read`;
    case "overlappingFields":
      return `one update cannot change both '${problem.field.join(".")}' and '${problem.inner.join(".")}'`;
    case "notANumber":
      return `'${problem.field.join(".")}' can only be incremented by an int or a double`;
    case "readAfterWrite":
      return "a transaction must read every document before it writes any";
    case "contention":
      return `a transaction gave up after ${problem.attempts} ${problem.attempts === 1 ? "attempt" : "attempts"}: a document it read changed each time`;
    case "invalidAttempts":
      return `a transaction runs at least once; maxAttempts was ${problem.attempts}`;
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
    case "twoArrayContains":
      return "a query can have one 'array-contains' or 'array-contains-any' filter in each 'or' branch, not two joined by 'and'";
    case "tooManyDisjunctions":
      return "a query's filter makes more than the 30 disjunctions Firestore runs ('in' and 'array-contains-any' count one per value)";
    case "fieldOrderedTwice":
      return `a query cannot order by '${problem.field.join(".")}' twice`;
    case "orderAfterDocumentId":
      return "a query's order cannot have a key after the document id (an inequality's field is ordered after the keys given)";
    case "documentIdEqualityWithInequality":
      return "a query with '==' or 'in' on the document id cannot have an inequality on another field unless it has one on the id";
    case "documentTooLarge":
      return `the document at '${problem.path.join("/")}' would be larger than the 1,048,576 bytes Firestore stores`;
    case "requestTooLarge":
      return "the commit is larger than the 10,485,760 bytes (10 MiB) Firestore takes in one request";
    case "valueTooLarge":
      return `'${problem.field.join(".")}' holds a string or bytes longer than the 1,048,487 bytes Firestore stores in one value`;
    case "tooDeep":
      return `'${problem.field.join(".")}' nests maps and arrays deeper than the 20 levels Firestore stores`;
    case "fieldPathTooLong":
      return `the field path '${problem.field.join(".")}' is longer than the 1,500 bytes Firestore takes`;
    case "invalidDocumentIdFilter":
      return "a filter on the document id takes non-empty strings holding no '/', and cannot be 'array-contains'";
    case "twoLimits":
      return "a query takes 'limit' or 'limitToLast', not both";
    case "limitToLastWithoutOrder":
      return "a query with 'limitToLast' needs an 'orderBy'";
    case "cursorTooLong":
      return `a cursor takes at most one value per 'orderBy' key: ${problem.values} values for ${problem.orderKeys} keys`;
    case "documentIdInCollectionGroup":
      return "a collection-group query compares the document id with whole document paths, not ids; filter on a stored field";
    case "invalidDocumentIDCursor":
      return "a cursor's value for the document id must be a non-empty string holding no '/'";
  }
}
