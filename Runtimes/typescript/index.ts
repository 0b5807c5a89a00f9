// The modelgen runtime for TypeScript (RxJS 7): what generated models call. The Firestore
// adapter is in ./firestore/firestore-store.js; a project without Firebase leaves it out with
// `typescript: { firestoreAdapter: false }`.

export { Timestamp } from "./timestamp.js";
export { GeoPoint, TypedReference } from "./value-types.js";
export { DocumentValue, describeValue, typeName } from "./value.js";
export type { DocumentData } from "./value.js";
export { compareStrings, compareValues, valuesEqual } from "./order.js";
export { Match } from "./match.js";
export { Codecs, DocumentDecodingError, FieldReader, pathParameters, referenceParameters } from "./codecs.js";
export type { Codec, DecodingProblem, DocumentCodec, RowCodec } from "./codecs.js";
export { FieldUpdate } from "./field-update.js";
export { ConstraintError, FieldRule } from "./field-rule.js";
export { FieldChange, KeyChange, documentIdOf, fieldChange, makeDocumentId, mergeWrite, updateWrite } from "./field-change.js";
export type { ArrayChange, DeleteChange, IncrementChange, KeysChange, ServerTimestampChange, SetChange } from "./field-change.js";
export { FieldPath, QueryFilter, QueryOrder, StoreError } from "./store.js";
export type {
  DocumentChange, DocumentSnapshot, DocumentStore, DocumentWrite, ListenerRegistration, QueryBound, QueryOperator, QuerySnapshot,
  StoreProblem, StoreQuery, TransactionOptions,
} from "./store.js";
export { QueryEngine } from "./query-engine.js";
export { FirestoreRules } from "./firestore-rules.js";
export { InMemoryStore } from "./in-memory-store.js";
export { checkPreconditions, conditionalPaths } from "./preconditions.js";
export { ReadDocument } from "./read-document.js";
export { MAXIMUM_TRANSACTION_ATTEMPTS, readDocument } from "./transaction.js";
export type { DocumentTransaction } from "./transaction.js";
export type { InMemoryStoreOptions } from "./in-memory-store.js";
export { DecodeFailure, collectionStream, documentStream, logDecodeFailure } from "./streams.js";
export { RowOrder, sortRows, sortedRows } from "./row-order.js";
export { Aggregate, AggregateError, ExactSum, aggregateRows, aggregateStream, aggregated, countStream } from "./aggregate.js";
export type { Grouped } from "./aggregate.js";
export { countRows, debounced, distinctRows, filterRows, firstForEachKey, innerJoin, leftJoin } from "./rows.js";
export { fetchCollection, fetchCount, fetchDocument, fetchInnerJoin, fetchLeftJoin } from "./reads.js";
export { PreCheckError, counterCheck, preCheck, written } from "./written.js";
export { advanceBy } from "./virtual-time.js";
export type { CounterCheck, PreCheck } from "./written.js";
