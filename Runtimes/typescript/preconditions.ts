// The preconditions of create-only sets and must-exist deletes (Firestore's `currentDocument`),
// checked in order, each against its document as the commit's earlier writes leave it, as
// Firestore's emulator checks them: a create then a must-exist delete of one document applies, a
// set then a create is refused. The Firestore adapter, whose SDK has no preconditions, checks them
// in a transaction that reads the documents first; the in-memory store, as it stages its writes.

import { StoreError } from "./store.js";
import type { DocumentWrite } from "./store.js";

/** Whether `write` has a precondition on its document: it creates only, or deletes only what exists. */
function isConditional(write: DocumentWrite): boolean {
  switch (write.kind) {
    case "set": return write.mustNotExist === true;
    case "delete": return write.mustExist === true;
    case "update":
    case "merge":
      return false;
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
 * `StoreError.notFound` for a must-exist delete of one that does not, walking the writes in order:
 * `exists` tells whether a document is there before the writes (it is asked only of
 * `conditionalPaths(writes)`), and each write leaves its document there (set, update, merge) or
 * not (delete) for the writes after it.
 */
export function checkPreconditions(writes: readonly DocumentWrite[], exists: (path: readonly string[]) => boolean): void {
  const existing = new Map<string, boolean>();
  for (const write of writes) {
    const key = JSON.stringify(write.path);
    checkPrecondition(write, () => existing.get(key) ?? exists(write.path));
    existing.set(key, write.kind !== "delete");
  }
}

/**
 * Throws when `write`'s precondition fails, `exists` telling whether its document is there just
 * before it; asks `exists` only for a create-only set or a must-exist delete.
 */
export function checkPrecondition(write: DocumentWrite, exists: () => boolean): void {
  if (write.kind === "set" && write.mustNotExist === true && exists()) throw StoreError.alreadyExists(write.path);
  if (write.kind === "delete" && write.mustExist === true && !exists()) throw StoreError.notFound(write.path);
}
