// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.FirebaseException (play-services-basement, no sources), from
//   https://developers.google.com/android/reference/com/google/firebase/FirebaseException
// "public class FirebaseException extends Exception"; public constructors
// "FirebaseException(@NonNull String detailMessage)" and
// "FirebaseException(@NonNull String detailMessage, Throwable cause)"; the deprecated
// "protected FirebaseException()".
package com.google.firebase;

import androidx.annotation.NonNull;

public class FirebaseException extends Exception {
  @Deprecated
  protected FirebaseException() {}

  public FirebaseException(@NonNull String detailMessage) {
    super(detailMessage);
  }

  public FirebaseException(@NonNull String detailMessage, Throwable cause) {
    super(detailMessage, cause);
  }
}
