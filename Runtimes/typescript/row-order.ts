import { distinctUntilChanged, map, pipe } from "rxjs";
import type { OperatorFunction } from "rxjs";
import { contractOrder, Match } from "./match.js";

/**
 * One key of a sort stream's order: a value of each row, in the contract's value order (null and
 * undefined first, NaN below every other number, strings by code point), ascending or descending.
 */
export class RowOrder<Row> {
  /** @param compare -1, 0 or 1. */
  private constructor(readonly compare: (a: Row, b: Row) => number) {}

  static ascending<Row>(key: (row: Row) => unknown): RowOrder<Row> {
    return new RowOrder<Row>((a, b) => orderOf(key(a), key(b)));
  }

  static descending<Row>(key: (row: Row) => unknown): RowOrder<Row> {
    return new RowOrder<Row>((a, b) => orderOf(key(b), key(a)));
  }
}

function orderOf(a: unknown, b: unknown): number {
  const aMissing = a === null || a === undefined, bMissing = b === null || b === undefined;
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : (aMissing ? -1 : 1);
  return contractOrder(a, b) ?? 0;
}

/**
 * The rows by `orders` (ties keep their order here), the first `limit` of them (none when it is
 * zero or less; all when undefined).
 */
export function sortedRows<Row>(rows: readonly Row[], orders: readonly RowOrder<Row>[], limit?: number): readonly Row[] {
  const kept = limit === undefined ? rows.length : Math.max(0, Math.min(limit, rows.length));
  if (orders.length === 0) return rows.slice(0, kept);
  const compare = (a: Row, b: Row): number => {
    for (const order of orders) {
      const result = order.compare(a, b);
      if (result !== 0) return result;
    }
    return 0;
  };
  // Array.prototype.sort is stable: ties keep their order.
  if (kept === 0 || kept >= rows.length) return [...rows].sort(compare).slice(0, kept);
  // The first `kept` in one pass: a row enters only if it precedes the last kept one (a later row
  // that ties stays after it, as a stable sort keeps it).
  const best: Row[] = [];
  for (const row of rows) {
    if (best.length === kept && compare(row, best[kept - 1] as Row) >= 0) continue;
    let low = 0, high = best.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(row, best[middle] as Row) < 0) high = middle;
      else low = middle + 1;
    }
    if (best.length === kept) best.pop();
    best.splice(low, 0, row);
  }
  return best;
}

/** The rows by `orders`, the first `limit` of them; emits only when they change. */
export function sortRows<Row>(orders: readonly RowOrder<Row>[], limit?: number): OperatorFunction<readonly Row[], readonly Row[]> {
  return pipe(
    map((rows: readonly Row[]) => sortedRows(rows, orders, limit)),
    distinctUntilChanged<readonly Row[]>(Match.same),
  );
}
