// Declaration-only description of the part of the modular Firebase web SDK ("firebase/firestore",
// which re-exports @firebase/firestore) that Runtimes/typescript/firestore/firestore-store.ts
// uses, written by hand so that tsc can check the adapter without the SDK (see
// Tests/FirestoreSDK/README.md). It is not the SDK and has no implementation.
//
// Taken from firebase/firebase-js-sdk @ 6f865964baf5 (@firebase/firestore 4.17.1, firebase 12.18.0):
// - the API report common/api-review/firestore.api.md, cited as "api.md:N" (its line numbers), which
//   lists the package's public declarations as the published dist/index.d.ts has them;
// - for the constructors that report leaves out (private or @hideconstructor ones), the
//   published-typings fixture repo-scripts/prune-dts/tests/packages/firestore.output.d.ts, cited as
//   "fixture:N";
// - for FirebaseApp and FirebaseError, which the SDK imports from @firebase/app and @firebase/util,
//   common/api-review/app.api.md and util.api.md.
// Source files are named where the report is not enough (packages/firestore/src/...).
//
// Only the declarations the adapter uses and the types their signatures need, each function with
// its whole overload set and each class with its public members, so that a misspelled name, a
// missing overload or a wrong argument type fails here as it would against the SDK. Multi-field
// inequality filters need @firebase/firestore 4.6.0 or later (firebase 10.11), `and`/`or` 3.9.0
// (firebase 9.18); the declarations here are those of 4.17.1.
//
// Used as the type declarations of the module "firebase/firestore": a build puts this file at
// node_modules/firebase/firestore/index.d.ts, where `--moduleResolution node` finds it.

// app.api.md:38-42 (@firebase/app 0.16.1), imported by the SDK, not re-exported.
interface FirebaseApp {
  automaticDataCollectionEnabled: boolean;
  readonly name: string;
  readonly options: FirebaseOptions;
}

// app.api.md:63-72
interface FirebaseOptions {
  apiKey?: string;
  appId?: string;
  authDomain?: string;
  databaseURL?: string;
  measurementId?: string;
  messagingSenderId?: string;
  projectId?: string;
  storageBucket?: string;
}

// util.api.md:210-217 (@firebase/util 1.15.3), imported by the SDK, not re-exported.
declare class FirebaseError extends Error {
  constructor(code: string, message: string, customData?: Record<string, unknown> | undefined);
  readonly code: string;
  customData?: Record<string, unknown> | undefined;
  readonly name: string;
}

// ---- Data types -------------------------------------------------------------------------------

// api.md:248-250 (src/lite-api/reference.ts:50)
export interface DocumentData {
  [field: string]: any;
}

// api.md:1011 (src/lite-api/types.ts:27)
export type Primitive = string | number | boolean | undefined | null;

// api.md:1424-1432 (src/lite-api/reference.ts:72)
export type WithFieldValue<T> =
  | T
  | (T extends Primitive
      ? T
      : T extends {}
      ? {
          [K in keyof T]: WithFieldValue<T[K]> | FieldValue;
        }
      : never);

// api.md:935-943 (src/lite-api/reference.ts:60)
export type PartialWithFieldValue<T> =
  | Partial<T>
  | (T extends Primitive
      ? T
      : T extends {}
      ? {
          [K in keyof T]?: PartialWithFieldValue<T[K]> | FieldValue;
        }
      : never);

// api.md:1358-1364 (src/lite-api/reference.ts:86)
export type UpdateData<T> = T extends Primitive
  ? T
  : T extends {}
  ? {
      [K in keyof T]?: UpdateData<T[K]> | FieldValue;
    } & NestedUpdateFields<T>
  : Partial<T>;

// api.md:681-686 (src/lite-api/types.ts:34)
export type NestedUpdateFields<T extends Record<string, unknown>> = UnionToIntersection<
  {
    [K in keyof T & string]: ChildUpdateFields<K, T[K]>;
  }[keyof T & string]
>;

// api.md:112-117 (src/lite-api/types.ts:51)
export type ChildUpdateFields<K extends string, V> = V extends Record<string, unknown>
  ? AddPrefixToKeys<K, UpdateData<V>>
  : never;

// api.md:19-24 (src/lite-api/types.ts:64)
export type AddPrefixToKeys<Prefix extends string, T extends Record<string, unknown>> = {
  [K in keyof T & string as `${Prefix}.${K}`]+?: string extends K ? any : T[K];
};

// api.md:1346-1350 (src/lite-api/types.ts:96)
export type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void
  ? I
  : never;

// api.md:1216-1222 (src/lite-api/reference.ts:106)
export type SetOptions =
  | {
      readonly merge?: boolean;
    }
  | {
      readonly mergeFields?: Array<string | FieldPath>;
    };

// api.md:380-395 (src/api/snapshot.ts:256)
export interface FirestoreDataConverter<AppModelType, DbModelType extends DocumentData = DocumentData> {
  fromFirestore(snapshot: QueryDocumentSnapshot<DocumentData, DocumentData>, options?: SnapshotOptions): AppModelType;
  toFirestore(modelObject: WithFieldValue<AppModelType>): WithFieldValue<DbModelType>;
  toFirestore(modelObject: PartialWithFieldValue<AppModelType>, options: SetOptions): PartialWithFieldValue<DbModelType>;
}

// api.md:97-106 (src/lite-api/bytes.ts:27): its constructor is @hideconstructor (bytes.ts:30-31).
export declare class Bytes {
  private constructor();
  static fromBase64String(base64: string): Bytes;
  static fromJSON(json: object): Bytes;
  static fromUint8Array(array: Uint8Array): Bytes;
  isEqual(other: Bytes): boolean;
  toBase64(): string;
  toJSON(): object;
  toString(): string;
  toUint8Array(): Uint8Array;
}

// api.md:442-453 (src/lite-api/geo_point.ts:31, constructor :43, which throws a FirestoreError
// for a coordinate out of range or not finite): a public constructor.
export declare class GeoPoint {
  constructor(latitude: number, longitude: number);
  static fromJSON(json: object): GeoPoint;
  isEqual(other: GeoPoint): boolean;
  get latitude(): number;
  get longitude(): number;
  toJSON(): {
    latitude: number;
    longitude: number;
    type: string;
  };
}

// api.md:1288-1310 (src/lite-api/timestamp.ts:44): a public constructor.
export declare class Timestamp {
  constructor(seconds: number, nanoseconds: number);
  static fromDate(date: Date): Timestamp;
  static fromJSON(json: object): Timestamp;
  static fromMillis(milliseconds: number): Timestamp;
  isEqual(other: Timestamp): boolean;
  readonly nanoseconds: number;
  static now(): Timestamp;
  readonly seconds: number;
  toDate(): Date;
  toJSON(): {
    seconds: number;
    nanoseconds: number;
    type: string;
  };
  toMillis(): number;
  toString(): string;
  valueOf(): string;
}

// api.md:362-365 (src/lite-api/field_path.ts:32, constructor :42): a public constructor.
export declare class FieldPath {
  constructor(...fieldNames: string[]);
  isEqual(other: FieldPath): boolean;
}

// api.md:253 (src/lite-api/field_path.ts:71)
export declare function documentId(): FieldPath;

// api.md:368-370 (src/lite-api/field_value.ts:25); private constructor: fixture:1066.
export declare abstract class FieldValue {
  private constructor();
  abstract isEqual(other: FieldValue): boolean;
}

// api.md:202 (src/lite-api/field_value_impl.ts:34)
export declare function deleteField(): FieldValue;

// api.md:1185 (src/lite-api/field_value_impl.ts:42)
export declare function serverTimestamp(): FieldValue;

// api.md:89 (src/lite-api/field_value_impl.ts:58)
export declare function arrayUnion(...elements: unknown[]): FieldValue;

// api.md:86 (src/lite-api/field_value_impl.ts:75)
export declare function arrayRemove(...elements: unknown[]): FieldValue;

// api.md:546 (src/lite-api/field_value_impl.ts:100)
export declare function increment(n: number): FieldValue;

// ---- Firestore and references -----------------------------------------------------------------

// api.md:373-377 (src/api/database.ts:96); private constructor: fixture:1088.
export declare class Firestore {
  get app(): FirebaseApp;
  toJSON(): object;
  type: 'firestore-lite' | 'firestore';
  private constructor();
}

// api.md:526, 529, 532 (@beta), 535-538 (@beta) (src/api/database.ts:220-250)
export declare function getFirestore(): Firestore;
export declare function getFirestore(app: FirebaseApp): Firestore;
export declare function getFirestore(databaseId: string): Firestore;
export declare function getFirestore(app: FirebaseApp, databaseId: string): Firestore;

// api.md:1014-1029 (src/lite-api/reference.ts:118); protected constructor.
export declare class Query<AppModelType = DocumentData, DbModelType extends DocumentData = DocumentData> {
  protected constructor();
  readonly converter: FirestoreDataConverter<AppModelType, DbModelType> | null;
  readonly firestore: Firestore;
  readonly type: 'query' | 'collection';
  withConverter(converter: null): Query<DocumentData, DocumentData>;
  withConverter<NewAppModelType, NewDbModelType extends DocumentData = DocumentData>(
    converter: FirestoreDataConverter<NewAppModelType, NewDbModelType>
  ): Query<NewAppModelType, NewDbModelType>;
}

// api.md:158-175 (src/lite-api/reference.ts:357); private constructor: fixture:447.
export declare class CollectionReference<
  AppModelType = DocumentData,
  DbModelType extends DocumentData = DocumentData
> extends Query<AppModelType, DbModelType> {
  get id(): string;
  get parent(): DocumentReference<DocumentData, DocumentData> | null;
  get path(): string;
  readonly type = 'collection';
  withConverter<NewAppModelType, NewDbModelType extends DocumentData = DocumentData>(
    converter: FirestoreDataConverter<NewAppModelType, NewDbModelType>
  ): CollectionReference<NewAppModelType, NewDbModelType>;
  withConverter(converter: null): CollectionReference<DocumentData, DocumentData>;
  private constructor();
}

// api.md:256-283 (src/lite-api/reference.ts:190); private constructor: fixture:737. The adapter
// tests `instanceof DocumentReference`, so it is a value as well as a type.
export declare class DocumentReference<AppModelType = DocumentData, DbModelType extends DocumentData = DocumentData> {
  readonly converter: FirestoreDataConverter<AppModelType, DbModelType> | null;
  readonly firestore: Firestore;
  static fromJSON(firestore: Firestore, json: object): DocumentReference;
  static fromJSON<NewAppModelType = DocumentData, NewDbModelType extends DocumentData = DocumentData>(
    firestore: Firestore,
    json: object,
    converter: FirestoreDataConverter<NewAppModelType, NewDbModelType>
  ): DocumentReference<NewAppModelType, NewDbModelType>;
  get id(): string;
  get parent(): CollectionReference<AppModelType, DbModelType>;
  get path(): string;
  toJSON(): object;
  readonly type = 'document';
  withConverter<NewAppModelType, NewDbModelType extends DocumentData = DocumentData>(
    converter: FirestoreDataConverter<NewAppModelType, NewDbModelType>
  ): DocumentReference<NewAppModelType, NewDbModelType>;
  withConverter(converter: null): DocumentReference<DocumentData, DocumentData>;
  private constructor();
}

// api.md:125-130, 132-140, 142-150 (src/lite-api/reference.ts:461)
export declare function collection(
  firestore: Firestore,
  path: string,
  ...pathSegments: string[]
): CollectionReference<DocumentData, DocumentData>;
export declare function collection<AppModelType, DbModelType extends DocumentData>(
  reference: CollectionReference<AppModelType, DbModelType>,
  path: string,
  ...pathSegments: string[]
): CollectionReference<DocumentData, DocumentData>;
export declare function collection<AppModelType, DbModelType extends DocumentData>(
  reference: DocumentReference<AppModelType, DbModelType>,
  path: string,
  ...pathSegments: string[]
): CollectionReference<DocumentData, DocumentData>;

// api.md:152-155 (src/lite-api/reference.ts:552): every collection whose last segment is the id.
export declare function collectionGroup(firestore: Firestore, collectionId: string): Query<DocumentData, DocumentData>;

// api.md:213-218, 220-225, 227-232 (src/lite-api/reference.ts:586)
export declare function doc(
  firestore: Firestore,
  path: string,
  ...pathSegments: string[]
): DocumentReference<DocumentData, DocumentData>;
export declare function doc<AppModelType, DbModelType extends DocumentData>(
  reference: CollectionReference<AppModelType, DbModelType>,
  path?: string,
  ...pathSegments: string[]
): DocumentReference<AppModelType, DbModelType>;
export declare function doc<AppModelType, DbModelType extends DocumentData>(
  reference: DocumentReference<AppModelType, DbModelType>,
  path: string,
  ...pathSegments: string[]
): DocumentReference<DocumentData, DocumentData>;

// ---- Snapshots --------------------------------------------------------------------------------

// api.md:1244-1248 (src/api/snapshot.ts:341); private constructor: fixture:3458.
export declare class SnapshotMetadata {
  readonly fromCache: boolean;
  readonly hasPendingWrites: boolean;
  isEqual(other: SnapshotMetadata): boolean;
  private constructor();
}

// api.md:1251-1253 (src/api/snapshot.ts:320)
export interface SnapshotOptions {
  readonly serverTimestamps?: 'estimate' | 'previous' | 'none';
}

// api.md:586 (src/api/reference_impl.ts:101)
export type ListenSource = 'default' | 'cache';

// api.md:1238-1241 (src/api/reference_impl.ts:81)
export interface SnapshotListenOptions {
  readonly includeMetadataChanges?: boolean;
  readonly source?: ListenSource;
}

// api.md:286-298 (src/api/snapshot.ts:425): data() is undefined for a missing document, and
// exists() narrows to QueryDocumentSnapshot.
export declare class DocumentSnapshot<AppModelType = DocumentData, DbModelType extends DocumentData = DocumentData> {
  protected constructor();
  data(options?: SnapshotOptions): AppModelType | undefined;
  exists(): this is QueryDocumentSnapshot<AppModelType, DbModelType>;
  get(fieldPath: string | FieldPath, options?: SnapshotOptions): any;
  get id(): string;
  readonly metadata: SnapshotMetadata;
  get ref(): DocumentReference<AppModelType, DbModelType>;
  toJSON(): object;
}

// api.md:1067-1073 (src/api/snapshot.ts:682): data() is always defined.
export declare class QueryDocumentSnapshot<
  AppModelType = DocumentData,
  DbModelType extends DocumentData = DocumentData
> extends DocumentSnapshot<AppModelType, DbModelType> {
  data(options?: SnapshotOptions): AppModelType;
}

// api.md:245 (src/api/snapshot.ts:384)
export type DocumentChangeType = 'added' | 'removed' | 'modified';

// api.md:234-242 (src/api/snapshot.ts:390)
export interface DocumentChange<AppModelType = DocumentData, DbModelType extends DocumentData = DocumentData> {
  readonly doc: QueryDocumentSnapshot<AppModelType, DbModelType>;
  readonly newIndex: number;
  readonly oldIndex: number;
  readonly type: DocumentChangeType;
}

// api.md:1121-1140 (src/api/snapshot.ts:711); private constructor: fixture:3128.
export declare class QuerySnapshot<AppModelType = DocumentData, DbModelType extends DocumentData = DocumentData> {
  docChanges(options?: SnapshotListenOptions): Array<DocumentChange<AppModelType, DbModelType>>;
  get docs(): Array<QueryDocumentSnapshot<AppModelType, DbModelType>>;
  get empty(): boolean;
  forEach(callback: (result: QueryDocumentSnapshot<AppModelType, DbModelType>) => void, thisArg?: unknown): void;
  readonly metadata: SnapshotMetadata;
  readonly query: Query<AppModelType, DbModelType>;
  get size(): number;
  toJSON(): object;
  private constructor();
}

// ---- Query constraints ------------------------------------------------------------------------

// api.md:1056-1064 (src/lite-api/query.ts:78)
export type QueryConstraintType =
  | 'where'
  | 'orderBy'
  | 'limit'
  | 'limitToLast'
  | 'startAt'
  | 'startAfter'
  | 'endAt'
  | 'endBefore';

// api.md:1051-1053 (src/lite-api/query.ts:110)
export declare abstract class QueryConstraint {
  abstract readonly type: QueryConstraintType;
}

// api.md:1091-1094 (src/lite-api/query.ts:188); its constructor is excluded from the report,
// so, as in the published typings, none is declared.
export declare class QueryFieldFilterConstraint extends QueryConstraint {
  readonly type = 'where';
}

// api.md:1045-1048 (src/lite-api/query.ts:286): not a QueryConstraint.
export declare class QueryCompositeFilterConstraint {
  readonly type: 'or' | 'and';
}

// api.md:1115-1118 (src/lite-api/query.ts:427)
export declare class QueryOrderByConstraint extends QueryConstraint {
  readonly type = 'orderBy';
}

// api.md:1102-1105 (src/lite-api/query.ts:494)
export declare class QueryLimitConstraint extends QueryConstraint {
  readonly type: 'limit' | 'limitToLast';
}

// api.md:1159-1162 (src/lite-api/query.ts:560)
export declare class QueryStartAtConstraint extends QueryConstraint {
  readonly type: 'startAt' | 'startAfter';
}

// api.md:1076-1079 (src/lite-api/query.ts:669)
export declare class QueryEndAtConstraint extends QueryConstraint {
  readonly type: 'endBefore' | 'endAt';
}

// api.md:1097-1099 (src/lite-api/query.ts:367)
export type QueryFilterConstraint = QueryFieldFilterConstraint | QueryCompositeFilterConstraint;

// api.md:1108-1112 (src/lite-api/query.ts:357)
export type QueryNonFilterConstraint =
  | QueryOrderByConstraint
  | QueryLimitConstraint
  | QueryStartAtConstraint
  | QueryEndAtConstraint;

// api.md:1411-1421 (src/lite-api/query.ts:245)
export type WhereFilterOp =
  | '<'
  | '<='
  | '=='
  | '!='
  | '>='
  | '>'
  | 'array-contains'
  | 'in'
  | 'array-contains-any'
  | 'not-in';

// api.md:1404-1408 (src/lite-api/query.ts:268)
export declare function where(fieldPath: string | FieldPath, opStr: WhereFilterOp, value: unknown): QueryFieldFilterConstraint;

// api.md:81-83 (src/lite-api/query.ts:404)
export declare function and(...queryConstraints: QueryFilterConstraint[]): QueryCompositeFilterConstraint;

// api.md:921-923 (src/lite-api/query.ts:380)
export declare function or(...queryConstraints: QueryFilterConstraint[]): QueryCompositeFilterConstraint;

// api.md:932 (src/lite-api/query.ts:464)
export type OrderByDirection = 'desc' | 'asc';

// api.md:926-929 (src/lite-api/query.ts:478)
export declare function orderBy(fieldPath: string | FieldPath, directionStr?: OrderByDirection): QueryOrderByConstraint;

// api.md:580 (src/lite-api/query.ts:533)
export declare function limit(limit: number): QueryLimitConstraint;

// api.md:583 (src/lite-api/query.ts:548)
export declare function limitToLast(limit: number): QueryLimitConstraint;

// api.md:1269-1271, 1274-1276 (src/lite-api/query.ts:607, 619): a document's snapshot, or the
// values of the orderBy keys, first ones first.
export declare function startAt<AppModelType, DbModelType extends DocumentData>(
  snapshot: DocumentSnapshot<AppModelType, DbModelType>
): QueryStartAtConstraint;
export declare function startAt(...fieldValues: unknown[]): QueryStartAtConstraint;

// api.md:1256-1261, 1264-1266 (src/lite-api/query.ts:639, 651)
export declare function startAfter<AppModelType, DbModelType extends DocumentData>(
  snapshot: DocumentSnapshot<AppModelType, DbModelType>
): QueryStartAtConstraint;
export declare function startAfter(...fieldValues: unknown[]): QueryStartAtConstraint;

// api.md:338-340, 343 (src/lite-api/query.ts:748, 760)
export declare function endAt<AppModelType, DbModelType extends DocumentData>(
  snapshot: DocumentSnapshot<AppModelType, DbModelType>
): QueryEndAtConstraint;
export declare function endAt(...fieldValues: unknown[]): QueryEndAtConstraint;

// api.md:346-349, 352-354 (src/lite-api/query.ts:716, 728)
export declare function endBefore<AppModelType, DbModelType extends DocumentData>(
  snapshot: DocumentSnapshot<AppModelType, DbModelType>
): QueryEndAtConstraint;
export declare function endBefore(...fieldValues: unknown[]): QueryEndAtConstraint;

// api.md:1032-1036, 1039-1042 (src/lite-api/query.ts:137, 153): a composite filter comes first
// and alone; a field filter is a QueryConstraint of the second overload.
export declare function query<AppModelType, DbModelType extends DocumentData>(
  query: Query<AppModelType, DbModelType>,
  compositeFilter: QueryCompositeFilterConstraint,
  ...queryConstraints: QueryNonFilterConstraint[]
): Query<AppModelType, DbModelType>;
export declare function query<AppModelType, DbModelType extends DocumentData>(
  query: Query<AppModelType, DbModelType>,
  ...queryConstraints: QueryConstraint[]
): Query<AppModelType, DbModelType>;

// ---- Reads and listeners ----------------------------------------------------------------------

// api.md:484-486 (src/api/reference_impl.ts:115)
export declare function getDoc<AppModelType, DbModelType extends DocumentData>(
  reference: DocumentReference<AppModelType, DbModelType>
): Promise<DocumentSnapshot<AppModelType, DbModelType>>;

// api.md:505-507 (src/api/reference_impl.ts:200)
export declare function getDocs<AppModelType, DbModelType extends DocumentData>(
  query: Query<AppModelType, DbModelType>
): Promise<QuerySnapshot<AppModelType, DbModelType>>;

// api.md:398-402 (src/util/error.ts:213); private constructor: fixture:1344.
export declare class FirestoreError extends FirebaseError {
  readonly code: FirestoreErrorCode;
  readonly message: string;
  readonly stack?: string;
  private constructor();
}

// api.md:405-421 (src/util/error.ts:59)
export type FirestoreErrorCode =
  | 'cancelled'
  | 'unknown'
  | 'invalid-argument'
  | 'deadline-exceeded'
  | 'not-found'
  | 'already-exists'
  | 'permission-denied'
  | 'resource-exhausted'
  | 'failed-precondition'
  | 'aborted'
  | 'out-of-range'
  | 'unimplemented'
  | 'internal'
  | 'unavailable'
  | 'data-loss'
  | 'unauthenticated';

// api.md:1353-1355 (src/api/reference_impl.ts:566)
export interface Unsubscribe {
  (): void;
}

// api.md:689-700, 702-714, 716-725, 727-737 (document) and 739-750, 752-764, 766-775, 777-788
// (query) (src/api/reference_impl.ts:586-...): the eight overloads, in the report's order.
export declare function onSnapshot<AppModelType, DbModelType extends DocumentData>(
  reference: DocumentReference<AppModelType, DbModelType>,
  observer: {
    next?: (snapshot: DocumentSnapshot<AppModelType, DbModelType>) => void;
    error?: (error: FirestoreError) => void;
    complete?: () => void;
  }
): Unsubscribe;
export declare function onSnapshot<AppModelType, DbModelType extends DocumentData>(
  reference: DocumentReference<AppModelType, DbModelType>,
  options: SnapshotListenOptions,
  observer: {
    next?: (snapshot: DocumentSnapshot<AppModelType, DbModelType>) => void;
    error?: (error: FirestoreError) => void;
    complete?: () => void;
  }
): Unsubscribe;
export declare function onSnapshot<AppModelType, DbModelType extends DocumentData>(
  reference: DocumentReference<AppModelType, DbModelType>,
  onNext: (snapshot: DocumentSnapshot<AppModelType, DbModelType>) => void,
  onError?: (error: FirestoreError) => void,
  onCompletion?: () => void
): Unsubscribe;
export declare function onSnapshot<AppModelType, DbModelType extends DocumentData>(
  reference: DocumentReference<AppModelType, DbModelType>,
  options: SnapshotListenOptions,
  onNext: (snapshot: DocumentSnapshot<AppModelType, DbModelType>) => void,
  onError?: (error: FirestoreError) => void,
  onCompletion?: () => void
): Unsubscribe;
export declare function onSnapshot<AppModelType, DbModelType extends DocumentData>(
  query: Query<AppModelType, DbModelType>,
  observer: {
    next?: (snapshot: QuerySnapshot<AppModelType, DbModelType>) => void;
    error?: (error: FirestoreError) => void;
    complete?: () => void;
  }
): Unsubscribe;
export declare function onSnapshot<AppModelType, DbModelType extends DocumentData>(
  query: Query<AppModelType, DbModelType>,
  options: SnapshotListenOptions,
  observer: {
    next?: (snapshot: QuerySnapshot<AppModelType, DbModelType>) => void;
    error?: (error: FirestoreError) => void;
    complete?: () => void;
  }
): Unsubscribe;
export declare function onSnapshot<AppModelType, DbModelType extends DocumentData>(
  query: Query<AppModelType, DbModelType>,
  onNext: (snapshot: QuerySnapshot<AppModelType, DbModelType>) => void,
  onError?: (error: FirestoreError) => void,
  onCompletion?: () => void
): Unsubscribe;
export declare function onSnapshot<AppModelType, DbModelType extends DocumentData>(
  query: Query<AppModelType, DbModelType>,
  options: SnapshotListenOptions,
  onNext: (snapshot: QuerySnapshot<AppModelType, DbModelType>) => void,
  onError?: (error: FirestoreError) => void,
  onCompletion?: () => void
): Unsubscribe;

// ---- Writes -----------------------------------------------------------------------------------

// api.md:1435-1459 (src/lite-api/write_batch.ts:53); private constructor: fixture:4134.
export declare class WriteBatch {
  commit(): Promise<void>;
  delete<AppModelType, DbModelType extends DocumentData>(
    documentRef: DocumentReference<AppModelType, DbModelType>
  ): WriteBatch;
  set<AppModelType, DbModelType extends DocumentData>(
    documentRef: DocumentReference<AppModelType, DbModelType>,
    data: WithFieldValue<AppModelType>
  ): WriteBatch;
  set<AppModelType, DbModelType extends DocumentData>(
    documentRef: DocumentReference<AppModelType, DbModelType>,
    data: PartialWithFieldValue<AppModelType>,
    options: SetOptions
  ): WriteBatch;
  update<AppModelType, DbModelType extends DocumentData>(
    documentRef: DocumentReference<AppModelType, DbModelType>,
    data: UpdateData<DbModelType>
  ): WriteBatch;
  update<AppModelType, DbModelType extends DocumentData>(
    documentRef: DocumentReference<AppModelType, DbModelType>,
    field: string | FieldPath,
    value: unknown,
    ...moreFieldsAndValues: unknown[]
  ): WriteBatch;
  private constructor();
}

// api.md:1462 (src/api/write_batch.ts:37)
export declare function writeBatch(firestore: Firestore): WriteBatch;

// api.md:1312-1338 (src/api/transaction.ts:42); private constructor: fixture:3787.
export declare class Transaction {
  delete<AppModelType, DbModelType extends DocumentData>(
    documentRef: DocumentReference<AppModelType, DbModelType>
  ): this;
  get<AppModelType, DbModelType extends DocumentData>(
    documentRef: DocumentReference<AppModelType, DbModelType>
  ): Promise<DocumentSnapshot<AppModelType, DbModelType>>;
  set<AppModelType, DbModelType extends DocumentData>(
    documentRef: DocumentReference<AppModelType, DbModelType>,
    data: WithFieldValue<AppModelType>
  ): this;
  set<AppModelType, DbModelType extends DocumentData>(
    documentRef: DocumentReference<AppModelType, DbModelType>,
    data: PartialWithFieldValue<AppModelType>,
    options: SetOptions
  ): this;
  update<AppModelType, DbModelType extends DocumentData>(
    documentRef: DocumentReference<AppModelType, DbModelType>,
    data: UpdateData<DbModelType>
  ): this;
  update<AppModelType, DbModelType extends DocumentData>(
    documentRef: DocumentReference<AppModelType, DbModelType>,
    field: string | FieldPath,
    value: unknown,
    ...moreFieldsAndValues: unknown[]
  ): this;
  private constructor();
}

// api.md:1341-1343 (src/core/transaction_options.ts:27)
export interface TransactionOptions {
  readonly maxAttempts?: number;
}

// api.md:1178-1182 (src/api/transaction.ts:103)
export declare function runTransaction<T>(
  firestore: Firestore,
  updateFunction: (transaction: Transaction) => Promise<T>,
  options?: TransactionOptions
): Promise<T>;

// Only the declarations above marked `export` are the module's: FirebaseApp, FirebaseOptions and
// FirebaseError stay private to this file, as in the SDK's typings.
export {};
