// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.Timestamp, which firebase-common writes in Kotlin, so this stub is Kotlin
// too: firebase/firebase-android-sdk @ a089298ed9e0, firebase-common/api.txt:62-82 and
// firebase-common/src/main/java/com/google/firebase/Timestamp.kt. Only what FirestoreStore.kt
// uses: the (seconds, nanoseconds) constructor and the two properties. The real class also
// implements android.os.Parcelable and has constructors from Date and Instant, left out here.
package com.google.firebase

/** api.txt:62 "public final class Timestamp implements java.lang.Comparable<com.google.firebase.Timestamp> android.os.Parcelable". */
class Timestamp(
    // api.txt:65 "ctor public Timestamp(long seconds, int nanoseconds)".
    /** api.txt:75 "property public final long seconds" (Timestamp.kt: `val seconds: Long`). */
    val seconds: Long,
    /** api.txt:74 "property public final int nanoseconds" (Timestamp.kt: `val nanoseconds: Int`). */
    val nanoseconds: Int
) : Comparable<Timestamp> {
    /** api.txt:66 "method public int compareTo(com.google.firebase.Timestamp other)". */
    override fun compareTo(other: Timestamp): Int = throw UnsupportedOperationException("stub")
}
