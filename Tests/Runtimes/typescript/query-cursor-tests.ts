// Checks query cursors (Firestore's startAt, startAfter, endAt and endBefore) in the TypeScript
// runtime: which documents the query engine keeps, the flipped query of `limitToLast`, a listener's
// incremental updates, and what `FirestoreRules` refuses. Run by runtime-tests.ts, with its harness.
// The expectations are worked out by hand from firebase-js-sdk core/bound.ts, `boundCompareToDocument`.

import { DocumentValue, FieldPath, FirestoreRules, InMemoryStore, QueryEngine, QueryFilter, QueryOrder, StoreError } from "../../../Runtimes/typescript/index.js";
import type { DocumentChange, DocumentSnapshot, QueryBound, StoreQuery } from "../../../Runtimes/typescript/index.js";
import { check, data, double, expectEqual, expectError, int, rejection, show, str, thrown } from "./harness.js";

/** The checks of query cursors. */
export async function queryCursorTests(): Promise<void> {
  oneKeyTests();
  descendingTests();
  twoKeyTests();
  documentIdTests();
  limitTests();
  viewTests();
  errorTests();
  await rulesTests();
}

const at = (...values: DocumentValue[]): QueryBound => ({ values, inclusive: true });
const after = (...values: DocumentValue[]): QueryBound => ({ values, inclusive: false });
const asc = QueryOrder.ascending, desc = QueryOrder.descending;

/** The ids of the documents `query` (on collection `c`) keeps. */
function ids(query: Omit<StoreQuery, "collection">, documents: readonly DocumentSnapshot[]): readonly string[] {
  return QueryEngine.run({ collection: ["c"], ...query }, documents).map((document) => document.id);
}

// By n ascending: a(1), b(2), c(2), d(3), e(4), g("x"), a string after every number; f has no n.
const numbers: readonly DocumentSnapshot[] = [
  { id: "a", data: data({ n: int(1) }) }, { id: "b", data: data({ n: int(2) }) }, { id: "c", data: data({ n: int(2) }) },
  { id: "d", data: data({ n: int(3) }) }, { id: "e", data: data({ n: int(4) }) }, { id: "f", data: data({ m: int(2) }) },
  { id: "g", data: data({ n: str("x") }) },
];

function oneKeyTests(): void {
  const byN = [asc(["n"])];
  expectEqual(ids({ orderBy: byN, start: at(int(2)) }, numbers), ["b", "c", "d", "e", "g"], "startAt keeps the documents tied with the bound");
  expectEqual(ids({ orderBy: byN, start: after(int(2)) }, numbers), ["d", "e", "g"], "startAfter drops the documents tied with the bound");
  expectEqual(ids({ orderBy: byN, end: at(int(2)) }, numbers), ["a", "b", "c"], "endAt keeps the documents tied with the bound");
  expectEqual(ids({ orderBy: byN, end: after(int(2)) }, numbers), ["a"], "endBefore drops the documents tied with the bound");
  expectEqual(ids({ orderBy: byN, start: after(double(2)) }, numbers), ["d", "e", "g"], "a double bound ties with an equal int");
  expectEqual(ids({ orderBy: byN, start: at(double(2.5)) }, numbers), ["d", "e", "g"], "startAt a value between documents");
  expectEqual(ids({ orderBy: byN, end: at(double(2.5)) }, numbers), ["a", "b", "c"], "endAt a value between documents");
  expectEqual(ids({ orderBy: byN, start: at(str("a")) }, numbers), ["g"], "a bound compares across types in Firestore's value order");
  expectEqual(ids({ orderBy: byN, start: after(int(1)), end: at(int(3)) }, numbers), ["b", "c", "d"], "startAfter and endAt together");
  expectEqual(ids({ orderBy: byN, start: at(int(2)), end: at(int(2)) }, numbers), ["b", "c"], "startAt and endAt the same value: the ties");
  expectEqual(ids({ orderBy: byN, start: at(int(2)), end: after(int(2)) }, numbers), [], "startAt and endBefore the same value: nothing");
  expectEqual(ids({ orderBy: byN, start: at(int(4)), end: at(int(2)) }, numbers), [], "a start after the end: nothing");
  expectEqual(ids({ orderBy: byN, start: null, end: null }, numbers), ["a", "b", "c", "d", "e", "g"], "null bounds bound nothing");
  expectEqual(ids({ orderBy: byN, start: at() }, numbers), ["a", "b", "c", "d", "e", "g"], "an empty inclusive bound keeps everything");
  expectEqual(ids({ orderBy: byN, start: after() }, numbers), [], "an empty exclusive start keeps nothing");
  expectEqual(ids({ orderBy: byN, end: after() }, numbers), [], "an empty exclusive end keeps nothing");
  expectEqual(ids({ orderBy: byN, filter: QueryFilter.compare(["n"], "<", int(4)), start: after(int(1)) }, numbers), ["b", "c", "d"],
    "a bound beside a filter");
}

function descendingTests(): void {
  // By n descending: g, e(4), d(3), c(2), b(2), a(1); ties by id descending.
  const byN = [desc(["n"])];
  expectEqual(ids({ orderBy: byN }, numbers), ["g", "e", "d", "c", "b", "a"], "descending: the order bounded");
  expectEqual(ids({ orderBy: byN, start: at(int(3)) }, numbers), ["d", "c", "b", "a"], "descending: startAt keeps the bound and below");
  expectEqual(ids({ orderBy: byN, start: after(int(3)) }, numbers), ["c", "b", "a"], "descending: startAfter");
  expectEqual(ids({ orderBy: byN, end: at(int(2)) }, numbers), ["g", "e", "d", "c", "b"], "descending: endAt keeps the ties");
  expectEqual(ids({ orderBy: byN, end: after(int(2)) }, numbers), ["g", "e", "d"], "descending: endBefore drops the ties");
  expectEqual(ids({ orderBy: byN, start: at(int(4)), end: after(int(2)) }, numbers), ["e", "d"], "descending: startAt and endBefore");
}

// By tag, then n: p(a,1), q(a,2), r(b,1), s(b,2), t(b,3), u(c,1).
const tagged: readonly DocumentSnapshot[] = [
  { id: "p", data: data({ tag: str("a"), n: int(1) }) }, { id: "q", data: data({ tag: str("a"), n: int(2) }) },
  { id: "r", data: data({ tag: str("b"), n: int(1) }) }, { id: "s", data: data({ tag: str("b"), n: int(2) }) },
  { id: "t", data: data({ tag: str("b"), n: int(3) }) }, { id: "u", data: data({ tag: str("c"), n: int(1) }) },
];

function twoKeyTests(): void {
  const byTagThenN = [asc(["tag"]), asc(["n"])];
  expectEqual(ids({ orderBy: byTagThenN, start: at(str("b")) }, tagged), ["r", "s", "t", "u"], "a prefix startAt keeps every tie on the first key");
  expectEqual(ids({ orderBy: byTagThenN, start: after(str("b")) }, tagged), ["u"], "a prefix startAfter drops every tie on the first key");
  expectEqual(ids({ orderBy: byTagThenN, end: at(str("b")) }, tagged), ["p", "q", "r", "s", "t"], "a prefix endAt keeps every tie");
  expectEqual(ids({ orderBy: byTagThenN, end: after(str("b")) }, tagged), ["p", "q"], "a prefix endBefore drops every tie");
  expectEqual(ids({ orderBy: byTagThenN, start: at(str("b"), int(2)) }, tagged), ["s", "t", "u"], "startAt both keys");
  expectEqual(ids({ orderBy: byTagThenN, start: after(str("b"), int(2)) }, tagged), ["t", "u"], "startAfter both keys");
  expectEqual(ids({ orderBy: byTagThenN, start: after(str("a"), int(9)), end: at(str("b"), int(2)) }, tagged), ["r", "s"],
    "start and end on both keys");
  // By tag, then n descending: q(a,2), p(a,1), t(b,3), s(b,2), r(b,1), u(c,1).
  const mixed = [asc(["tag"]), desc(["n"])];
  expectEqual(ids({ orderBy: mixed, start: after(str("b"), int(2)) }, tagged), ["r", "u"], "startAfter with a descending second key");
  expectEqual(ids({ orderBy: mixed, end: at(str("b"), int(2)) }, tagged), ["q", "p", "t", "s"], "endAt with a descending second key");
}

function documentIdTests(): void {
  // The "next page after this row" cursor: the row's n, then its id, which breaks the ties on n.
  const byNThenId = [asc(["n"]), asc(FieldPath.documentID)];
  expectEqual(ids({ orderBy: byNThenId, start: after(int(2), str("b")) }, numbers), ["c", "d", "e", "g"],
    "startAfter [n, id] keeps the later ties on n");
  expectEqual(ids({ orderBy: byNThenId, start: after(int(2), str("c")) }, numbers), ["d", "e", "g"], "startAfter [n, id] of the last tie");
  expectEqual(ids({ orderBy: byNThenId, start: at(int(2), str("c")) }, numbers), ["c", "d", "e", "g"], "startAt [n, id] keeps that row");
  expectEqual(ids({ orderBy: byNThenId, end: after(int(2), str("c")) }, numbers), ["a", "b"], "endBefore [n, id]");
  const pages: string[][] = [];
  let cursor: QueryBound | null = null;
  for (let page = 0; page < 5; page++) {
    const documents = QueryEngine.run({ collection: ["c"], orderBy: byNThenId, limit: 2, start: cursor }, numbers);
    pages.push(documents.map((document) => document.id));
    const last = documents[documents.length - 1];
    if (last === undefined) break;
    cursor = after(last.data.get("n") as DocumentValue, str(last.id));
  }
  expectEqual(pages, [["a", "b"], ["c", "d"], ["e", "g"], []], "pages of two, each after the last row of the one before");
  const descending = [desc(["n"]), desc(FieldPath.documentID)];
  expectEqual(ids({ orderBy: descending, start: after(int(2), str("c")) }, numbers), ["b", "a"], "startAfter [n, id], both descending");
  expectEqual(ids({ orderBy: [asc(FieldPath.documentID)], start: after(str("c")), end: at(str("f")) }, numbers), ["d", "e", "f"],
    "bounds on the document id alone (f has no n)");
}

function limitTests(): void {
  const byN = [asc(["n"])];
  expectEqual(ids({ orderBy: byN, start: at(int(2)), limit: 2 }, numbers), ["b", "c"], "limit counts from the start bound");
  expectEqual(ids({ orderBy: byN, start: after(int(2)), limit: 2 }, numbers), ["d", "e"], "limit after startAfter");
  // Asked: after 1, up to 4 inclusive: b, c, d, e; the last two: d, e. Flipped (n descending), the
  // start is endAt(4), keeping 4 and below, and the end is startAfter(1), keeping above 1: e, d, c, b.
  expectEqual(ids({ orderBy: byN, start: after(int(1)), end: at(int(4)), limitToLast: 2 }, numbers), ["d", "e"],
    "limitToLast with a start and an end bound");
  expectEqual(ids({ orderBy: byN, start: at(int(2)), end: after(int(4)), limitToLast: 2 }, numbers), ["c", "d"],
    "limitToLast with startAt and endBefore");
  expectEqual(ids({ orderBy: byN, start: at(int(3)), limitToLast: 5 }, numbers), ["d", "e", "g"], "limitToLast with a start bound only");
  expectEqual(ids({ orderBy: byN, end: at(int(2)), limitToLast: 2 }, numbers), ["b", "c"], "limitToLast with an end bound only");
  expectEqual(ids({ orderBy: [desc(["n"])], start: after(int(4)), end: at(int(2)), limitToLast: 2 }, numbers), ["c", "b"],
    "limitToLast, descending, with both bounds");
  expectEqual(ids({ orderBy: [asc(["tag"]), asc(["n"])], start: after(str("a")), end: at(str("b"), int(2)), limitToLast: 1 }, tagged), ["s"],
    "limitToLast with prefix and full bounds on two keys");
}

/** A change as `+id@new`, `-id@old` or `~id old>new`. */
function describeChange(change: DocumentChange): string {
  switch (change.type) {
    case "added": return `+${change.document.id}@${change.newIndex}`;
    case "removed": return `-${change.document.id}@${change.oldIndex}`;
    case "modified": return `~${change.document.id} ${change.oldIndex}>${change.newIndex}`;
  }
}

/** Every document in the store's collection `c`. */
function storeDocuments(store: InMemoryStore): DocumentSnapshot[] {
  let documents: DocumentSnapshot[] = [];
  store.addQueryListener({ collection: ["c"] }, (snapshot) => { documents = [...snapshot.documents]; }, () => {}).remove();
  return documents;
}

// A listener on a bounded query, step by step: a document whose field moves into the bounds is
// added, one that moves out is removed; the changes replay from one snapshot to the next, and each
// snapshot is the engine's result on the same documents.
function viewTests(): void {
  const queries: readonly StoreQuery[] = [
    { collection: ["c"], orderBy: [asc(["n"])], start: at(int(2)), end: after(int(4)) },
    { collection: ["c"], orderBy: [asc(["n"])], start: at(int(2)), end: after(int(4)), limitToLast: 2 },
  ];
  for (const [which, query] of queries.entries()) {
    const store = new InMemoryStore();
    const set = (id: string, n: number): void => store.setData(data({ n: int(n) }), ["c", id]);
    for (const [id, n] of [["a", 1], ["b", 2], ["c", 3], ["d", 4]] as const) set(id, n);
    const heard: string[] = [];
    let replayed: string[] = [];
    const registration = store.addQueryListener(query, (snapshot) => {
      for (const change of snapshot.changes) {
        if (change.type !== "added") replayed.splice(change.oldIndex, 1);
        if (change.type !== "removed") replayed.splice(change.newIndex, 0, change.document.id);
      }
      const documents = snapshot.documents.map((document) => document.id);
      expectEqual(replayed, documents, `bounded listener ${which}: snapshot ${heard.length} replays from the one before`);
      replayed = documents;
      heard.push(`${documents.join("")} ${snapshot.changes.map(describeChange).join(" ")}`);
    }, (error) => check(false, `bounded listener ${which}: no error`, show(error)));
    const step = (expected: string, name: string): void => {
      expectEqual(heard[heard.length - 1], expected, `bounded listener ${which}: ${name}`);
      const engine = QueryEngine.run(query, storeDocuments(store)).map((document) => document.id).join("");
      expectEqual(heard[heard.length - 1]?.split(" ")[0], engine, `bounded listener ${which}: ${name}: the engine's result`);
    };
    if (which === 0) {
      step("bc +b@0 +c@1", "the first snapshot: 2 and 3");
      set("a", 3);
      step("bac +a@1", "a moves from below the start to inside, before c by id");
      set("a", 5);
      step("bc -a@1", "a moves past the end");
      set("c", 4);
      step("b -c@1", "c moves onto the exclusive end");
      set("c", 2);
      step("bc +c@1", "c moves back inside, tied with b");
      set("b", 3);
      step("cb ~b 0>1", "b moves inside the bounds");
      const count = heard.length;
      set("a", 1);
      set("d", 9);
      expectEqual(heard.length, count, "bounded listener: changes outside the bounds send nothing");
    } else {
      step("bc +b@0 +c@1", "limitToLast: the first snapshot");
      set("a", 3);
      step("ac -b@0 +a@0", "limitToLast: a enters inside the bounds and pushes b out");
      set("a", 4);
      step("bc -a@0 +b@0", "limitToLast: a moves onto the exclusive end and b comes back");
      set("d", 2);
      step("dc -b@0 +d@0", "limitToLast: d moves in, tied with b, after it by id");
    }
    registration.remove();
  }
}

const tooLong = (values: number, keys: number): string => `a cursor takes at most one value per 'orderBy' key: ${values} values for ${keys} keys`;
const invalidId = "a cursor's value for the document id must be a non-empty string holding no '/'";
const unsupported = (field: string): string => `'${field}' holds what Firestore cannot take there: an array directly inside an array, `
  + "a server timestamp inside an array or in a query, or a timestamp outside the years 1 to 9999";

function errorTests(): void {
  expectEqual(StoreError.cursorTooLong(3, 2).message, tooLong(3, 2), "cursorTooLong message");
  expectEqual(StoreError.cursorTooLong(3, 2).problem, { kind: "cursorTooLong", values: 3, orderKeys: 2 }, "cursorTooLong problem");
  expectEqual(StoreError.invalidDocumentIDCursor().message, invalidId, "invalidDocumentIDCursor message");
  expectEqual(StoreError.invalidDocumentIDCursor().problem, { kind: "invalidDocumentIDCursor" }, "invalidDocumentIDCursor problem");
  check(StoreError.cursorTooLong(1, 0) instanceof StoreError && String(StoreError.cursorTooLong(1, 0)) === tooLong(1, 0), "cursorTooLong is a StoreError");
}

async function rulesTests(): Promise<void> {
  const store = new InMemoryStore();
  store.setData(data({ n: int(1) }), ["c", "a"]);
  store.setData(data({ n: int(2) }), ["c", "b"]);
  const refused = async (query: Omit<StoreQuery, "collection">, message: string, name: string): Promise<void> => {
    const asked: StoreQuery = { collection: ["c"], ...query };
    expectError(thrown(() => FirestoreRules.checkQuery(asked)), StoreError, message, `${name}: FirestoreRules.checkQuery`);
    expectError(await rejection(() => store.getDocuments(asked)), StoreError, message, `${name}: a one-shot read rejects`);
    let heard: unknown;
    store.addQueryListener(asked, () => check(false, `${name}: no snapshot`), (error) => { heard = error; }).remove();
    expectError(heard, StoreError, message, `${name}: a listener gets the error`);
  };
  const accepted = async (query: Omit<StoreQuery, "collection">, expected: readonly string[], name: string): Promise<void> => {
    expectEqual((await store.getDocuments({ collection: ["c"], ...query })).map((document) => document.id), expected, name);
  };
  const byN = [asc(["n"])], byId = [asc(FieldPath.documentID)];

  await refused({ orderBy: byN, start: at(int(1), int(2)) }, tooLong(2, 1), "a start with more values than keys");
  await refused({ orderBy: byN, end: after(int(1), str("a")) }, tooLong(2, 1), "an end with more values than keys");
  await refused({ start: at(int(1)) }, tooLong(1, 0), "a cursor without an order");
  await refused({ filter: QueryFilter.compare(["n"], ">", int(0)), start: at(int(1)) }, tooLong(1, 0),
    "a cursor counts the explicit keys only, not an inequality's");
  await refused({ orderBy: byId, start: at(int(1)) }, invalidId, "a document id cursor of an int");
  await refused({ orderBy: byId, start: after(str("")) }, invalidId, "a document id cursor of an empty string");
  await refused({ orderBy: byN.concat(byId), end: at(int(1), str("c/a")) }, invalidId, "a document id cursor holding a '/'");
  await refused({ orderBy: byN, start: at(DocumentValue.serverTimestamp) }, unsupported("n"), "a server timestamp in a cursor");
  await refused({ orderBy: [asc(["m", "k"])], end: at(DocumentValue.array([DocumentValue.array([int(1)])])) }, unsupported("m.k"),
    "an array inside an array in a cursor");
  await refused({ orderBy: byId, start: at(int(1)), end: at(str("a"), str("b")) }, invalidId, "the start is checked before the end");
  await refused({ orderBy: byN, limit: 1, limitToLast: 1, start: at(int(1), int(2)) }, "a query takes 'limit' or 'limitToLast', not both",
    "the limits are checked before the cursors");
  await accepted({ orderBy: byN, start: at(int(1)), end: at(int(2)) }, ["a", "b"], "as many values as keys");
  await accepted({ orderBy: byId, start: after(str("a")) }, ["b"], "a document id cursor of an id");
  await accepted({ orderBy: byN, start: at(DocumentValue.array([int(1)])) }, [], "an array in a cursor");
  await accepted({ orderBy: byN, start: null, end: null }, ["a", "b"], "null cursors");
}
