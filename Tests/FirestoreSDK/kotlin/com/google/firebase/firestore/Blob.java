// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.Blob from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): firebase-firestore/api.txt:44-48 (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/Blob.java (cited as Blob.java:N).
// Only what FirestoreStore.kt uses; bodies throw. Its constructor is private (Blob.java:29).
package com.google.firebase.firestore;

import androidx.annotation.NonNull;

// api.txt:44, Blob.java:26 "public class Blob implements Comparable<Blob>".
public class Blob implements Comparable<Blob> {
  private Blob() {}

  // api.txt:46, Blob.java:40-41 "@NonNull public static Blob fromBytes(@NonNull byte[] bytes)": copies the bytes.
  @NonNull
  public static Blob fromBytes(@NonNull byte[] bytes) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:47, Blob.java:55-56 "@NonNull public byte[] toBytes()": a new array.
  @NonNull
  public byte[] toBytes() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:45, Blob.java:84
  @Override
  public int compareTo(@NonNull Blob other) {
    throw new UnsupportedOperationException("stub");
  }
}
