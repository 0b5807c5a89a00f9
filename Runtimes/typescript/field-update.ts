import { compareStrings, valuesEqual } from "./order.js";
import { StoreError } from "./store.js";
import type { FieldPath } from "./store.js";
import type { DocumentData, DocumentValue } from "./value.js";

/**
 * What an update does to one field: set a value, or one of Firestore's field transforms
 * (`deleteField()`, `increment`, `arrayUnion`, `arrayRemove`).
 *
 * Transforms apply to the stored value as Firestore's server does (`DocumentTransform.FieldTransform`
 * in its API): an increment of a field that holds no number sets the operand; an array union or
 * removal of a field that holds no array starts from an empty one; array elements are compared
 * as the contract compares values (`1` equals `1.0`, NaN equals NaN, `-0` equals `0`).
 */
export type FieldUpdate =
  | DocumentValue
  | { readonly kind: "delete" }
  | { readonly kind: "increment"; readonly by: DocumentValue }
  | { readonly kind: "arrayUnion"; readonly values: readonly DocumentValue[] }
  | { readonly kind: "arrayRemove"; readonly values: readonly DocumentValue[] };

const deleteUpdate: FieldUpdate = Object.freeze({ kind: "delete" });

/** Makes field transforms; a value to set is a `DocumentValue`. */
export const FieldUpdate: {
  /** Removes the field; nothing happens if it is not there. */
  readonly delete: FieldUpdate;
  /**
   * Adds an int or a double: ints add as ints (saturating at the bounds of 64 bits; beyond
   * ±(2^53 − 1) as the web SDK holds them), anything with a double as doubles.
   */
  increment(by: DocumentValue): FieldUpdate;
  /** Appends each value the array does not hold yet. */
  arrayUnion(values: readonly DocumentValue[]): FieldUpdate;
  /** Removes every element equal to one of the values. */
  arrayRemove(values: readonly DocumentValue[]): FieldUpdate;
} = {
  delete: deleteUpdate,
  increment: (by) => ({ kind: "increment", by }),
  arrayUnion: (values) => ({ kind: "arrayUnion", values: [...values] }),
  arrayRemove: (values) => ({ kind: "arrayRemove", values: [...values] }),
};

/** The first two fields of which one is the other or holds it (`a` and `a.b`), which one update may not name together. */
export function overlappingFields(fields: readonly FieldPath[]): [FieldPath, FieldPath] | null {
  const sorted = [...fields].sort((a, b) => compareStrings(a.join("."), b.join(".")));
  for (const [index, field] of sorted.entries()) {
    const inner = sorted.slice(index + 1).find((other) => other.length >= field.length && field.every((key, at) => other[at] === key));
    if (inner !== undefined) return [field, inner];
  }
  return null;
}

/** `data` with one field's update applied at `field`. */
export function applyingUpdate(data: DocumentData, field: FieldPath, update: FieldUpdate): DocumentData {
  const next = applied(update, valueAt(data, field), field);
  return next === null ? removing(data, field) : setting(data, field, next);
}

/**
 * `data` with one field's part of a set with merge: a map with entries is merged key by key, as
 * Firestore's set with merge merges maps; anything else applies as in an update.
 */
export function mergingUpdate(data: DocumentData, field: FieldPath, update: FieldUpdate): DocumentData {
  if (update.kind !== "map" || update.fields.size === 0) return applyingUpdate(data, field, update);
  let result = data;
  for (const [key, value] of update.fields) result = mergingUpdate(result, [...field, key], value);
  return result;
}

/** The field's new value, given its current one; null removes it. */
function applied(update: FieldUpdate, current: DocumentValue | undefined, field: FieldPath): DocumentValue | null {
  switch (update.kind) {
    case "delete": return null;
    case "increment": return increment(current, update.by, field);
    case "arrayUnion": {
      const result = [...elements(current)];
      for (const value of update.values) if (!result.some((element) => valuesEqual(element, value))) result.push(value);
      return { kind: "array", values: result };
    }
    case "arrayRemove":
      return { kind: "array", values: elements(current).filter((element) => !update.values.some((value) => valuesEqual(value, element))) };
    default: return update;
  }
}

const LONG_MAX = 9223372036854775807;
const LONG_MIN = -9223372036854775808;

function increment(current: DocumentValue | undefined, by: DocumentValue, field: FieldPath): DocumentValue {
  if (by.kind !== "int" && by.kind !== "double") throw StoreError.notANumber(field);
  if (current?.kind !== "int" && current?.kind !== "double") return by;
  const sum = current.value + by.value;
  if (current.kind === "int" && by.kind === "int") return { kind: "int", value: Math.min(Math.max(sum, LONG_MIN), LONG_MAX) };
  return { kind: "double", value: sum };
}

function elements(value: DocumentValue | undefined): readonly DocumentValue[] {
  return value?.kind === "array" ? value.values : [];
}

function valueAt(data: DocumentData, keys: FieldPath): DocumentValue | undefined {
  const [first, ...rest] = keys;
  const value = first === undefined ? undefined : data.get(first);
  if (rest.length === 0 || value === undefined) return value;
  return value.kind === "map" ? valueAt(value.fields, rest) : undefined;
}

function removing(data: DocumentData, keys: FieldPath): DocumentData {
  const [first, ...rest] = keys;
  if (first === undefined) return data;
  const inner = data.get(first);
  if (rest.length > 0 && inner?.kind !== "map") return data;
  const result = new Map(data);
  if (rest.length === 0) {
    result.delete(first);
  } else if (inner?.kind === "map") {
    result.set(first, { kind: "map", fields: removing(inner.fields, rest) });
  }
  return result;
}

/** `data` with `value` at a path of keys, creating maps on the way as Firestore's update does. */
function setting(data: DocumentData, keys: FieldPath, value: DocumentValue): DocumentData {
  const [first, ...rest] = keys;
  if (first === undefined) return data;
  const result = new Map(data);
  if (rest.length === 0) {
    result.set(first, value);
  } else {
    const inner = data.get(first);
    result.set(first, { kind: "map", fields: setting(inner?.kind === "map" ? inner.fields : new Map(), rest, value) });
  }
  return result;
}
