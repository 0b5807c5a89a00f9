import type { Codec } from "./codecs.js";
import type { FieldUpdate } from "./field-update.js";
import type { ReadDocument } from "./read-document.js";
import type { DocumentWrite, FieldPath } from "./store.js";
import { DocumentValue } from "./value.js";

/** Sets a field to `value`. */
export interface SetChange<T> {
  readonly kind: "set";
  readonly value: T;
}

/** Removes an optional field: it reads null. */
export interface DeleteChange {
  readonly kind: "delete";
}

/** Sets an optional timestamp field to the server's time when the write reaches it; null until then. */
export interface ServerTimestampChange {
  readonly kind: "serverTimestamp";
}

/** Adds `amount` to a number field on the server; a field holding no number is set to it. */
export interface IncrementChange {
  readonly kind: "increment";
  readonly amount: number;
}

/** Appends the elements a list field does not hold yet (`arrayUnion`), or removes every element equal to one (`arrayRemove`). */
export interface ArrayChange<E> {
  readonly kind: "arrayUnion" | "arrayRemove";
  readonly elements: readonly E[];
}

/**
 * Changes the given keys of a map field, each alone, keeping its other keys, as Firestore's
 * dotted field paths do; each key's change is one `KeyChange` makes.
 */
export interface KeysChange<C> {
  readonly kind: "keys";
  readonly changes: Readonly<Record<string, C>>;
}

/** A change of one key of a map field (`FieldChange.keys`): a field's change but a server timestamp or a change of keys. */
export type KeyChange = SetChange<unknown> | DeleteChange | IncrementChange | ArrayChange<unknown>;

/**
 * A typed change of one field of a generated update (`updateMessage(…, { likeCount:
 * FieldChange.increment(1) })`). Each field of an update takes the changes that fit its type:
 * every field `SetChange`, an optional field `DeleteChange`, an optional timestamp
 * `ServerTimestampChange`, a number `IncrementChange`, a list `ArrayChange`, a map `KeysChange`.
 */
export type FieldChange<T> = SetChange<T> | DeleteChange | ServerTimestampChange | IncrementChange | ArrayChange<unknown> | KeysChange<KeyChange>;

/** Makes changes. */
export const FieldChange: {
  set<T>(value: T): SetChange<T>;
  readonly delete: DeleteChange;
  readonly serverTimestamp: ServerTimestampChange;
  increment(amount: number): IncrementChange;
  arrayUnion<E>(...elements: readonly E[]): ArrayChange<E>;
  arrayRemove<E>(...elements: readonly E[]): ArrayChange<E>;
  keys<C>(changes: Readonly<Record<string, C>>): KeysChange<C>;
} = {
  set: (value) => ({ kind: "set", value }),
  delete: Object.freeze({ kind: "delete" }),
  serverTimestamp: Object.freeze({ kind: "serverTimestamp" }),
  increment: (amount) => ({ kind: "increment", amount }),
  arrayUnion: (...elements) => ({ kind: "arrayUnion", elements }),
  arrayRemove: (...elements) => ({ kind: "arrayRemove", elements }),
  keys: (changes) => ({ kind: "keys", changes }),
};

/** Makes the changes of one key of a map field, for `FieldChange.keys`: a field's changes but a server timestamp. */
export const KeyChange: {
  set<T>(value: T): SetChange<T>;
  readonly delete: DeleteChange;
  increment(amount: number): IncrementChange;
  arrayUnion<E>(...elements: readonly E[]): ArrayChange<E>;
  arrayRemove<E>(...elements: readonly E[]): ArrayChange<E>;
} = {
  set: FieldChange.set,
  delete: FieldChange.delete,
  increment: FieldChange.increment,
  arrayUnion: FieldChange.arrayUnion,
  arrayRemove: FieldChange.arrayRemove,
};

/**
 * One field's changes for `updateWrite`, each at its path: none when `change` is undefined, one
 * per key of a `KeysChange` at `[...field, key]`; values stored with the field's `codec`.
 */
export function fieldChange<T>(field: FieldPath, change: FieldChange<T> | undefined, codec: Codec<T>): readonly (readonly [FieldPath, FieldUpdate])[] {
  if (change === undefined) return [];
  if (change.kind !== "keys") return [[field, fieldUpdate(change, (value) => codec.encode(value as T))]];
  return Object.entries(change.changes).map(([key, keyChange]) => [[...field, key], fieldUpdate(keyChange, (value) => keyValue(key, value, codec))]);
}

/** What `change` does to its field or key, its values stored with `encode`. */
function fieldUpdate(change: Exclude<FieldChange<unknown>, KeysChange<unknown>>, encode: (value: unknown) => DocumentValue): FieldUpdate {
  switch (change.kind) {
    case "set": return encode(change.value);
    case "delete": return { kind: "delete" };
    case "serverTimestamp": return DocumentValue.serverTimestamp;
    case "increment": return { kind: "increment", by: encode(change.amount) };
    case "arrayUnion":
    case "arrayRemove": {
      const encoded = encode(change.elements);
      return { kind: change.kind, values: encoded.kind === "array" ? encoded.values : [] };
    }
  }
}

/** `value` as the map `codec` stores it under `key` (a map codec does not give out its values' codec). */
function keyValue<T>(key: string, value: unknown, codec: Codec<T>): DocumentValue {
  const encoded = codec.encode(new Map([[key, value]]) as unknown as T);
  return (encoded.kind === "map" ? encoded.fields.get(key) : undefined) ?? DocumentValue.null;
}

/**
 * An update of the fields whose changes (`fieldChange`) are given; with `unchangedSince`, only of a
 * document that still reads as that value.
 */
export function updateWrite(
  path: readonly string[], changes: readonly (readonly (readonly [FieldPath, FieldUpdate])[])[], unchangedSince?: ReadDocument,
): DocumentWrite {
  const fields = changes.flat();
  return unchangedSince === undefined ? { kind: "update", path, fields } : { kind: "update", path, fields, unchangedSince };
}

/** A set with merge of the fields whose changes (`fieldChange`) are given. */
export function mergeWrite(path: readonly string[], changes: readonly (readonly (readonly [FieldPath, FieldUpdate])[])[]): DocumentWrite {
  return { kind: "merge", path, fields: changes.flat() };
}

/** The id of the document written: the path's last segment. */
export function documentIdOf(write: DocumentWrite): string {
  return write.path[write.path.length - 1] ?? "";
}

const ID_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A new document id, made on the client as Firestore's SDKs make them: 20 characters from
 * `A–Z a–z 0–9`, from the platform's cryptographic random numbers where it has them.
 */
export function makeDocumentId(): string {
  const crypto = (globalThis as { crypto?: { getRandomValues(array: Uint8Array): Uint8Array } }).crypto;
  const bytes = new Uint8Array(40);
  if (crypto !== undefined) crypto.getRandomValues(bytes);
  else for (let index = 0; index < bytes.length; index++) bytes[index] = Math.floor(Math.random() * 256);
  let id = "";
  // 248 is the largest multiple of 62 below 256: bytes from 248 up would favour some characters.
  for (const byte of bytes) if (byte < 248 && id.length < 20) id += ID_CHARACTERS[byte % 62];
  return id.length === 20 ? id : id + makeDocumentId().slice(id.length);
}
