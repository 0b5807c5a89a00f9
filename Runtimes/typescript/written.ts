// Declared writes as streams: a generated `sendMessage(roomId, uid, text, id)` commits one write
// when subscribed, emits the written document's id once the store has applied it, and completes
// when the store acknowledges it (Firestore: when the server has it). A write that checks a counter
// (`Member[$uid].sentCount < 10`) runs as one transaction that reads it, writes and changes it.
import { concatMap, Observable, take } from "rxjs";
import { Codecs, FieldReader } from "./codecs.js";
import { documentIdOf } from "./field-change.js";
import { FieldUpdate } from "./field-update.js";
import { StoreError } from "./store.js";
import type { DocumentStore, DocumentWrite } from "./store.js";
import type { DocumentTransaction } from "./transaction.js";
import { DocumentValue } from "./value.js";

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
 * A declared write's check of a counter: the int `field` (its stored key) of the document at
 * `counter`, which the write changes by `step` in the same transaction, so that a cap holds under
 * concurrent writers (Firestore's write-time aggregation); `holds` tests its value. `write` and
 * `check` name them in the error.
 */
export interface CounterCheck {
  readonly write: string;
  readonly check: string;
  readonly counter: readonly string[];
  readonly field: string;
  /** What the write adds to the counter: 1 for a create, -1 for a delete. */
  readonly step: number;
  readonly holds: (value: number) => boolean;
}

/** A declared write's check of a counter (`Member[$uid].sentCount < 10`), which the write changes by `step`. */
export function counterCheck(
  write: string, check: string, counter: readonly string[], field: string, step: number, holds: (value: number) => boolean,
): CounterCheck {
  return { write, check, counter, field, step, holds };
}

/**
 * Commits the write `make` returns when subscribed, emits the id of the document written once it
 * is applied, and completes when the store acknowledges it. With a `PreCheck`, its value's first
 * emission must pass first, or the write fails with a `PreCheckError`; an error of the value
 * fails the write, a value that completes empty completes it, unwritten. With a `CounterCheck`,
 * the write runs as one transaction: it reads the counter, fails with a `PreCheckError` unless
 * the check holds, then writes (a set only creating, a delete only deleting what is there) and
 * changes the counter by its step; it emits the id once the transaction has committed, then
 * completes. That costs a transaction per write, which fails offline, as Firestore's do. It fails
 * without an id if `make` throws (a `ConstraintError`) or the store refuses the write (no counter
 * document, contention): then nothing is written. Unsubscribing stops listening; the write stays.
 */
export function written<T>(store: DocumentStore, make: () => DocumentWrite, check?: PreCheck<T> | CounterCheck): Observable<string> {
  if (check !== undefined && "counter" in check) return countedWrite(store, make, check);
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

/** The write `make` returns, committed in one transaction with `check`'s counter, once subscribed. */
function countedWrite(store: DocumentStore, make: () => DocumentWrite, check: CounterCheck): Observable<string> {
  return new Observable<string>((subscriber) => {
    const committed = store.runTransaction(async (transaction) => {
      const value = await counterValue(transaction, check);
      if (!check.holds(value)) throw new PreCheckError(check.write, check.check, value);
      const write = counted(make());
      transaction.write(write);
      transaction.write({ kind: "update", path: check.counter, fields: [[[check.field], FieldUpdate.increment(DocumentValue.int(check.step))]] });
      return documentIdOf(write);
    });
    void committed.then((id) => {
      subscriber.next(id);
      subscriber.complete();
    }, (error: unknown) => subscriber.error(error));
  });
}

/**
 * The counter's value in `transaction`: 0 when its field is absent, as Firestore's increment
 * counts it; rejects with `notFound` when there is no document, and with the int codec's
 * `DocumentDecodingError` when the value is not an int.
 */
async function counterValue(transaction: DocumentTransaction, check: CounterCheck): Promise<number> {
  const document = await transaction.get(check.counter);
  if (document === null) throw StoreError.notFound(check.counter);
  return new FieldReader(document.data).withDefault(check.field, Codecs.int, 0);
}

/** `write` as a counter counts it, a document more or less: a set only creates, a delete only deletes what is there. */
function counted(write: DocumentWrite): DocumentWrite {
  switch (write.kind) {
    case "set": return { ...write, mustNotExist: true };
    case "delete": return { ...write, mustExist: true };
    case "update":
    case "merge":
      return write;
  }
}
