// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.SetOptions from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/SetOptions.java (cited as SetOptions.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import androidx.annotation.NonNull;

// api.txt:599, SetOptions.java:34 "public final class SetOptions"; its constructor is private
// (SetOptions.java:42).
public final class SetOptions {
  private SetOptions() {}

  // api.txt:600, SetOptions.java:66
  @NonNull
  public static SetOptions merge() {
    throw new UnsupportedOperationException("stub");
  }
}
