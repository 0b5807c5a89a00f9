// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.Query from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/Query.java (cited as Query.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import android.app.Activity;
import androidx.annotation.NonNull;
import com.google.android.gms.tasks.Task;
import java.util.concurrent.Executor;

// api.txt:525, Query.java:64 "public class Query"; its constructor is package-private (Query.java:75).
public class Query {
  Query() {}

  // api.txt:575-578, Query.java:70-73
  public enum Direction {
    ASCENDING,
    DESCENDING
  }

  // api.txt:552, Query.java:399
  @NonNull
  public Query where(@NonNull Filter filter) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:546, Query.java:623
  @NonNull
  public Query orderBy(@NonNull String field) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:544, Query.java:634
  @NonNull
  public Query orderBy(@NonNull FieldPath fieldPath) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:547, Query.java:648
  @NonNull
  public Query orderBy(@NonNull String field, @NonNull Direction direction) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:545, Query.java:661
  @NonNull
  public Query orderBy(@NonNull FieldPath fieldPath, @NonNull Direction direction) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:542, Query.java:695
  @NonNull
  public Query limit(long limit) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:543, Query.java:714
  @NonNull
  public Query limitToLast(long limit) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:550, Query.java:731
  @NonNull
  public Query startAt(@NonNull DocumentSnapshot snapshot) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:551, Query.java:745
  @NonNull
  public Query startAt(Object... fieldValues) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:548, Query.java:759
  @NonNull
  public Query startAfter(@NonNull DocumentSnapshot snapshot) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:549, Query.java:774
  @NonNull
  public Query startAfter(Object... fieldValues) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:537, Query.java:788
  @NonNull
  public Query endBefore(@NonNull DocumentSnapshot snapshot) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:538, Query.java:802
  @NonNull
  public Query endBefore(Object... fieldValues) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:535, Query.java:816
  @NonNull
  public Query endAt(@NonNull DocumentSnapshot snapshot) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:536, Query.java:830
  @NonNull
  public Query endAt(Object... fieldValues) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:539, Query.java:949
  @NonNull
  public Task<QuerySnapshot> get() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:540, Query.java:964
  @NonNull
  public Task<QuerySnapshot> get(@NonNull Source source) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:528, Query.java:1039
  @NonNull
  public ListenerRegistration addSnapshotListener(@NonNull EventListener<QuerySnapshot> listener) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:531, Query.java:1051
  @NonNull
  public ListenerRegistration addSnapshotListener(
      @NonNull Executor executor, @NonNull EventListener<QuerySnapshot> listener) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:526, Query.java:1066
  @NonNull
  public ListenerRegistration addSnapshotListener(
      @NonNull Activity activity, @NonNull EventListener<QuerySnapshot> listener) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:529, Query.java:1080
  @NonNull
  public ListenerRegistration addSnapshotListener(
      @NonNull MetadataChanges metadataChanges, @NonNull EventListener<QuerySnapshot> listener) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:532, Query.java:1095
  @NonNull
  public ListenerRegistration addSnapshotListener(
      @NonNull Executor executor,
      @NonNull MetadataChanges metadataChanges,
      @NonNull EventListener<QuerySnapshot> listener) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:527, Query.java:1117
  @NonNull
  public ListenerRegistration addSnapshotListener(
      @NonNull Activity activity,
      @NonNull MetadataChanges metadataChanges,
      @NonNull EventListener<QuerySnapshot> listener) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:530, Query.java:1138
  @NonNull
  public ListenerRegistration addSnapshotListener(
      @NonNull SnapshotListenOptions options, @NonNull EventListener<QuerySnapshot> listener) {
    throw new UnsupportedOperationException("stub");
  }
}
