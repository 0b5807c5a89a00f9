import { combineLatest, debounceTime, defer, distinctUntilChanged, filter, map, pipe } from "rxjs";
import type { Observable, OperatorFunction, SchedulerLike } from "rxjs";
import { changedPositions, recordChangedRows } from "./changed-rows.js";
import { Match } from "./match.js";
import { GeoPoint, TypedReference, hexDigits } from "./value-types.js";
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

/** The first row for each value of `key`, in order (null counts as one value); emits only when they change. */
export function distinctRows<Row>(key: (row: Row) => unknown): OperatorFunction<readonly Row[], readonly Row[]> {
  return pipe(
    map((rows: readonly Row[]): readonly Row[] => firstForEachKey(rows, key)),
    distinctUntilChanged<readonly Row[]>(Match.same),
  );
}

/** The first of `rows` for each value of `key`, keys compared under the contract (null and undefined as one value). */
export function firstForEachKey<Row>(rows: readonly Row[], key: (row: Row) => unknown): readonly Row[] {
  const seen = new Set<unknown>();
  return rows.filter((row) => {
    const value = contractKey(key(row));
    if (seen.has(value)) return false;
    seen.add(value);
    return true;
  });
}

/**
 * Each row with the first row of `right` (in its order) whose key equals its key, or null.
 * A hash join: keys are equal under the contract (strings by code point, NaN equals NaN,
 * -0 equals 0, timestamps by time); a null or undefined key matches nothing. Emits once both
 * inputs have emitted, then on every change to the result; when only `right` changes, only the
 * rows whose match changed are joined again.
 */
export function leftJoin<Row, Right, Joined>(
  right: Observable<readonly Right[]>,
  leftKey: (row: Row) => unknown,
  rightKey: (row: Right) => unknown,
  combine: (row: Row, match: Right | null) => Joined,
): OperatorFunction<readonly Row[], readonly Joined[]> {
  return join(right, leftKey, rightKey, (row, match) => ({ joined: combine(row, match === undefined ? null : match.row) }));
}

/** Like `leftJoin`, leaving out the rows with no match. */
export function innerJoin<Row, Right, Joined>(
  right: Observable<readonly Right[]>,
  leftKey: (row: Row) => unknown,
  rightKey: (row: Right) => unknown,
  combine: (row: Row, match: Right) => Joined,
): OperatorFunction<readonly Row[], readonly Joined[]> {
  return join(right, leftKey, rightKey, (row, match) => match === undefined ? undefined : { joined: combine(row, match.row) });
}

/** A join whose `combine` returns the joined row, boxed, or undefined to leave the row out; one `IncrementalJoin` per subscription. */
function join<Row, Right, Joined>(
  right: Observable<readonly Right[]>,
  leftKey: (row: Row) => unknown,
  rightKey: (row: Right) => unknown,
  combine: Combine<Row, Right, Joined>,
): OperatorFunction<readonly Row[], readonly Joined[]> {
  return (rows) => defer(() => {
    const state = new IncrementalJoin(leftKey, rightKey, combine);
    return combineLatest([rows, right]).pipe(
      map(([left, candidates]) => state.update(left, candidates)),
      filter((joined): joined is readonly Joined[] => joined !== undefined),
    );
  });
}

export type Combine<Row, Right, Joined> = (row: Row, match: { readonly row: Right } | undefined) => { readonly joined: Joined } | undefined;

/**
 * One subscription's join, kept between emissions: when only the right side changes, just the
 * rows whose match changed are joined again — a renamed member re-joins that member's
 * messages, not every message.
 */
export class IncrementalJoin<Row, Right, Joined> {
  private rows: readonly Row[] | undefined;
  /** The indices of the left rows, by key. */
  private readonly rowsByKey = new Map<unknown, number[]>();
  private readonly matches: JoinIndex<Right>;
  private output: Joined[] = [];
  /** Where each left row is in `output`; -1 when it is left out. */
  private slots: number[] = [];
  /** The rows last returned. */
  private emitted: readonly Joined[] = [];

  private readonly leftKey: (row: Row) => unknown;
  private readonly combine: Combine<Row, Right, Joined>;

  constructor(
    leftKey: (row: Row) => unknown,
    rightKey: (row: Right) => unknown,
    combine: Combine<Row, Right, Joined>,
  ) {
    this.leftKey = leftKey;
    this.combine = combine;
    this.matches = new JoinIndex(rightKey);
  }

  /** A copy of the joined rows, or undefined when they are the rows last returned. */
  update(left: readonly Row[], right: readonly Right[]): readonly Joined[] | undefined {
    const keys = this.matches.replace(right);
    const rows = this.rows;
    if (rows !== left || rows === undefined) return this.join(left);
    // A key can come twice (a row renamed, another's key moved to it): each slot once.
    const patched = new Set<number>();
    for (const key of keys) {
      for (const index of this.rowsByKey.get(key) ?? []) {
        const joined = this.combine(rows[index] as Row, this.matches.get(key));
        const slot = this.slots[index] as number;
        if (slot < 0 && joined === undefined) continue;
        // A row that joins or leaves an inner join moves the positions after it.
        if (slot < 0 || joined === undefined) return this.join(rows);
        if (!Match.same(this.output[slot], joined.joined)) {
          this.output[slot] = joined.joined;
          patched.add(slot);
        }
      }
    }
    if (patched.size === 0) return undefined;
    const result = [...this.output];
    recordChangedRows(result, this.emitted, [...patched].sort((a, b) => a - b));
    this.emitted = result;
    return result;
  }

  /** Joins every row again. */
  private join(left: readonly Row[]): readonly Joined[] | undefined {
    const first = this.rows === undefined;
    this.rows = left;
    this.rowsByKey.clear();
    const joined: Joined[] = [];
    this.slots = left.map((row, index) => {
      const key = contractKey(this.leftKey(row));
      if (key !== undefined) {
        const indices = this.rowsByKey.get(key);
        if (indices === undefined) this.rowsByKey.set(key, [index]);
        else indices.push(index);
      }
      const result = this.combine(row, key === undefined ? undefined : this.matches.get(key));
      if (result === undefined) return -1;
      joined.push(result.joined);
      return joined.length - 1;
    });
    // Compared with what was last returned, not with `output`, which a patch that gave way to this
    // join may have changed half-way. Unchanged, `output` takes back the returned rows, so that the
    // next patch's record of the slots it replaced is true of them.
    if (!first && Match.same(joined, this.emitted)) {
      this.output = [...this.emitted];
      return undefined;
    }
    this.output = joined;
    this.emitted = [...joined];
    recordChangedRows(this.emitted);
    return this.emitted;
  }
}

/** The right side of a join by contract key; a key held twice maps to its first row. */
class JoinIndex<Right> {
  private rows: readonly Right[] = [];
  /** The position of each key's first row. */
  private firstPositions = new Map<unknown, number>();

  private readonly key: (row: Right) => unknown;

  constructor(key: (row: Right) => unknown) {
    this.key = key;
  }

  /** The first row whose contract key is `key`. */
  get(key: unknown): { readonly row: Right } | undefined {
    const position = this.firstPositions.get(key);
    return position === undefined ? undefined : { row: this.rows[position] as Right };
  }

  /**
   * Takes `next` as the right side; returns the keys whose match may differ. With as many rows
   * as before, only the positions whose row changed are looked at.
   */
  replace(next: readonly Right[]): unknown[] {
    const keys: unknown[] = [];
    const changed = changedPositions(next, this.rows);
    if (changed === undefined) {
      const { rows, firstPositions } = this;
      this.index(next);
      for (const [key, position] of this.firstPositions) {
        const old = firstPositions.get(key);
        if (old === undefined || rows[old] !== next[position]) keys.push(key);
      }
      for (const key of firstPositions.keys()) {
        if (!this.firstPositions.has(key)) keys.push(key);
      }
      return keys;
    }
    let keysMoved = false;
    // Only the positions holding other objects are looked at: those the right stream says it
    // replaced, without walking the list, when `next` was made from `rows`.
    for (const position of changed) {
      const [row, old] = [next[position] as Right, this.rows[position] as Right];
      const [oldKey, newKey] = [contractKey(this.key(old)), contractKey(this.key(row))];
      if (!sameValueZero(oldKey, newKey)) {
        keysMoved = true;
        keys.push(...[oldKey, newKey].filter((key) => key !== undefined));
      } else if (newKey !== undefined && this.firstPositions.get(newKey) === position) {
        keys.push(newKey);
      }
    }
    if (keysMoved) this.index(next);
    else this.rows = next;
    return keys;
  }

  private index(rows: readonly Right[]): void {
    this.rows = rows;
    this.firstPositions = new Map();
    rows.forEach((row, position) => {
      const key = contractKey(this.key(row));
      if (key !== undefined && !this.firstPositions.has(key)) this.firstPositions.set(key, position);
    });
  }
}

/** Equality as `Map` keys compare: NaN equals NaN, -0 equals 0. */
function sameValueZero(a: unknown, b: unknown): boolean {
  return a === b || (a !== a && b !== b);
}

/**
 * A join key as a `Map` key, which compares by SameValueZero (so NaN equals NaN and -0 equals
 * 0, strings by code unit, which is by code point): a timestamp becomes a string of its time, a
 * reference of its path (both keys of a join have one type, so it never meets a string key); null and undefined
 * match nothing.
 */
function contractKey(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Timestamp) return `\u0000timestamp ${value.seconds} ${value.nanoseconds}`;
  if (value instanceof GeoPoint) return `\u0000geopoint ${value.latitude} ${value.longitude}`;
  if (value instanceof TypedReference) return `\u0000reference ${JSON.stringify(value.path)}`;
  return value instanceof Uint8Array ? `\u0000bytes ${hexDigits(value)}` : value;
}

/**
 * The last value once `milliseconds` have passed without a new one, on `scheduler`'s clock; a
 * value equal (under the contract) to the one it emitted before is left out.
 */
export function debounced<T>(milliseconds: number, scheduler: SchedulerLike): OperatorFunction<T, T> {
  return pipe(debounceTime<T>(milliseconds, scheduler), distinctUntilChanged<T>(Match.same));
}
