// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.DocumentSnapshot from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/DocumentSnapshot.java (cited as DocumentSnapshot.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import androidx.annotation.NonNull;
import androidx.annotation.Nullable;
import java.util.Map;

// api.txt:99, DocumentSnapshot.java:41 "public class DocumentSnapshot"; its constructor is
// package-private (DocumentSnapshot.java:80).
public class DocumentSnapshot {
  DocumentSnapshot() {}

  // api.txt:132-136, DocumentSnapshot.java:47-66
  public enum ServerTimestampBehavior {
    NONE,
    ESTIMATE,
    PREVIOUS
  }

  // api.txt:120, DocumentSnapshot.java:104
  @NonNull
  public String getId() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:123, DocumentSnapshot.java:483
  @NonNull
  public DocumentReference getReference() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:122, DocumentSnapshot.java:110
  @NonNull
  public SnapshotMetadata getMetadata() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:102, DocumentSnapshot.java:115
  public boolean exists() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:113, DocumentSnapshot.java:131: null when the document does not exist.
  @Nullable
  public Map<String, Object> getData() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:114, DocumentSnapshot.java:144
  @Nullable
  public Map<String, Object> getData(@NonNull ServerTimestampBehavior serverTimestampBehavior) {
    throw new UnsupportedOperationException("stub");
  }
}
