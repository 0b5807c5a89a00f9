// Create-only sets and must-exist deletes (Firestore's `currentDocument` preconditions), checked in
// order against what a commit's earlier writes leave, as Firestore's emulator checks them (the same
// cases as the Swift runtime's PreconditionTests).

import { checkPreconditions, conditionalPaths, InMemoryStore, StoreError } from "../../../Runtimes/typescript/index.js";
import type { DocumentData, DocumentWrite } from "../../../Runtimes/typescript/index.js";
import { check, data, expectEqual, expectError, int, rejection, show, thrown } from "./harness.js";

const a = ["c", "a"], b = ["c", "b"];
const set = (path: readonly string[], n: number): DocumentWrite => ({ kind: "set", path, data: data({ n: int(n) }) });
const create = (path: readonly string[], n: number): DocumentWrite => ({ kind: "set", path, data: data({ n: int(n) }), mustNotExist: true });
const remove = (path: readonly string[]): DocumentWrite => ({ kind: "delete", path });
const removeExisting = (path: readonly string[]): DocumentWrite => ({ kind: "delete", path, mustExist: true });
const alreadyExists = (path: readonly string[]): string => `a document already exists at '${path.join("/")}'`;
const notFound = (path: readonly string[]): string => `no document at '${path.join("/")}'`;

/** A store holding `c/a` as `{n: 1}`. */
function storeWithA(): InMemoryStore {
  const store = new InMemoryStore();
  store.setData(data({ n: int(1) }), a);
  return store;
}

/** The document at `path`'s `n`, as text, or null when there is none. */
async function stored(store: InMemoryStore, path: readonly string[]): Promise<string | null> {
  const document = await store.getDocument(path);
  return document === null ? null : show(document.data.get("n"));
}

export async function preconditionTests(): Promise<void> {
  await singleWriteTests();
  await inOrderTests();
  await refusedCommitTests();
  await transactionTests();
  sharedFunctionTests();
}

async function singleWriteTests(): Promise<void> {
  expectEqual(StoreError.alreadyExists(["a", "b", "c"]).message, "a document already exists at 'a/b/c'", "the alreadyExists message");
  {
    const store = storeWithA();
    const error = thrown(() => store.commit([create(a, 2)]));
    expectError(error, StoreError, alreadyExists(a), "a create-only set of an existing document is refused");
    expectEqual(error instanceof StoreError ? error.problem : error, { kind: "alreadyExists", path: a }, "alreadyExists problem");
    expectEqual(await stored(store, a), show(int(1)), "a refused create leaves the document");
    expectEqual(await rejection(() => store.commitBatch([create(b, 2)])), undefined, "a create-only set of a missing document is accepted");
    expectEqual(await stored(store, b), show(int(2)), "a create-only set of a missing document writes it");
  }
  {
    const store = storeWithA();
    const error = thrown(() => store.commit([removeExisting(b)]));
    expectError(error, StoreError, notFound(b), "a must-exist delete of a missing document is refused with notFound");
    expectEqual(error instanceof StoreError ? error.problem.kind : error, "notFound", "notFound problem");
    expectEqual(thrown(() => store.commit([removeExisting(a)])), undefined, "a must-exist delete of an existing document is accepted");
    expectEqual(await stored(store, a), null, "a must-exist delete of an existing document deletes it");
    expectEqual(thrown(() => store.commit([remove(a)])), undefined, "a plain delete of a missing document is accepted");
  }
  {
    const store = storeWithA();
    const invalid: DocumentWrite = { kind: "set", path: a, data: data({ __x__: int(1) }), mustNotExist: true };
    expectError(thrown(() => store.commit([invalid])), StoreError,
      "invalid field '__x__': names must be non-empty, and written ones must not begin and end with '__'", "FirestoreRules check a create-only set as a set, first");
  }
}

async function inOrderTests(): Promise<void> {
  {
    const store = new InMemoryStore();
    expectEqual(thrown(() => store.commit([create(a, 1), removeExisting(a)])), undefined, "a create then a must-exist delete of one document apply");
    expectEqual(await stored(store, a), null, "a create then a must-exist delete leave no document");
  }
  {
    const store = storeWithA();
    expectEqual(thrown(() => store.commit([remove(a), create(a, 2)])), undefined, "a delete then a create of one document apply");
    expectEqual(await stored(store, a), show(int(2)), "a delete then a create leave the created document");
  }
  {
    const store = new InMemoryStore();
    expectError(thrown(() => store.commit([set(a, 1), create(a, 2)])), StoreError, alreadyExists(a), "a set then a create of one document are refused");
    expectEqual(await stored(store, a), null, "a refused set then create write nothing");
  }
  {
    const store = storeWithA();
    expectError(thrown(() => store.commit([remove(a), removeExisting(a)])), StoreError, notFound(a), "a delete then a must-exist delete are refused");
    expectEqual(await stored(store, a), show(int(1)), "a refused delete then must-exist delete delete nothing");
  }
  {
    const store = new InMemoryStore();
    const merge: DocumentWrite = { kind: "merge", path: a, fields: [[["n"], int(1)]] };
    expectEqual(thrown(() => store.commit([merge, removeExisting(a)])), undefined, "a merge leaves its document there for a must-exist delete");
  }
}

async function refusedCommitTests(): Promise<void> {
  const store = storeWithA();
  const snapshots: string[] = [], documents: string[] = [];
  const noError = (error: unknown): void => check(false, "unexpected listener error", show(error));
  store.addQueryListener({ collection: ["c"] }, ({ documents: found }) => snapshots.push(found.map((document) => document.id).join(",")), noError);
  store.addDocumentListener(b, (document) => documents.push(document === null ? "none" : document.id), noError);
  let runs = 0;
  const transaction = store.runTransaction(async (reading) => {
    runs += 1;
    await reading.get(a);
    // A refused commit by another client while the transaction runs: it changes no version.
    const refused: DocumentWrite[] = [set(b, 1), { kind: "update", path: a, fields: [[["n"], int(5)]] }, create(a, 2)];
    if (runs === 1) expectError(thrown(() => store.commit(refused)), StoreError, alreadyExists(a), "a commit with a failed precondition last is refused");
    reading.write(set(["c", "t"], 1));
  });
  await transaction;
  expectEqual([await stored(store, a), await stored(store, b)], [show(int(1)), null], "a refused commit applies none of its writes");
  expectEqual(snapshots, ["a", "a,t"], "query listeners hear nothing of a refused commit");
  expectEqual(documents, ["none"], "document listeners hear nothing of a refused commit");
  expectEqual(runs, 1, "a refused commit changes no document's version: a transaction that read one runs once");
  const batch = await rejection(async () => store.commitBatch([set(b, 1), removeExisting(["c", "missing"])]));
  expectError(batch, StoreError, notFound(["c", "missing"]), "commitBatch throws for a failed precondition");
  expectEqual(await stored(store, b), null, "commitBatch with a failed precondition writes nothing");
}

async function transactionTests(): Promise<void> {
  {
    const store = new InMemoryStore();
    let runs = 0;
    const error = await rejection(() => store.runTransaction(async (transaction) => {
      runs += 1;
      await transaction.get(b);
      store.setData(data({ n: int(9) }), a);
      transaction.write(set(b, 1));
      transaction.write(create(a, 1));
    }));
    expectError(error, StoreError, alreadyExists(a), "a transaction creating a document made meanwhile fails");
    expectEqual(runs, 1, "a failed precondition is not retried");
    expectEqual([await stored(store, a), await stored(store, b)], [show(int(9)), null], "a transaction with a failed precondition writes nothing");
  }
  {
    const store = new InMemoryStore();
    let runs = 0;
    const error = await rejection(() => store.runTransaction(async (transaction) => {
      runs += 1;
      const before = await transaction.get(a);
      if (runs === 1) store.setData(data({ n: int(9) }), a);
      transaction.write(create(a, before === null ? 1 : 2));
    }));
    expectError(error, StoreError, alreadyExists(a), "a transaction that read a document missing, made meanwhile, runs again and fails creating it");
    expectEqual(runs, 2, "the transaction ran again after the document it read changed");
    expectEqual(await stored(store, a), show(int(9)), "the document made meanwhile stays");
  }
  {
    const store = storeWithA();
    await store.runTransaction(async (transaction) => {
      await transaction.get(a);
      transaction.write(removeExisting(a));
      transaction.write(create(a, 3));
    });
    expectEqual(await stored(store, a), show(int(3)), "a transaction's must-exist delete then create apply");
  }
}

function sharedFunctionTests(): void {
  const writes: DocumentWrite[] = [set(a, 1), create(b, 1), removeExisting(["c", "d"]), create(b, 2), remove(["c", "e"])];
  expectEqual(conditionalPaths(writes), [b, ["c", "d"]], "conditionalPaths: the distinct paths of conditional writes, in order");
  expectEqual(conditionalPaths([set(a, 1), remove(b), { kind: "merge", path: a, fields: [] }]), [], "conditionalPaths: none without a conditional write");
  const asked: string[] = [];
  const exists = (path: readonly string[]): DocumentData | null => {
    asked.push(path.join("/"));
    return path[1] === "d" ? data({ n: int(1) }) : null;
  };
  expectError(thrown(() => checkPreconditions(writes, exists)), StoreError, alreadyExists(b), "checkPreconditions: a second create of one document");
  expectEqual(asked, ["c/b", "c/d"], "checkPreconditions asks only of a conditional path's first state");
  expectEqual(thrown(() => checkPreconditions([create(a, 1), removeExisting(a), create(a, 1)], () => null)), undefined,
    "checkPreconditions: create, must-exist delete, create");
}
