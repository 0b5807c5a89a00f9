// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.DocumentReference from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/DocumentReference.java (cited as DocumentReference.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import android.app.Activity;
import androidx.annotation.NonNull;
import com.google.android.gms.tasks.Task;
import java.util.concurrent.Executor;

// api.txt:75, DocumentReference.java:63 "public final class DocumentReference"; its constructor
// is package-private.
public final class DocumentReference {
  DocumentReference() {}

  // api.txt:91, DocumentReference.java:120
  @NonNull
  public String getPath() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:85, DocumentReference.java:268
  @NonNull
  public Task<DocumentSnapshot> get() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:86, DocumentReference.java:284
  @NonNull
  public Task<DocumentSnapshot> get(@NonNull Source source) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:78, DocumentReference.java:376
  @NonNull
  public ListenerRegistration addSnapshotListener(@NonNull EventListener<DocumentSnapshot> listener) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:81, DocumentReference.java:389
  @NonNull
  public ListenerRegistration addSnapshotListener(
      @NonNull Executor executor, @NonNull EventListener<DocumentSnapshot> listener) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:76, DocumentReference.java:405
  @NonNull
  public ListenerRegistration addSnapshotListener(
      @NonNull Activity activity, @NonNull EventListener<DocumentSnapshot> listener) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:79, DocumentReference.java:420
  @NonNull
  public ListenerRegistration addSnapshotListener(
      @NonNull MetadataChanges metadataChanges, @NonNull EventListener<DocumentSnapshot> listener) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:82, DocumentReference.java:436
  @NonNull
  public ListenerRegistration addSnapshotListener(
      @NonNull Executor executor,
      @NonNull MetadataChanges metadataChanges,
      @NonNull EventListener<DocumentSnapshot> listener) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:77, DocumentReference.java:459
  @NonNull
  public ListenerRegistration addSnapshotListener(
      @NonNull Activity activity,
      @NonNull MetadataChanges metadataChanges,
      @NonNull EventListener<DocumentSnapshot> listener) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:80, DocumentReference.java:481
  @NonNull
  public ListenerRegistration addSnapshotListener(
      @NonNull SnapshotListenOptions options, @NonNull EventListener<DocumentSnapshot> listener) {
    throw new UnsupportedOperationException("stub");
  }
}
