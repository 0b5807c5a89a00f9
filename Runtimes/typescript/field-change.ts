import type { Codec } from "./codecs.js";
import type { FieldUpdate } from "./field-update.js";
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
 * A typed change of one field of a generated update (`updateMessage(…, { likeCount:
 * FieldChange.increment(1) })`). Each field of an update takes the changes that fit its type:
 * every field `SetChange`, an optional field `DeleteChange`, an optional timestamp
 * `ServerTimestampChange`, a number `IncrementChange`, a list `ArrayChange`.
 */
export type FieldChange<T> = SetChange<T> | DeleteChange | ServerTimestampChange | IncrementChange | ArrayChange<unknown>;

/** Makes changes. */
export const FieldChange: {
  set<T>(value: T): SetChange<T>;
  readonly delete: DeleteChange;
  readonly serverTimestamp: ServerTimestampChange;
  increment(amount: number): IncrementChange;
  arrayUnion<E>(...elements: readonly E[]): ArrayChange<E>;
  arrayRemove<E>(...elements: readonly E[]): ArrayChange<E>;
} = {
  set: (value) => ({ kind: "set", value }),
  delete: Object.freeze({ kind: "delete" }),
  serverTimestamp: Object.freeze({ kind: "serverTimestamp" }),
  increment: (amount) => ({ kind: "increment", amount }),
  arrayUnion: (...elements) => ({ kind: "arrayUnion", elements }),
  arrayRemove: (...elements) => ({ kind: "arrayRemove", elements }),
};

/** One field's change for `updateWrite`: nothing when `change` is undefined; values stored with the field's `codec`. */
export function fieldChange<T>(field: FieldPath, change: FieldChange<T> | undefined, codec: Codec<T>): readonly [FieldPath, FieldUpdate] | null {
  if (change === undefined) return null;
  switch (change.kind) {
    case "set": return [field, codec.encode(change.value)];
    case "delete": return [field, { kind: "delete" }];
    case "serverTimestamp": return [field, DocumentValue.serverTimestamp];
    case "increment": return [field, { kind: "increment", by: codec.encode(change.amount as unknown as T) }];
    case "arrayUnion":
    case "arrayRemove": {
      const encoded = codec.encode(change.elements as unknown as T);
      return [field, { kind: change.kind, values: encoded.kind === "array" ? encoded.values : [] }];
    }
  }
}

/** An update of the fields whose change is given. */
export function updateWrite(path: readonly string[], changes: readonly (readonly [FieldPath, FieldUpdate] | null)[]): DocumentWrite {
  return { kind: "update", path, fields: given(changes) };
}

/** A set with merge of the fields whose change is given. */
export function mergeWrite(path: readonly string[], changes: readonly (readonly [FieldPath, FieldUpdate] | null)[]): DocumentWrite {
  return { kind: "merge", path, fields: given(changes) };
}

function given(changes: readonly (readonly [FieldPath, FieldUpdate] | null)[]): (readonly [FieldPath, FieldUpdate])[] {
  return changes.filter((change): change is readonly [FieldPath, FieldUpdate] => change !== null);
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
