// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.SnapshotMetadata from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/SnapshotMetadata.java (cited as SnapshotMetadata.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

// api.txt:622, SnapshotMetadata.java:26 "public class SnapshotMetadata"; its constructor is
// package-private (SnapshotMetadata.java:30).
public class SnapshotMetadata {
  SnapshotMetadata() {}

  // api.txt:623, SnapshotMetadata.java:42: a method, not a property, for Kotlin callers.
  public boolean hasPendingWrites() {
    throw new UnsupportedOperationException("stub");
  }
}
