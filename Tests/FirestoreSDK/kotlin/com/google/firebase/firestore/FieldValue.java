// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.FieldValue from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/FieldValue.java (cited as FieldValue.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import androidx.annotation.NonNull;

// api.txt:151, FieldValue.java:25 "public abstract class FieldValue"; its constructor is
// package-private (FieldValue.java:27).
public abstract class FieldValue {
  FieldValue() {}

  // api.txt:154, FieldValue.java:147
  @NonNull
  public static FieldValue delete() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:161, FieldValue.java:156
  @NonNull
  public static FieldValue serverTimestamp() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:153, FieldValue.java:171
  @NonNull
  public static FieldValue arrayUnion(Object... elements) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:152, FieldValue.java:185
  @NonNull
  public static FieldValue arrayRemove(Object... elements) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:156, FieldValue.java:203
  @NonNull
  public static FieldValue increment(long l) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:155, FieldValue.java:218
  @NonNull
  public static FieldValue increment(double l) {
    throw new UnsupportedOperationException("stub");
  }
}
