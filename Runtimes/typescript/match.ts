import { compareBytes, GeoPoint, TypedReference } from "./value-types.js";
import { Timestamp } from "./timestamp.js";
import { compareNumbers, compareReferences, compareStrings } from "./order.js";

/**
 * The comparisons generated predicates and equality use, under the behaviour contract: numbers
 * are equal when they are the same number (NaN equals NaN, -0 equals 0), strings when they are
 * the same code points, and strings order by code point. In predicates a comparison with null
 * (or undefined) is false; generated code writes `== null` itself. NaN, equal to NaN, is matched
 * by no range comparison, `isIn`, `contains` or `containsAny`, as in Firestore's queries.
 */
export const Match: {
  /** Structural equality of decoded values and rows; null equals null (and undefined). */
  same(a: unknown, b: unknown): boolean;
  /** `==` of two present values; false if either is null. */
  equal(a: unknown, b: unknown): boolean;
  /** `!=` of two present values; false if either is null. */
  notEqual(a: unknown, b: unknown): boolean;
  /** `<`; false if either is null or NaN, or they cannot be ordered. */
  less(a: unknown, b: unknown): boolean;
  /** `<=`; false if either is null or NaN, or they cannot be ordered. */
  lessOrEqual(a: unknown, b: unknown): boolean;
  /** `>`; false if either is null or NaN, or they cannot be ordered. */
  greater(a: unknown, b: unknown): boolean;
  /** `>=`; false if either is null or NaN, or they cannot be ordered. */
  greaterOrEqual(a: unknown, b: unknown): boolean;
  /** Whether `value` is one of `candidates`; false if it is null or NaN. */
  isIn(value: unknown, candidates: readonly unknown[]): boolean;
  /** Whether `value` is none of `candidates`; false if it is null (NaN is one of `[NaN]`). */
  notIn(value: unknown, candidates: readonly unknown[]): boolean;
  /** Whether the list `values` holds `element`; false if either is null, or the element is NaN. */
  contains(values: readonly unknown[] | null | undefined, element: unknown): boolean;
  /** Whether the list `values` holds one of `candidates`; false if it is null, and never by a null or NaN element. */
  containsAny(values: readonly unknown[] | null | undefined, candidates: readonly unknown[]): boolean;
} = {
  same,
  equal: (a, b) => isPresent(a) && isPresent(b) && same(a, b),
  notEqual: (a, b) => isPresent(a) && isPresent(b) && !same(a, b),
  less: (a, b) => holds(a, b, (order) => order < 0),
  lessOrEqual: (a, b) => holds(a, b, (order) => order <= 0),
  greater: (a, b) => holds(a, b, (order) => order > 0),
  greaterOrEqual: (a, b) => holds(a, b, (order) => order >= 0),
  isIn: (value, candidates) => isPresent(value) && !isNaNNumber(value) && candidates.some((candidate) => same(value, candidate)),
  notIn: (value, candidates) => isPresent(value) && !candidates.some((candidate) => same(value, candidate)),
  contains: (values, element) => isPresent(values) && isPresent(element) && !isNaNNumber(element)
    && values.some((value) => same(value, element)),
  containsAny: (values, candidates) => isPresent(values)
    && values.some((value) => isPresent(value) && !isNaNNumber(value) && candidates.some((candidate) => same(value, candidate))),
};

function isPresent<T>(value: T): value is NonNullable<T> {
  return value !== null && value !== undefined;
}

function isNaNNumber(value: unknown): boolean {
  return typeof value === "number" && Number.isNaN(value);
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isPresent(a) || !isPresent(b)) return !isPresent(a) && !isPresent(b);
  if (typeof a === "number" && typeof b === "number") return Number.isNaN(a) && Number.isNaN(b);
  if (typeof a !== "object" || typeof b !== "object") return false;
  if (a instanceof Timestamp || b instanceof Timestamp) {
    return a instanceof Timestamp && b instanceof Timestamp && a.equals(b);
  }
  if (a instanceof GeoPoint || b instanceof GeoPoint) {
    return a instanceof GeoPoint && b instanceof GeoPoint && a.equals(b);
  }
  if (a instanceof Uint8Array || b instanceof Uint8Array) {
    return a instanceof Uint8Array && b instanceof Uint8Array && compareBytes(a, b) === 0;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length
      && a.every((element: unknown, index) => same(element, b[index]));
  }
  if (a instanceof Map || b instanceof Map) {
    return a instanceof Map && b instanceof Map && sameMaps(a, b);
  }
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && same(a.getTime(), b.getTime());
  }
  return Object.getPrototypeOf(a) === Object.getPrototypeOf(b) && sameFields(a, b);
}

function sameMaps(a: ReadonlyMap<unknown, unknown>, b: ReadonlyMap<unknown, unknown>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) {
    if (!b.has(key) || !same(value, b.get(key))) return false;
  }
  return true;
}

function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key)
    && same((a as Readonly<Record<string, unknown>>)[key], (b as Readonly<Record<string, unknown>>)[key]));
}

/** Order under the contract, or undefined when the two cannot be ordered. */
export function contractOrder(a: unknown, b: unknown): number | undefined {
  if (typeof a === "string" && typeof b === "string") return compareStrings(a, b);
  if (typeof a === "number" && typeof b === "number") return compareNumbers(a, b);
  if (typeof a === "boolean" && typeof b === "boolean") return a === b ? 0 : (a ? 1 : -1);
  if (a instanceof Timestamp && b instanceof Timestamp) return a.compareTo(b);
  if (a instanceof Uint8Array && b instanceof Uint8Array) return compareBytes(a, b);
  if (a instanceof GeoPoint && b instanceof GeoPoint) return a.compareTo(b);
  if (a instanceof TypedReference && b instanceof TypedReference) return compareReferences(a.path, b.path);
  return undefined;
}

function holds(a: unknown, b: unknown, test: (order: number) => boolean): boolean {
  if (!isPresent(a) || !isPresent(b) || isNaNNumber(a) || isNaNNumber(b)) return false;
  const result = contractOrder(a, b);
  return result !== undefined && test(result);
}
