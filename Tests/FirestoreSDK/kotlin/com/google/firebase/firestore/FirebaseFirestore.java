// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.FirebaseFirestore from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/FirebaseFirestore.java (cited as FirebaseFirestore.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import androidx.annotation.NonNull;
import com.google.android.gms.tasks.Task;
import com.google.firebase.FirebaseApp;

// api.txt:191, FirebaseFirestore.java:76 "public class FirebaseFirestore"; its constructor is
// package-private (FirebaseFirestore.java:220).
public class FirebaseFirestore {
  FirebaseFirestore() {}

  // api.txt:204, FirebaseFirestore.java:128
  @NonNull
  public static FirebaseFirestore getInstance() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:205, FirebaseFirestore.java:143
  @NonNull
  public static FirebaseFirestore getInstance(@NonNull FirebaseApp app) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:207, FirebaseFirestore.java:157
  @NonNull
  public static FirebaseFirestore getInstance(@NonNull String database) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:206, FirebaseFirestore.java:173
  @NonNull
  public static FirebaseFirestore getInstance(@NonNull FirebaseApp app, @NonNull String database) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:197, FirebaseFirestore.java:437
  @NonNull
  public CollectionReference collection(@NonNull String collectionPath) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:198, FirebaseFirestore.java:466: every collection whose last segment is the id.
  @NonNull
  public Query collectionGroup(@NonNull String collectionId) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:200, FirebaseFirestore.java:451
  @NonNull
  public DocumentReference document(@NonNull String documentPath) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:215, FirebaseFirestore.java:524
  @NonNull
  public <TResult> Task<TResult> runTransaction(@NonNull Transaction.Function<TResult> updateFunction) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:216, FirebaseFirestore.java:540
  @NonNull
  public <TResult> Task<TResult> runTransaction(
      @NonNull TransactionOptions options, @NonNull Transaction.Function<TResult> updateFunction) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:195, FirebaseFirestore.java:560
  @NonNull
  public WriteBatch batch() {
    throw new UnsupportedOperationException("stub");
  }
}
