// The preconditions of create-only sets, must-exist deletes and unchanged-since updates and
// deletes (Firestore's `currentDocument`), checked in order, each against its document as the
// commit's earlier writes leave it, as Firestore's emulator checks them: a create then a
// must-exist delete of one document applies, a set then a create is refused. An unchanged-since
// write after another write of its document in one commit is refused as changed: the earlier
// write is a change since the read (Firestore's emulator refuses such a commit whole, "Cannot
// collapse mutations with different version preconditions"). The Firestore adapter, whose SDK
// has no preconditions, checks them in a transaction that reads the documents first; the
// in-memory store, as it stages its writes.

import { StoreError } from "./store.js";
import type { DocumentWrite } from "./store.js";
import type { DocumentData } from "./value.js";

/** A document as a write's precondition finds it. */
type PreconditionState =
  /** There is none. */
  | { readonly kind: "absent" }
  /** It is stored with this data, unwritten by the commit so far. */
  | { readonly kind: "stored"; readonly data: DocumentData }
  /** The commit's earlier writes wrote it, leaving it there or not. */
  | { readonly kind: "written"; readonly exists: boolean };

/**
 * Whether `write` has a precondition of its own on its document: it creates only, deletes only
 * what exists, or changes only what still reads as it was read.
 */
function isConditional(write: DocumentWrite): boolean {
  switch (write.kind) {
    case "set": return write.mustNotExist === true;
    case "delete": return write.mustExist === true || write.unchangedSince !== undefined;
    case "update": return write.unchangedSince !== undefined;
    case "merge": return false;
  }
}

/** The distinct paths of the writes that have a precondition, in order: the documents to look up to check them. */
export function conditionalPaths(writes: readonly DocumentWrite[]): (readonly string[])[] {
  const paths = new Map<string, readonly string[]>();
  for (const write of writes) {
    const key = JSON.stringify(write.path);
    if (isConditional(write) && !paths.has(key)) paths.set(key, write.path);
  }
  return [...paths.values()];
}

/**
 * Throws `StoreError.alreadyExists` for a create-only set of a document that exists,
 * `StoreError.notFound` for a must-exist delete of one that does not,
 * `StoreError.changedSinceRead` for an unchanged-since write of one that does not read as it was
 * read, walking the writes in order: `read` gives a document's data before the writes (null:
 * none; it is asked only of `conditionalPaths(writes)`, and not of a document an earlier write
 * wrote), and each write leaves its document there (set, update, merge) or not (delete) for the
 * writes after it.
 */
export function checkPreconditions(writes: readonly DocumentWrite[], read: (path: readonly string[]) => DocumentData | null): void {
  const preconditions = new Preconditions();
  for (const write of writes) preconditions.check(write, read);
}

/** The check of one commit's preconditions, a write at a time, in order. */
export class Preconditions {
  /** Each document the writes so far wrote, by path: whether they left it there. */
  private readonly written = new Map<string, boolean>();

  /**
   * Throws when `write`'s precondition fails, `read` giving a document's data before the commit
   * (null: none); then counts the write as the next of its commit.
   */
  check(write: DocumentWrite, read: (path: readonly string[]) => DocumentData | null): void {
    const key = JSON.stringify(write.path);
    checkPrecondition(write, (): PreconditionState => {
      const exists = this.written.get(key);
      if (exists !== undefined) return { kind: "written", exists };
      const data = read(write.path);
      return data === null ? { kind: "absent" } : { kind: "stored", data };
    });
    this.written.set(key, write.kind !== "delete");
  }
}

/**
 * Throws when `write`'s precondition fails, `state` giving its document just before it; asks
 * `state` only for a conditional write. An unchanged-since write is checked first.
 */
function checkPrecondition(write: DocumentWrite, state: () => PreconditionState): void {
  if (!isConditional(write)) return;
  const found = state();
  const read = write.kind === "update" || write.kind === "delete" ? write.unchangedSince : undefined;
  if (read !== undefined && !(found.kind === "stored" && read.isUnchanged(write.path[write.path.length - 1] ?? "", found.data))) {
    throw StoreError.changedSinceRead(write.path);
  }
  const exists = found.kind === "written" ? found.exists : found.kind === "stored";
  if (write.kind === "set" && write.mustNotExist === true && exists) throw StoreError.alreadyExists(write.path);
  if (write.kind === "delete" && write.mustExist === true && !exists) throw StoreError.notFound(write.path);
}
