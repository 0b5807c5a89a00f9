import { compareStrings, compareValues, valueRank } from "./order.js";
import { isDocumentID } from "./store.js";
import type { DocumentSnapshot, FieldPath, QueryFilter, QueryOperator, QueryOrder, StoreQuery } from "./store.js";
import { DocumentValue } from "./value.js";

/**
 * Runs a `StoreQuery` over documents the way Firestore does.
 *
 * A missing field never matches a filter (`== null` matches a stored null); range filters match
 * values of the filter value's type only (ints and doubles are one type); `!=` matches present,
 * non-null, different values. Documents lacking an `orderBy` field are left out; ties are
 * ordered by document id in the direction of the last `orderBy` key; `limit` applies last.
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

/** The document with its order keys, or undefined when the query leaves it out: its filter does not match, or it lacks an `orderBy` field. */
export function ranked(document: DocumentSnapshot, query: StoreQuery): Ranked | undefined {
  if (query.filter !== undefined && !matches(query.filter, document)) return undefined;
  return rankedBy(document, query.orderBy ?? []);
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

/** Query order, -1 or 1: by the `orderBy` keys, then by document id in the direction of the last key. No two documents tie. */
export function compareRanked(a: Ranked, b: Ranked, orderBy: readonly QueryOrder[]): number {
  for (let index = 0; index < orderBy.length; index++) {
    const comparison = compareValues(a.keys[index] as DocumentValue, b.keys[index] as DocumentValue);
    if (comparison !== 0) return orderBy[index]?.descending === true ? -comparison : comparison;
  }
  const comparison = compareStrings(a.document.id, b.document.id);
  return orderBy[orderBy.length - 1]?.descending === true ? -comparison : comparison;
}

function run(query: StoreQuery, documents: Iterable<DocumentSnapshot>): DocumentSnapshot[] {
  const result = select(query, documents);
  return query.limit !== undefined && query.limit < result.length ? result.slice(0, Math.max(0, query.limit)) : result;
}

/** The documents the query keeps, in its order, before its limit. */
export function select(query: StoreQuery, documents: Iterable<DocumentSnapshot>): DocumentSnapshot[] {
  const orderBy = query.orderBy ?? [];
  const selected: Ranked[] = [];
  for (const document of documents) {
    const entry = ranked(document, query);
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

function matches(filter: QueryFilter, document: DocumentSnapshot): boolean {
  switch (filter.kind) {
    case "and": return filter.filters.every((inner) => matches(inner, document));
    case "or": return filter.filters.some((inner) => matches(inner, document));
    case "compare": {
      const stored = value(filter.field, document);
      return stored !== undefined && compare(stored, filter.op, filter.value);
    }
  }
}

function compare(stored: DocumentValue, op: QueryOperator, operand: DocumentValue): boolean {
  const sameType = valueRank(stored) === valueRank(operand);
  switch (op) {
    case "==": return sameType && compareValues(stored, operand) === 0;
    case "!=": return stored.kind !== "null" && compareValues(stored, operand) !== 0;
    case "<": return sameType && compareValues(stored, operand) < 0;
    case "<=": return sameType && compareValues(stored, operand) <= 0;
    case ">": return sameType && compareValues(stored, operand) > 0;
    case ">=": return sameType && compareValues(stored, operand) >= 0;
    case "in":
      return operand.kind === "array" && operand.values.some((candidate) => compare(stored, "==", candidate));
    case "array-contains":
      return stored.kind === "array" && stored.values.some((element) => compare(element, "==", operand));
  }
}
