// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.TransactionOptions from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/TransactionOptions.java (cited as TransactionOptions.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import androidx.annotation.NonNull;

// api.txt:650, TransactionOptions.java:23 "public final class TransactionOptions"; its
// constructor is private (TransactionOptions.java:30). Its getMaxAttempts() is left out.
public final class TransactionOptions {
  private TransactionOptions() {}

  // api.txt:654, TransactionOptions.java:35
  public static final class Builder {
    // api.txt:655, TransactionOptions.java:39
    public Builder() {}

    // api.txt:656, TransactionOptions.java:45
    public Builder(@NonNull TransactionOptions options) {}

    // api.txt:658, TransactionOptions.java:58: throws IllegalArgumentException ("Max attempts
    // must be at least 1") below 1.
    @NonNull
    public Builder setMaxAttempts(int maxAttempts) {
      throw new UnsupportedOperationException("stub");
    }

    // api.txt:657, TransactionOptions.java:70
    @NonNull
    public TransactionOptions build() {
      throw new UnsupportedOperationException("stub");
    }
  }
}
