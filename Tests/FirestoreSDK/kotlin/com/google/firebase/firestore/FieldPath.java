// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.FieldPath from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/FieldPath.java (cited as FieldPath.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import androidx.annotation.NonNull;

// api.txt:145, FieldPath.java:31 "public final class FieldPath"; its constructors are private
// (FieldPath.java:37, 41).
public final class FieldPath {
  private FieldPath() {}

  // api.txt:148, FieldPath.java:60: the varargs are unannotated (String!...!).
  @NonNull
  public static FieldPath of(String... fieldNames) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:146, FieldPath.java:80
  @NonNull
  public static FieldPath documentId() {
    throw new UnsupportedOperationException("stub");
  }
}
