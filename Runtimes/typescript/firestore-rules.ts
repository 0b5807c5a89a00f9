// What Firestore refuses in a query or a write, checked the same way by every store before it does
// anything: the in-memory store refuses what Firestore would, and the Firestore adapter never hands
// the SDK what it would throw for. The rules are those of the SDKs' argument checks, as
// Sources/ModelgenRuntime/Store/FirestoreRules.swift has them: firebase-js-sdk's
// packages/firestore/src/lite-api/user_data_reader.ts (parseData, parseSentinelFieldValue,
// validatePathSegment, createSentinelChildContext), lite-api/query.ts (newQueryFilter,
// parseDocumentIdValue, validateDisjunctiveFilterElements, conflictingOps, findOpInsideFilters,
// validateHasExplicitOrderByForLimitToLast) and lite-api/timestamp.ts (the range of seconds);
// firebase-ios-sdk's core/src/core/user_data.cc (ValidatePathSegment); the query API's
// StructuredQuery.FieldFilter.Operator (the list limits, NOT_IN and ARRAY_CONTAINS_ANY beside OR).

import { overlappingFields } from "./field-update.js";
import type { FieldUpdate } from "./field-update.js";
import { checkRequest, isShortEnough, utf8Length } from "./document-limits.js";
import { sortedEntries, valuesEqual } from "./order.js";
import { compareFieldPaths, isEmptyFilter, normalizedOrderBy, sameField } from "./query-engine.js";
import { checkPath, isDocumentID, StoreError } from "./store.js";
import type { DocumentWrite, FieldPath, QueryBound, QueryFilter, QueryOperator, QueryOrder, StoreQuery } from "./store.js";
import type { Timestamp } from "./timestamp.js";
import type { DocumentValue } from "./value.js";

/** The checks every store runs on a query or a write before doing anything; each throws a `StoreError`. */
export const FirestoreRules: {
  /**
   * Throws for the first thing in `query` Firestore refuses: a bad collection path, then each
   * comparison in written order and its conflict with those before it, then a `not-in` beside an
   * `or`, two `array-contains(-any)` joined by `and`, or more than 30 disjunctions, then a
   * collection group's comparison of the document id, then an order by a field it cannot name, one
   * field ordered twice, a key after the document id, an equality on the id beside another field's
   * inequality (see `checkOrder`), then a `limitToLast` beside a `limit` or with no order
   * ("limitToLast() queries require specifying at least one orderBy() clause": firebase-js-sdk
   * lite-api/query.ts); then the start and end bounds.
   */
  checkQuery(query: StoreQuery): void;
  /**
   * Throws for the first thing in `write` Firestore refuses: a bad document path, a field it cannot
   * name (then overlapping fields), a value it cannot take there, an increment by no number.
   */
  checkWrite(write: DocumentWrite): void;
  /**
   * Throws `requestTooLarge` when `writes`, committed together, are more than the 10 MiB Firestore
   * takes in one request; refused before anything is written.
   */
  checkSize(writes: readonly DocumentWrite[]): void;
  /** Whether `id` can be a document's id: non-empty, holding no '/'. */
  isDocumentId(id: string): boolean;
} = { checkQuery, checkWrite, checkSize: checkRequest, isDocumentId };

/**
 * Where a value goes, which decides what Firestore takes in it: written data (server timestamps
 * outside arrays; map keys not reserved), a query's operand or an array union or removal's element
 * (no server timestamp), or an `in` or `not-in` filter's list (whose elements may be arrays).
 */
type ValueUse = "write" | "argument" | "inList";

function checkQuery(query: StoreQuery): void {
  // A collection group is named by one collection id (Firestore: "Cannot contain a slash").
  if (query.collectionGroup === true && query.collection.length !== 1) throw StoreError.invalidPath(query.collection);
  checkPath(query.collection, true);
  if (query.filter !== undefined) checkFilter(query.filter);
  // The SDKs take a collection group's document id as a whole document path ("When querying a
  // collection group by documentId(), the value provided must result in a valid document path"),
  // and Firestore refuses a plain id there; the stores compare plain ids only.
  const orderBy = query.orderBy ?? [];
  const boundsId = [query.start, query.end].some((bound) => bound != null && orderBy.slice(0, bound.values.length).some((order) => isDocumentID(order.field)));
  if (query.collectionGroup === true && (boundsId || (query.filter !== undefined && comparisons(query.filter).some((comparison) => isDocumentID(comparison.field))))) {
    throw StoreError.documentIdInCollectionGroup();
  }
  for (const order of query.orderBy ?? []) {
    if (!isDocumentID(order.field) && !isNameable(order.field)) throw StoreError.invalidField(order.field);
  }
  checkOrder(query);
  if (query.limitToLast !== undefined) {
    if (query.limit !== undefined) throw StoreError.twoLimits();
    // The explicit order: implicit keys from inequality filters do not count.
    if ((query.orderBy ?? []).length === 0) throw StoreError.limitToLastWithoutOrder();
  }
  for (const bound of [query.start ?? null, query.end ?? null]) {
    if (bound !== null) checkBound(bound, query.orderBy ?? []);
  }
}

/**
 * A bound takes at most one value per `orderBy` key (the explicit ones), a value for the document
 * id being a plain id, and any other as a filter's operand (firebase-js-sdk lite-api/query.ts,
 * `newQueryBoundFromFields`: "Too many arguments provided to startAt()", "Expected a string for
 * document ID", "must be a plain document ID").
 */
function checkBound(bound: QueryBound, orderBy: readonly QueryOrder[]): void {
  if (bound.values.length > orderBy.length) throw StoreError.cursorTooLong(bound.values.length, orderBy.length);
  bound.values.forEach((value, index) => {
    const field = (orderBy[index] as QueryOrder).field;
    if (isDocumentID(field)) {
      if (!isIdValue(value)) throw StoreError.invalidDocumentIDCursor();
    } else {
      checkValue(value, field, "argument");
    }
  });
}

/**
 * The most values the list of an `in`, `not-in` or `array-contains-any` filter takes (the query
 * API's StructuredQuery.FieldFilter.Operator: NOT_IN "with at most 10 values"; the others 30).
 */
const LIST_LIMITS = { "in": 30, "not-in": 10, "array-contains-any": 30 } as const;

/** The operators a query cannot hold beside a new `op` (query.ts, conflictingOps, which looks through `or` branches too). */
function conflicts(op: QueryOperator): readonly QueryOperator[] {
  switch (op) {
    case "!=": return ["!=", "not-in"];
    case "in":
    case "array-contains-any": return ["not-in"];
    case "not-in": return ["array-contains-any", "in", "not-in", "!="];
    default: return [];
  }
}

function checkFilter(filter: QueryFilter): void {
  const earlier: QueryOperator[] = [];
  for (const { field, op, value } of comparisons(filter)) {
    checkComparison(field, op, value);
    const conflict = earlier.find((other) => conflicts(op).includes(other));
    if (conflict !== undefined) throw StoreError.conflictingFilters(op, conflict);
    earlier.push(op);
  }
  // The server takes no OR beside NOT_IN.
  if (earlier.includes("not-in") && hasDisjunction(filter)) throw StoreError.notInWithOr();
  // The emulator: "A maximum of 1 'ARRAY_CONTAINS' filter is allowed per disjunction" (an
  // `array-contains-any` is one in each of its disjunctions), and "Too many disjunctions after
  // normalization" past 30, where `in` and `array-contains-any` count one per value.
  if (arrayContainsPerConjunction(filter) > 1) throw StoreError.twoArrayContains();
  if (disjunctionCount(filter) > MAXIMUM_DISJUNCTIONS) throw StoreError.tooManyDisjunctions();
}

/**
 * The most disjunctions Firestore runs for one filter in disjunctive normal form ("Query
 * limitations": "Cloud Firestore limits a query to a maximum of 30 disjunctions").
 */
const MAXIMUM_DISJUNCTIONS = 30;

/**
 * Refuses an order Firestore's server refuses (the emulator's messages): a field ordered twice
 * ("order by clause cannot contain duplicate fields"), any key after the document id in the order
 * the SDKs send — the keys given, then the inequalities' other fields ("order by clause cannot
 * contain more fields after the key"), and an `==` or `in` on the document id beside an inequality
 * on another field and none on the id ("Equality on key is not allowed if there are other
 * inequality fields and key does not appear in inequalities").
 */
function checkOrder(query: StoreQuery): void {
  const seen: FieldPath[] = [];
  for (const order of query.orderBy ?? []) {
    if (seen.some((field) => sameField(field, order.field))) throw StoreError.fieldOrderedTwice(order.field);
    seen.push(order.field);
  }
  const keys = normalizedOrderBy(query);
  const id = keys.findIndex((order) => isDocumentID(order.field));
  if (id >= 0 && id < keys.length - 1) throw StoreError.orderAfterDocumentId();
  if (query.filter === undefined) return;
  const inequalities = serverInequalityFields(query.filter);
  if (inequalities.length > 0 && !inequalities.some(isDocumentID) && hasDocumentIdEquality(query.filter)) {
    throw StoreError.documentIdEqualityWithInequality();
  }
}

/**
 * The fields of the inequalities Firestore's server counts: not a range with a null or NaN operand,
 * which matches nothing (the emulator runs `id == "a" and x < null`, and refuses `id == "a" and x != 1`).
 */
function serverInequalityFields(filter: QueryFilter): FieldPath[] {
  return comparisons(filter).filter(({ op, value }) => {
    const range = op === "<" || op === "<=" || op === ">" || op === ">=";
    const nothing = value.kind === "null" || (value.kind === "double" && Number.isNaN(value.value));
    return ["<", "<=", ">", ">=", "!=", "not-in"].includes(op) && !(range && nothing);
  }).map(({ field }) => field);
}

/** Whether the filter holds an `==` or `in` comparison on the document id. */
function hasDocumentIdEquality(filter: QueryFilter): boolean {
  if (filter.kind === "compare") return isDocumentID(filter.field) && (filter.op === "==" || filter.op === "in");
  return filter.filters.some(hasDocumentIdEquality);
}

/** The filter's comparisons, depth first in written order. */
function comparisons(filter: QueryFilter): Extract<QueryFilter, { kind: "compare" }>[] {
  return filter.kind === "compare" ? [filter] : filter.filters.flatMap(comparisons);
}

/** Whether the filter holds, at any depth, an `or` of at least two terms that are not empty. */
function hasDisjunction(filter: QueryFilter): boolean {
  if (filter.kind === "compare") return false;
  return (filter.kind === "or" && filter.filters.filter((inner) => !isEmptyFilter(inner)).length > 1)
    || filter.filters.some(hasDisjunction);
}

type Comparison = Extract<QueryFilter, { kind: "compare" }>;

/**
 * The most `array-contains` and `array-contains-any` comparisons in one conjunction of the filter's
 * disjunctive normal form, as Firestore's server counts them: one comparison given twice among the
 * terms of one `and` counts once (an `and` or `or` of one term being that term), but twice from two
 * levels (the emulator runs `a and a` and refuses `a and (a or b)`).
 */
function arrayContainsPerConjunction(filter: QueryFilter): number {
  if (filter.kind === "compare") return filter.op === "array-contains" || filter.op === "array-contains-any" ? 1 : 0;
  if (filter.kind === "or") return filter.filters.reduce((most, inner) => Math.max(most, arrayContainsPerConjunction(inner)), 0);
  const direct: Comparison[] = [];
  let nested = 0;
  for (const inner of filter.filters.map(unwrapped)) {
    if (inner.kind !== "compare") {
      nested += arrayContainsPerConjunction(inner);
    } else if (arrayContainsPerConjunction(inner) === 1
      && !direct.some((known) => sameComparison(known, inner))) {
      direct.push(inner);
    }
  }
  return direct.length + nested;
}

/**
 * Whether two comparisons are one to Firestore's server: the same field, operator and an equal
 * operand of the same type (the emulator takes `contains 1` twice, not beside `contains 1.0`).
 */
function sameComparison(a: Comparison, b: Comparison): boolean {
  return sameField(a.field, b.field) && a.op === b.op && a.value.kind === b.value.kind && valuesEqual(a.value, b.value);
}

/**
 * The filter as the SDKs send it: an `and` or an `or` of one term that is not empty is that term
 * (firebase-js-sdk remote/serializer.ts, `toFilter`).
 */
function unwrapped(filter: QueryFilter): QueryFilter {
  if (filter.kind === "compare") return filter;
  const terms = filter.filters.filter((inner) => !isEmptyFilter(inner));
  return terms.length === 1 && terms[0] !== undefined ? unwrapped(terms[0]) : filter;
}

/**
 * How many conjunctions the filter's disjunctive normal form has, where an `in` or
 * `array-contains-any` is a disjunction of its values, and a filter of no comparison is dropped;
 * counted up to one past `MAXIMUM_DISJUNCTIONS`.
 */
function disjunctionCount(filter: QueryFilter): number {
  const most = MAXIMUM_DISJUNCTIONS + 1;
  if (filter.kind === "compare") {
    const listed = (filter.op === "in" || filter.op === "array-contains-any") && filter.value.kind === "array";
    return listed && filter.value.kind === "array" ? Math.max(distinctCount(filter.value.values, most), 1) : 1;
  }
  const terms = filter.filters.filter((inner) => !isEmptyFilter(inner)).map(disjunctionCount);
  if (filter.kind === "and") return terms.reduce((count, term) => Math.min(count * term, most), 1);
  return terms.length === 0 ? 1 : Math.min(terms.reduce((sum, term) => sum + term, 0), most);
}

/**
 * How many of `values` Firestore's query normalization keeps apart, counted up to `most`: values of
 * one type that are equal count once (NaN as NaN, -0 as 0), an int and a double apart. Its
 * emulator counts `["a", "a"]` and `[0.0, -0.0]` as one disjunction each, `[0, 0.0]` as two.
 */
function distinctCount(values: readonly DocumentValue[], most: number): number {
  const kept: DocumentValue[] = [];
  for (const value of values) {
    if (kept.some((other) => sameValue(other, value))) continue;
    kept.push(value);
    if (kept.length === most) break;
  }
  return kept.length;
}

/** Whether two values are of one type, element by element, and equal (NaN as NaN, -0 as 0). */
function sameValue(a: DocumentValue, b: DocumentValue): boolean {
  if (a.kind === "array") {
    return b.kind === "array" && a.values.length === b.values.length && a.values.every((value, index) => {
      const other = b.values[index];
      return other !== undefined && sameValue(value, other);
    });
  }
  if (a.kind === "map") {
    return b.kind === "map" && a.fields.size === b.fields.size && [...a.fields].every(([key, value]) => {
      const other = b.fields.get(key);
      return other !== undefined && sameValue(value, other);
    });
  }
  return a.kind === b.kind && valuesEqual(a, b);
}

function checkComparison(field: FieldPath, op: QueryOperator, operand: DocumentValue): void {
  if (isDocumentID(field)) return checkDocumentIdComparison(field, op, operand);
  if (!isNameable(field)) throw StoreError.invalidField(field);
  if (op !== "in" && op !== "not-in" && op !== "array-contains-any") return checkValue(operand, field, "argument");
  if (operand.kind !== "array" || operand.values.length === 0) throw StoreError.emptyList(op, field);
  if (operand.values.length > LIST_LIMITS[op]) throw StoreError.tooManyValues(op, field, LIST_LIMITS[op]);
  // `in` and `not-in` lists may hold arrays (the SDKs parse them as array arguments); `array-contains-any` ones not.
  const use = op === "array-contains-any" ? "argument" : "inList";
  for (const value of operand.values) checkValue(value, field, use, true, true);
}

/**
 * A comparison of the document id takes ids only, and no `array-contains` or `array-contains-any`
 * (query.ts, newQueryFilter and parseDocumentIdValue).
 */
function checkDocumentIdComparison(field: FieldPath, op: QueryOperator, operand: DocumentValue): void {
  switch (op) {
    case "array-contains":
    case "array-contains-any":
      throw StoreError.invalidDocumentIdFilter();
    case "in":
    case "not-in":
      if (operand.kind !== "array" || operand.values.length === 0) throw StoreError.emptyList(op, field);
      if (operand.values.length > LIST_LIMITS[op]) throw StoreError.tooManyValues(op, field, LIST_LIMITS[op]);
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
  // Every write, as the emulator refuses the whole commit holding a delete or an update of a
  // document so named (INVALID_ARGUMENT, "Resource id ... is invalid because it is reserved").
  if (!write.path.every(isAllowedID)) throw StoreError.reservedID(write.path);
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
      const long = fields.find(([field]) => !isShortEnough(field));
      if (long !== undefined) throw StoreError.fieldPathTooLong(long[0]);
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
 * array (but in an `in` or `not-in` list), a server timestamp inside an array or anywhere but in written data,
 * a timestamp out of its range, a reference to no document's path, a map key that is empty or,
 * written, reserved. `inArray`: the value
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
    case "reference":
      checkPath(value.path, false);
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
 * Whether Firestore lets a write name a collection or document `id`: not "." or "..", not of the
 * form `__.*__` (at least four bytes, beginning and ending with "__"), and at most 1,500 bytes
 * (firebase.google.com/docs/firestore/quotas, "Constraints on collections, documents, and fields").
 */
function isAllowedID(id: string): boolean {
  const bytes = utf8Length(id);
  const reserved = bytes >= 4 && id.startsWith("__") && id.endsWith("__");
  return id !== "." && id !== ".." && !reserved && bytes <= 1_500;
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
