import { compareReferences, compareStrings, compareValues, valueRank } from "./order.js";
import { isDocumentID } from "./store.js";
import type { DocumentSnapshot, FieldPath, QueryBound, QueryFilter, QueryOperator, QueryOrder, StoreQuery } from "./store.js";
import { DocumentValue } from "./value.js";

/**
 * Runs a `StoreQuery` over documents the way Firestore's server does.
 *
 * A missing field never matches a filter (`== null` matches a stored null); range filters match
 * values of the filter value's type only (ints and doubles are one type); `!=` and `not-in` match
 * present, non-null, different values (`not-in` a list holding null, none); `in` and
 * `array-contains-any` never match a null. A stored NaN matches `== NaN`, and `!=` or `not-in`
 * other values, and no range comparison, `in`, `array-contains` or `array-contains-any`. Results
 * are in the query's `normalizedOrderBy`, then by document path (id); a document lacking one of its
 * fields, or outside the query's `start` and `end` bounds, is left out; `limit` applies last, and
 * `limitToLast` keeps the last documents instead.
 */
export const QueryEngine: {
  /** The documents the query selects, in its order. */
  run(query: StoreQuery, documents: Iterable<DocumentSnapshot>): DocumentSnapshot[];
  /** The stored value at `field`, or undefined when the document lacks it. */
  value(field: FieldPath, document: DocumentSnapshot): DocumentValue | undefined;
  /** Whether the document passes the filter. */
  matches(filter: QueryFilter, document: DocumentSnapshot): boolean;
} = { run, value, matches };

/** A document that a query keeps, with its values for the query's `orderBy` fields. */
export interface Ranked {
  readonly document: DocumentSnapshot;
  readonly keys: readonly DocumentValue[];
}

/**
 * The order Firestore gives a query's results: its `orderBy` keys, then every field with an
 * inequality filter (`<`, `<=`, `>`, `>=`, `!=`, `not-in`) that is not among them, by path, in the
 * direction of the last `orderBy` key (ascending without one); the document id last, in that
 * direction too (Firestore's `StructuredQuery.orderBy`).
 */
export function normalizedOrderBy(query: StoreQuery): readonly QueryOrder[] {
  const orderBy = query.orderBy ?? [];
  const implicit = (query.filter === undefined ? [] : inequalityFields(query.filter))
    .filter((field) => !isDocumentID(field) && !orderBy.some((order) => sameField(order.field, field)))
    .sort(compareFieldPaths);
  const descending = orderBy[orderBy.length - 1]?.descending === true;
  return [...orderBy, ...implicit.map((field) => ({ field, descending }))];
}

/**
 * The query that keeps the first documents of the flipped order where `query` keeps the last:
 * every order key's direction toggled (the implicit ones and the id follow the last key),
 * `limitToLast` as `limit`, and the bounds swapped, each keeping its values and inclusiveness.
 * Firestore's SDKs run `limitToLast` so, then reverse the results (firebase-js-sdk core/query.ts,
 * `_queryToTarget`: "Flip the orderBy directions since we want the last results", and the start
 * and end bounds trade places).
 */
export function flipped(query: StoreQuery): StoreQuery {
  return {
    collection: query.collection,
    ...(query.collectionGroup === true ? { collectionGroup: true } : {}),
    ...(query.filter === undefined ? {} : { filter: query.filter }),
    orderBy: (query.orderBy ?? []).map((order) => ({ field: order.field, descending: !order.descending })),
    ...(query.limitToLast === undefined ? {} : { limit: query.limitToLast }),
    ...(query.end == null ? {} : { start: query.end }),
    ...(query.start == null ? {} : { end: query.start }),
  };
}

/** The fields of the filter's inequalities, in the order written, each once. */
function inequalityFields(filter: QueryFilter): FieldPath[] {
  if (filter.kind === "compare") return ["<", "<=", ">", ">=", "!=", "not-in"].includes(filter.op) ? [filter.field] : [];
  const fields: FieldPath[] = [];
  for (const field of filter.filters.flatMap(inequalityFields)) {
    if (!fields.some((known) => sameField(known, field))) fields.push(field);
  }
  return fields;
}

/** Whether two field paths name the same field. */
export function sameField(a: FieldPath, b: FieldPath): boolean {
  return a.length === b.length && a.every((key, index) => key === b[index]);
}

/** Firestore's order of field paths: segment by segment, by code point; a path before its extensions. */
export function compareFieldPaths(a: FieldPath, b: FieldPath): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const comparison = compareStrings(a[index] as string, b[index] as string);
    if (comparison !== 0) return comparison;
  }
  return a.length - b.length;
}

/**
 * The document with its order keys, or undefined when `query` leaves it out: its filter does not
 * match, the document lacks a field of `orderBy` (the query's normalized order), or it is outside
 * the query's bounds.
 */
export function ranked(document: DocumentSnapshot, query: StoreQuery, orderBy: readonly QueryOrder[]): Ranked | undefined {
  if (query.filter !== undefined && !matches(query.filter, document)) return undefined;
  const entry = rankedBy(document, orderBy);
  if (entry === undefined) return undefined;
  const start = query.start ?? null, end = query.end ?? null;
  if (start !== null && !admits(start, entry.keys, orderBy, true)) return undefined;
  if (end !== null && !admits(end, entry.keys, orderBy, false)) return undefined;
  return entry;
}

/**
 * Whether a document with `keys` (its values for the query's normalized `orderBy`) is on the kept
 * side of `bound`, a start bound or an end one: the bound's values compared with the keys in order,
 * each comparison reversed for a descending key, the first difference deciding (firebase-js-sdk
 * core/bound.ts, `boundCompareToDocument`).
 */
function admits(bound: QueryBound, keys: readonly DocumentValue[], orderBy: readonly QueryOrder[], asStart: boolean): boolean {
  let comparison = 0;
  for (let index = 0; index < Math.min(bound.values.length, orderBy.length); index++) {
    comparison = compareValues(bound.values[index] as DocumentValue, keys[index] as DocumentValue);
    if (orderBy[index]?.descending === true) comparison = -comparison;
    if (comparison !== 0) break;
  }
  if (asStart) return bound.inclusive ? comparison <= 0 : comparison < 0;
  return bound.inclusive ? comparison >= 0 : comparison > 0;
}

/** The document with its order keys, or undefined when it lacks one of the `orderBy` fields. */
export function rankedBy(document: DocumentSnapshot, orderBy: readonly QueryOrder[]): Ranked | undefined {
  const keys: DocumentValue[] = [];
  for (const order of orderBy) {
    const key = value(order.field, document);
    if (key === undefined) return undefined;
    keys.push(key);
  }
  return { document, keys };
}

/**
 * Query order, -1 or 1: by the `orderBy` keys, then by document path (the id, within one
 * collection) in the direction of the last key. No two documents tie.
 */
export function compareRanked(a: Ranked, b: Ranked, orderBy: readonly QueryOrder[]): number {
  for (let index = 0; index < orderBy.length; index++) {
    // The document id orders as Firestore's `__name__` does: by whole path.
    const comparison = isDocumentID(orderBy[index]?.field ?? [])
      ? comparePaths(a.document, b.document)
      : compareValues(a.keys[index] as DocumentValue, b.keys[index] as DocumentValue);
    if (comparison !== 0) return orderBy[index]?.descending === true ? -comparison : comparison;
  }
  const comparison = comparePaths(a.document, b.document);
  return orderBy[orderBy.length - 1]?.descending === true ? -comparison : comparison;
}

/**
 * -1, 0 or 1: the two documents' paths compared segment by segment by code point, a path before
 * those it starts, as Firestore orders document names (`__name__`).
 */
export function comparePaths(a: DocumentSnapshot, b: DocumentSnapshot): number {
  const left = a.parent ?? [], right = b.parent ?? [];
  // One collection, the common case: string equality is exact, code unit by code unit.
  if (left === right || (left.length === right.length && left.every((segment, index) => segment === right[index]))) {
    return compareStrings(a.id, b.id);
  }
  return compareReferences([...left, a.id], [...right, b.id]);
}

function run(query: StoreQuery, documents: Iterable<DocumentSnapshot>): DocumentSnapshot[] {
  if (query.limitToLast !== undefined) return run(flipped(query), documents).reverse();
  const result = select(query, documents);
  return query.limit !== undefined && query.limit < result.length ? result.slice(0, Math.max(0, query.limit)) : result;
}

/** The documents the query keeps, in its order, before its limit (`limit` only: `limitToLast` is not looked at). */
export function select(query: StoreQuery, documents: Iterable<DocumentSnapshot>): DocumentSnapshot[] {
  const orderBy = normalizedOrderBy(query);
  const selected: Ranked[] = [];
  for (const document of documents) {
    const entry = ranked(document, query, orderBy);
    if (entry !== undefined) selected.push(entry);
  }
  selected.sort((a, b) => compareRanked(a, b, orderBy));
  return selected.map((entry) => entry.document);
}

function value(field: FieldPath, document: DocumentSnapshot): DocumentValue | undefined {
  if (isDocumentID(field)) return DocumentValue.string(document.id);
  const [first, ...rest] = field;
  let current = first === undefined ? undefined : document.data.get(first);
  for (const key of rest) {
    if (current === undefined || current.kind !== "map") return undefined;
    current = current.fields.get(key);
  }
  return current;
}

/**
 * Whether the filter is an `and` or an `or` of no comparison, at any depth, which the SDKs drop
 * from a query and from the filter holding it, so that it filters nothing (firebase-js-sdk
 * lite-api/query.ts, `QueryCompositeFilterConstraint`: "Return the existing query if not adding
 * any more filters (e.g. an empty composite filter)").
 */
export function isEmptyFilter(filter: QueryFilter): boolean {
  return filter.kind !== "compare" && filter.filters.every(isEmptyFilter);
}

function matches(filter: QueryFilter, document: DocumentSnapshot): boolean {
  switch (filter.kind) {
    // An empty `and` or `or` is left out (see `isEmptyFilter`).
    case "and": return filter.filters.every((inner) => isEmptyFilter(inner) || matches(inner, document));
    case "or": {
      const kept = filter.filters.filter((inner) => !isEmptyFilter(inner));
      return kept.length === 0 || kept.some((inner) => matches(inner, document));
    }
    case "compare": {
      const stored = value(filter.field, document);
      return stored !== undefined && compare(stored, filter.op, filter.value.kind === "array" || filter.value.kind === "map" ? truncated(filter.value) : filter.value);
    }
  }
}

/**
 * A list or map operand as Firestore's server compares it: its timestamps to the microsecond,
 * rounded down, as stored ones are; a timestamp operand itself is compared as given (the emulator
 * matches a stored 1 µs by `in [1.5 µs]` and `== [1.5 µs]`, not by `== 1.5 µs`).
 */
function truncated(value: DocumentValue): DocumentValue {
  switch (value.kind) {
    case "timestamp": return DocumentValue.timestamp(value.value.truncatedToMicroseconds());
    case "array": return DocumentValue.array(value.values.map(truncated));
    case "map": return DocumentValue.map(new Map([...value.fields].map(([key, inner]) => [key, truncated(inner)])));
    default: return value;
  }
}

function compare(stored: DocumentValue, op: QueryOperator, operand: DocumentValue): boolean {
  const sameType = valueRank(stored) === valueRank(operand);
  // A range holds only between ordered values of one type: never for NaN or null (the emulator
  // answers `x >= null` with no document).
  const ordered = sameType && !isNaNValue(stored) && !isNaNValue(operand) && operand.kind !== "null";
  switch (op) {
    case "==": return sameType && compareValues(stored, operand) === 0;
    case "!=": return stored.kind !== "null" && compareValues(stored, operand) !== 0;
    case "<": return ordered && compareValues(stored, operand) < 0;
    case "<=": return ordered && compareValues(stored, operand) <= 0;
    case ">": return ordered && compareValues(stored, operand) > 0;
    case ">=": return ordered && compareValues(stored, operand) >= 0;
    case "array-contains":
      // Firestore matches no array for null or NaN (firebase-js-sdk, test/integration/api/query.test.ts).
      return stored.kind === "array" && !isNaNValue(operand) && operand.kind !== "null" && stored.values.some((element) => compare(element, "==", operand));
    case "in":
    case "not-in":
    case "array-contains-any":
      return operand.kind === "array" && compareWithList(stored, op, operand.values);
  }
}

/** `in`, `not-in` or `array-contains-any` with the values of the filter's list. */
function compareWithList(stored: DocumentValue, op: "in" | "not-in" | "array-contains-any", candidates: readonly DocumentValue[]): boolean {
  const isCandidate = (value: DocumentValue): boolean => candidates.some((candidate) => compare(value, "==", candidate));
  switch (op) {
    case "in": return stored.kind !== "null" && !isNaNValue(stored) && isCandidate(stored);
    case "not-in": return stored.kind !== "null" && !candidates.some((candidate) => candidate.kind === "null") && !isCandidate(stored);
    case "array-contains-any":
      return stored.kind === "array" && stored.values.some((element) => element.kind !== "null" && !isNaNValue(element) && isCandidate(element));
  }
}

/** Whether the value is a NaN double, which a query matches only with `== NaN`, `!=` and `not-in`. */
function isNaNValue(value: DocumentValue): boolean {
  return value.kind === "double" && Number.isNaN(value.value);
}
