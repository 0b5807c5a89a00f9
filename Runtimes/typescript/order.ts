import { compareBytes } from "./value-types.js";
import type { DocumentData, DocumentValue } from "./value.js";

/**
 * Compares strings by Unicode code point (= UTF-8 byte order), as Firestore does; -1, 0 or 1.
 * JavaScript's `<` compares UTF-16 units instead, which puts U+10000 and above before U+E000–U+FFFF.
 */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const left = a.charCodeAt(index), right = b.charCodeAt(index);
    if (left !== right) return codePointRank(left) < codePointRank(right) ? -1 : 1;
  }
  return a.length < b.length ? -1 : 1;
}

/** Moves surrogates (U+D800–U+DFFF) above the other UTF-16 units, where their code points are. */
function codePointRank(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit < 0xe000 ? unit + 0x2000 : unit - 0x800;
}

/** The entries of `fields` in code-point order of their keys. */
export function sortedEntries(fields: DocumentData): readonly (readonly [string, DocumentValue])[] {
  return [...fields].sort((a, b) => compareStrings(a[0], b[0]));
}

/**
 * Firestore's order of values, -1, 0 or 1: null < bool < number < timestamp < pending server
 * timestamp < string < bytes < reference < geopoint < array < map. Ints and doubles compare as numbers; NaN is below every
 * other number and equal to itself; -0 equals 0; strings compare by code point.
 */
export function compareValues(a: DocumentValue, b: DocumentValue): number {
  const leftRank = valueRank(a), rightRank = valueRank(b);
  if (leftRank !== rightRank) return leftRank < rightRank ? -1 : 1;
  switch (a.kind) {
    case "bool":
      return b.kind === "bool" ? compareBooleans(a.value, b.value) : 0;
    case "int":
    case "double":
      return b.kind === "int" || b.kind === "double" ? compareNumbers(a.value, b.value) : 0;
    case "timestamp":
      return b.kind === "timestamp" ? a.value.compareTo(b.value) : 0;
    case "string":
      return b.kind === "string" ? compareStrings(a.value, b.value) : 0;
    case "bytes":
      return b.kind === "bytes" ? compareBytes(a.value, b.value) : 0;
    case "geopoint":
      return b.kind === "geopoint" ? a.value.compareTo(b.value) : 0;
    case "reference":
      return b.kind === "reference" ? compareReferences(a.path, b.path) : 0;
    case "array":
      return b.kind === "array" ? compareArrays(a.values, b.values) : 0;
    case "map":
      return b.kind === "map" ? compareMaps(a.fields, b.fields) : 0;
    case "null":
    case "serverTimestamp":
      return 0;
  }
}

/** Equality under the contract: `compareValues(a, b) == 0` (`1 == 1.0`, NaN equals NaN). */
export function valuesEqual(a: DocumentValue, b: DocumentValue): boolean {
  return compareValues(a, b) === 0;
}

/** The type's place in the order; ints and doubles share one. */
export function valueRank(value: DocumentValue): number {
  switch (value.kind) {
    case "null": return 0;
    case "bool": return 1;
    case "int": case "double": return 2;
    case "timestamp": return 3;
    case "serverTimestamp": return 4;
    case "string": return 5;
    case "bytes": return 6;
    case "reference": return 7;
    case "geopoint": return 8;
    case "array": return 9;
    case "map": return 10;
  }
}

/** Numbers with NaN below every other number and equal to itself; -0 equals 0. */
export function compareNumbers(a: number, b: number): number {
  const leftNaN = Number.isNaN(a), rightNaN = Number.isNaN(b);
  if (leftNaN || rightNaN) return leftNaN === rightNaN ? 0 : (leftNaN ? -1 : 1);
  return a < b ? -1 : (a > b ? 1 : 0);
}

function compareBooleans(a: boolean, b: boolean): number {
  return a === b ? 0 : (a ? 1 : -1);
}

/** Segment by segment, by code point; a path before the longer paths it starts. */
export function compareReferences(a: readonly string[], b: readonly string[]): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const order = compareStrings(a[index] as string, b[index] as string);
    if (order !== 0) return order;
  }
  return a.length === b.length ? 0 : (a.length < b.length ? -1 : 1);
}

function compareArrays(a: readonly DocumentValue[], b: readonly DocumentValue[]): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const order = compareValues(a[index] as DocumentValue, b[index] as DocumentValue);
    if (order !== 0) return order;
  }
  return a.length === b.length ? 0 : (a.length < b.length ? -1 : 1);
}

function compareMaps(a: DocumentData, b: DocumentData): number {
  const left = sortedEntries(a), right = sortedEntries(b);
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index++) {
    const [leftKey, leftValue] = left[index] as readonly [string, DocumentValue];
    const [rightKey, rightValue] = right[index] as readonly [string, DocumentValue];
    const keyOrder = compareStrings(leftKey, rightKey);
    if (keyOrder !== 0) return keyOrder;
    const valueOrder = compareValues(leftValue, rightValue);
    if (valueOrder !== 0) return valueOrder;
  }
  return left.length === right.length ? 0 : (left.length < right.length ? -1 : 1);
}
