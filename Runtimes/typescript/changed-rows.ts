/**
 * What changed between lists of rows a stream emitted, for the operators below it: a query
 * stream or a join that replaced a few rows in place records which (`recordChangedRows`), and a
 * join or sort that kept the list before reads the positions (`changedPositions`) instead of
 * comparing the two lists row by row. The emitted lists stay plain arrays, each with its record
 * as a hidden property. A record names the list it was made from by a number, not a reference,
 * so a new list never keeps an old one alive.
 */

/** A list's record, kept on the list itself under this key, out of sight of iteration and `Object.keys`. */
const recordKey = Symbol("modelgen.changedRows");

interface Record {
  /** The list's own number, by which a later list names it. */
  readonly number: number;
  /** The number of the list it was made from; 0 when what changed is not known. */
  readonly before: number;
  readonly changed: readonly number[] | undefined;
}

let lastNumber = 0;

function recordOf(list: readonly unknown[] | undefined): Record | undefined {
  return (list as { readonly [recordKey]?: Record } | undefined)?.[recordKey];
}

/**
 * Records that `list`, a new list a stream emits, holds the objects of `before` but at `changed`
 * (ascending), and is as long; without them, that what changed is not known. Either way a list
 * emitted after it can be recorded as made from it.
 */
export function recordChangedRows(list: readonly unknown[], before?: readonly unknown[], changed?: readonly number[]): void {
  const record: Record = { number: ++lastNumber, before: changed === undefined ? 0 : recordOf(before)?.number ?? 0, changed };
  Object.defineProperty(list, recordKey, { value: record, configurable: true });
}

/** The positions recorded for `next` when it was made from `earlier`; else undefined. */
export function recordedChanges(next: readonly unknown[], earlier: readonly unknown[]): readonly number[] | undefined {
  const record = recordOf(next);
  return record !== undefined && record.before !== 0 && record.before === recordOf(earlier)?.number ? record.changed : undefined;
}

/**
 * The positions at which `next` holds other objects than `earlier`, in order: as recorded when
 * `next` was made from `earlier`, else by comparing the lists object by object; undefined when
 * they differ in length or in more than `atMost` positions.
 */
export function changedPositions(next: readonly unknown[], earlier: readonly unknown[], atMost: number = Infinity): readonly number[] | undefined {
  if (next.length !== earlier.length) return undefined;
  const recorded = recordedChanges(next, earlier);
  if (recorded !== undefined) return recorded.length > atMost ? undefined : recorded;
  const positions: number[] = [];
  for (let position = 0; position < next.length; position++) {
    if (next[position] === earlier[position]) continue;
    if (positions.length === atMost) return undefined;
    positions.push(position);
  }
  return positions;
}
