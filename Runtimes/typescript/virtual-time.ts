import type { VirtualTimeScheduler } from "rxjs";

/**
 * Moves `scheduler` on by `milliseconds`, running the work that falls due in time order, then
 * leaves its clock at the end: RxJS's `VirtualTimeScheduler` has `flush()` (everything) but no
 * "advance by", which Swift's `VirtualTime.advance(by:)` and RxJava's
 * `TestScheduler.advanceTimeBy` are. By 0, it runs the work due now, which a virtual clock holds
 * until then in every language.
 */
export function advanceBy(scheduler: VirtualTimeScheduler, milliseconds: number): void {
  const end = scheduler.frame + milliseconds;
  scheduler.maxFrames = end;
  scheduler.flush();
  scheduler.frame = end;
}
