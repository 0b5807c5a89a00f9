// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.DocumentChange from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/DocumentChange.java (cited as DocumentChange.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import androidx.annotation.NonNull;

// api.txt:59, DocumentChange.java:29 "public class DocumentChange"; its constructor is
// package-private (DocumentChange.java:54).
public class DocumentChange {
  DocumentChange() {}

  // api.txt:66-70, DocumentChange.java:31-40
  public enum Type {
    ADDED,
    MODIFIED,
    REMOVED
  }

  // api.txt:63, DocumentChange.java:83
  @NonNull
  public Type getType() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:60, DocumentChange.java:96
  @NonNull
  public QueryDocumentSnapshot getDocument() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:62, DocumentChange.java:105: -1 for an added document.
  public int getOldIndex() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:61, DocumentChange.java:114: -1 for a removed document.
  public int getNewIndex() {
    throw new UnsupportedOperationException("stub");
  }
}
