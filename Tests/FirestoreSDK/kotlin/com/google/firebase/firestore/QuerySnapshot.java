// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.QuerySnapshot from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/QuerySnapshot.java (cited as QuerySnapshot.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import androidx.annotation.NonNull;
import java.util.Iterator;
import java.util.List;

// api.txt:583, QuerySnapshot.java:37 "public class QuerySnapshot implements
// Iterable<QueryDocumentSnapshot>"; its constructor is package-private (QuerySnapshot.java:51).
public class QuerySnapshot implements Iterable<QueryDocumentSnapshot> {
  QuerySnapshot() {}

  // api.txt:584, QuerySnapshot.java:101
  @NonNull
  public List<DocumentChange> getDocumentChanges() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:585, QuerySnapshot.java:114
  @NonNull
  public List<DocumentChange> getDocumentChanges(@NonNull MetadataChanges metadataChanges) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:586, QuerySnapshot.java:146
  @NonNull
  public List<DocumentSnapshot> getDocuments() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:590, QuerySnapshot.java:166 (Iterable's method, which the class must declare)
  @NonNull
  @Override
  public Iterator<QueryDocumentSnapshot> iterator() {
    throw new UnsupportedOperationException("stub");
  }
}
