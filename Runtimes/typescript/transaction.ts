// Transactions, as Firestore runs them: a body reads documents, then buffers writes; the writes
// are applied together only if no document read has changed since, else the body runs again.
import type { DocumentCodec } from "./codecs.js";
import { checkPath, StoreError } from "./store.js";
import type { DocumentSnapshot, DocumentWrite, TransactionOptions } from "./store.js";

/** A transaction's reads and writes: reads first, then writes, as Firestore requires. */
export interface DocumentTransaction {
  /** The document at `path` now, or null; rejects with StoreError readAfterWrite after a write. */
  get(path: readonly string[]): Promise<DocumentSnapshot | null>;
  /** Buffers `write`, applied with the others when the transaction commits. */
  write(write: DocumentWrite): void;
}

/**
 * How many times a transaction's body runs at most, before it fails with `contention`, when its
 * options give no `maxAttempts`: Firestore's default.
 */
export const MAXIMUM_TRANSACTION_ATTEMPTS = 5;

/**
 * The most attempts `options` allow: their `maxAttempts`, else `MAXIMUM_TRANSACTION_ATTEMPTS`;
 * throws `invalidAttempts` below 1, as Firestore's SDKs refuse it.
 */
export function transactionAttempts(options: TransactionOptions | undefined): number {
  const maxAttempts = options?.maxAttempts ?? MAXIMUM_TRANSACTION_ATTEMPTS;
  if (!(maxAttempts >= 1)) throw StoreError.invalidAttempts(maxAttempts);  // NaN too
  return maxAttempts;
}

/**
 * The document at `path` read in `transaction` and decoded with `codec`, or null when there is
 * none; rejects with the codec's `DocumentDecodingError` when it does not decode.
 */
export async function readDocument<T>(transaction: DocumentTransaction, codec: DocumentCodec<T>, path: readonly string[]): Promise<T | null> {
  const document = await transaction.get(path);
  return document === null ? null : codec.decode(document.id, document.data);
}

/** A path read in a transaction and the document it held (null: none). */
export type TransactionRead = readonly [readonly string[], DocumentSnapshot | null];

/**
 * One attempt's transaction on documents read with `read`: it records the first read of each
 * path, which later reads of that path return, and buffers the writes in order.
 */
class RecordingTransaction implements DocumentTransaction {
  /** Each path read, by its key, in the order first read. */
  readonly reads = new Map<string, TransactionRead>();
  readonly writes: DocumentWrite[] = [];

  private readonly read: (path: readonly string[]) => DocumentSnapshot | null;

  constructor(read: (path: readonly string[]) => DocumentSnapshot | null) {
    this.read = read;
  }

  async get(path: readonly string[]): Promise<DocumentSnapshot | null> {
    checkPath(path, false);
    if (this.writes.length > 0) throw StoreError.readAfterWrite();
    const key = JSON.stringify(path);
    const recorded = this.reads.get(key);
    if (recorded !== undefined) return recorded[1];
    const document = this.read(path);
    this.reads.set(key, [path, document]);
    return document;
  }

  write(write: DocumentWrite): void {
    this.writes.push(write);
  }
}

/**
 * Runs `body` with a new transaction at each attempt and resolves with its result once `commit`
 * takes the attempt's reads and writes: `commit` returns false, writing nothing, when a document
 * read has changed, and throws when it refuses the writes. Rejects with `contention` after
 * `maxAttempts` attempts.
 */
export async function runTransactionAttempts<T>(
  maxAttempts: number,
  read: (path: readonly string[]) => DocumentSnapshot | null,
  commit: (reads: readonly TransactionRead[], writes: readonly DocumentWrite[]) => boolean,
  body: (transaction: DocumentTransaction) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const transaction = new RecordingTransaction(read);
    const result = await body(transaction);
    if (commit([...transaction.reads.values()], transaction.writes)) return result;
  }
  throw StoreError.contention(maxAttempts);
}
