import { combineLatest, distinctUntilChanged, map, pipe } from "rxjs";
import type { Observable, OperatorFunction } from "rxjs";
import { Match } from "./match.js";
import { Timestamp } from "./timestamp.js";

/** The rows that match `predicate`, in order; emits only when they change. */
export function filterRows<Row>(predicate: (row: Row) => boolean): OperatorFunction<readonly Row[], readonly Row[]> {
  return pipe(
    map((rows: readonly Row[]): readonly Row[] => rows.filter((row) => predicate(row))),
    distinctUntilChanged<readonly Row[]>(Match.same),
  );
}

/** How many rows there are, or how many match `predicate`; emits only when it changes. */
export function countRows<Row>(predicate?: (row: Row) => boolean): OperatorFunction<readonly Row[], number> {
  return pipe(
    map((rows: readonly Row[]) => predicate === undefined ? rows.length : rows.filter((row) => predicate(row)).length),
    distinctUntilChanged(),
  );
}

/**
 * Each row with the first row of `right` (in its order) whose key equals its key, or null.
 * A hash join: keys are equal under the contract (strings by code point, NaN equals NaN,
 * -0 equals 0, timestamps by time); a null or undefined key matches nothing. Emits once both
 * inputs have emitted, then on every change to the result.
 */
export function leftJoin<Row, Right, Joined>(
  right: Observable<readonly Right[]>,
  leftKey: (row: Row) => unknown,
  rightKey: (row: Right) => unknown,
  combine: (row: Row, match: Right | null) => Joined,
): OperatorFunction<readonly Row[], readonly Joined[]> {
  return (rows) => combineLatest([rows, right]).pipe(
    map(([left, candidates]): readonly Joined[] => {
      const index = new JoinIndex(candidates, rightKey);
      return left.map((row) => combine(row, index.first(leftKey(row))));
    }),
    distinctUntilChanged<readonly Joined[]>(Match.same),
  );
}

/** Like `leftJoin`, leaving out the rows with no match. */
export function innerJoin<Row, Right, Joined>(
  right: Observable<readonly Right[]>,
  leftKey: (row: Row) => unknown,
  rightKey: (row: Right) => unknown,
  combine: (row: Row, match: Right) => Joined,
): OperatorFunction<readonly Row[], readonly Joined[]> {
  return (rows) => combineLatest([rows, right]).pipe(
    map(([left, candidates]): readonly Joined[] => {
      const index = new JoinIndex(candidates, rightKey);
      const joined: Joined[] = [];
      for (const row of left) {
        const match = index.first(leftKey(row));
        if (match !== null) joined.push(combine(row, match));
      }
      return joined;
    }),
    distinctUntilChanged<readonly Joined[]>(Match.same),
  );
}

/**
 * The right side of a join by key; a key held twice maps to its first row. Keys are compared
 * as a JavaScript `Map` does (SameValueZero), timestamps by their time.
 */
class JoinIndex<Right> {
  private readonly byValue = new Map<unknown, { readonly row: Right }>();
  private readonly byTime = new Map<string, { readonly row: Right }>();

  constructor(candidates: readonly Right[], key: (row: Right) => unknown) {
    for (const candidate of candidates) {
      const value = key(candidate);
      if (value === null || value === undefined) continue;
      if (value instanceof Timestamp) {
        const time = timeKey(value);
        if (!this.byTime.has(time)) this.byTime.set(time, { row: candidate });
      } else if (!this.byValue.has(value)) {
        this.byValue.set(value, { row: candidate });
      }
    }
  }

  /** The first row whose key equals `key`, or null. */
  first(key: unknown): Right | null {
    if (key === null || key === undefined) return null;
    const entry = key instanceof Timestamp ? this.byTime.get(timeKey(key)) : this.byValue.get(key);
    return entry === undefined ? null : entry.row;
  }
}

function timeKey(time: Timestamp): string {
  return `${time.seconds}:${time.nanoseconds}`;
}
