import { defer, filter, map } from "rxjs";
import type { OperatorFunction } from "rxjs";
import { IncrementalSort, PositionOrder } from "./incremental-sort.js";
import { contractOrder } from "./match.js";

/**
 * One key of a sort stream's order: a value of each row, in the contract's value order (null and
 * undefined first, NaN below every other number, strings by code point), ascending or descending.
 */
export class RowOrder<Row> {
  readonly compare: (a: Row, b: Row) => number;

  /** @param compare -1, 0 or 1. */
  private constructor(compare: (a: Row, b: Row) => number) {
    this.compare = compare;
  }

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
  return new PositionOrder(orders).first(rows, PositionOrder.keptCount(limit, rows.length)).map((position) => rows[position] as Row);
}

/**
 * The rows by `orders`, the first `limit` of them; emits only when they change. When few rows
 * changed since the last list, only those are placed again (`IncrementalSort`): lists and their
 * rows are taken as unchanging, as every stream's are.
 */
export function sortRows<Row>(orders: readonly RowOrder<Row>[], limit?: number): OperatorFunction<readonly Row[], readonly Row[]> {
  return (rows) => defer(() => {
    const sort = new IncrementalSort(orders, limit);
    return rows.pipe(map((next) => sort.update(next)), filter((sorted): sorted is readonly Row[] => sorted !== undefined));
  });
}
