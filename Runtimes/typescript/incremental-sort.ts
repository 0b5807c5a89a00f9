import { changedPositions } from "./changed-rows.js";
import { Match } from "./match.js";
import type { RowOrder } from "./row-order.js";

/**
 * One subscription's sort, kept between emissions. A list as long as the last one is compared
 * with it row by row with `===` (or, when the join or query stream above made it from the last
 * one, told which rows it replaced: `changedPositions`): they pass unchanged rows on as the same
 * objects. When few rows changed, only those are placed again (a renamed member moves that
 * member's messages, the others stay where they were); with a `limit`, the rows outside the first
 * ones are looked at again only when a changed row leaves room for one of them. Input lists and
 * their rows are taken as unchanging, as every stream's are.
 */
export class IncrementalSort<Row> {
  private readonly order: PositionOrder<Row>;
  private rows: readonly Row[] = [];
  /** The positions in `rows` of the rows kept, in order. */
  private kept: number[] = [];
  private output: readonly Row[] | undefined;

  private readonly limit: number | undefined;

  constructor(orders: readonly RowOrder<Row>[], limit: number | undefined) {
    this.limit = limit;
    this.order = new PositionOrder(orders);
  }

  /** The rows kept, in order, or undefined when they are the rows last returned. */
  update(next: readonly Row[]): readonly Row[] | undefined {
    const changed = this.output === undefined ? undefined : this.changedPositions(next);
    this.kept = (changed && this.placeAgain(next, changed)) ?? this.order.first(next, this.keptCount(next.length));
    this.rows = next;
    const result = this.kept.map((position) => next[position] as Row);
    if (this.output !== undefined && Match.same(result, this.output)) return undefined;
    this.output = result;
    return result;
  }

  private keptCount(size: number): number {
    return PositionOrder.keptCount(this.limit, size);
  }

  /** The positions whose row is not the same object as before; undefined when the lists differ in length or in too many rows. */
  private changedPositions(next: readonly Row[]): readonly number[] | undefined {
    return changedPositions(next, this.rows, Math.floor(next.length / 8));
  }

  /**
   * The kept positions after the rows at `changed` took their new values, or undefined when a
   * row outside the kept ones may now belong among them.
   */
  private placeAgain(next: readonly Row[], changed: readonly number[]): number[] | undefined {
    const count = this.keptCount(next.length);
    if (changed.length === 0 || count === 0) return this.kept.slice(0, count);
    const moved = new Set(changed);
    const placed = this.kept.filter((position) => !moved.has(position));
    for (const position of changed) placed.splice(this.order.insertionPoint(next, placed, position), 0, position);
    // Every row left out was after the last kept one, and is unchanged: the first `count` are
    // right when the last of them is not after that row's old place. (`placed` holds at least
    // the `count` positions kept before.)
    if (this.kept.length < this.rows.length) {
      const boundary = this.kept[this.kept.length - 1] as number, last = placed[count - 1] as number;
      if (this.order.compare(next[last] as Row, last, this.rows[boundary] as Row, boundary) > 0) return undefined;
    }
    return placed.length === count ? placed : placed.slice(0, count);
  }
}

/** The order of a sort stream's rows: by `orders`, ties by position in the input. */
export class PositionOrder<Row> {
  private readonly orders: readonly RowOrder<Row>[];

  constructor(orders: readonly RowOrder<Row>[]) {
    this.orders = orders;
  }

  /** How many of `size` rows a `limit` keeps: none when it is zero or less, all when undefined. */
  static keptCount(limit: number | undefined, size: number): number {
    return limit === undefined ? size : Math.max(0, Math.min(limit, size));
  }

  /** -1, 0 or 1: `a` at `aPosition` against `b` at `bPosition`. */
  compare(a: Row, aPosition: number, b: Row, bPosition: number): number {
    for (const order of this.orders) {
      const result = order.compare(a, b);
      if (result !== 0) return result;
    }
    return aPosition < bPosition ? -1 : (aPosition > bPosition ? 1 : 0);
  }

  /** Where in `placed` (positions in order) the row at `position` goes. */
  insertionPoint(rows: readonly Row[], placed: readonly number[], position: number): number {
    let low = 0, high = placed.length;
    while (low < high) {
      const middle = (low + high) >>> 1, other = placed[middle] as number;
      if (this.compare(rows[position] as Row, position, rows[other] as Row, other) < 0) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** The positions of the first `count` rows, in order. */
  first(rows: readonly Row[], count: number): number[] {
    if (count <= 0) return [];
    if (this.orders.length === 0 || count >= rows.length) {
      const positions = Array.from({ length: Math.min(count, rows.length) }, (_, position) => position);
      return this.orders.length === 0 ? positions : positions.sort((a, b) => this.compare(rows[a] as Row, a, rows[b] as Row, b));
    }
    // In one pass: a row enters only if it precedes the last kept one.
    const best: number[] = [];
    for (let position = 0; position < rows.length; position++) {
      const last = best[count - 1];
      if (last !== undefined && this.compare(rows[position] as Row, position, rows[last] as Row, last) > 0) continue;
      best.splice(this.insertionPoint(rows, best, position), 0, position);
      if (best.length > count) best.pop();
    }
    return best;
  }
}
