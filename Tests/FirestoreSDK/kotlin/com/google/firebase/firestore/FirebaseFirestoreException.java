// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.FirebaseFirestoreException from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/FirebaseFirestoreException.java (cited as FirebaseFirestoreException.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import androidx.annotation.NonNull;
import androidx.annotation.Nullable;
import com.google.firebase.FirebaseException;

// api.txt:225, FirebaseFirestoreException.java:26 "public class FirebaseFirestoreException extends
// FirebaseException": the error an EventListener receives.
public class FirebaseFirestoreException extends FirebaseException {
  // api.txt:231-251, FirebaseFirestoreException.java:31-107 (constants only; their numeric values
  // and value()/fromValue() are left out).
  public enum Code {
    OK,
    CANCELLED,
    UNKNOWN,
    INVALID_ARGUMENT,
    DEADLINE_EXCEEDED,
    NOT_FOUND,
    ALREADY_EXISTS,
    PERMISSION_DENIED,
    RESOURCE_EXHAUSTED,
    FAILED_PRECONDITION,
    ABORTED,
    OUT_OF_RANGE,
    UNIMPLEMENTED,
    INTERNAL,
    UNAVAILABLE,
    DATA_LOSS,
    UNAUTHENTICATED
  }

  // api.txt:226, FirebaseFirestoreException.java:144
  public FirebaseFirestoreException(@NonNull String detailMessage, @NonNull Code code) {
    super(detailMessage);
  }

  // api.txt:227, FirebaseFirestoreException.java:152
  public FirebaseFirestoreException(@NonNull String detailMessage, @NonNull Code code, @Nullable Throwable cause) {
    super(detailMessage, cause);
  }

  // api.txt:228, FirebaseFirestoreException.java:167
  @NonNull
  public Code getCode() {
    throw new UnsupportedOperationException("stub");
  }
}
