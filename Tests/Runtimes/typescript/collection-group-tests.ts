// Checks collection-group queries in the TypeScript runtime's in-memory store: every collection
// whose last segment is the group's id, under any parent (firebase-js-sdk lite-api/reference.ts,
// `collectionGroup`: "Every collection or subcollection with this ID as the last segment of its
// path will be included"), ordered by full document path after the order keys (model/document_key.ts,
// `DocumentKey.comparator`).
// Run by runtime-tests.ts, with its harness.

import {
  DocumentDecodingError, InMemoryStore, pathParameters, QueryEngine, QueryFilter, QueryOrder, StoreError,
} from "../../../Runtimes/typescript/index.js";
import type { DocumentChange, DocumentSnapshot, StoreQuery } from "../../../Runtimes/typescript/index.js";
import { data, expectEqual, expectError, int, rejection, thrown } from "./harness.js";

function groupStore(): InMemoryStore {
  const store = new InMemoryStore();
  store.setData(data({ stars: int(4) }), ["shops", "s2", "reviews", "a"]);
  store.setData(data({ stars: int(5) }), ["shops", "s1", "reviews", "b"]);
  store.setData(data({ stars: int(3) }), ["shops", "s1", "reviews", "a"]);
  store.setData(data({ stars: int(1) }), ["users", "u1", "reviews", "a"]);
  store.setData(data({ stars: int(2) }), ["reviews", "top"]);
  store.setData(data({ stars: int(5) }), ["shops", "s1", "photos", "a"]);
  // Not of the group: the id elsewhere than last, as the end of a longer id, inside a segment.
  store.setData(data({ stars: int(5) }), ["reviews", "top", "photos", "a"]);
  store.setData(data({ stars: int(5) }), ["shops", "s1", "myreviews", "a"]);
  store.setData(data({ stars: int(5) }), ["x\",\"reviews", "a"]);
  return store;
}

const paths = (documents: readonly DocumentSnapshot[]): string[] => documents.map((document) => [...(document.parent ?? []), document.id].join("/"));

/** The checks of collection-group queries. */
export async function collectionGroupTests(): Promise<void> {
  const reviews: StoreQuery = { collection: ["reviews"], collectionGroup: true };
  expectEqual(
    paths(await groupStore().getDocuments(reviews)),
    ["reviews/top", "shops/s1/reviews/a", "shops/s1/reviews/b", "shops/s2/reviews/a", "users/u1/reviews/a"],
    "a group reads every collection with its id, in path order",
  );

  const store = groupStore();
  store.setData(data({ stars: int(5) }), ["shops", "s0", "reviews", "z"]);
  const good: StoreQuery = {
    collection: ["reviews"], collectionGroup: true,
    filter: QueryFilter.compare(["stars"], ">=", int(4)), orderBy: [QueryOrder.descending(["stars"])],
  };
  expectEqual(paths(await store.getDocuments(good)), ["shops/s1/reviews/b", "shops/s0/reviews/z", "shops/s2/reviews/a"], "ties go by path, in the last key's direction");
  expectEqual((await store.getDocuments({ ...good, limit: 2 })).map((document) => document.id), ["b", "z"], "a group's limit");

  expectError(
    await rejection(() => store.getDocuments({ collection: ["shops", "s1", "reviews"], collectionGroup: true })), StoreError,
    "invalid path 'shops'/'s1'/'reviews': segments must be non-empty and hold no '/'", "a group is named by one collection id",
  );

  const short = { id: "x", data: data({}), parent: ["a"] }, long = { id: "a", data: data({}), parent: ["a", "x", "b"] };
  const other = { id: "y", data: data({}), parent: ["a"] };
  expectEqual(paths(QueryEngine.run({ collection: ["b"], collectionGroup: true }, [other, long, short])), ["a/x", "a/x/b/a", "a/y"], "a path before the longer paths it starts");

  const listened = groupStore();
  const calls: string[][] = [];
  const registration = listened.addQueryListener(
    { collection: ["reviews"], collectionGroup: true, orderBy: [QueryOrder.ascending(["stars"])] },
    (snapshot) => calls.push(paths(snapshot.documents)),
    () => calls.push(["error"]),
  );
  listened.setData(data({ stars: int(0) }), ["cities", "c1", "reviews", "n"]);
  listened.setData(data({ stars: int(9) }), ["shops", "s1", "photos", "b"]);
  listened.deleteDocument(["users", "u1", "reviews", "a"]);
  registration.remove();
  expectEqual(calls.map((documents) => documents[0]), ["users/u1/reviews/a", "cities/c1/reviews/n", "cities/c1/reviews/n"], "a group's listener hears new collections");
  expectEqual(calls.map((documents) => documents.length), [5, 6, 5], "a group's listener hears every collection of the group, and no other");

  const changes: DocumentChange[] = [];
  const same = groupStore();
  const watching = same.addQueryListener(reviews, (snapshot) => changes.push(...snapshot.changes), () => {});
  same.setData(data({ stars: int(2) }), ["shops", "s2", "reviews", "a"]);
  watching.remove();
  const last = changes[changes.length - 1];
  expectEqual(last?.type === "modified" ? [paths([last.document])[0], last.oldIndex, last.newIndex] : last, ["shops/s2/reviews/a", 3, 3], "one document of a shared id changes in place");

  expectEqual(pathParameters<"shopId">(["shops", "s1", "reviews", "r1"], "shops/{shopId}/reviews"), { shopId: "s1" }, "path parameters by name");
  expectError(
    thrown(() => pathParameters(["users", "u1", "reviews", "r1"], "shops/{shopId}/reviews")), DocumentDecodingError,
    "the document is not in shops/{shopId}/reviews", "a document elsewhere does not decode",
  );
}
