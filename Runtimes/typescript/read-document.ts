// A document as it was read, for a write made only if its document still reads the same
// (`unchangedSince` of a typed update or delete).

import type { DocumentCodec } from "./codecs.js";
import { Match } from "./match.js";
import type { DocumentData } from "./value.js";

/**
 * A document as it was read, for a write made only if its document still reads the same
 * (`unchangedSince` of a typed update or delete): at commit, the stored document is decoded as the
 * read value's type and must equal it.
 *
 * Firestore's own precondition is the document's update time, which the client SDKs do not show;
 * comparing what the document reads as is what a client can do, in a transaction. It differs in
 * one case: a document changed and changed back since the read counts as unchanged. A document
 * rewritten with what it held keeps its update time on Firestore too.
 */
export interface ReadDocument {
  /** The value read, encoded. */
  readonly data: DocumentData;
  /** Whether the document with this id and data, decoded, equals the value read; false when it no longer decodes. */
  isUnchanged(id: string, data: DocumentData): boolean;
}

/** Makes read documents. */
export const ReadDocument: {
  /**
   * The document `document` was read from, compared as `codec` decodes it (with `Match.same`);
   * undefined for no document, so that an optional `unchangedSince` passes straight through.
   */
  of<T>(document: T | undefined, codec: DocumentCodec<T>): ReadDocument | undefined;
} = {
  of<T>(document: T | undefined, codec: DocumentCodec<T>): ReadDocument | undefined {
    if (document === undefined) return undefined;
    return {
      data: codec.encode(document),
      isUnchanged(id: string, data: DocumentData): boolean {
        let stored: T;
        try {
          stored = codec.decode(id, data);
        } catch {
          return false;
        }
        return Match.same(stored, document);
      },
    };
  },
};
