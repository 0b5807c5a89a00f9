// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// com.google.firebase.FirebaseApp (firebase-common), firebase/firebase-android-sdk @ a089298ed9e0:
// firebase-common/api.txt:8 "public class FirebaseApp", FirebaseApp.java:90. Only the type: it is a
// parameter of FirebaseFirestore.getInstance's overloads. Its only constructor is protected
// (FirebaseApp.java:407, taking an android Context); this stub keeps it non-public.
package com.google.firebase;

public class FirebaseApp {
  protected FirebaseApp() {}
}
