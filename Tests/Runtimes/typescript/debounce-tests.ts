// Checks `debounced` in the TypeScript runtime: the last value of a burst once the input has been
// quiet that long on the scheduler's clock (RxJS's VirtualTimeScheduler here); a last value equal
// to the one emitted before is left out. Run by runtime-tests.ts, with its harness.

import { observeOn, Subject, VirtualTimeScheduler } from "rxjs";
import { advanceBy as advance, debounced } from "../../../Runtimes/typescript/index.js";
import { check, expectEqual } from "./harness.js";

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
  virtualTimeTests();
}

/** `advanceBy`: nothing runs until the clock moves, work due now at 0, the rest in time order. */
function virtualTimeTests(): void {
  const time = new VirtualTimeScheduler();
  const order: string[] = [];
  time.schedule(() => order.push("b"), 20);
  time.schedule(() => order.push("a"), 10);
  const subject = new Subject<string>();
  const subscription = subject.pipe(observeOn(time)).subscribe((value) => order.push(value));
  subject.next("now");
  expectEqual(order.join(" "), "", "advanceBy: nothing runs before the clock moves");
  advance(time, 0);
  expectEqual(order.join(" "), "now", "advanceBy: by 0, the work due now");
  advance(time, 15);
  expectEqual(`${order.join(" ")} at ${time.frame}`, "now a at 15", "advanceBy: what falls due, and the clock at the end");
  advance(time, 5);
  expectEqual(order.join(" "), "now a b", "advanceBy: work due at the end runs");
  subscription.unsubscribe();
}
