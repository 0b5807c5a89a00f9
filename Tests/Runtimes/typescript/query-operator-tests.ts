// Checks the `not-in` and `array-contains-any` operators of the TypeScript runtime: the query
// engine's matching, the `Match` predicates, and what `FirestoreRules` refuses. Run by
// runtime-tests.ts, with its harness.

import { DocumentValue, FieldPath, FirestoreRules, InMemoryStore, Match, QueryEngine, QueryFilter, StoreError } from "../../../Runtimes/typescript/index.js";
import type { DocumentSnapshot, StoreQuery } from "../../../Runtimes/typescript/index.js";
import { check, data, double, expectEqual, expectError, int, rejection, str, thrown } from "./harness.js";

/** The checks of `not-in` and `array-contains-any`. */
export async function queryOperatorTests(): Promise<void> {
  notInEngineTests();
  arrayContainsAnyEngineTests();
  matchTests();
  errorTests();
  await rulesTests();
}

const f = QueryFilter.compare, array = DocumentValue.array;

function ids(filter: QueryFilter, documents: readonly DocumentSnapshot[]): readonly string[] {
  return QueryEngine.run({ collection: ["c"], filter }, documents).map((document) => document.id);
}

function notInEngineTests(): void {
  const zips: DocumentSnapshot[] = [
    { id: "a", data: data({ zip: double(NaN) }) }, { id: "b", data: data({ zip: int(91102) }) },
    { id: "c", data: data({ zip: int(98101) }) }, { id: "d", data: data({ zip: str("98101") }) },
    { id: "e", data: data({ zip: array([int(98101)]) }) }, { id: "i", data: data({}) },
    { id: "j", data: data({ zip: DocumentValue.null }) },
  ];
  const zip = (op: "in" | "not-in", values: readonly DocumentValue[]): readonly string[] => ids(f(["zip"], op, array(values)), zips);
  // Ordered by zip (an inequality), then id: NaN, then numbers, strings, arrays.
  expectEqual(zip("not-in", [int(98101), int(98103)]), ["a", "b", "d", "e"], "not-in: NaN, other types and arrays match; missing and null do not");
  expectEqual(zip("not-in", [double(98101), int(98103)]), ["a", "b", "d", "e"], "not-in: a double candidate equals the int");
  expectEqual(zip("not-in", [double(NaN)]), ["b", "c", "d", "e"], "not-in [NaN] leaves out NaN");
  expectEqual(zip("not-in", [DocumentValue.null]), [], "not-in [null] matches nothing");
  expectEqual(zip("not-in", [int(1), DocumentValue.null]), [], "not-in a list holding null matches nothing");
  expectEqual(zip("in", [DocumentValue.null]), [], "in [null] matches no stored null");
  expectEqual(ids(f(["zip"], "not-in", int(1)), zips), [], "not-in needs an array");
  const reversed: DocumentSnapshot[] = [{ id: "x", data: data({ zip: int(2) }) }, { id: "y", data: data({ zip: int(1) }) }];
  expectEqual(ids(f(["zip"], "not-in", array([int(3)])), reversed), ["y", "x"], "not-in orders by its field, as an inequality");
}

function arrayContainsAnyEngineTests(): void {
  const lists: DocumentSnapshot[] = [
    { id: "a", data: data({ list: array([int(42)]) }) }, { id: "b", data: data({ list: array([str("a"), int(42)]) }) },
    { id: "c", data: data({ list: array([double(41.999), str("42")]) }) }, { id: "e", data: data({ list: array([int(43)]) }) },
    { id: "g", data: data({ list: int(42) }) }, { id: "h", data: data({ list: array([DocumentValue.null]) }) },
    { id: "i", data: data({ list: array([double(NaN)]) }) },
  ];
  const any = (values: readonly DocumentValue[]): readonly string[] => ids(f(["list"], "array-contains-any", array(values)), lists);
  expectEqual(any([int(42), int(43)]), ["a", "b", "e"], "array-contains-any");
  expectEqual(any([double(42)]), ["a", "b"], "array-contains-any: a double candidate equals the int");
  expectEqual(any([DocumentValue.null]), [], "array-contains-any [null] matches nothing");
  expectEqual(any([double(NaN)]), [], "array-contains-any [NaN] matches nothing");
}

function matchTests(): void {
  check(!Match.notIn(null, [1]) && !Match.notIn(undefined, [null]), "notIn with null is false");
  check(!Match.notIn(NaN, [NaN]) && Match.notIn(NaN, [1]), "notIn: NaN is in [NaN] only");
  check(!Match.notIn("b", ["a", "b"]) && !Match.notIn(-0, [0]), "notIn a candidate");
  check(Match.notIn("c", ["a", "b"]) && Match.notIn("e\u0301", ["\u00e9"]), "notIn no candidate");
  check(!Match.containsAny(null, [1]) && !Match.containsAny(undefined, [null]), "containsAny with null values is false");
  check(!Match.containsAny([null], [null]) && !Match.containsAny([NaN], [NaN, 1]), "containsAny never matches a null or NaN element");
  check(Match.containsAny(["a", "b"], ["c", "b"]) && Match.containsAny([NaN, 1], [NaN, 1]), "containsAny a candidate");
  check(!Match.containsAny(["a", "b"], ["c"]) && !Match.containsAny([], ["a"]), "containsAny no candidate");
}

const emptyList = (op: string, field: string): string => `the '${op}' filter on '${field}' needs a non-empty list`;
const tooManyValues = (op: string, field: string, limit: number): string => `the '${op}' filter on '${field}' takes at most ${limit} values`;
const notInWithOr = "a query with a 'not-in' filter cannot use 'or'";
const twoArrayContains = "a query can have one 'array-contains' or 'array-contains-any' filter in each 'or' branch, not two joined by 'and'";
const tooManyDisjunctions = "a query's filter makes more than the 30 disjunctions Firestore runs ('in' and 'array-contains-any' count one per value)";

function errorTests(): void {
  expectEqual(StoreError.conflictingFilters("not-in", "!=").message, "a query cannot have both 'not-in' and '!=' filters", "conflictingFilters message");
  expectEqual(StoreError.conflictingFilters("in", "not-in").problem, { kind: "conflictingFilters", op: "in", earlier: "not-in" }, "conflictingFilters problem");
  expectEqual(StoreError.emptyList("not-in", ["a", "b"]).message, emptyList("not-in", "a.b"), "emptyList message");
  expectEqual(StoreError.tooManyValues("not-in", ["a"], 10).message, tooManyValues("not-in", "a", 10), "tooManyValues message");
  expectEqual(StoreError.tooManyValues("in", ["a"], 30).problem, { kind: "tooManyValues", op: "in", field: ["a"], limit: 30 }, "tooManyValues problem");
  expectEqual(StoreError.notInWithOr().message, notInWithOr, "notInWithOr message");
  expectEqual(StoreError.notInWithOr().problem, { kind: "notInWithOr" }, "notInWithOr problem");
  expectEqual(StoreError.twoArrayContains().message, twoArrayContains, "twoArrayContains message");
  expectEqual(StoreError.twoArrayContains().problem, { kind: "twoArrayContains" }, "twoArrayContains problem");
  expectEqual(StoreError.fieldOrderedTwice(["x"]).message, "a query cannot order by 'x' twice", "fieldOrderedTwice message");
  expectEqual(StoreError.documentTooLarge(["c", "x"]).message, "the document at 'c/x' would be larger than the 1,048,576 bytes Firestore stores", "documentTooLarge message");
}

async function rulesTests(): Promise<void> {
  const store = new InMemoryStore();
  store.setData(data({ n: int(1), tags: array([int(1)]) }), ["c", "a"]);
  store.setData(data({ n: int(2), tags: array([int(2), int(3)]) }), ["c", "b"]);
  const refused = async (filter: QueryFilter, message: string, name: string): Promise<void> => {
    const query: StoreQuery = { collection: ["c"], filter };
    expectError(thrown(() => FirestoreRules.checkQuery(query)), StoreError, message, `${name}: FirestoreRules.checkQuery`);
    expectError(await rejection(() => store.getDocuments(query)), StoreError, message, `${name}: a one-shot read rejects`);
  };
  const accepted = async (filter: QueryFilter, expected: readonly string[], name: string): Promise<void> => {
    expectEqual((await store.getDocuments({ collection: ["c"], filter })).map((document) => document.id), expected, name);
  };
  const ints = (count: number): DocumentValue => array(Array.from({ length: count }, (_, index) => int(index)));
  const and = QueryFilter.and, or = QueryFilter.or;

  await refused(f(["n"], "in", array([])), emptyList("in", "n"), "in []");
  await refused(f(["n"], "not-in", array([])), emptyList("not-in", "n"), "not-in []");
  await refused(f(["n"], "not-in", int(1)), emptyList("not-in", "n"), "not-in of no array");
  await refused(f(["tags"], "array-contains-any", array([])), emptyList("array-contains-any", "tags"), "array-contains-any []");
  await refused(f(FieldPath.documentID, "not-in", array([])), emptyList("not-in", "__name__"), "document id not-in []");
  await refused(f(FieldPath.documentID, "not-in", array([str("a/b")])), "a filter on the document id takes non-empty strings holding no '/', and cannot be 'array-contains'",
    "document id not-in with a '/'");
  await refused(f(FieldPath.documentID, "array-contains-any", array([str("a")])),
    "a filter on the document id takes non-empty strings holding no '/', and cannot be 'array-contains'", "document id array-contains-any");
  await refused(f(FieldPath.documentID, "in", array(Array.from({ length: 31 }, () => str("a")))), tooManyValues("in", "__name__", 30),
    "document id in with 31 ids");
  await refused(f(["n"], "not-in", ints(11)), tooManyValues("not-in", "n", 10), "not-in with 11 values");
  await refused(f(["n"], "in", ints(31)), tooManyValues("in", "n", 30), "in with 31 values");
  await refused(f(["tags"], "array-contains-any", ints(31)), tooManyValues("array-contains-any", "tags", 30), "array-contains-any with 31 values");
  await accepted(f(["n"], "not-in", ints(10)), [], "not-in with 10 values");
  await accepted(f(["n"], "in", ints(30)), ["a", "b"], "in with 30 values");
  await refused(f(["tags"], "array-contains-any", array([array([int(1)])])),
    "'tags' holds what Firestore cannot take there: an array directly inside an array, a server timestamp inside an array or in a query, or a timestamp outside the years 1 to 9999",
    "an array in an array-contains-any list");
  await accepted(f(["tags"], "not-in", array([array([int(1)])])), ["b"], "an array in a not-in list");

  await refused(and(f(["n"], "!=", int(1)), f(["m"], "not-in", array([int(2)]))), "a query cannot have both 'not-in' and '!=' filters", "!= then not-in");
  await refused(and(f(["n"], "not-in", array([int(1)])), f(["m"], "!=", int(2))), "a query cannot have both '!=' and 'not-in' filters", "not-in then !=");
  await refused(and(f(["n"], "not-in", array([int(1)])), f(["m"], "not-in", array([int(2)]))), "a query can have at most one 'not-in' filter", "two not-in");
  await refused(and(f(["n"], "not-in", array([int(1)])), f(["m"], "in", array([int(2)]))), "a query cannot have both 'in' and 'not-in' filters", "in after not-in");
  await refused(and(f(["m"], "in", array([int(2)])), f(["n"], "not-in", array([int(1)]))), "a query cannot have both 'not-in' and 'in' filters", "not-in after in");
  await refused(and(f(["m"], "array-contains-any", array([int(2)])), f(["n"], "not-in", array([int(1)]))),
    "a query cannot have both 'not-in' and 'array-contains-any' filters", "not-in after array-contains-any");
  await refused(or(f(["n"], "!=", int(1)), f(["m"], "not-in", array([int(2)]))), "a query cannot have both 'not-in' and '!=' filters",
    "a conflict across or branches, found before the or itself");
  await accepted(and(f(["n"], "in", array([int(1), int(2)])), f(["tags"], "array-contains-any", array([int(3)]))), ["b"], "in beside array-contains-any");

  await refused(and(f(["n"], "not-in", array([int(1)])), or(f(["m"], "==", int(1)), f(["k"], "==", int(2)))), notInWithOr, "not-in with an or");
  await refused(or(and(f(["m"], "==", int(1)), f(["n"], "not-in", array([int(1)]))), f(["k"], "==", int(2))), notInWithOr, "not-in inside an or");
  await accepted(and(f(["n"], "not-in", array([int(1)])), or(f(["n"], "==", int(2)), or())), ["b"], "not-in with an or of one non-empty term");
  await refused(and(f(["tags"], "array-contains-any", array([int(1)])), f(["tags"], "array-contains-any", array([int(2)]))), twoArrayContains,
    "two array-contains-any under and");
  await refused(and(or(f(["tags"], "array-contains-any", array([int(1)])), f(["n"], "==", int(1))), f(["tags"], "array-contains-any", array([int(2)]))),
    twoArrayContains, "two array-contains-any in one conjunction of an and of an or");
  await accepted(or(f(["tags"], "array-contains-any", array([int(1)])), f(["tags"], "array-contains-any", array([int(3)]))), ["a", "b"],
    "two array-contains-any in the two branches of an or");
  await refused(and(f(["tags"], "array-contains-any", array([int(1)])), f(["labels"], "array-contains", int(2))), twoArrayContains,
    "array-contains-any and array-contains under and");
  await accepted(and(f(["tags"], "array-contains", int(1)), f(["tags"], "array-contains", int(1))), ["a"], "one array-contains twice");
  await accepted(and(f(["n"], "in", ints(6)), f(["m"], "in", ints(5))), [], "30 disjunctions");
  await refused(and(f(["n"], "in", ints(6)), f(["m"], "in", ints(6))), tooManyDisjunctions, "36 disjunctions");
  await refused(or(f(["n"], "in", ints(30)), f(["m"], "==", int(1))), tooManyDisjunctions, "31 disjunctions");
  const orderRefused = (query: StoreQuery, message: string, name: string): void =>
    expectError(thrown(() => FirestoreRules.checkQuery(query)), StoreError, message, name);
  orderRefused({ collection: ["c"], orderBy: [{ field: ["n"], descending: false }, { field: ["n"], descending: true }] },
    "a query cannot order by 'n' twice", "one field ordered twice");
  orderRefused({ collection: ["c"], filter: f(["n"], ">", int(0)), orderBy: [{ field: FieldPath.documentID, descending: false }] },
    "a query's order cannot have a key after the document id (an inequality's field is ordered after the keys given)", "an inequality's field after the id");
  orderRefused({ collection: ["c"], filter: and(f(FieldPath.documentID, "==", str("a")), f(["n"], ">", int(0))) },
    "a query with '==' or 'in' on the document id cannot have an inequality on another field unless it has one on the id", "an id equality beside an inequality");
}
