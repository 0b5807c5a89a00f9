import { compareRanked, flipped, normalizedOrderBy, ranked, rankedBy, select } from "./query-engine.js";
import type { Ranked } from "./query-engine.js";
import type { DocumentChange, DocumentSnapshot, QueryOrder, StoreQuery } from "./store.js";

/**
 * A query's result kept up to date one document at a time: a change costs a binary search and
 * an array insertion rather than running the query again.
 *
 * A `limitToLast` query is kept as its flipped one (`flipped`), whose first documents are the last
 * of this one: `documents` reverses them, and each change's indices count from the end.
 */
export class QueryView {
  /** The query kept: the one asked for, or its flipped form for `limitToLast`. */
  private readonly query: StoreQuery;
  /** Whether `query` is flipped, so that `documents` and changes are reversed. */
  private readonly isReversed: boolean;
  /** Every document the query keeps, in query order, before `limit`. */
  private readonly all: DocumentSnapshot[];
  /** The first `limit` of them, when the query has a limit. */
  private readonly window: DocumentSnapshot[];
  /** The kept query's order, implicit keys included (`normalizedOrderBy`). */
  private readonly orderBy: readonly QueryOrder[];

  constructor(asked: StoreQuery, documents: Iterable<DocumentSnapshot>) {
    this.isReversed = asked.limitToLast !== undefined;
    const query = this.isReversed ? flipped(asked) : asked;
    this.query = query;
    this.orderBy = normalizedOrderBy(query);
    this.all = select(query, documents);
    this.window = query.limit === undefined ? [] : this.all.slice(0, Math.max(0, query.limit));
  }

  /** The query's result, as it is now: copy it to keep it past the next `update`. */
  get documents(): readonly DocumentSnapshot[] {
    const kept = this.query.limit === undefined ? this.all : this.window;
    return this.isReversed ? [...kept].reverse() : kept;
  }

  /** Takes in a change to one document of the collection (null: there is none) and returns the steps it made to `documents`. */
  update(old: DocumentSnapshot | null, next: DocumentSnapshot | null): DocumentChange[] {
    if (!this.isReversed) return this.steps(old, next);
    // Each step's indices, counted from the end of the window as it is at that step.
    let count = this.window.length;
    return this.steps(old, next).map((step): DocumentChange => {
      switch (step.type) {
        case "removed":
          count -= 1;
          return { type: "removed", document: step.document, oldIndex: count - step.oldIndex };
        case "added":
          count += 1;
          return { type: "added", document: step.document, newIndex: count - 1 - step.newIndex };
        case "modified":
          return { type: "modified", document: step.document, oldIndex: count - 1 - step.oldIndex, newIndex: count - 1 - step.newIndex };
      }
    });
  }

  /** The steps a change made to the kept query's result, in its own order. */
  private steps(old: DocumentSnapshot | null, next: DocumentSnapshot | null): DocumentChange[] {
    const leaving = old === null ? undefined : ranked(old, this.query, this.orderBy);
    const arriving = next === null ? undefined : ranked(next, this.query, this.orderBy);
    const from = leaving === undefined ? undefined : this.lowerBound(leaving);
    let to: number | undefined;
    if (from !== undefined && arriving !== undefined && this.fits(arriving, from)) {
      this.all[from] = arriving.document;
      to = from;
    } else {
      if (from !== undefined) this.all.splice(from, 1);
      if (arriving !== undefined) {
        to = this.lowerBound(arriving);
        this.all.splice(to, 0, arriving.document);
      }
    }
    if (this.query.limit === undefined) {
      if (from !== undefined && to !== undefined) return [{ type: "modified", document: this.all[to] as DocumentSnapshot, oldIndex: from, newIndex: to }];
      if (leaving !== undefined && from !== undefined) return [{ type: "removed", document: leaving.document, oldIndex: from }];
      if (to !== undefined) return [{ type: "added", document: this.all[to] as DocumentSnapshot, newIndex: to }];
      return [];
    }
    const limit = Math.max(0, this.query.limit);
    return this.updateWindow(limit, from !== undefined && from < limit ? from : undefined, to !== undefined && to < limit ? to : undefined);
  }

  /** The steps to the first `limit` documents, given the old and new places (within them) of the document that changed. */
  private updateWindow(limit: number, from: number | undefined, to: number | undefined): DocumentChange[] {
    if (from !== undefined && to !== undefined) {
      const document = this.all[to] as DocumentSnapshot;
      this.window.splice(from, 1);
      this.window.splice(to, 0, document);
      return [{ type: "modified", document, oldIndex: from, newIndex: to }];
    }
    if (from !== undefined) {
      const steps: DocumentChange[] = [{ type: "removed", document: this.window.splice(from, 1)[0] as DocumentSnapshot, oldIndex: from }];
      if (this.all.length >= limit) {
        const entering = this.all[limit - 1] as DocumentSnapshot;
        this.window.push(entering);
        steps.push({ type: "added", document: entering, newIndex: limit - 1 });
      }
      return steps;
    }
    if (to !== undefined) {
      const steps: DocumentChange[] = [];
      if (this.window.length === limit) {
        steps.push({ type: "removed", document: this.window.pop() as DocumentSnapshot, oldIndex: limit - 1 });
      }
      const document = this.all[to] as DocumentSnapshot;
      this.window.splice(to, 0, document);
      steps.push({ type: "added", document, newIndex: to });
      return steps;
    }
    return [];
  }

  /** The first index whose document does not come before `document`: where it is, or where it belongs. */
  private lowerBound(document: Ranked): number {
    let low = 0, high = this.all.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareRanked(this.ranked(middle), document, this.orderBy) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Whether `document` may replace the one at `index` without moving. */
  private fits(document: Ranked, index: number): boolean {
    return (index === 0 || compareRanked(this.ranked(index - 1), document, this.orderBy) < 0)
      && (index === this.all.length - 1 || compareRanked(document, this.ranked(index + 1), this.orderBy) < 0);
  }

  /** Every document in the view has the order fields. */
  private ranked(index: number): Ranked {
    return rankedBy(this.all[index] as DocumentSnapshot, this.orderBy) as Ranked;
  }
}
