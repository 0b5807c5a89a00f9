// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.android.gms.tasks.Task (com.google.android.gms:play-services-tasks 18.x, which
// firebase-firestore 26.x depends on). play-services-tasks ships no sources; every declaration
// is taken from its reference page,
//   https://developers.google.com/android/reference/com/google/android/gms/tasks/Task
// ("public abstract class Task<TResult>"; the annotations are the page's @NonNull/@Nullable).
// Only the members FirestoreStore.kt uses, each with its whole overload set.
package com.google.android.gms.tasks;

import android.app.Activity;
import androidx.annotation.NonNull;
import androidx.annotation.Nullable;
import java.util.concurrent.Executor;

public abstract class Task<TResult> {
  // Public constructors: "Task()".
  public Task() {}

  // Public methods: "@NonNull Task<TResult> addOnCompleteListener(@NonNull OnCompleteListener<TResult> listener)"
  // (not abstract: the default implementation throws UnsupportedOperationException).
  @NonNull
  public Task<TResult> addOnCompleteListener(@NonNull OnCompleteListener<TResult> listener) {
    throw new UnsupportedOperationException("stub");
  }

  // "@NonNull Task<TResult> addOnCompleteListener(@NonNull Activity activity, @NonNull OnCompleteListener<TResult> listener)"
  @NonNull
  public Task<TResult> addOnCompleteListener(@NonNull Activity activity, @NonNull OnCompleteListener<TResult> listener) {
    throw new UnsupportedOperationException("stub");
  }

  // "@NonNull Task<TResult> addOnCompleteListener(@NonNull Executor executor, @NonNull OnCompleteListener<TResult> listener)"
  @NonNull
  public Task<TResult> addOnCompleteListener(@NonNull Executor executor, @NonNull OnCompleteListener<TResult> listener) {
    throw new UnsupportedOperationException("stub");
  }

  // "abstract @Nullable Exception getException()": null unless the task failed.
  @Nullable
  public abstract Exception getException();

  // "abstract TResult getResult()": unannotated, so Kotlin sees a platform type (TResult!).
  public abstract TResult getResult();

  // "abstract TResult getResult(@NonNull Class<X> exceptionType)", generic in
  // <X extends Throwable> and declared "throws X".
  public abstract <X extends Throwable> TResult getResult(@NonNull Class<X> exceptionType) throws X;

  // "abstract boolean isSuccessful()".
  public abstract boolean isSuccessful();
}
