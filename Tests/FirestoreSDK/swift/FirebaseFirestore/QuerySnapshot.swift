// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// QuerySnapshot from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0):
// Firestore/Source/Public/FirebaseFirestore/FIRQuerySnapshot.h (cited as FIRQuerySnapshot.h:N), nonnull
// throughout (NS_ASSUME_NONNULL_BEGIN, line 19). Only what FirestoreStore.swift uses; bodies trap.
import Foundation

// FIRQuerySnapshot.h:31-33 "NS_SWIFT_SENDABLE NS_SWIFT_NAME(QuerySnapshot) @interface FIRQuerySnapshot : NSObject".
public class QuerySnapshot: NSObject, @unchecked Sendable {
    // FIRQuerySnapshot.h:36 "- (id)init __attribute__((unavailable(...)));"
    @available(*, unavailable, message: "FIRQuerySnapshot cannot be created directly.")
    public override init() { fatalError("declaration only") }

    // FIRQuerySnapshot.h:45 "@property(nonatomic, strong, readonly) FIRSnapshotMetadata *metadata;"
    public var metadata: SnapshotMetadata { fatalError("declaration only") }

    // FIRQuerySnapshot.h:54 "@property(nonatomic, strong, readonly) NSArray<FIRQueryDocumentSnapshot *> *documents;"
    public var documents: [QueryDocumentSnapshot] { fatalError("declaration only") }

    // FIRQuerySnapshot.h:60 "@property(nonatomic, strong, readonly) NSArray<FIRDocumentChange *> *documentChanges;"
    public var documentChanges: [DocumentChange] { fatalError("declaration only") }
}
