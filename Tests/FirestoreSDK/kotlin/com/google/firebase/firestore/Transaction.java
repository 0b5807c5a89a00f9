// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.Transaction from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/Transaction.java (cited as Transaction.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import androidx.annotation.NonNull;
import androidx.annotation.Nullable;
import java.util.Map;

// api.txt:636, Transaction.java:44 "public class Transaction"; its constructor is package-private
// (Transaction.java:48).
public class Transaction {
  Transaction() {}

  // api.txt:646-648, Transaction.java:242-245: a Java single-method interface, which Kotlin
  // builds from a lambda with the SAM constructor Transaction.Function<T> { ... }.
  public interface Function<TResult> {
    @Nullable
    TResult apply(@NonNull Transaction transaction) throws FirebaseFirestoreException;
  }

  // api.txt:639, Transaction.java:64
  @NonNull
  public Transaction set(@NonNull DocumentReference documentRef, @NonNull Object data) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:640, Transaction.java:80
  @NonNull
  public Transaction set(
      @NonNull DocumentReference documentRef, @NonNull Object data, @NonNull SetOptions options) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:643, Transaction.java:103
  @NonNull
  public Transaction update(@NonNull DocumentReference documentRef, @NonNull Map<String, Object> data) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:642, Transaction.java:121: moreFieldsAndValues is unannotated (Object!...!).
  @NonNull
  public Transaction update(
      @NonNull DocumentReference documentRef,
      @NonNull String field,
      @Nullable Object value,
      Object... moreFieldsAndValues) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:641, Transaction.java:146
  @NonNull
  public Transaction update(
      @NonNull DocumentReference documentRef,
      @NonNull FieldPath fieldPath,
      @Nullable Object value,
      Object... moreFieldsAndValues) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:637, Transaction.java:174
  @NonNull
  public Transaction delete(@NonNull DocumentReference documentRef) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:638, Transaction.java:222: blocks on the read; throws the checked
  // FirebaseFirestoreException (which Kotlin does not make callers declare).
  @NonNull
  public DocumentSnapshot get(@NonNull DocumentReference documentRef) throws FirebaseFirestoreException {
    throw new UnsupportedOperationException("stub");
  }
}
