// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.android.gms.tasks.OnCompleteListener (play-services-tasks 18.x), from
//   https://developers.google.com/android/reference/com/google/android/gms/tasks/OnCompleteListener
// "public interface OnCompleteListener<TResult>", "abstract void onComplete(@NonNull Task<TResult> task)".
// A Java interface with one method, so Kotlin converts a lambda to it (SAM conversion).
package com.google.android.gms.tasks;

import androidx.annotation.NonNull;

public interface OnCompleteListener<TResult> {
  void onComplete(@NonNull Task<TResult> task);
}
