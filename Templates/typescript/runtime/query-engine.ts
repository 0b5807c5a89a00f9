import { compareStrings, compareValues, valueRank } from "./order.js";
import { isDocumentID } from "./store.js";
import type { DocumentSnapshot, FieldPath, QueryFilter, QueryOperator, StoreQuery } from "./store.js";
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

interface Keyed {
  readonly document: DocumentSnapshot;
  readonly keys: readonly DocumentValue[];
}

function run(query: StoreQuery, documents: Iterable<DocumentSnapshot>): DocumentSnapshot[] {
  const orderBy = query.orderBy ?? [];
  const selected: Keyed[] = [];
  for (const document of documents) {
    if (query.filter !== undefined && !matches(query.filter, document)) continue;
    const keys: DocumentValue[] = [];
    for (const order of orderBy) {
      const key = value(order.field, document);
      if (key === undefined) break;
      keys.push(key);
    }
    if (keys.length === orderBy.length) selected.push({ document, keys });
  }
  const idDescending = orderBy[orderBy.length - 1]?.descending ?? false;
  selected.sort((a, b) => {
    for (let index = 0; index < orderBy.length; index++) {
      const comparison = compareValues(a.keys[index] as DocumentValue, b.keys[index] as DocumentValue);
      if (comparison !== 0) return orderBy[index]?.descending === true ? -comparison : comparison;
    }
    const comparison = compareStrings(a.document.id, b.document.id);
    return idDescending ? -comparison : comparison;
  });
  const result = selected.map((entry) => entry.document);
  return query.limit !== undefined && query.limit < result.length ? result.slice(0, Math.max(0, query.limit)) : result;
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
