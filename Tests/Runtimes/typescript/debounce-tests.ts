// Checks `debounced` in the TypeScript runtime: the last value of a burst once the input has been
// quiet that long on the scheduler's clock (RxJS's VirtualTimeScheduler here); a last value equal
// to the one emitted before is left out. Run by runtime-tests.ts, with its harness.

import { Subject, VirtualTimeScheduler } from "rxjs";
import { debounced } from "../../../Runtimes/typescript/index.js";
import { check, expectEqual } from "./harness.js";

/** Moves `time` on by `milliseconds`, running what falls due (as the vector runner's `advance`). */
function advance(time: VirtualTimeScheduler, milliseconds: number): void {
  const end = time.frame + milliseconds;
  time.maxFrames = end;
  time.flush();
  time.frame = end;
}

/** The checks of debounced streams. */
export function debounceTests(): void {
  const time = new VirtualTimeScheduler();
  const input = new Subject<number>();
  const values: number[] = [];
  const subscription = input.pipe(debounced(300, time)).subscribe((value) => values.push(value));
  input.next(1);
  advance(time, 299);
  input.next(NaN);
  advance(time, 299);
  expectEqual(values.length, 0, "debounced: each value restarts the wait");
  advance(time, 1);
  check(values.length === 1 && Number.isNaN(values[0]), "debounced: the last value of the burst", `got ${values}`);
  input.next(2);
  input.next(NaN);
  advance(time, 1000);
  expectEqual(values.length, 1, "debounced: a burst that ends where it began emits nothing");
  subscription.unsubscribe();
  input.next(3);
  advance(time, 1000);
  expectEqual(values.length, 1, "debounced: nothing after unsubscribing");
}
