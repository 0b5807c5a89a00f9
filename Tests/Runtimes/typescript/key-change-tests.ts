// Per-key changes of map fields (`FieldChange.keys({ "👍": KeyChange.increment(1) })`): each key
// changes alone at the path `[field, key]`, as Firestore's dotted field paths do, keeping the
// map's other keys (the same cases as the Swift and Kotlin runtimes' tests).

import { Codecs, describeValue, DocumentValue, FieldChange, fieldChange, InMemoryStore, KeyChange, mergeWrite, StoreError, updateWrite } from "../../../Runtimes/typescript/index.js";
import type { DocumentData, DocumentWrite } from "../../../Runtimes/typescript/index.js";
import { data, double, expectEqual, int, str, thrown } from "./harness.js";

const post = ["posts", "p1"];
const reactionCodec = Codecs.map(Codecs.int);

/** A store holding `fields` at `post`. */
function storeWith(fields: DocumentData): InMemoryStore {
  const store = new InMemoryStore();
  store.setData(fields, post);
  return store;
}

/** The data at `post` as text (ints and doubles apart), or `none` when there is none. */
async function stored(store: InMemoryStore): Promise<string> {
  const document = await store.getDocument(post);
  return document === null ? "none" : describeValue(DocumentValue.map(document.data));
}

/** An update of `reactions` with `changes`, its values stored as ints. */
function reactionUpdate(changes: Readonly<Record<string, KeyChange>>): DocumentWrite {
  return updateWrite(post, [fieldChange(["reactions"], FieldChange.keys(changes), reactionCodec)]);
}

const map = (fields: { readonly [key: string]: DocumentValue }): DocumentValue => DocumentValue.map(data(fields));

export async function keyChangeTests(): Promise<void> {
  await keyUpdateTests();
  await mapMadeTests();
  await listKeyTests();
  await mergedKeyTests();
  await refusedKeyTests();
  await noKeyTests();
}

async function keyUpdateTests(): Promise<void> {
  const write = reactionUpdate({ "👍": KeyChange.increment(1), "a.b": KeyChange.set(3), "👎": KeyChange.delete });
  expectEqual(write, {
    kind: "update",
    path: post,
    fields: [[["reactions", "👍"], { kind: "increment", by: int(1) }], [["reactions", "a.b"], int(3)], [["reactions", "👎"], { kind: "delete" }]],
  }, "a keys change is an update of each key at [field, key], its values as the element codec stores them");
  const store = storeWith(data({ reactions: map({ "👎": int(2), x: int(1) }), title: str("hi") }));
  store.commit([write]);
  expectEqual(await stored(store), "{reactions: {a.b: 3, x: 1, 👍: 1}, title: \"hi\"}", "each key changes alone; the map's other keys and the other fields stay");
  store.commit([reactionUpdate({ "👍": KeyChange.increment(2) })]);
  expectEqual(await stored(store), "{reactions: {a.b: 3, x: 1, 👍: 3}, title: \"hi\"}", "an increment of a key adds to its number");
  const scores = storeWith(data({ scores: map({ a: double(1.5) }) }));
  const change = FieldChange.keys({ a: KeyChange.increment(0.25), b: KeyChange.set(2) });
  scores.commit([updateWrite(post, [fieldChange(["scores"], change, Codecs.map(Codecs.double))])]);
  expectEqual(await stored(scores), "{scores: {a: 1.75, b: 2.0}}", "a map of doubles: increments and values stored as doubles");
}

async function mapMadeTests(): Promise<void> {
  const text = storeWith(data({ reactions: str("none") }));
  text.commit([reactionUpdate({ "👍": KeyChange.set(1) })]);
  expectEqual(await stored(text), "{reactions: {👍: 1}}", "a key change of a field holding a string makes it a map");
  const missing = storeWith(data({ title: str("hi") }));
  missing.commit([reactionUpdate({ "👍": KeyChange.delete })]);
  expectEqual(await stored(missing), "{title: \"hi\"}", "a delete of a key of a missing map does nothing");
  missing.commit([reactionUpdate({ "👍": KeyChange.increment(4) })]);
  expectEqual(await stored(missing), "{reactions: {👍: 4}, title: \"hi\"}", "an increment of a key of a missing map sets the operand");
}

async function listKeyTests(): Promise<void> {
  const store = storeWith(data({ tags: map({ a: DocumentValue.array([str("x"), str("y")]), b: DocumentValue.array([str("z")]), d: DocumentValue.array([str("k")]) }) }));
  const change = FieldChange.keys({ a: KeyChange.arrayUnion("y", "w"), b: KeyChange.arrayRemove("z"), c: KeyChange.arrayUnion("n") });
  store.commit([updateWrite(post, [fieldChange(["tags"], change, Codecs.map(Codecs.list(Codecs.string)))])]);
  expectEqual(await stored(store), "{tags: {a: [\"x\", \"y\", \"w\"], b: [], c: [\"n\"], d: [\"k\"]}}",
    "arrayUnion and arrayRemove of keys of a map of lists, a missing key starting from an empty list");
}

async function mergedKeyTests(): Promise<void> {
  const store = new InMemoryStore();
  const change = FieldChange.keys({ "👍": KeyChange.increment(2), "👎": KeyChange.delete, x: KeyChange.set(5) });
  store.commit([mergeWrite(post, [fieldChange(["reactions"], change, Codecs.optional(reactionCodec))])]);
  expectEqual(await stored(store), "{reactions: {x: 5, 👍: 2}}", "a merge of key changes of an optional map field creates the document");
  store.commit([mergeWrite(post, [fieldChange(["reactions"], FieldChange.keys({ x: KeyChange.delete }), reactionCodec)])]);
  expectEqual(await stored(store), "{reactions: {👍: 2}}", "a merge of a key's delete removes the key, keeping the others");
}

async function refusedKeyTests(): Promise<void> {
  const store = storeWith(data({ reactions: map({ x: int(1) }) }));
  for (const key of ["", "__x__"]) {
    const error = thrown(() => store.commit([reactionUpdate({ "👍": KeyChange.set(1), [key]: KeyChange.set(2) })]));
    expectEqual(error instanceof StoreError ? error.problem : error, { kind: "invalidField", field: ["reactions", key] }, `a key '${key}' is refused as an invalid field`);
    expectEqual(await stored(store), "{reactions: {x: 1}}", `a refused key change '${key}' writes nothing`);
  }
}

async function noKeyTests(): Promise<void> {
  expectEqual(fieldChange(["reactions"], FieldChange.keys<KeyChange>({}), reactionCodec), [], "keys({}) has no updates");
  expectEqual(fieldChange(["reactions"], undefined, reactionCodec), [], "no change has no updates");
  const write = updateWrite(post, [fieldChange(["reactions"], FieldChange.keys<KeyChange>({}), reactionCodec), fieldChange(["title"], undefined, Codecs.string)]);
  expectEqual(write, { kind: "update", path: post, fields: [] }, "keys({}) adds no field to the update");
  const store = storeWith(data({ reactions: map({ x: int(1) }) }));
  store.commit([write]);
  expectEqual(await stored(store), "{reactions: {x: 1}}", "keys({}) changes nothing");
}
