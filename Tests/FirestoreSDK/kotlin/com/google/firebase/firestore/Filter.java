// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.Filter from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): the public API listing firebase-firestore/api.txt (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/Filter.java (cited as Filter.java:N),
// whose @NonNull/@Nullable annotations are kept. Only what FirestoreStore.kt uses, with the whole
// overload set of each method it calls; bodies throw.
package com.google.firebase.firestore;

import androidx.annotation.NonNull;
import androidx.annotation.Nullable;
import java.util.List;

// api.txt:165-166, Filter.java:28 "public class Filter" with the implicit public constructor.
// The factories FirestoreStore.kt calls, each with its String and FieldPath overloads.
public class Filter {
  // api.txt:173, Filter.java:119
  @NonNull
  public static Filter equalTo(@NonNull String field, @Nullable Object value) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:172, Filter.java:131
  @NonNull
  public static Filter equalTo(@NonNull FieldPath fieldPath, @Nullable Object value) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:185, Filter.java:143
  @NonNull
  public static Filter notEqualTo(@NonNull String field, @Nullable Object value) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:184, Filter.java:155
  @NonNull
  public static Filter notEqualTo(@NonNull FieldPath fieldPath, @Nullable Object value) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:175, Filter.java:167
  @NonNull
  public static Filter greaterThan(@NonNull String field, @Nullable Object value) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:174, Filter.java:179
  @NonNull
  public static Filter greaterThan(@NonNull FieldPath fieldPath, @Nullable Object value) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:177, Filter.java:192
  @NonNull
  public static Filter greaterThanOrEqualTo(@NonNull String field, @Nullable Object value) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:176, Filter.java:205
  @NonNull
  public static Filter greaterThanOrEqualTo(@NonNull FieldPath fieldPath, @Nullable Object value) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:181, Filter.java:217
  @NonNull
  public static Filter lessThan(@NonNull String field, @Nullable Object value) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:180, Filter.java:229
  @NonNull
  public static Filter lessThan(@NonNull FieldPath fieldPath, @Nullable Object value) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:183, Filter.java:242
  @NonNull
  public static Filter lessThanOrEqualTo(@NonNull String field, @Nullable Object value) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:182, Filter.java:255
  @NonNull
  public static Filter lessThanOrEqualTo(@NonNull FieldPath fieldPath, @Nullable Object value) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:169, Filter.java:267
  @NonNull
  public static Filter arrayContains(@NonNull String field, @Nullable Object value) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:168, Filter.java:279
  @NonNull
  public static Filter arrayContains(@NonNull FieldPath fieldPath, @Nullable Object value) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:171, Filter.java:291
  @NonNull
  public static Filter arrayContainsAny(@NonNull String field, @NonNull List<? extends Object> values) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:170, Filter.java:304
  @NonNull
  public static Filter arrayContainsAny(@NonNull FieldPath fieldPath, @NonNull List<? extends Object> values) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:179, Filter.java:317. The SDK refuses an empty list when the query is built
  // ("A non-empty array is required for 'in' filters", Query.java:535).
  @NonNull
  public static Filter inArray(@NonNull String field, @NonNull List<? extends Object> values) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:178, Filter.java:329
  @NonNull
  public static Filter inArray(@NonNull FieldPath fieldPath, @NonNull List<? extends Object> values) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:187, Filter.java:342
  @NonNull
  public static Filter notInArray(@NonNull String field, @NonNull List<? extends Object> values) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:186, Filter.java:354
  @NonNull
  public static Filter notInArray(@NonNull FieldPath fieldPath, @NonNull List<? extends Object> values) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:188, Filter.java:367: the varargs are unannotated (Filter!...!).
  @NonNull
  public static Filter or(Filter... filters) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:167, Filter.java:380
  @NonNull
  public static Filter and(Filter... filters) {
    throw new UnsupportedOperationException("stub");
  }
}
