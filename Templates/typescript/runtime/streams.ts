import { defer, distinctUntilChanged, map, Observable, observeOn } from "rxjs";
import type { SchedulerLike } from "rxjs";
import { DocumentDecodingError } from "./codecs.js";
import type { DocumentCodec } from "./codecs.js";
import { Match } from "./match.js";
import type { DocumentSnapshot, DocumentStore, ListenerRegistration, StoreQuery } from "./store.js";
import { dataIdentical } from "./value.js";
import type { DocumentData } from "./value.js";

/** The console, typed here so that the runtime needs neither the DOM's nor Node's type declarations. */
declare const console: { warn(...data: readonly unknown[]): void };

/** A document left out of a stream because it did not decode. */
export class DecodeFailure {
  /**
   * @param path The document's path segments.
   * @param error Why it did not decode.
   */
  constructor(readonly path: readonly string[], readonly error: DocumentDecodingError) {}

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
  codec: DocumentCodec<Row>,
  scheduler: SchedulerLike,
  onDecodeFailure: (failure: DecodeFailure) => void,
): Observable<readonly Row[]> {
  return listenerStream<readonly DocumentSnapshot[], readonly Row[]>(
    (next, fail) => store.addQueryListener(query, next, fail),
    scheduler,
    () => {
      const cache = new DecodeCache(query.collection, codec, onDecodeFailure);
      return (snapshots) => cache.rows(snapshots);
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
      const cache = new DecodeCache(path.slice(0, -1), codec, onDecodeFailure);
      return (snapshot) => {
        const rows = cache.rows(snapshot === null ? [] : [snapshot]);
        return rows.length === 0 ? null : rows[0] as Row;
      };
    },
  );
}

/**
 * A store listener as a stream: the listener is added on subscribe and removed on unsubscribe;
 * each snapshot goes through a transform made per subscription, on `scheduler`; repeats are
 * left out.
 */
function listenerStream<Snapshot, Output>(
  listen: (next: (snapshot: Snapshot) => void, fail: (error: unknown) => void) => ListenerRegistration,
  scheduler: SchedulerLike,
  makeTransform: () => (snapshot: Snapshot) => Output,
): Observable<Output> {
  return defer(() => {
    const snapshots = new Observable<Snapshot>((subscriber) => {
      const registration = listen((snapshot) => subscriber.next(snapshot), (error) => subscriber.error(error));
      return () => registration.remove();
    });
    return snapshots.pipe(observeOn(scheduler), map(makeTransform()), distinctUntilChanged<Output>(Match.same));
  });
}

type CacheEntry<Row> =
  | { readonly data: DocumentData; readonly decoded: true; readonly row: Row }
  | { readonly data: DocumentData; readonly decoded: false };

/**
 * The decoded rows of one subscription, by document id and exact stored data: an unchanged
 * document is not decoded again, and a document that fails is reported once per stored version.
 */
class DecodeCache<Row> {
  private entries = new Map<string, CacheEntry<Row>>();

  constructor(
    private readonly collection: readonly string[],
    private readonly codec: DocumentCodec<Row>,
    private readonly onFailure: (failure: DecodeFailure) => void,
  ) {}

  /** The rows of `snapshots` that decode, in order. */
  rows(snapshots: readonly DocumentSnapshot[]): readonly Row[] {
    const next = new Map<string, CacheEntry<Row>>();
    const rows: Row[] = [];
    for (const snapshot of snapshots) {
      const cached = this.entries.get(snapshot.id);
      const entry = cached !== undefined && dataIdentical(cached.data, snapshot.data) ? cached : this.decode(snapshot);
      next.set(snapshot.id, entry);
      if (entry.decoded) rows.push(entry.row);
    }
    this.entries = next;
    return rows;
  }

  private decode(snapshot: DocumentSnapshot): CacheEntry<Row> {
    try {
      return { data: snapshot.data, decoded: true, row: this.codec.decode(snapshot.id, snapshot.data) };
    } catch (error) {
      if (!(error instanceof DocumentDecodingError)) throw error;
      this.onFailure(new DecodeFailure([...this.collection, snapshot.id], error));
      return { data: snapshot.data, decoded: false };
    }
  }
}
