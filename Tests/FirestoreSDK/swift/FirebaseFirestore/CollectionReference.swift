// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// CollectionReference from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0):
// Firestore/Source/Public/FirebaseFirestore/FIRCollectionReference.h (cited as FIRCollectionReference.h:N).
// FirestoreStore.swift uses it only as the Query that Firestore.collection(_:) returns.
import Foundation

// FIRCollectionReference.h:29-31 "NS_SWIFT_SENDABLE NS_SWIFT_NAME(CollectionReference)
// @interface FIRCollectionReference : FIRQuery".
public class CollectionReference: Query, @unchecked Sendable {
    // FIRCollectionReference.h:49 "@property(nonatomic, strong, readonly) NSString *path;"
    public var path: String { fatalError("declaration only") }
}
