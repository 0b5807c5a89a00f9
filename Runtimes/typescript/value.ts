import { compareBytes, hexDigits } from "./value-types.js";
import type { GeoPoint } from "./value-types.js";
import type { Timestamp } from "./timestamp.js";
import { sortedEntries } from "./order.js";

/**
 * A value stored in a document, with Firestore's types. Ints and doubles are kept apart, as
 * Firestore keeps them: an int field does not accept a stored double, even `1.0`.
 */
export type DocumentValue =
  | { readonly kind: "null" }
  | { readonly kind: "bool"; readonly value: boolean }
  | { readonly kind: "int"; readonly value: number }
  | { readonly kind: "double"; readonly value: number }
  | { readonly kind: "timestamp"; readonly value: Timestamp }
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "bytes"; readonly value: Uint8Array }
  /** A reference to the document at `path` (its segments), ordered segment by segment. */
  | { readonly kind: "reference"; readonly path: readonly string[] }
  | { readonly kind: "geopoint"; readonly value: GeoPoint }
  | { readonly kind: "array"; readonly values: readonly DocumentValue[] }
  | { readonly kind: "map"; readonly fields: DocumentData }
  /** A server timestamp not yet set by the server: written, it asks for one; read, it decodes as null. */
  | { readonly kind: "serverTimestamp" };

/** The fields of a document or of an embedded value. */
export type DocumentData = ReadonlyMap<string, DocumentValue>;

const nullValue: DocumentValue = Object.freeze({ kind: "null" });
const serverTimestampValue: DocumentValue = Object.freeze({ kind: "serverTimestamp" });

/** Makes stored values. */
export const DocumentValue: {
  /** A stored null. */
  readonly null: DocumentValue;
  /** A pending server timestamp. */
  readonly serverTimestamp: DocumentValue;
  /** A boolean. */
  bool(value: boolean): DocumentValue;
  /** An int; throws a RangeError unless `value` is a safe integer (±(2^53 − 1)). */
  int(value: number): DocumentValue;
  /** A double. */
  double(value: number): DocumentValue;
  /** A timestamp. */
  timestamp(value: Timestamp): DocumentValue;
  /** A string. */
  string(value: string): DocumentValue;
  /** Bytes (copied). */
  bytes(value: Uint8Array): DocumentValue;
  /** A reference to the document at `path`, its segments (copied). */
  reference(path: readonly string[]): DocumentValue;
  /** A geopoint. */
  geoPoint(value: GeoPoint): DocumentValue;
  /** An array (copied). */
  array(values: readonly DocumentValue[]): DocumentValue;
  /** A map, from a `Map` (use one for keys such as `__proto__`) or from an object's own keys; copied. */
  map(fields: DocumentData | { readonly [key: string]: DocumentValue }): DocumentValue;
} = {
  null: nullValue,
  serverTimestamp: serverTimestampValue,
  bool: (value) => ({ kind: "bool", value }),
  int: (value) => {
    if (!Number.isSafeInteger(value)) throw new RangeError(`an int value must be a safe integer, not ${value}`);
    return { kind: "int", value: value === 0 ? 0 : value }; // -0 is a double, never an int
  },
  double: (value) => ({ kind: "double", value }),
  timestamp: (value) => ({ kind: "timestamp", value }),
  string: (value) => ({ kind: "string", value }),
  bytes: (value) => ({ kind: "bytes", value: Uint8Array.from(value) }),
  reference: (path) => ({ kind: "reference", path: [...path] }),
  geoPoint: (value) => ({ kind: "geopoint", value }),
  array: (values) => ({ kind: "array", values: [...values] }),
  map: (fields) => ({ kind: "map", fields: isReadonlyMap(fields) ? new Map(fields) : new Map(Object.entries(fields)) }),
};

function isReadonlyMap<V>(value: ReadonlyMap<string, V> | { readonly [key: string]: V }): value is ReadonlyMap<string, V> {
  return value instanceof Map || (typeof value.get === "function" && typeof value.entries === "function");
}

/**
 * The value as the runtimes print it: `null`, `true`, `1`, `1.5`, `"text"`, RFC 3339 times,
 * `bytes(00ff)`, `geopoint(1.5, -2.0)`, `[1, 2]`, `{a: 1, b: "x"}`.
 */
export function describeValue(value: DocumentValue): string {
  switch (value.kind) {
    case "null": return "null";
    case "bool": return String(value.value);
    case "int": return formatInteger(value.value);
    case "double": return formatDouble(value.value);
    case "timestamp": return value.value.toString();
    case "string": return `"${value.value}"`;
    case "bytes": return `bytes(${hexDigits(value.value)})`;
    case "reference": return `reference(${value.path.join("/")})`;
    case "geopoint": return `geopoint(${formatDouble(value.value.latitude)}, ${formatDouble(value.value.longitude)})`;
    case "array": return `[${value.values.map(describeValue).join(", ")}]`;
    case "map": return `{${sortedEntries(value.fields).map(([key, field]) => `${key}: ${describeValue(field)}`).join(", ")}}`;
    case "serverTimestamp": return "serverTimestamp";
  }
}

/** The name of the value's type, for messages. */
export function typeName(value: DocumentValue): string {
  return value.kind === "serverTimestamp" ? "pending server timestamp" : value.kind;
}

/** An integer in full decimal digits (no exponent), as Swift prints an Int64. */
export function formatInteger(value: number): string {
  return Number.isInteger(value) ? BigInt(value).toString() : String(value);
}

/** A double as Swift's `Double.description` prints it: `1.0`, `1e-05`, `1e+16`, `nan`, `-inf`, `-0.0`. */
export function formatDouble(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (value === Infinity) return "inf";
  if (value === -Infinity) return "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const sign = value < 0 ? "-" : "";
  const [mantissa = "", exponentText = ""] = Math.abs(value).toExponential().split("e");
  const digits = mantissa.replace(".", "");
  const exponent = Number(exponentText);
  if (exponent < -4 || Math.abs(value) > 2 ** 53) {
    const body = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const magnitude = Math.abs(exponent);
    return `${sign}${body}e${exponent < 0 ? "-" : "+"}${magnitude < 10 ? "0" : ""}${magnitude}`;
  }
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  if (digits.length <= exponent + 1) return `${sign}${digits}${"0".repeat(exponent + 1 - digits.length)}.0`;
  return `${sign}${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
}

/**
 * Whether two values are stored exactly alike: same types, same numbers (`Object.is`, so
 * -0 and 0 differ), same code points. Stricter than `valuesEqual`.
 */
export function valuesIdentical(a: DocumentValue, b: DocumentValue): boolean {
  switch (a.kind) {
    case "null":
    case "serverTimestamp":
      return a.kind === b.kind;
    case "bool":
    case "int":
    case "double":
    case "string":
      return a.kind === b.kind && Object.is(a.value, b.value);
    case "timestamp":
      return b.kind === "timestamp" && a.value.equals(b.value);
    case "bytes":
      return b.kind === "bytes" && compareBytes(a.value, b.value) === 0;
    case "reference":
      return b.kind === "reference" && a.path.length === b.path.length && a.path.every((segment, index) => segment === b.path[index]);
    case "geopoint":
      return b.kind === "geopoint" && Object.is(a.value.latitude, b.value.latitude) && Object.is(a.value.longitude, b.value.longitude);
    case "array":
      return b.kind === "array" && a.values.length === b.values.length
        && a.values.every((value, index) => valuesIdentical(value, b.values[index] as DocumentValue));
    case "map":
      return b.kind === "map" && dataIdentical(a.fields, b.fields);
  }
}

/** Whether two documents' fields are stored exactly alike. */
export function dataIdentical(a: DocumentData, b: DocumentData): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [key, value] of a) {
    const other = b.get(key);
    if (other === undefined || !valuesIdentical(value, other)) return false;
  }
  return true;
}
