// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.WriteBatch from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/WriteBatch.java (cited as WriteBatch.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import androidx.annotation.NonNull;
import androidx.annotation.Nullable;
import com.google.android.gms.tasks.Task;
import java.util.Map;

// api.txt:665, WriteBatch.java:46 "public class WriteBatch"; its constructor is package-private
// (WriteBatch.java:51).
public class WriteBatch {
  WriteBatch() {}

  // api.txt:668, WriteBatch.java:65
  @NonNull
  public WriteBatch set(@NonNull DocumentReference documentRef, @NonNull Object data) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:669, WriteBatch.java:81
  @NonNull
  public WriteBatch set(
      @NonNull DocumentReference documentRef, @NonNull Object data, @NonNull SetOptions options) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:672, WriteBatch.java:105
  @NonNull
  public WriteBatch update(@NonNull DocumentReference documentRef, @NonNull Map<String, Object> data) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:671, WriteBatch.java:123: moreFieldsAndValues is unannotated (Object!...!).
  @NonNull
  public WriteBatch update(
      @NonNull DocumentReference documentRef,
      @NonNull String field,
      @Nullable Object value,
      Object... moreFieldsAndValues) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:670, WriteBatch.java:148
  @NonNull
  public WriteBatch update(
      @NonNull DocumentReference documentRef,
      @NonNull FieldPath fieldPath,
      @Nullable Object value,
      Object... moreFieldsAndValues) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:667, WriteBatch.java:177
  @NonNull
  public WriteBatch delete(@NonNull DocumentReference documentRef) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:666, WriteBatch.java:190
  @NonNull
  public Task<Void> commit() {
    throw new UnsupportedOperationException("stub");
  }
}
