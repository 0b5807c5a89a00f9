// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.QueryDocumentSnapshot from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/QueryDocumentSnapshot.java (cited as QueryDocumentSnapshot.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import androidx.annotation.NonNull;
import java.util.Map;

// api.txt:580, QueryDocumentSnapshot.java:40 "public class QueryDocumentSnapshot extends
// DocumentSnapshot"; its constructor is private (QueryDocumentSnapshot.java:42). It narrows
// getData to @NonNull: a query's documents always exist.
public class QueryDocumentSnapshot extends DocumentSnapshot {
  private QueryDocumentSnapshot() {}

  // QueryDocumentSnapshot.java:62-64 (an @Override, so api.txt lists it under DocumentSnapshot)
  @NonNull
  @Override
  public Map<String, Object> getData() {
    throw new UnsupportedOperationException("stub");
  }

  // QueryDocumentSnapshot.java:78-80
  @NonNull
  @Override
  public Map<String, Object> getData(@NonNull ServerTimestampBehavior serverTimestampBehavior) {
    throw new UnsupportedOperationException("stub");
  }
}
