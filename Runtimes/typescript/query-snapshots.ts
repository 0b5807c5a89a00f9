import type { DocumentChange, DocumentSnapshot, QuerySnapshot } from "./store.js";

/**
 * The snapshots of one query listener of the in-memory store. A snapshot's documents are worked
 * out from the snapshot before it and its changes when first read, so that a listener that reads
 * only the changes (every stream of this runtime) does not pay for a copy of the whole result
 * on each change; every `stride`th snapshot copies them at once, which keeps the chain a read
 * walks back short and lets older snapshots go. A snapshot read late still gives its own
 * documents, as Firestore's do.
 */
export class QuerySnapshots {
  private last: LazyQuerySnapshot | undefined;
  private count = 0;

  private readonly stride: number;

  constructor(stride: number = 64) {
    this.stride = stride;
  }

  /** The next snapshot: `changes` since the one before, and the documents they led to. */
  next(changes: readonly DocumentChange[], documents: () => readonly DocumentSnapshot[]): QuerySnapshot {
    const before = this.count % this.stride === 0 ? undefined : this.last;
    this.count += 1;
    this.last = new LazyQuerySnapshot(changes, before ?? [...documents()]);
    return this.last;
  }
}

/** A snapshot whose documents are its predecessor's with its changes applied, once read. */
class LazyQuerySnapshot implements QuerySnapshot {
  /** The documents, or the snapshot before until they are worked out. */
  private source: readonly DocumentSnapshot[] | LazyQuerySnapshot;

  readonly changes: readonly DocumentChange[];

  constructor(changes: readonly DocumentChange[], source: readonly DocumentSnapshot[] | LazyQuerySnapshot) {
    this.changes = changes;
    this.source = source;
  }

  get documents(): readonly DocumentSnapshot[] {
    if (this.source instanceof LazyQuerySnapshot) {
      const documents = [...this.source.documents];
      for (const change of this.changes) {
        if (change.type !== "added") documents.splice(change.oldIndex, 1);
        if (change.type !== "removed") documents.splice(change.newIndex, 0, change.document);
      }
      this.source = documents;
    }
    return this.source as readonly DocumentSnapshot[];
  }
}
