// Checks `distinctRows` and `firstForEachKey` in the TypeScript runtime: the first row for each
// key, in order, keys equal under the contract. Run by runtime-tests.ts, with its harness.

import { Subject } from "rxjs";
import { distinctRows, firstForEachKey, Timestamp } from "../../../Runtimes/typescript/index.js";
import { expectEqual } from "./harness.js";

/** The checks of distinct rows. */
export function distinctTests(): void {
  const rows: readonly (readonly [string, string | null])[] = [["a", "x"], ["b", null], ["c", "x"], ["d", "\u00E9"], ["e", "e\u0301"], ["f", null], ["g", "y"]];
  expectEqual(firstForEachKey(rows, (row) => row[1]).map((row) => row[0]), ["a", "b", "d", "e", "g"], "null is one key; é in two forms is two");
  expectEqual(firstForEachKey([NaN, 0, -0, 1, NaN, 1], (value) => value).length, 3, "NaN equals NaN, -0 equals 0");
  const times = [new Timestamp(1, 5), new Timestamp(1, 5), new Timestamp(2, 0)];
  expectEqual(firstForEachKey(times, (time) => time).length, 2, "timestamps by time");

  const input = new Subject<readonly number[]>();
  const emitted: (readonly number[])[] = [];
  const subscription = input.pipe(distinctRows((value: number) => value % 3)).subscribe((rows) => emitted.push(rows));
  input.next([1, 4, 2]);
  input.next([1, 7, 2]);
  input.next([5, 1, 2]);
  subscription.unsubscribe();
  expectEqual(emitted, [[1, 2], [5, 1]], "emits only when the rows change");
}
