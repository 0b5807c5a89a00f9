// Firestore's limits on a stored document, at the numbers its emulator holds them (the same cases
// as the Swift runtime's DocumentLimitsTests).

import { DocumentValue, InMemoryStore, StoreError } from "../../../Runtimes/typescript/index.js";
import type { DocumentWrite } from "../../../Runtimes/typescript/index.js";
import { data, expectEqual, expectError, int, rejection, str, thrown } from "./harness.js";

export async function documentLimitTests(): Promise<void> {
  const store = new InMemoryStore();
  const string = (count: number): DocumentValue => str("a".repeat(count));
  const set = (id: string, fields: { readonly [key: string]: DocumentValue }): DocumentWrite => ({ kind: "set", path: ["c", id], data: data(fields) });
  const accepted = (writes: readonly DocumentWrite[], name: string): void => expectEqual(thrown(() => store.commit(writes)), undefined, name);
  const refused = (writes: readonly DocumentWrite[], message: string, name: string): void =>
    expectError(thrown(() => store.commit(writes)), StoreError, message, name);
  const tooLarge = (id: string): string => `the document at 'c/${id}' would be larger than the 1,048,576 bytes Firestore stores`;

  accepted([set("x", { s: string(524_259), t: string(524_259) })], "a document of 1,048,576 bytes");
  refused([set("x", { s: string(524_259), t: string(524_260) })], tooLarge("x"), "one byte more");
  refused([set("x", { m: DocumentValue.map({ s: string(524_258), t: string(524_259) }) })], tooLarge("x"), "a map's size is its fields'");
  accepted([set("x", { s: string(1_048_487) })], "a string of 1,048,487 bytes");
  refused([set("x", { s: string(1_048_488) })], "'s' holds a string or bytes longer than the 1,048,487 bytes Firestore stores in one value", "one byte more");
  const maps = (count: number, around: DocumentValue): DocumentValue =>
    Array.from({ length: count }).reduce<DocumentValue>((inner) => DocumentValue.map({ m: inner }), around);
  const tooDeep = "'f' nests maps and arrays deeper than the 20 levels Firestore stores";
  accepted([set("d", { f: maps(20, int(1)) })], "20 maps deep");
  refused([set("d", { f: maps(21, int(1)) })], tooDeep, "21 maps deep");
  accepted([set("d", { f: maps(20, DocumentValue.array([])) })], "an empty array is no level");
  refused([set("d", { f: maps(20, DocumentValue.array([int(1)])) })], tooDeep, "an array of one is a level");
  const a750 = "a".repeat(750), b750 = "b".repeat(750);
  refused([set("p", { [a750]: DocumentValue.map({ [b750]: int(1) }) })], `the field path '${a750}.${b750}' is longer than the 1,500 bytes Firestore takes`,
    "a field path of 1,501 bytes");
  accepted([set("p", { ["é".repeat(750)]: int(1) })], "a field path of 1,500 bytes");
  store.setData(data({ s: string(1_048_400) }), ["c", "z"]);
  refused([set("a", {}), { kind: "update", path: ["c", "z"], fields: [[["t"], string(200)]] }], tooLarge("z"), "an update that would make a document too large");
  expectEqual(await store.getDocument(["c", "a"]), null, "a refused commit writes nothing");
  await requestLimitTests();
}

/**
 * A commit takes any number of writes up to Firestore's API request size, 10 MiB; past it the whole
 * commit is refused before anything is written, a transaction's too.
 */
async function requestLimitTests(): Promise<void> {
  const store = new InMemoryStore();
  const string = (count: number): DocumentValue => str("a".repeat(count));
  const tooLarge = "the commit is larger than the 10,485,760 bytes (10 MiB) Firestore takes in one request";
  // Ten sets of c/dN with s of the largest value (21 + 2 + 1,048,488 bytes each), and a delete of
  // c/zzz… (16 + 2 + the id and 1): with an id of 631, exactly Firestore's 10 MiB request.
  const largestRequest = (idLength: number): DocumentWrite[] => [
    ...Array.from({ length: 10 }, (_, n): DocumentWrite => ({ kind: "set", path: ["c", `d${n}`], data: data({ s: string(1_048_487) }) })),
    { kind: "delete", path: ["c", "z".repeat(idLength)] },
  ];
  expectError(thrown(() => store.commit(largestRequest(632))), StoreError, tooLarge, "a commit of 10 MiB and one byte");
  expectEqual(await store.getDocument(["c", "d0"]), null, "a commit too large writes nothing");
  expectEqual(thrown(() => store.commit(largestRequest(631))), undefined, "a commit of 10 MiB");
  expectEqual(await store.getDocument(["c", "d9"]) !== null, true, "a commit of 10 MiB is written");
  // An update sends its field paths and values: 21 + 1 + 1,048,488 for each c/dN, then a merge of
  // c/e: 20 + 1 + the string and 1.
  const updates = Array.from({ length: 10 }, (_, n): DocumentWrite => ({ kind: "update", path: ["c", `d${n}`], fields: [[["s"], string(1_048_487)]] }));
  const merge = (length: number): DocumentWrite => ({ kind: "merge", path: ["c", "e"], fields: [[["t"], string(length)]] });
  expectError(thrown(() => store.commit([...updates, merge(639)])), StoreError, tooLarge, "updates of 10 MiB and one byte");
  expectEqual(thrown(() => store.commit([...updates, merge(638)])), undefined, "updates of 10 MiB");
  expectEqual(StoreError.requestTooLarge().problem, { kind: "requestTooLarge" }, "the requestTooLarge problem");
  const writes = largestRequest(632);
  const error = await rejection(() => store.runTransaction(async (transaction) => {
    for (const write of writes) transaction.write(write);
  }));
  expectError(error, StoreError, tooLarge, "a transaction's commit of 10 MiB and one byte");
}
