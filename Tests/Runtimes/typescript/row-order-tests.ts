// Checks `sortedRows` and `sortRows` in the TypeScript runtime: keys in the contract's value
// order (null first), ties in the input's order either way, the first `limit` rows. Run by
// runtime-tests.ts, with its harness.

import { Subject } from "rxjs";
import { RowOrder, sortedRows, sortRows } from "../../../Runtimes/typescript/index.js";
import { expectEqual } from "./harness.js";

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
