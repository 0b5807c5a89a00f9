// Updates and deletes made only if their document still reads as a value read before
// (`unchangedSince`): Firestore's `updateTime` precondition as a client can keep it (the same
// cases as the Swift runtime's UnchangedSinceTests).

import type { Observable } from "rxjs";
import {
  checkPreconditions, Codecs, conditionalPaths, counterCheck, FieldReader, InMemoryStore, ReadDocument, StoreError, updateWrite, written,
} from "../../../Runtimes/typescript/index.js";
import type { DocumentCodec, DocumentData, DocumentWrite } from "../../../Runtimes/typescript/index.js";
import { check, data, expectEqual, expectError, int, rejection, show, str, thrown } from "./harness.js";

/** A document type read with the contract's codecs: an int `n`. */
interface ReadItem {
  readonly id: string;
  readonly n: number;
}

const ReadItemCodec: DocumentCodec<ReadItem> = {
  decode: (id, fields) => ({ id, n: new FieldReader(fields).required("n", Codecs.int) }),
  encode: (item) => new Map([["n", Codecs.int.encode(item.n)]]),
};

const path = ["c", "a"];
const changed = "the document at 'c/a' has changed since it was read";

/** The read document of `{id, n}`; one is always made here. */
function read(id = "a", n = 1): ReadDocument {
  const document = ReadDocument.of<ReadItem>({ id, n }, ReadItemCodec);
  if (document === undefined) throw new Error("ReadDocument.of gave nothing for a document");
  return document;
}

const setN = (n: number): DocumentWrite => ({ kind: "set", path, data: data({ n: int(n) }) });
const updateN = (n: number, unchangedSince?: ReadDocument): DocumentWrite => updateWrite(path, [[[["n"], int(n)]]], unchangedSince);
const remove = (unchangedSince: ReadDocument, mustExist = false): DocumentWrite => ({ kind: "delete", path, mustExist, unchangedSince });

/** The data at `path` as text, or null when there is none. */
async function stored(store: InMemoryStore): Promise<string | null> {
  const document = await store.getDocument(path);
  return document === null ? null : show(document.data);
}

export async function unchangedSinceTests(): Promise<void> {
  await anUpdateAppliesWhileTheDocumentReadsAsRead();
  await theDocumentIsComparedAsItDecodes();
  aMissingDocumentHasChanged();
  await anEarlierWriteInTheCommitIsAChange();
  await aTransactionChecksAgainstTheDocumentAsItCommits();
  theyAreLookedUpAsConditionalWrites();
  theSharedCheckComparesTheDataRead();
  await typedWritesCarryIt();
}

async function anUpdateAppliesWhileTheDocumentReadsAsRead(): Promise<void> {
  const store = new InMemoryStore();
  store.commit([setN(1)]);
  const document = read();
  expectEqual(thrown(() => store.commit([updateN(2, document)])), undefined, "an update applies while its document reads as read");
  expectEqual(await stored(store), show(data({ n: int(2) })), "the update is applied");
  const error = await rejection(() => store.commitBatch([updateN(3, document)]));
  expectError(error, StoreError, changed, "an update of a document changed since the read is refused");
  expectEqual(error instanceof StoreError ? error.problem : error, { kind: "changedSinceRead", path }, "the changedSinceRead problem");
  expectEqual(StoreError.changedSinceRead(path).message, changed, "the changedSinceRead message");
  expectEqual(await stored(store), show(data({ n: int(2) })), "the refused update is not applied");
}

async function theDocumentIsComparedAsItDecodes(): Promise<void> {
  const store = new InMemoryStore();
  store.commit([{ kind: "set", path, data: data({ n: int(1), other: str("a field the type does not read") }) }]);
  expectEqual(thrown(() => store.commit([remove(read())])), undefined, "a field the type does not read is no change");
  expectEqual(await stored(store), null, "the delete is applied");
  store.commit([{ kind: "set", path, data: data({ n: str("not an int") }) }]);
  expectError(thrown(() => store.commit([remove(read())])), StoreError, changed, "a document that no longer decodes has changed");
  store.commit([setN(1)]);
  expectError(thrown(() => store.commit([remove(read("b"))])), StoreError, changed, "the id is the write's");
  expectEqual(await stored(store), show(data({ n: int(1) })), "the refused deletes are not applied");
  check(read().isUnchanged("a", data({ n: int(1) })) && !read().isUnchanged("a", data({ n: int(2) })), "isUnchanged compares the decoded value");
  check(!read().isUnchanged("a", data({})), "isUnchanged of data that does not decode");
  expectEqual(read().data, data({ n: int(1) }), "a read document holds the value encoded");
  expectEqual(ReadDocument.of(undefined, ReadItemCodec), undefined, "no document read, no read document");
}

function aMissingDocumentHasChanged(): void {
  const store = new InMemoryStore();
  expectError(thrown(() => store.commit([remove(read())])), StoreError, changed, "a delete of a missing document");
  expectError(thrown(() => store.commit([remove(read(), true)])), StoreError, changed,
    "a must-exist delete of a missing document: unchanged-since is checked first");
  expectError(thrown(() => store.commit([updateN(2, read())])), StoreError, changed, "an update of a missing document");
}

async function anEarlierWriteInTheCommitIsAChange(): Promise<void> {
  const store = new InMemoryStore();
  store.commit([setN(1)]);
  expectError(thrown(() => store.commit([setN(1), updateN(2, read())])), StoreError, changed,
    "an earlier write of the commit is a change, even one that leaves the document as it was");
  expectError(thrown(() => store.commit([updateN(2), remove(read("a", 2))])), StoreError, changed,
    "a delete after an update of the commit that leaves the document as read");
  expectEqual(await stored(store), show(data({ n: int(1) })), "the refused commits are not applied");
  expectEqual(thrown(() => store.commit([updateN(2, read()), updateN(3)])), undefined, "a later write is free of the first's condition");
  expectEqual(await stored(store), show(data({ n: int(3) })), "both writes are applied");
}

async function aTransactionChecksAgainstTheDocumentAsItCommits(): Promise<void> {
  {
    const store = new InMemoryStore();
    store.commit([setN(1)]);
    let runs = 0;
    const error = await rejection(() => store.runTransaction(async (transaction) => {
      runs += 1;
      if (await transaction.get(["c", "other"]) === null) store.commit([setN(5)]);
      transaction.write(updateN(2, read()));
    }));
    expectError(error, StoreError, changed, "a transaction's write of a document changed since its read");
    expectEqual(runs, 1, "a refused precondition is not retried");
    expectEqual(await stored(store), show(data({ n: int(5) })), "the failed transaction writes nothing");
  }
  {
    const store = new InMemoryStore();
    store.commit([setN(1)]);
    const result = await store.runTransaction(async (transaction) => {
      const document = await transaction.get(path);
      const item = document === null ? undefined : ReadItemCodec.decode(document.id, document.data);
      transaction.write(updateN((item?.n ?? 0) + 1, ReadDocument.of(item, ReadItemCodec)));
      return "done";
    });
    expectEqual(result, "done", "a transaction's write of the document as it read it");
    expectEqual(await stored(store), show(data({ n: int(2) })), "is applied");
  }
}

function theyAreLookedUpAsConditionalWrites(): void {
  const document = read();
  const writes: DocumentWrite[] = [
    { kind: "update", path: ["c", "a"], fields: [] },
    { kind: "update", path: ["c", "b"], fields: [], unchangedSince: document },
    { kind: "delete", path: ["c", "d"], unchangedSince: document },
    { kind: "delete", path: ["c", "e"], unchangedSince: undefined },
  ];
  expectEqual(conditionalPaths(writes), [["c", "b"], ["c", "d"]], "unchanged-since updates and deletes are conditional");
}

/** The shared check the Firestore adapter runs on the documents it reads in a transaction. */
function theSharedCheckComparesTheDataRead(): void {
  const b = ["c", "b"];
  const refusal = (stored: ReadonlyMap<string, DocumentData>, ...writes: DocumentWrite[]): [string, string[]] => {
    const asked: string[] = [];
    const error = thrown(() => checkPreconditions(writes, (at) => {
      asked.push(at.join("/"));
      return stored.get(at.join("/")) ?? null;
    }));
    return [error instanceof Error ? error.message : show(error), asked];
  };
  const one = new Map([["c/a", data({ n: int(1) })]]);
  expectEqual(refusal(one, updateN(2, read())), ["undefined", ["c/a"]], "shared check: a document as read");
  expectEqual(refusal(new Map([["c/a", data({ n: int(2) })]]), updateN(3, read()))[0], changed, "shared check: a changed document");
  expectEqual(refusal(new Map(), remove(read(), true))[0], changed, "shared check: a missing document, unchanged-since before must-exist");
  expectEqual(refusal(one, setN(1), updateN(2, read())), [changed, []], "shared check: a document an earlier write wrote has changed, and is not read");
  expectEqual(refusal(new Map([...one, ["c/b", data({})]]), { kind: "set", path: b, data: data({}), mustNotExist: true }, updateN(2, read()))[0],
    "a document already exists at 'c/b'", "shared check: the first refusal in order");
}

/** What `stream` ends with: its error, or undefined when it completes. */
function ending(stream: Observable<string>): Promise<unknown> {
  return new Promise((resolve) => {
    stream.subscribe({ error: (error: unknown) => resolve(error), complete: () => resolve(undefined) });
  });
}

/** The calls generated code makes, and a counted write's condition kept. */
async function typedWritesCarryIt(): Promise<void> {
  const document = read();
  check(updateWrite(path, [], document).kind === "update" && "unchangedSince" in updateWrite(path, [], document), "updateWrite passes unchangedSince");
  check(!("unchangedSince" in updateWrite(path, [])) && !("unchangedSince" in updateWrite(path, [], undefined)),
    "updateWrite without unchangedSince leaves the property out");
  const store = new InMemoryStore();
  const member = ["members", "u1"];
  store.commit([{ kind: "set", path: member, data: data({ count: int(1) }) }, setN(2)]);
  const counted = counterCheck("deleteItem", "count > 0", member, "count", -1, (value) => value > 0);
  expectError(await ending(written(store, () => remove(document), counted)), StoreError, changed, "a counted delete keeps its unchangedSince");
  expectEqual([await stored(store), show((await store.getDocument(member))?.data)], [show(data({ n: int(2) })), show(data({ count: int(1) }))],
    "and writes nothing when refused");
}
