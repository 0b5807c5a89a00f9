import { distinctUntilChanged, map, pipe } from "rxjs";
import type { Observable, OperatorFunction, SchedulerLike } from "rxjs";
import type { RowCodec } from "./codecs.js";
import { contractOrder, Match } from "./match.js";
import type { DocumentSnapshot, DocumentStore, QuerySnapshot, StoreQuery } from "./store.js";
import { listenerStream, ReportingDecoder } from "./streams.js";
import type { DecodeFailure } from "./streams.js";

/**
 * What an aggregate stream computes from its rows: a count; the sum, average, minimum or maximum
 * of a field. Rows whose field is null or undefined are skipped. Sums are exact
 * ({@link ExactSum}), so that a sum kept up to date from changes equals one computed afresh; a
 * minimum or maximum keeps the values in the contract's order.
 */
export class Aggregate<Row, Output> {
  readonly value: (row: Row) => unknown;
  readonly makeState: () => AggregateState<Output>;

  /**
   * @param value The value a row adds, or undefined when it adds none.
   * @param makeState What the aggregate keeps of its values.
   */
  private constructor(value: (row: Row) => unknown, makeState: () => AggregateState<Output>) {
    this.value = value;
    this.makeState = makeState;
  }

  /** How many rows there are. */
  static count<Row>(): Aggregate<Row, number> {
    return new Aggregate<Row, number>(() => 0, () => new CountState());
  }

  /**
   * The sum of an int field: 0 over no rows. Fails with an {@link AggregateError} when the sum is
   * beyond ±(2^53 − 1), which not every language holds exactly.
   */
  static sumOfInts<Row>(value: (row: Row) => number | null | undefined): Aggregate<Row, number> {
    return new Aggregate<Row, number>((row) => value(row) ?? undefined, () => new SumState((sum) => {
      const total = sum.value;
      if (Math.abs(total) > Number.MAX_SAFE_INTEGER) throw new AggregateError("an int sum beyond ±(2^53 − 1), which not every language holds exactly");
      return total;
    }));
  }

  /** The sum of a double field: 0 over no rows, NaN when a value is NaN. */
  static sumOfDoubles<Row>(value: (row: Row) => number | null | undefined): Aggregate<Row, number> {
    return new Aggregate<Row, number>((row) => value(row) ?? undefined, () => new SumState((sum) => sum.value));
  }

  /** The average of an int or double field: null over no rows, NaN when a value is NaN. */
  static average<Row>(value: (row: Row) => number | null | undefined): Aggregate<Row, number | null> {
    // + 0 turns −0 (an average that underflows) into 0.
    return new Aggregate<Row, number | null>((row) => value(row) ?? undefined, () => new SumState((sum) => sum.count === 0 ? null : sum.value / sum.count + 0));
  }

  /** The least value of a field in the contract's order (NaN below every other number, strings by code point): null over no rows. */
  static min<Row, Value>(value: (row: Row) => Value | null | undefined): Aggregate<Row, Value | null> {
    return new Aggregate<Row, Value | null>((row) => normalized(value(row) ?? undefined), () => new ExtremeState<Value>(false));
  }

  /** The greatest value of a field in the contract's order: null over no rows. */
  static max<Row, Value>(value: (row: Row) => Value | null | undefined): Aggregate<Row, Value | null> {
    return new Aggregate<Row, Value | null>((row) => normalized(value(row) ?? undefined), () => new ExtremeState<Value>(true));
  }

  /**
   * `aggregate` for each value of `key`, as groups in the contract's order of their keys (strings
   * by code point); rows whose key is null, or that add nothing to `aggregate`, are left out.
   * `Value` is what a group holds: the aggregate over one value or more, never null.
   */
  static grouped<Row, Key, Value, Output = unknown>(key: (row: Row) => Key | null | undefined, aggregate: Aggregate<Row, Output>): Aggregate<Row, readonly Grouped<Key, Value>[]> {
    return new Aggregate<Row, readonly Grouped<Key, Value>[]>((row) => {
      const value = key(row) ?? undefined;
      const added = value === undefined ? undefined : aggregate.value(row);
      return added === undefined ? undefined : [value, added];
    }, () => new GroupedState<Key, Value, Output>(aggregate.makeState));
  }
}

/** One group of a grouped aggregate (`{ count: tasks, by: status }`): a value of the key and the aggregate of the rows that have it. */
export interface Grouped<Key, Value> {
  readonly key: Key;
  readonly value: Value;
}

/** −0 as 0, so that of two equal values the one given back is the same in every language. */
function normalized(value: unknown): unknown {
  return typeof value === "number" ? value + 0 : value;
}

/** What an aggregate keeps of its values, changed value by value. */
interface AggregateState<Output> {
  add(value: unknown): void;
  remove(value: unknown): void;
  result(): Output;
}

/** A group's state and how many rows add to it. */
interface Group<Output> {
  readonly key: unknown;
  readonly state: AggregateState<Output>;
  size: number;
}

/**
 * An aggregate for each value of a key: a group exists while a row adds to it. Keys are strings
 * (a string enum's too), which a `Map` compares by code unit, which is by code point.
 */
class GroupedState<Key, Value, Output> implements AggregateState<readonly Grouped<Key, Value>[]> {
  private readonly groups = new Map<unknown, Group<Output>>();
  private readonly makeState: () => AggregateState<Output>;

  constructor(makeState: () => AggregateState<Output>) {
    this.makeState = makeState;
  }

  add(value: unknown): void {
    const [key, added] = value as [unknown, unknown];
    let group = this.groups.get(key);
    if (group === undefined) {
      group = { key, state: this.makeState(), size: 0 };
      this.groups.set(key, group);
    }
    group.state.add(added);
    group.size += 1;
  }

  remove(value: unknown): void {
    const [key, removed] = value as [unknown, unknown];
    const group = this.groups.get(key);
    if (group === undefined) return;
    group.state.remove(removed);
    group.size -= 1;
    if (group.size === 0) this.groups.delete(key);
  }

  result(): readonly Grouped<Key, Value>[] {
    return [...this.groups.values()]
      .sort((a, b) => contractOrder(a.key, b.key) ?? 0)
      .map((group) => ({ key: group.key as Key, value: group.state.result() as unknown as Value }));
  }
}

/** How many values there are. */
class CountState implements AggregateState<number> {
  private count = 0;

  add(): void {
    this.count += 1;
  }

  remove(): void {
    this.count -= 1;
  }

  result(): number {
    return this.count;
  }
}

/** An exact sum of the values, and what `finish` makes of it. */
class SumState<Output> implements AggregateState<Output> {
  private readonly sum = new ExactSum();

  private readonly finish: (sum: ExactSum) => Output;

  constructor(finish: (sum: ExactSum) => Output) {
    this.finish = finish;
  }

  add(value: unknown): void {
    this.sum.add(value as number);
  }

  remove(value: unknown): void {
    this.sum.remove(value as number);
  }

  result(): Output {
    return this.finish(this.sum);
  }
}

/** The values in the contract's order, each found by binary search; the least or the greatest. */
class ExtremeState<Value> implements AggregateState<Value | null> {
  private readonly values: unknown[] = [];

  private readonly greatest: boolean;

  constructor(greatest: boolean) {
    this.greatest = greatest;
  }

  add(value: unknown): void {
    this.values.splice(this.positionAfter(value), 0, value);
  }

  remove(value: unknown): void {
    const index = this.positionAfter(value);
    if (index > 0 && contractOrder(this.values[index - 1], value) === 0) this.values.splice(index - 1, 1);
  }

  result(): Value | null {
    const value = this.greatest ? this.values[this.values.length - 1] : this.values[0];
    return value === undefined ? null : value as Value;
  }

  /** Where `value` goes: after every value not greater than it. */
  private positionAfter(value: unknown): number {
    let low = 0, high = this.values.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((contractOrder(value, this.values[middle]) ?? 0) < 0) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

/** Why an aggregate stream failed. */
export class AggregateError extends Error {}

/** The aggregate of `rows`, or of those that match `predicate`. */
export function aggregated<Row, Output>(rows: readonly Row[], aggregate: Aggregate<Row, Output>, predicate?: (row: Row) => boolean): Output {
  const state = aggregate.makeState();
  for (const row of rows) {
    if (predicate !== undefined && !predicate(row)) continue;
    const value = aggregate.value(row);
    if (value !== undefined) state.add(value);
  }
  return state.result();
}

/** The aggregate of the rows, or of those that match `predicate`; emits only when it changes. */
export function aggregateRows<Row, Output>(aggregate: Aggregate<Row, Output>, predicate?: (row: Row) => boolean): OperatorFunction<readonly Row[], Output> {
  return pipe(
    map((rows: readonly Row[]) => aggregated(rows, aggregate, predicate)),
    distinctUntilChanged<Output>(Match.same),
  );
}

/**
 * The aggregate of the query's documents that decode and match `isIncluded`, on `scheduler`,
 * whenever it changes. Kept from each snapshot's changes, so a write costs what it changed, not a
 * pass over every row. Documents that do not decode are left out and reported as by
 * {@link collectionStream}.
 */
export function aggregateStream<Row, Output>(
  store: DocumentStore,
  query: StoreQuery,
  codec: RowCodec<Row>,
  aggregate: Aggregate<Row, Output>,
  scheduler: SchedulerLike,
  onDecodeFailure: (failure: DecodeFailure) => void,
  isIncluded: (row: Row) => boolean = () => true,
): Observable<Output> {
  return listenerStream<QuerySnapshot, Output>(
    (next, fail) => store.addQueryListener(query, next, fail),
    scheduler,
    () => {
      const aggregator = new QueryAggregator(aggregate, new ReportingDecoder(query.collection, codec, onDecodeFailure), isIncluded);
      return (snapshot) => aggregator.resultAfter(snapshot);
    },
  );
}

/** How many of the query's documents decode and match `isIncluded`: the {@link aggregateStream} of {@link Aggregate.count}. */
export function countStream<Row>(
  store: DocumentStore,
  query: StoreQuery,
  codec: RowCodec<Row>,
  scheduler: SchedulerLike,
  onDecodeFailure: (failure: DecodeFailure) => void,
  isIncluded: (row: Row) => boolean = () => true,
): Observable<number> {
  return aggregateStream(store, query, codec, Aggregate.count<Row>(), scheduler, onDecodeFailure, isIncluded);
}

/**
 * The aggregate of one query listener's documents that decode and match `isIncluded`, kept up to
 * date from each snapshot's changes: a snapshot costs what changed in it.
 */
class QueryAggregator<Row, Output> {
  /** The value each of the snapshot's documents, in order, adds; undefined when it adds none. */
  private readonly values: unknown[] = [];
  private readonly state: AggregateState<Output>;
  private hasEmitted = false;
  private emitted: Output | undefined;

  private readonly aggregate: Aggregate<Row, Output>;
  private readonly decoder: ReportingDecoder<Row>;
  private readonly isIncluded: (row: Row) => boolean;

  constructor(
    aggregate: Aggregate<Row, Output>,
    decoder: ReportingDecoder<Row>,
    isIncluded: (row: Row) => boolean,
  ) {
    this.aggregate = aggregate;
    this.decoder = decoder;
    this.isIncluded = isIncluded;
    this.state = aggregate.makeState();
  }

  /** The aggregate after `snapshot`, or undefined when it is the one last returned. */
  resultAfter(snapshot: QuerySnapshot): Output | undefined {
    for (const change of snapshot.changes) {
      if (change.type !== "added") {
        const value = this.values.splice(change.oldIndex, 1)[0];
        if (value !== undefined) this.state.remove(value);
      }
      if (change.type !== "removed") this.insert(change.document, change.newIndex);
    }
    const output = this.state.result();
    if (this.hasEmitted && Match.same(output, this.emitted)) return undefined;
    this.hasEmitted = true;
    this.emitted = output;
    return output;
  }

  private insert(document: DocumentSnapshot, index: number): void {
    const decoded = this.decoder.decode(document);
    const value = decoded !== undefined && this.isIncluded(decoded.row) ? this.aggregate.value(decoded.row) : undefined;
    this.values.splice(index, 0, value);
    if (value !== undefined) this.state.add(value);
  }
}

const TWO_TO_64 = 2 ** 64;
const TWO_TO_MINUS_64 = 2 ** -64;

/**
 * A multiset of numbers whose sum is exact: values are added and removed without rounding, and
 * {@link ExactSum.value} is their exact sum rounded once to the nearest double (ties to even),
 * whatever the order of the changes that led to it. NaN and the infinities are counted apart.
 * Values are kept as non-overlapping partial sums (Shewchuk's algorithm, as Python's
 * `math.fsum`): those of magnitude 1 or more scaled by 2⁻⁶⁴, so that no partial sum overflows.
 */
export class ExactSum {
  private readonly large: number[] = [];
  private readonly small: number[] = [];
  private nans = 0;
  private positiveInfinities = 0;
  private negativeInfinities = 0;
  /** How many values it holds. */
  count = 0;

  add(value: number): void {
    this.change(value, 1);
  }

  remove(value: number): void {
    this.change(value, -1);
  }

  private change(value: number, sign: number): void {
    this.count += sign;
    if (Number.isNaN(value)) this.nans += sign;
    else if (value === Infinity) this.positiveInfinities += sign;
    else if (value === -Infinity) this.negativeInfinities += sign;
    else if (Math.abs(value) >= 1) accumulate(sign * value * TWO_TO_MINUS_64, this.large);
    else accumulate(sign * value, this.small);
  }

  /**
   * The sum, rounded once: NaN when a value is NaN or both infinities are held, an infinity when
   * one is or when the sum is beyond the largest double; 0 (never −0) when it holds none.
   */
  get value(): number {
    if (this.nans > 0 || (this.positiveInfinities > 0 && this.negativeInfinities > 0)) return NaN;
    if (this.positiveInfinities > 0) return Infinity;
    if (this.negativeInfinities > 0) return -Infinity;
    const partials: number[] = [];
    for (const value of [...this.large.map((large) => large * TWO_TO_64), ...this.small]) {
      if (!Number.isFinite(value)) return value;
      accumulate(value, partials);
      const last = partials[partials.length - 1] as number;
      if (!Number.isFinite(last)) return last;
    }
    const sum = rounded(partials);
    return sum === 0 ? 0 : sum;
  }
}

/** Adds `value` to non-overlapping partials, exactly. */
function accumulate(value: number, partials: number[]): void {
  let x = value;
  let kept = 0;
  for (let index = 0; index < partials.length; index += 1) {
    let y = partials[index] as number;
    if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
    const high = x + y;
    const low = y - (high - x);
    if (low !== 0) {
      partials[kept] = low;
      kept += 1;
    }
    x = high;
  }
  partials.length = kept;
  partials.push(x);
}

/** The exact sum of the partials rounded to the nearest double, ties to even. */
function rounded(partials: readonly number[]): number {
  let index = partials.length;
  if (index === 0) return 0;
  index -= 1;
  let high = partials[index] as number;
  let low = 0;
  while (index > 0) {
    const x = high;
    index -= 1;
    const y = partials[index] as number;
    high = x + y;
    low = y - (high - x);
    if (low !== 0) break;
  }
  // Half-way cases: the rest of the partials decides the direction.
  const next = index > 0 ? partials[index - 1] as number : 0;
  if (index > 0 && ((low < 0 && next < 0) || (low > 0 && next > 0))) {
    const y = low * 2;
    const x = high + y;
    if (y === x - high) high = x;
  }
  return high;
}
