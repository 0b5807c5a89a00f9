// Declaration-only stub, written by hand for compiling Runtimes/kotlin/firestore against the
// Firebase Android SDK's surface (see Tests/FirestoreSDK/README.md). Not the real library.
//
// androidx.annotation.NonNull (androidx.annotation:annotation), as documented at
// https://developer.android.com/reference/androidx/annotation/NonNull — one of the annotations
// kotlinc reads as "not null" on Java declarations, so the Firebase stubs carry the SDK's
// nullability exactly as Kotlin callers see it.
package androidx.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD, ElementType.PARAMETER, ElementType.FIELD, ElementType.LOCAL_VARIABLE, ElementType.ANNOTATION_TYPE, ElementType.PACKAGE})
public @interface NonNull {}
