// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.firestore.GeoPoint from firebase-firestore 26.6.1 (firebase/firebase-android-sdk
// @ a089298ed9e0): firebase-firestore/api.txt:307-312 (cited as api.txt:N) and
// firebase-firestore/src/main/java/com/google/firebase/firestore/GeoPoint.java (cited as GeoPoint.java:N).
// Only what FirestoreStore.kt uses; bodies throw.
package com.google.firebase.firestore;

import androidx.annotation.NonNull;

// api.txt:307, GeoPoint.java:23 "public class GeoPoint implements Comparable<GeoPoint>".
public class GeoPoint implements Comparable<GeoPoint> {
  // api.txt:308, GeoPoint.java:33 "public GeoPoint(double latitude, double longitude)": throws
  // IllegalArgumentException for a NaN or out-of-range coordinate (GeoPoint.java:34-39).
  public GeoPoint(double latitude, double longitude) {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:310, GeoPoint.java:45
  public double getLatitude() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:311, GeoPoint.java:50
  public double getLongitude() {
    throw new UnsupportedOperationException("stub");
  }

  // api.txt:309, GeoPoint.java:55
  @Override
  public int compareTo(@NonNull GeoPoint other) {
    throw new UnsupportedOperationException("stub");
  }
}
