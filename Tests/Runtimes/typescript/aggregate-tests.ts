// Checks `ExactSum` and `Aggregate` in the TypeScript runtime: the exact sum of the values held,
// rounded once, whatever the order of changes; nulls skipped; emissions only on change. The
// expected values were checked with Python's `fractions.Fraction` (exact) and `math.fsum`. Run
// by runtime-tests.ts, with its harness.

import { Subject } from "rxjs";
import { Aggregate, aggregated, aggregateRows, ExactSum } from "../../../Runtimes/typescript/index.js";
import { expectEqual } from "./harness.js";

function sum(...values: readonly number[]): number {
  const sum = new ExactSum();
  values.forEach((value) => sum.add(value));
  return sum.value;
}

/** The checks of exact sums. */
export function exactSumTests(): void {
  expectEqual(sum(0.1, 0.2, 0.3), 0.6, "a running sum gives 0.6000000000000001");
  expectEqual(sum(1e16, 1, -1e16), 1, "1 survives 1e16");
  expectEqual(sum(1, 2 ** -53), 1, "half-way: ties to even");
  expectEqual(sum(1, 2 ** -53, 2 ** -106), 1.0000000000000002, "just above half-way");
  expectEqual(sum(5e-324, 5e-324, 5e-324), 1.5e-323, "subnormals lose nothing");
  expectEqual(sum(-0), 0, "0, never -0");
  expectEqual(sum(1e308, 1e308, -1e308), 1e308, "no overflow on the way");
  expectEqual(sum(Number.MAX_VALUE, Number.MAX_VALUE, -Number.MAX_VALUE), Number.MAX_VALUE, "no overflow on the way");
  expectEqual(sum(1e308, 1e308), Infinity, "beyond the largest double");

  const counted = new ExactSum();
  counted.add(1.5);
  counted.add(NaN);
  expectEqual(counted.value, NaN, "NaN");
  counted.remove(NaN);
  counted.add(Infinity);
  counted.add(-Infinity);
  expectEqual(counted.value, NaN, "+inf and -inf give NaN");
  counted.remove(Infinity);
  counted.remove(-Infinity);
  expectEqual([counted.value, counted.count], [1.5, 1], "removing NaN and the infinities undoes them");

  let state = 19;
  const random = (bound: number): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % bound;
  };
  const shuffled = (values: readonly number[]): number[] => {
    const copy = [...values];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = random(index + 1);
      [copy[index], copy[other]] = [copy[other] as number, copy[index] as number];
    }
    return copy;
  };
  let mismatches = 0;
  for (let round = 0; round < 200; round += 1) {
    const values = Array.from({ length: 1 + random(40) }, () => (1 + random(1000) / 111) * 2 ** (random(2096) - 1080) * (random(2) === 0 ? 1 : -1));
    const removed = values.filter(() => random(2) === 0);
    const kept = [...values];
    removed.forEach((value) => kept.splice(kept.indexOf(value), 1));
    const changed = new ExactSum();
    shuffled(values).forEach((value) => changed.add(value));
    shuffled(removed).forEach((value) => changed.remove(value));
    if (!Object.is(changed.value, sum(...shuffled(kept)))) mismatches += 1;
  }
  expectEqual(mismatches, 0, "removing values undoes adding them, in any order");
}

interface Row {
  readonly points: number | null;
  readonly price: number | null;
}

/** The checks of aggregates over rows. */
export function aggregateTests(): void {
  const rows: readonly Row[] = [{ points: 2, price: 0.1 }, { points: null, price: 0.2 }, { points: 3, price: 0.3 }];
  expectEqual(aggregated(rows, Aggregate.sumOfInts((row: Row) => row.points)), 5, "an int sum skips null");
  expectEqual(aggregated(rows, Aggregate.average((row: Row) => row.points)), 2.5, "two values, not three");
  expectEqual(aggregated(rows, Aggregate.sumOfDoubles((row: Row) => row.price), (row) => row.points !== null), 0.4, "the matching rows only");
  expectEqual(aggregated([], Aggregate.average((row: Row) => row.price)), null, "null over no rows");
  expectEqual(aggregated([{ points: 1, price: -5e-324 }, { points: 1, price: 0 }], Aggregate.average((row: Row) => row.price)), 0, "an average of -0 (half the least double) is 0");

  const extremes: readonly Row[] = [{ points: 3, price: 2 }, { points: null, price: NaN }, { points: -1, price: -0 }];
  expectEqual(aggregated(extremes, Aggregate.min((row: Row) => row.points)), -1, "the least int");
  expectEqual(aggregated(extremes, Aggregate.max((row: Row) => row.points)), 3, "the greatest int");
  expectEqual(aggregated(extremes, Aggregate.min((row: Row) => row.price)), NaN, "NaN is below every other number");
  expectEqual(aggregated(extremes, Aggregate.max((row: Row) => row.price)), 2, "the greatest double");
  expectEqual(aggregated([{ points: 1, price: -0 }], Aggregate.max((row: Row) => row.price)), 0, "-0 comes back as 0");
  const named: readonly Row[] = [{ points: 2, price: 1 }, { points: 1, price: 1 }];
  const name = (row: Row): string => (row.points === 1 ? "b" : "\u00E9");
  expectEqual([aggregated(named, Aggregate.min(name)), aggregated(named, Aggregate.max(name))], ["b", "\u00E9"], "strings by code point");
  expectEqual(aggregated([], Aggregate.min((row: Row) => row.price)), null, "null over no rows");

  const input = new Subject<readonly Row[]>();
  const emitted: number[] = [];
  const subscription = input.pipe(aggregateRows(Aggregate.sumOfDoubles((row: Row) => row.price))).subscribe((value) => emitted.push(value));
  input.next([{ points: null, price: NaN }]);
  input.next([{ points: 1, price: NaN }]);
  input.next([{ points: 1, price: 1 }, { points: null, price: 2 }]);
  input.next([{ points: null, price: 3 }]);
  subscription.unsubscribe();
  expectEqual(emitted, [NaN, 3], "NaN equals NaN; 1 + 2 equals 3");

  let failure: unknown;
  const failing = new Subject<readonly Row[]>();
  failing.pipe(aggregateRows(Aggregate.sumOfInts((row: Row) => row.points))).subscribe({ error: (error: unknown) => { failure = error; } });
  failing.next([{ points: 9007199254740991, price: null }, { points: 1, price: null }]);
  expectEqual(failure, new Error("an int sum beyond ±(2^53 − 1), which not every language holds exactly"), "an int sum beyond the safe range fails");
}
