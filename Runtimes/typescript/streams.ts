import { defer, distinctUntilChanged, filter, map, Observable, observeOn } from "rxjs";
import type { SchedulerLike } from "rxjs";
import { recordChangedRows } from "./changed-rows.js";
import { DocumentDecodingError } from "./codecs.js";
import type { DocumentCodec, RowCodec } from "./codecs.js";
import { Match } from "./match.js";
import type { DocumentSnapshot, DocumentStore, ListenerRegistration, QuerySnapshot, StoreQuery } from "./store.js";
import { dataIdentical } from "./value.js";
import type { DocumentData } from "./value.js";

/** The console, typed here so that the runtime needs neither the DOM's nor Node's type declarations. */
declare const console: { warn(...data: readonly unknown[]): void };

/** A document left out of a stream because it did not decode. */
export class DecodeFailure {
  readonly path: readonly string[];
  readonly error: DocumentDecodingError;

  /**
   * @param path The document's path segments.
   * @param error Why it did not decode.
   */
  constructor(path: readonly string[], error: DocumentDecodingError) {
    this.path = path;
    this.error = error;
  }

  /** `chatrooms/r1/messages/m2: 'text' is missing`. */
  toString(): string {
    return `${this.path.join("/")}: ${this.error.message}`;
  }
}

/** Writes the failure as a console warning: the default hook of a generated model. */
export function logDecodeFailure(failure: DecodeFailure): void {
  console.warn(`modelgen: skipped document ${failure.toString()}`);
}

/**
 * The query's rows, decoded on `scheduler`, whenever they change. Documents that do not decode
 * are left out and reported to `onDecodeFailure`, once per stored version. Subscribing adds a
 * store listener; unsubscribing removes it and drops work still queued on the scheduler. A
 * listener error ends the stream with that error.
 */
export function collectionStream<Row>(
  store: DocumentStore,
  query: StoreQuery,
  codec: RowCodec<Row>,
  scheduler: SchedulerLike,
  onDecodeFailure: (failure: DecodeFailure) => void,
): Observable<readonly Row[]> {
  return listenerStream<QuerySnapshot, readonly Row[]>(
    (next, fail) => store.addQueryListener(query, next, fail),
    scheduler,
    () => {
      const decoder = new QueryDecoder(query.collection, codec, onDecodeFailure);
      return (snapshot) => decoder.rowsAfter(snapshot);
    },
  );
}

/**
 * The document at `path`, decoded on `scheduler`, whenever it changes: null when there is none
 * or when it does not decode (reported to `onDecodeFailure`, once per stored version).
 */
export function documentStream<Row>(
  store: DocumentStore,
  path: readonly string[],
  codec: DocumentCodec<Row>,
  scheduler: SchedulerLike,
  onDecodeFailure: (failure: DecodeFailure) => void,
): Observable<Row | null> {
  return listenerStream<DocumentSnapshot | null, Row | null>(
    (next, fail) => store.addDocumentListener(path, next, fail),
    scheduler,
    () => {
      const decoder = new DocumentDecoder(path.slice(0, -1), codec, onDecodeFailure);
      return (snapshot) => decoder.row(snapshot);
    },
  ).pipe(distinctUntilChanged<Row | null>(Match.same));
}

/**
 * A store listener as a stream: the listener is added on subscribe and removed on unsubscribe;
 * each snapshot goes through a transform made per subscription, on `scheduler`, which returns
 * undefined to emit nothing.
 */
export function listenerStream<Snapshot, Output>(
  listen: (next: (snapshot: Snapshot) => void, fail: (error: unknown) => void) => ListenerRegistration,
  scheduler: SchedulerLike,
  makeTransform: () => (snapshot: Snapshot) => Output | undefined,
): Observable<Output> {
  return defer(() => {
    const snapshots = new Observable<Snapshot>((subscriber) => {
      const registration = listen((snapshot) => subscriber.next(snapshot), (error) => subscriber.error(error));
      return () => registration.remove();
    });
    return snapshots.pipe(observeOn(scheduler), map(makeTransform()), filter((output): output is Output => output !== undefined));
  });
}

/**
 * The rows of one query listener, kept up to date from each snapshot's changes: a document is
 * decoded when it is added or its data changes, so a snapshot costs what changed in it. A
 * document that does not decode is left out and reported once per stored content, even if it
 * leaves the result and comes back.
 */
class QueryDecoder<Row> {
  private readonly decoder: ReportingDecoder<Row>;
  private readonly rows: Row[] = [];
  /** The indices, among the snapshot's documents, of those that did not decode; ascending. */
  private readonly failures: number[] = [];
  private hasEmitted = false;
  /** The rows last returned: a snapshot's changes can undo each other. */
  private emitted: readonly Row[] = [];
  /** The positions whose row was replaced since the rows last returned, unless `reshaped`. */
  private readonly replaced = new Set<number>();
  /** Whether a row came or went since the rows last returned. */
  private reshaped = false;

  constructor(collection: readonly string[], codec: RowCodec<Row>, onFailure: (failure: DecodeFailure) => void) {
    this.decoder = new ReportingDecoder(collection, codec, onFailure);
  }

  /** A copy of the rows after `snapshot`, or undefined when they are the rows last returned. */
  rowsAfter(snapshot: QuerySnapshot): readonly Row[] | undefined {
    let changed = !this.hasEmitted;
    let rowAdded = false;
    let rowRemoved = false;
    for (const change of snapshot.changes) {
      switch (change.type) {
        case "added":
          if (this.insert(change.document, change.newIndex) !== undefined) changed = rowAdded = true;
          break;
        case "removed":
          if (this.remove(change.oldIndex) !== undefined) changed = rowRemoved = true;
          break;
        case "modified":
          if (change.oldIndex === change.newIndex) {
            if (this.replace(change.oldIndex, change.document)) changed = true;
          } else {
            // A document that moves past only failed ones keeps its row's place.
            const removed = this.remove(change.oldIndex);
            const inserted = this.insert(change.document, change.newIndex);
            if (removed === undefined && inserted === undefined) break;
            if (removed === undefined || inserted === undefined || removed.index !== inserted
              || !Match.same(removed.row, this.rows[inserted])) changed = true;
          }
          break;
      }
    }
    // A row added and removed again in one snapshot (pushed out of a `limit` by a document
    // before it that does not decode) leaves the rows as they were: no emission.
    if (!changed || (this.hasEmitted && rowAdded && rowRemoved && Match.same(this.rows, this.emitted))) return undefined;
    const before = this.emitted;
    this.emitted = [...this.rows];
    recordChangedRows(this.emitted, before, this.hasEmitted && !this.reshaped ? [...this.replaced].sort((a, b) => a - b) : undefined);
    this.hasEmitted = true;
    this.replaced.clear();
    this.reshaped = false;
    return this.emitted;
  }

  /** Where the document's row went, or undefined when it did not decode. */
  private insert(document: DocumentSnapshot, index: number): number | undefined {
    const position = this.failurePosition(index);
    this.shiftFailures(position, 1);
    const decoded = this.decoder.decode(document);
    if (decoded === undefined) {
      this.failures.splice(position, 0, index);
      return undefined;
    }
    this.rows.splice(index - position, 0, decoded.row);
    this.reshaped = true;
    return index - position;
  }

  /** The document's row and where it was, or undefined when it had not decoded. */
  private remove(index: number): { readonly row: Row; readonly index: number } | undefined {
    const position = this.failurePosition(index);
    const failed = this.failures[position] === index;
    const removed = failed ? undefined : { row: this.rows.splice(index - position, 1)[0] as Row, index: index - position };
    if (failed) this.failures.splice(position, 1);
    else this.reshaped = true;
    this.shiftFailures(position, -1);
    return removed;
  }

  /** Moves the failures from `position` on by `offset` places. */
  private shiftFailures(position: number, offset: number): void {
    for (let later = position; later < this.failures.length; later++) {
      this.failures[later] = (this.failures[later] as number) + offset;
    }
  }

  /** Whether the rows changed. */
  private replace(index: number, document: DocumentSnapshot): boolean {
    const position = this.failurePosition(index);
    const failed = this.failures[position] === index;
    const decoded = this.decoder.decode(document);
    if (failed && decoded === undefined) return false;
    if (failed && decoded !== undefined) {
      this.failures.splice(position, 1);
      this.rows.splice(index - position, 0, decoded.row);
      this.reshaped = true;
    } else if (decoded === undefined) {
      this.rows.splice(index - position, 1);
      this.failures.splice(position, 0, index);
      this.reshaped = true;
    } else {
      const same = Match.same(this.rows[index - position], decoded.row);
      // Equal under the contract, but maybe stored in another form (0 for -0): the next
      // emission carries the form the store holds now, as Firestore's would.
      this.rows[index - position] = decoded.row;
      this.replaced.add(index - position);
      if (same) return false;
    }
    return true;
  }

  /** How many failed documents come before `index`: where `index` is or belongs in `failures`. */
  private failurePosition(index: number): number {
    let low = 0, high = this.failures.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.failures[middle] as number) < index) low = middle + 1;
      else high = middle;
    }
    return low;
  }

}

/**
 * Decodes the documents of one collection or collection group, reporting a document that does
 * not decode once per stored content: again only after it decoded or its content changed.
 */
export class ReportingDecoder<Row> {
  /** The content last reported for each document (by path) that failed and has not decoded since. */
  private readonly reported = new Map<string, DocumentData>();

  private readonly collection: readonly string[];
  private readonly codec: RowCodec<Row>;
  private readonly onFailure: (failure: DecodeFailure) => void;

  constructor(
    collection: readonly string[],
    codec: RowCodec<Row>,
    onFailure: (failure: DecodeFailure) => void,
  ) {
    this.collection = collection;
    this.codec = codec;
    this.onFailure = onFailure;
  }

  /** The decoded row, boxed, or undefined when it does not decode. */
  decode(document: DocumentSnapshot): { readonly row: Row } | undefined {
    // A collection group's documents share ids across collections: they go by path.
    const parent = document.parent !== undefined && document.parent.length > 0 ? document.parent : this.collection;
    const path = [...parent, document.id];
    try {
      const row = this.codec.decode(document.id, document.data, path);
      if (this.reported.size > 0) this.reported.delete(JSON.stringify(path));
      return { row };
    } catch (error) {
      if (!(error instanceof DocumentDecodingError)) throw error;
      const key = JSON.stringify(path), last = this.reported.get(key);
      if (last === undefined || !dataIdentical(last, document.data)) {
        this.reported.set(key, document.data);
        this.onFailure(new DecodeFailure(path, error));
      }
      return undefined;
    }
  }
}

/**
 * The row of one document listener: decoded again only when the stored data changes, and a
 * document that does not decode is null and reported once per stored version.
 */
class DocumentDecoder<Row> {
  private last: { readonly document: DocumentSnapshot; readonly row: Row | null } | undefined;

  private readonly collection: readonly string[];
  private readonly codec: DocumentCodec<Row>;
  private readonly onFailure: (failure: DecodeFailure) => void;

  constructor(
    collection: readonly string[],
    codec: DocumentCodec<Row>,
    onFailure: (failure: DecodeFailure) => void,
  ) {
    this.collection = collection;
    this.codec = codec;
    this.onFailure = onFailure;
  }

  /** The row of `document`, or null when there is none or it does not decode. */
  row(document: DocumentSnapshot | null): Row | null {
    if (document === null) {
      this.last = undefined;
      return null;
    }
    if (this.last !== undefined && this.last.document.id === document.id && dataIdentical(this.last.document.data, document.data)) {
      return this.last.row;
    }
    let row: Row | null = null;
    try {
      row = this.codec.decode(document.id, document.data);
    } catch (error) {
      if (!(error instanceof DocumentDecodingError)) throw error;
      this.onFailure(new DecodeFailure([...this.collection, document.id], error));
    }
    this.last = { document, row };
    return row;
  }
}
