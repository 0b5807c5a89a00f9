// What Firestore refuses in a query or a write, checked the same way by every store before it does
// anything: the in-memory store refuses what Firestore would, and the Firestore adapter never hands
// the SDK what it would throw for. The rules are those of the SDKs' argument checks, as
// Sources/ModelgenRuntime/Store/FirestoreRules.swift has them: firebase-js-sdk's
// packages/firestore/src/lite-api/user_data_reader.ts (parseData, parseSentinelFieldValue,
// validatePathSegment, createSentinelChildContext), lite-api/query.ts (newQueryFilter,
// parseDocumentIdValue, validateDisjunctiveFilterElements, conflictingOps,
// validateHasExplicitOrderByForLimitToLast) and lite-api/timestamp.ts (the range of seconds);
// firebase-ios-sdk's core/src/core/user_data.cc (ValidatePathSegment).

import { overlappingFields } from "./field-update.js";
import type { FieldUpdate } from "./field-update.js";
import { sortedEntries } from "./order.js";
import { compareFieldPaths } from "./query-engine.js";
import { checkPath, isDocumentID, StoreError } from "./store.js";
import type { DocumentWrite, FieldPath, QueryFilter, QueryOperator, StoreQuery } from "./store.js";
import type { Timestamp } from "./timestamp.js";
import type { DocumentValue } from "./value.js";

/** The checks every store runs on a query or a write before doing anything; each throws a `StoreError`. */
export const FirestoreRules: {
  /**
   * Throws for the first thing in `query` Firestore refuses: a bad collection path, then each
   * comparison in written order, then a second `!=`, then an order by a field it cannot name,
   * then a `limitToLast` beside a `limit` or with no order ("limitToLast() queries require
   * specifying at least one orderBy() clause": firebase-js-sdk lite-api/query.ts).
   */
  checkQuery(query: StoreQuery): void;
  /**
   * Throws for the first thing in `write` Firestore refuses: a bad document path, a field it cannot
   * name (then overlapping fields), a value it cannot take there, an increment by no number.
   */
  checkWrite(write: DocumentWrite): void;
  /** Whether `id` can be a document's id: non-empty, holding no '/'. */
  isDocumentId(id: string): boolean;
} = { checkQuery, checkWrite, isDocumentId };

/**
 * Where a value goes, which decides what Firestore takes in it: written data (server timestamps
 * outside arrays; map keys not reserved), a query's operand or an array union or removal's element
 * (no server timestamp), or an `in` filter's list (whose elements may be arrays).
 */
type ValueUse = "write" | "argument" | "inList";

function checkQuery(query: StoreQuery): void {
  checkPath(query.collection, true);
  if (query.filter !== undefined) {
    checkFilter(query.filter);
    // The SDKs take one '!=' (or 'not-in') a query (query.ts, conflictingOps).
    if (notEqualFilters(query.filter) > 1) throw StoreError.multipleNotEqualFilters();
  }
  for (const order of query.orderBy ?? []) {
    if (!isDocumentID(order.field) && !isNameable(order.field)) throw StoreError.invalidField(order.field);
  }
  if (query.limitToLast !== undefined) {
    if (query.limit !== undefined) throw StoreError.twoLimits();
    // The explicit order: implicit keys from inequality filters do not count.
    if ((query.orderBy ?? []).length === 0) throw StoreError.limitToLastWithoutOrder();
  }
}

function checkFilter(filter: QueryFilter): void {
  if (filter.kind === "compare") {
    checkComparison(filter.field, filter.op, filter.value);
  } else {
    for (const inner of filter.filters) checkFilter(inner);
  }
}

function notEqualFilters(filter: QueryFilter): number {
  if (filter.kind === "compare") return filter.op === "!=" ? 1 : 0;
  return filter.filters.reduce((count, inner) => count + notEqualFilters(inner), 0);
}

function checkComparison(field: FieldPath, op: QueryOperator, operand: DocumentValue): void {
  if (isDocumentID(field)) return checkDocumentIdComparison(field, op, operand);
  if (!isNameable(field)) throw StoreError.invalidField(field);
  if (op !== "in") return checkValue(operand, field, "argument");
  if (operand.kind !== "array" || operand.values.length === 0) throw StoreError.emptyInList(field);
  // An `in` list's elements may be arrays (the SDKs parse it as an array argument).
  for (const value of operand.values) checkValue(value, field, "inList", true, true);
}

/** A comparison of the document id takes ids only, and no `array-contains` (query.ts, newQueryFilter and parseDocumentIdValue). */
function checkDocumentIdComparison(field: FieldPath, op: QueryOperator, operand: DocumentValue): void {
  switch (op) {
    case "array-contains":
      throw StoreError.invalidDocumentIdFilter();
    case "in":
      if (operand.kind !== "array" || operand.values.length === 0) throw StoreError.emptyInList(field);
      if (!operand.values.every(isIdValue)) throw StoreError.invalidDocumentIdFilter();
      return;
    default:
      if (!isIdValue(operand)) throw StoreError.invalidDocumentIdFilter();
  }
}

function isIdValue(value: DocumentValue): boolean {
  return value.kind === "string" && isDocumentId(value.value);
}

// '/' is one UTF-16 unit that is never part of a surrogate pair, so this looks for it among code points.
function isDocumentId(id: string): boolean {
  return id.length > 0 && !id.includes("/");
}

// A set's keys and an update's fields are checked in code-point order, as the Swift runtime, whose
// documents and updates are unordered, checks them: the first error is the same in every runtime.
function checkWrite(write: DocumentWrite): void {
  checkPath(write.path, false);
  switch (write.kind) {
    case "set":
      for (const [key, value] of sortedEntries(write.data)) {
        if (!isWritableName(key)) throw StoreError.invalidField([key]);
        checkValue(value, [key], "write");
      }
      break;
    case "update":
    case "merge": {
      const fields = [...write.fields].sort((a, b) => compareFieldPaths(a[0], b[0]));
      const unnamed = fields.find(([field]) => field.length === 0 || !field.every(isWritableName));
      if (unnamed !== undefined) throw StoreError.invalidField(unnamed[0]);
      const overlap = overlappingFields(write.fields.map(([field]) => field));
      if (overlap !== null) throw StoreError.overlappingFields(...overlap);
      for (const [field, update] of fields) checkUpdate(update, field);
      break;
    }
    case "delete":
      break;
  }
}

function checkUpdate(update: FieldUpdate, field: FieldPath): void {
  switch (update.kind) {
    case "delete":
      return;
    case "increment":
      if (update.by.kind !== "int" && update.by.kind !== "double") throw StoreError.notANumber(field);
      return;
    case "arrayUnion":
    case "arrayRemove":
      // Parsed as query arguments inside an array (user_data_reader.ts, createSentinelChildContext).
      for (const value of update.values) checkValue(value, field, "argument", true, true);
      return;
    default:
      checkValue(update, field, "write");
  }
}

/**
 * Throws for what Firestore cannot take at `field` (which errors name): an array directly inside an
 * array (but in an `in` list), a server timestamp inside an array or anywhere but in written data,
 * a timestamp out of its range, a map key that is empty or, written, reserved. `inArray`: the value
 * is inside an array, at any depth; `arrayElement`: it is an element of an array.
 */
function checkValue(value: DocumentValue, field: FieldPath, use: ValueUse, inArray = false, arrayElement = false): void {
  switch (value.kind) {
    case "timestamp":
      if (!isInRange(value.value)) throw StoreError.unsupportedValue(field);
      return;
    case "array":
      if (arrayElement && use !== "inList") throw StoreError.unsupportedValue(field);
      for (const element of value.values) checkValue(element, field, use, true, true);
      return;
    case "map":
      for (const [key, inner] of sortedEntries(value.fields)) {
        const path = [...field, key];
        if (use === "write" ? !isWritableName(key) : key.length === 0) throw StoreError.invalidField(path);
        checkValue(inner, path, use, inArray, false);
      }
      return;
    case "serverTimestamp":
      if (use !== "write" || inArray) throw StoreError.unsupportedValue(field);
      return;
    default:
      return;
  }
}

/** Whether a query can name `field`: at least one name, none empty. */
function isNameable(field: FieldPath): boolean {
  return field.length > 0 && field.every((key) => key.length > 0);
}

/**
 * Whether Firestore stores a field or map key named `name`: not empty, and not beginning and ending
 * with "__", which it reserves. "__" and "___" are reserved too, as user_data.cc's ValidatePathSegment
 * compares bytes (the web SDK's regular expression `^__.*__$` lets those two through).
 */
function isWritableName(name: string): boolean {
  return name.length > 0 && !(name.startsWith("__") && name.endsWith("__"));
}

/** Whether Firestore takes the timestamp: from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z. */
function isInRange(timestamp: Timestamp): boolean {
  return timestamp.seconds >= -62_135_596_800 && timestamp.seconds <= 253_402_300_799;
}
