// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.EventListener from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/EventListener.java (cited as EventListener.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import androidx.annotation.Nullable;

// api.txt:138-140, EventListener.java:20, 29 "public interface EventListener<T>": a Java
// single-method interface, so Kotlin converts a lambda to it. Exactly one argument is non-null.
public interface EventListener<T> {
  void onEvent(@Nullable T value, @Nullable FirebaseFirestoreException error);
}
