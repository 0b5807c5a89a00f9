import type { GeoPoint } from "./value-types.js";
import type { Timestamp } from "./timestamp.js";
import { compareStrings } from "./order.js";
import { DocumentValue, formatInteger, typeName } from "./value.js";
import type { DocumentData } from "./value.js";

/** What is wrong with a stored value. */
export type DecodingProblem =
  | { readonly kind: "missing" }
  | { readonly kind: "wrongType"; readonly expected: string; readonly found: string }
  /** An int beyond ±(2^53 − 1), which not every language can hold exactly. */
  | { readonly kind: "outOfRange"; readonly value: number }
  /** A collection group's document in a collection that is not at the expected path (`shops/{shopId}/reviews`). */
  | { readonly kind: "elsewhere"; readonly expected: string };

/** Why a stored value could not be decoded, and where in the document. */
export class DocumentDecodingError extends Error {
  readonly problem: DecodingProblem;
  readonly path: readonly string[];

  /**
   * @param problem What is wrong.
   * @param path Keys and list indexes from the document's top level down to the value.
   */
  constructor(problem: DecodingProblem, path: readonly string[] = []) {
    super(describeProblem(problem, path));
    this.problem = problem;
    this.path = path;
    this.name = "DocumentDecodingError";
    Object.setPrototypeOf(this, new.target.prototype);
  }

  /** The same error one level further out. */
  inside(key: string): DocumentDecodingError {
    return new DocumentDecodingError(this.problem, [key, ...this.path]);
  }

  /** The message: `'tags.1' is missing`, `'text' should be string but is int`. */
  override toString(): string {
    return this.message;
  }
}

function describeProblem(problem: DecodingProblem, path: readonly string[]): string {
  const location = path.length === 0 ? "value" : `'${path.join(".")}'`;
  switch (problem.kind) {
    case "missing": return `${location} is missing`;
    case "wrongType": return `${location} should be ${problem.expected} but is ${problem.found}`;
    case "outOfRange": return `${location} is ${formatInteger(problem.value)}, outside ±(2^53 − 1)`;
    case "elsewhere": return `the document is not in ${problem.expected}`;
  }
}

function wrongType(expected: string, value: DocumentValue): DocumentDecodingError {
  return new DocumentDecodingError({ kind: "wrongType", expected, found: typeName(value) });
}

/**
 * The path parameters and the id of `value`, a reference to a document of the collection at
 * `collection` (written as the schema writes it: `chatrooms/{roomId}/members`), by name:
 * `{ roomId: "r1", id: "u1" }` for `chatrooms/r1/members/u1`, `Name` naming the parameters.
 * Generated reference types decode with it.
 */
export function referenceParameters<Name extends string>(value: DocumentValue, collection: string): Readonly<Record<Name | "id", string>> {
  const expected = `a reference to ${collection}`;
  if (value.kind !== "reference") throw wrongType(expected, value);
  const parameters = parametersIn(value.path, collection);
  if (parameters === undefined) throw new DocumentDecodingError({ kind: "wrongType", expected, found: `a reference to ${value.path.join("/")}` });
  return Object.fromEntries([...parameters, ["id", value.path[value.path.length - 1]]]) as Record<Name | "id", string>;
}

/**
 * The values of the path parameters of `collection` (written as the schema writes it:
 * `shops/{shopId}/reviews`) in `path`, a document's path, by name: `{ shopId: "s1" }` for
 * `shops/s1/reviews/r1`, `Name` naming the parameters. A collection group's rows decode with it;
 * a document of the group in a collection of another pattern does not decode.
 */
export function pathParameters<Name extends string>(path: readonly string[], collection: string): Readonly<Record<Name, string>> {
  const parameters = parametersIn(path, collection);
  if (parameters === undefined) throw new DocumentDecodingError({ kind: "elsewhere", expected: collection });
  return Object.fromEntries(parameters) as Record<Name, string>;
}

/**
 * The names and values of `collection`'s path parameters in `path`, in order; undefined when the
 * document is not in a collection of that pattern.
 */
function parametersIn(path: readonly string[], collection: string): readonly (readonly [string, string])[] | undefined {
  const pattern = collection.split("/");
  if (path.length !== pattern.length + 1 || pattern.some((segment, index) => !segment.startsWith("{") && segment !== path[index])) return undefined;
  return pattern.flatMap((segment, index) => (segment.startsWith("{") ? [[segment.slice(1, -1), path[index] as string] as const] : []));
}

/**
 * The failure of the first key of `fields` that `codec` does not decode, in code-point order: the
 * same key in every language, whatever order a map holds its keys in.
 */
function firstFailure<T>(fields: DocumentData, codec: Codec<T>): unknown {
  for (const [key, field] of [...fields].sort(([a], [b]) => compareStrings(a, b))) {
    try {
      decodeInside(key, codec, field);
    } catch (error) {
      return error;
    }
  }
  return undefined;
}

/** Decodes `value` with `codec`, naming `key` in the path of an error. */
function decodeInside<T>(key: string, codec: Codec<T>, value: DocumentValue): T {
  try {
    return codec.decode(value);
  } catch (error) {
    throw error instanceof DocumentDecodingError ? error.inside(key) : error;
  }
}

/** How a field's type is decoded from a stored value and encoded back to one. */
export interface Codec<T> {
  /** Throws a `DocumentDecodingError` when the value does not fit. */
  decode(value: DocumentValue): T;
  encode(value: T): DocumentValue;
}

/**
 * How a row is decoded from one stored document and encoded back: a collection's document type
 * (a `DocumentCodec`, which needs no `path`), or a collection group's row, which takes the path
 * parameters from the document's path.
 */
export interface RowCodec<T> {
  /** Throws a `DocumentDecodingError` when the document does not fit. */
  decode(id: string, data: DocumentData, path: readonly string[]): T;
  /** The stored fields; the id is not among them. */
  encode(value: T): DocumentData;
}

/** How a collection's document type is decoded from a document and encoded back. */
export interface DocumentCodec<T> {
  /** Throws a `DocumentDecodingError` when the data does not fit. */
  decode(id: string, data: DocumentData): T;
  /** The stored fields; the id is not among them. */
  encode(value: T): DocumentData;
}

/** The codecs of the schema's types. */
export const Codecs: {
  /** Strings only. */
  readonly string: Codec<string>;
  /** Stored ints only (not doubles), within ±(2^53 − 1). */
  readonly int: Codec<number>;
  /** Doubles and ints. */
  readonly double: Codec<number>;
  /** Booleans only. */
  readonly bool: Codec<boolean>;
  /** Timestamps only (a pending server timestamp is not one). */
  readonly timestamp: Codec<Timestamp>;
  /** Bytes, copied both ways (a `Uint8Array` can change). */
  readonly bytes: Codec<Uint8Array>;
  /** Geopoints. */
  readonly geoPoint: Codec<GeoPoint>;
  /** Arrays whose elements all decode. */
  list<T>(element: Codec<T>): Codec<readonly T[]>;
  /** Maps whose values all decode. */
  map<T>(value: Codec<T>): Codec<ReadonlyMap<string, T>>;
  /** Null and a pending server timestamp decode to null; null encodes to a stored null. */
  optional<T>(wrapped: Codec<T>): Codec<T | null>;
  /** A string enum's `values`, each stored as itself; any other string does not decode. */
  stringEnum<T extends string>(values: readonly T[]): Codec<T> & { readonly values: readonly T[] };
} = {
  string: {
    decode: (value) => {
      if (value.kind !== "string") throw wrongType("string", value);
      return value.value;
    },
    encode: (value) => DocumentValue.string(value),
  },
  int: {
    decode: (value) => {
      if (value.kind !== "int") throw wrongType("int", value);
      if (!Number.isSafeInteger(value.value)) throw new DocumentDecodingError({ kind: "outOfRange", value: value.value });
      return value.value;
    },
    encode: (value) => DocumentValue.int(value),
  },
  double: {
    decode: (value) => {
      if (value.kind !== "double" && value.kind !== "int") throw wrongType("double", value);
      return value.value;
    },
    encode: (value) => DocumentValue.double(value),
  },
  bool: {
    decode: (value) => {
      if (value.kind !== "bool") throw wrongType("bool", value);
      return value.value;
    },
    encode: (value) => DocumentValue.bool(value),
  },
  timestamp: {
    decode: (value) => {
      if (value.kind !== "timestamp") throw wrongType("timestamp", value);
      return value.value;
    },
    encode: (value) => DocumentValue.timestamp(value),
  },
  bytes: {
    decode: (value) => {
      if (value.kind !== "bytes") throw wrongType("bytes", value);
      return Uint8Array.from(value.value);
    },
    encode: (value) => DocumentValue.bytes(value),
  },
  geoPoint: {
    decode: (value) => {
      if (value.kind !== "geopoint") throw wrongType("geopoint", value);
      return value.value;
    },
    encode: (value) => DocumentValue.geoPoint(value),
  },
  list: <T>(element: Codec<T>): Codec<readonly T[]> => ({
    decode: (value) => {
      if (value.kind !== "array") throw wrongType("array", value);
      return value.values.map((item, index) => decodeInside(String(index), element, item));
    },
    encode: (values) => DocumentValue.array(values.map((item) => element.encode(item))),
  }),
  map: <T>(codec: Codec<T>): Codec<ReadonlyMap<string, T>> => ({
    decode: (value) => {
      if (value.kind !== "map") throw wrongType("map", value);
      const result = new Map<string, T>();
      for (const [key, field] of value.fields) {
        try {
          result.set(key, decodeInside(key, codec, field));
        } catch (error) {
          throw firstFailure(value.fields, codec) ?? error;
        }
      }
      return result;
    },
    encode: (values) => {
      const fields = new Map<string, DocumentValue>();
      for (const [key, item] of values) fields.set(key, codec.encode(item));
      return DocumentValue.map(fields);
    },
  }),
  optional: <T>(wrapped: Codec<T>): Codec<T | null> => ({
    decode: (value) => (value.kind === "null" || value.kind === "serverTimestamp" ? null : wrapped.decode(value)),
    encode: (value) => (value === null ? DocumentValue.null : wrapped.encode(value)),
  }),
  stringEnum: <T extends string>(values: readonly T[]) => ({
    values,
    decode: (value: DocumentValue): T => {
      if (value.kind !== "string") throw wrongType("string", value);
      const found = values.find((candidate) => candidate === value.value);
      if (found === undefined) {
        const expected = `one of ${values.map((candidate) => `'${candidate}'`).join(", ")}`;
        throw new DocumentDecodingError({ kind: "wrongType", expected, found: `'${value.value}'` });
      }
      return found;
    },
    encode: (value: T) => DocumentValue.string(value),
  }),
};

/** Reads the fields of a document or embedded value for a generated decoder. */
export class FieldReader {
  readonly data: DocumentData;

  /** Reads the fields of `data`, a document's or an embedded value's. */
  constructor(data: DocumentData) {
    this.data = data;
  }

  /** Reads a map value's fields, as an embedded type does; throws if it is not a map. */
  static of(value: DocumentValue): FieldReader {
    if (value.kind !== "map") throw wrongType("map", value);
    return new FieldReader(value.fields);
  }

  /** The field stored under `key`; a missing field is an error. */
  required<T>(key: string, codec: Codec<T>): T {
    const value = this.data.get(key);
    if (value === undefined) throw new DocumentDecodingError({ kind: "missing" }, [key]);
    return decodeInside(key, codec, value);
  }

  /** The field stored under `key`, or null when it is missing, null or a pending server timestamp. */
  optional<T>(key: string, codec: Codec<T>): T | null {
    const value = this.data.get(key);
    return value === undefined ? null : decodeInside(key, Codecs.optional(codec), value);
  }

  /** The field stored under `key`, or `fallback` when the document lacks it. */
  withDefault<T>(key: string, codec: Codec<T>, fallback: T): T {
    const value = this.data.get(key);
    return value === undefined ? fallback : decodeInside(key, codec, value);
  }
}
