// Declared writes as streams: a generated `sendMessage(roomId, uid, text, id)` commits one write
// when subscribed, emits the written document's id once the store has applied it, and completes
// when the store acknowledges it (Firestore: when the server has it).
import { concatMap, Observable, take } from "rxjs";
import { documentIdOf } from "./field-change.js";
import type { DocumentStore, DocumentWrite } from "./store.js";

/** The check a declared write makes first: `value`'s first emission must pass `holds`; `write` and `check` name them in the error. */
export interface PreCheck<T> {
  readonly write: string;
  readonly check: string;
  readonly value: Observable<T>;
  readonly holds: (value: T) => boolean;
}

/** A declared write's pre-check. */
export function preCheck<T>(write: string, check: string, value: Observable<T>, holds: (value: T) => boolean): PreCheck<T> {
  return { write, check, value, holds };
}

/** A declared write's pre-check failed (`'sendMessage' needs speakCount < 10, but it is 10`): nothing was written. */
export class PreCheckError extends Error {
  readonly write: string;
  readonly check: string;
  readonly value: unknown;

  constructor(write: string, check: string, value: unknown) {
    super(`'${write}' needs ${check}, but it is ${String(value)}`);
    this.write = write;
    this.check = check;
    this.value = value;
    this.name = "PreCheckError";
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/**
 * Commits the write `make` returns when subscribed, emits the id of the document written once it
 * is applied, and completes when the store acknowledges it. With `check`, its value's first
 * emission must pass first, or the write fails with a `PreCheckError`; an error of the value
 * fails the write, a value that completes empty completes it, unwritten. It fails without an id
 * if `make` throws (a `ConstraintError`) or the store refuses the write: then nothing is written.
 * Unsubscribing stops listening; the write stays.
 */
export function written<T>(store: DocumentStore, make: () => DocumentWrite, check?: PreCheck<T>): Observable<string> {
  const write = new Observable<string>((subscriber) => {
    const document = make();
    const acknowledged = store.commitBatch([document]);
    subscriber.next(documentIdOf(document));
    void acknowledged.then(() => subscriber.complete(), (error: unknown) => subscriber.error(error));
  });
  if (check === undefined) return write;
  return check.value.pipe(take(1), concatMap((value) => {
    if (!check.holds(value)) throw new PreCheckError(check.write, check.check, value);
    return write;
  }));
}
