// One-shot reads: a stream's value read once, by the same rules as the stream. A store query or a
// document is the store's get (Firestore's `getDocs` / `getDoc`), decoded as the stream decodes
// it; a derived stream's value is computed from one read of each input.
import type { DocumentCodec, RowCodec } from "./codecs.js";
import { IncrementalJoin } from "./rows.js";
import type { Combine } from "./rows.js";
import type { DocumentStore, StoreQuery } from "./store.js";
import { ReportingDecoder } from "./streams.js";
import type { DecodeFailure } from "./streams.js";

/**
 * The query's rows, read once, in the query's order; documents that do not decode are left out
 * and reported to `onDecodeFailure`, as {@link collectionStream} does.
 */
export async function fetchCollection<Row>(
  store: DocumentStore,
  query: StoreQuery,
  codec: RowCodec<Row>,
  onDecodeFailure: (failure: DecodeFailure) => void,
): Promise<readonly Row[]> {
  const documents = await store.getDocuments(query);
  const decoder = new ReportingDecoder(query.collection, codec, onDecodeFailure);
  const rows: Row[] = [];
  for (const document of documents) {
    const decoded = decoder.decode(document);
    if (decoded !== undefined) rows.push(decoded.row);
  }
  return rows;
}

/** How many of the query's documents decode and match `isIncluded`, read once. */
export async function fetchCount<Row>(
  store: DocumentStore,
  query: StoreQuery,
  codec: RowCodec<Row>,
  onDecodeFailure: (failure: DecodeFailure) => void,
  isIncluded: (row: Row) => boolean = () => true,
): Promise<number> {
  return (await fetchCollection(store, query, codec, onDecodeFailure)).filter((row) => isIncluded(row)).length;
}

/**
 * The document at `path`, read once: null when there is none or when it does not decode
 * (reported to `onDecodeFailure`).
 */
export async function fetchDocument<Row>(
  store: DocumentStore,
  path: readonly string[],
  codec: DocumentCodec<Row>,
  onDecodeFailure: (failure: DecodeFailure) => void,
): Promise<Row | null> {
  const document = await store.getDocument(path);
  if (document === null) return null;
  return new ReportingDecoder(path.slice(0, -1), codec, onDecodeFailure).decode(document)?.row ?? null;
}

/**
 * Each row read with the first row of `right` (in its order) whose key equals its key under the
 * contract, or null: the rule of `leftJoin`. Both sides are read at the same time.
 */
export function fetchLeftJoin<Row, Right, Joined>(
  left: Promise<readonly Row[]>,
  right: Promise<readonly Right[]>,
  leftKey: (row: Row) => unknown,
  rightKey: (row: Right) => unknown,
  combine: (row: Row, match: Right | null) => Joined,
): Promise<readonly Joined[]> {
  return join(left, right, leftKey, rightKey, (row, match) => ({ joined: combine(row, match === undefined ? null : match.row) }));
}

/** Like `fetchLeftJoin`, leaving out the rows with no match. */
export function fetchInnerJoin<Row, Right, Joined>(
  left: Promise<readonly Row[]>,
  right: Promise<readonly Right[]>,
  leftKey: (row: Row) => unknown,
  rightKey: (row: Right) => unknown,
  combine: (row: Row, match: Right) => Joined,
): Promise<readonly Joined[]> {
  return join(left, right, leftKey, rightKey, (row, match) => match === undefined ? undefined : { joined: combine(row, match.row) });
}

async function join<Row, Right, Joined>(
  left: Promise<readonly Row[]>,
  right: Promise<readonly Right[]>,
  leftKey: (row: Row) => unknown,
  rightKey: (row: Right) => unknown,
  combine: Combine<Row, Right, Joined>,
): Promise<readonly Joined[]> {
  const [rows, candidates] = await Promise.all([left, right]);
  return new IncrementalJoin(leftKey, rightKey, combine).update(rows, candidates) ?? [];
}
