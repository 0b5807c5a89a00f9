// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// android.app.Activity (Android framework), https://developer.android.com/reference/android/app/Activity.
// Only the type: it appears in the Activity-scoped overloads of Query/DocumentReference
// addSnapshotListener and Task.addOnCompleteListener, which are kept so that overload
// resolution sees the SDK's real overload sets. Its real superclass chain is left out.
package android.app;

public class Activity {
  public Activity() {}
}
