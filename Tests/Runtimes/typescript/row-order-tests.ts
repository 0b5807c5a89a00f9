// Checks `sortedRows` and `sortRows` in the TypeScript runtime: keys in the contract's value
// order (null first), ties in the input's order either way, the first `limit` rows. Run by
// runtime-tests.ts, with its harness.

import { Subject } from "rxjs";
import { innerJoin, leftJoin, RowOrder, sortedRows, sortRows } from "../../../Runtimes/typescript/index.js";
import { recordChangedRows } from "../../../Runtimes/typescript/changed-rows.js";
import { expectEqual, show } from "./harness.js";

interface Book {
  readonly id: string;
  readonly title: string;
  readonly rating: number | null;
}

/** The checks of sort streams. */
export function rowOrderTests(): void {
  const rows: readonly Book[] = [
    { id: "a", title: "b", rating: 3 }, { id: "b", title: "B", rating: NaN }, { id: "c", title: "\u00E9", rating: 3 },
    { id: "d", title: "a", rating: null }, { id: "e", title: "e\u0301", rating: -0 }, { id: "f", title: "z", rating: 0 },
  ];
  const ids = (books: readonly Book[]): string[] => books.map((book) => book.id);
  expectEqual(ids(sortedRows(rows, [RowOrder.descending((book: Book) => book.rating)])), ["a", "c", "e", "f", "b", "d"], "3 (a tie), -0 and 0 (a tie), NaN, null");
  expectEqual(ids(sortedRows(rows, [RowOrder.ascending((book: Book) => book.rating)])), ["d", "b", "e", "f", "a", "c"], "null, NaN, -0 and 0, 3");
  expectEqual(ids(sortedRows(rows, [RowOrder.ascending((book: Book) => book.title)])), ["b", "d", "a", "e", "f", "c"], "by code point");
  expectEqual(ids(sortedRows(rows, [RowOrder.ascending((book: Book) => book.rating), RowOrder.descending((book: Book) => book.title)])), ["d", "b", "f", "e", "c", "a"], "the second key breaks ties");
  expectEqual(ids(sortedRows(rows, [RowOrder.ascending((book: Book) => book.title)], 2)), ["b", "d"], "the first two");
  expectEqual(ids(sortedRows(rows, [], 2)), ["a", "b"], "no key: the input's order");
  expectEqual(sortedRows(rows, [RowOrder.ascending((book: Book) => book.title)], -1), [], "a limit below zero keeps none");

  const input = new Subject<readonly Book[]>();
  const emitted: string[][] = [];
  const subscription = input.pipe(sortRows([RowOrder.ascending((book: Book) => book.title)], 2)).subscribe((books) => emitted.push(ids(books)));
  input.next(rows);
  input.next([...rows].reverse());
  input.next(rows.slice(1));
  subscription.unsubscribe();
  expectEqual(emitted, [["b", "d"]], "emits only when the rows change");
}

/**
 * A sort stream fed lists in which a few rows change at a time (the others the same objects, as
 * the join passes them on) emits what a stable sort of each list gives, and only when it changes.
 */
export function incrementalSortTests(): void {
  let state = 11;
  const random = (bound: number): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % bound;
  };
  const titles = ["a", "b", "c", ""], ratings = [null, NaN, 0, -0, 1, 2];
  const book = (id: number): Book => ({ id: `${id}`, title: titles[random(titles.length)] as string, rating: ratings[random(ratings.length)] as number | null });
  const orders = [RowOrder.descending((book: Book) => book.rating), RowOrder.ascending((book: Book) => book.title)];
  const stableSort = (books: readonly Book[]): Book[] => [...books].sort((a, b) => {
    for (const order of orders) {
      const result = order.compare(a, b);
      if (result !== 0) return result;
    }
    return 0;
  });
  // Lists fed plain, or with a true record of the rows replaced, as the join's are.
  for (const [recorded, limit] of [false, true].flatMap((recorded) => [undefined, 0, 1, 5, 30].map((limit) => [recorded, limit] as const))) {
    const input = new Subject<readonly Book[]>();
    const emitted: (readonly Book[])[] = [];
    const subscription = input.pipe(sortRows(orders, limit)).subscribe((books) => emitted.push(books));
    let rows: readonly Book[] = Array.from({ length: 40 }, (_, id) => book(id));
    let fed: readonly Book[] = [];
    for (let step = 0; step < 300; step++) {
      const next = [...rows];
      const kind = random(10);
      if (kind === 0) next.push(book(100 + step));
      else if (kind === 1 && next.length > 0) next.splice(random(next.length), 1);
      else if (kind === 2) next.forEach((row, position) => { next[position] = { ...row }; });
      else for (let count = 1 + random(3); count > 0; count--) if (next.length > 0) next[random(next.length)] = book(random(40));
      rows = next;
      const copy = [...rows];
      if (recorded) {
        recordChangedRows(copy, fed, rows.length === fed.length ? rows.flatMap((row, position) => row === fed[position] ? [] : [position]) : undefined);
      }
      fed = copy;
      input.next(fed);
      const sorted = show(stableSort(rows).slice(0, limit === undefined ? rows.length : Math.max(0, limit)));
      expectEqual(show(emitted[emitted.length - 1]), sorted, `limit ${limit}, recorded ${recorded}, step ${step}: a stable sort's first rows`);
    }
    subscription.unsubscribe();
    expectEqual(emitted.slice(1).filter((books, index) => show(books) === show(emitted[index])).length, 0, `limit ${limit}: emits only when the rows change`);
  }

  // The sort takes a record's word (it does not compare the rows itself): a replaced row the
  // record leaves out is not placed again.
  const input = new Subject<readonly Book[]>();
  const emitted: string[][] = [];
  const subscription = input.pipe(sortRows([RowOrder.ascending((book: Book) => book.title)])).subscribe((books) => emitted.push(books.map((book) => book.title)));
  const first: readonly Book[] = [{ id: "a", title: "a", rating: null }, { id: "b", title: "b", rating: null }, { id: "c", title: "c", rating: null }];
  const second = [{ id: "a", title: "z", rating: null }, first[1] as Book, first[2] as Book];
  recordChangedRows(first);
  recordChangedRows(second, first, []);
  input.next(first);
  input.next(second);
  input.next([{ id: "a", title: "z", rating: null }, first[1] as Book, first[2] as Book]);
  subscription.unsubscribe();
  expectEqual(show(emitted), show([["a", "b", "c"], ["z", "b", "c"], ["b", "c", "z"]]), "a record's word is taken; a list without one is compared");
}

interface Person {
  readonly id: string;
  readonly name: string;
}

/**
 * A sort below a join, which takes the join's record of the rows it joined again, gives what a
 * stable sort of the join's rows gives: also when the join, half-way through a patch, joins every
 * row again and finds what it last returned (an inner join whose rows only trade places), and
 * when a patch meets one key twice and its rows never compare equal (they hold a function).
 */
export function sortBelowJoinTests(): void {
  const texts: Readonly<Record<string, string>> = { a: "x", b: "y", c: "y", k: "t" };
  const posts = new Subject<readonly string[]>(), people = new Subject<readonly Person[]>();
  const sorted: (string | null)[][] = [];
  const subscription = posts.pipe(
    innerJoin(people, (post: string) => post, (person: Person) => person.id, (post, person) => ({ text: texts[post] as string, name: person.name })),
    sortRows([RowOrder.ascending((row: { readonly name: string }) => row.name)]),
  ).subscribe((rows) => sorted.push(rows.map((row) => row.name)));
  posts.next(["a", "b", "c", ...Array.from({ length: 13 }, () => "k")]);
  const k: Person = { id: "k", name: "K" };
  const steps: Person[][] = [
    [{ id: "a", name: "A" }, { id: "b", name: "B" }, k],
    [{ id: "a", name: "Z" }, { id: "c", name: "B" }, k],
    [{ id: "a", name: "Z" }, { id: "c", name: "C" }, k],
  ];
  steps.forEach((right, step) => {
    people.next(right);
    const expected = [(right[0] as Person).name, (right[1] as Person).name, "K"].sort()
      .flatMap((name) => name === "K" ? Array.from({ length: 13 }, () => "K") : [name]);
    expectEqual(show(sorted[sorted.length - 1]), show(expected), `an inner join's rows trading places, step ${step}: the sort below it`);
  });
  subscription.unsubscribe();

  const lefts = new Subject<readonly string[]>(), rights = new Subject<readonly Person[]>();
  const names: (string | null)[][] = [];
  const tagged = lefts.pipe(
    leftJoin(rights, (post: string) => post, (person: Person) => person.id, (post, person) => ({ name: person?.name ?? null, tag: () => post })),
    sortRows([RowOrder.ascending((row: { readonly name: string | null }) => row.name)]),
  ).subscribe((rows) => names.push(rows.map((row) => row.name)));
  lefts.next(["a", "b", "c", "d", ...Array.from({ length: 36 }, () => "b")]);
  const [b, c]: Person[] = [{ id: "b", name: "Bb" }, { id: "c", name: "Cc" }];
  rights.next([{ id: "a", name: "Aa" }, b, c, { id: "d", name: "Dd" }]);
  // Two rows replaced: one renamed, one whose key moves to the first's.
  rights.next([{ id: "a", name: "Ax" }, b, c, { id: "a", name: "Dd" }]);
  tagged.unsubscribe();
  expectEqual(show(names[names.length - 1]), show([null, "Ax", ...Array.from({ length: 37 }, () => "Bb"), "Cc"]), "one key twice in a patch: the sort below it");
}
