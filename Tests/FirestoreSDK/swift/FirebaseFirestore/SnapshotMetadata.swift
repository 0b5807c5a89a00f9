// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// SnapshotMetadata from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0):
// Firestore/Source/Public/FirebaseFirestore/FIRSnapshotMetadata.h (cited as FIRSnapshotMetadata.h:N).
// Only what FirestoreStore.swift uses; bodies trap.
import Foundation

// FIRSnapshotMetadata.h:22-24 "NS_SWIFT_SENDABLE NS_SWIFT_NAME(SnapshotMetadata) @interface FIRSnapshotMetadata : NSObject".
public class SnapshotMetadata: NSObject, @unchecked Sendable {
    // FIRSnapshotMetadata.h:27 "- (instancetype)init NS_UNAVAILABLE;"
    @available(*, unavailable)
    public override init() { fatalError("declaration only") }

    // FIRSnapshotMetadata.h:35 "@property(nonatomic, assign, readonly, getter=hasPendingWrites) BOOL pendingWrites;"
    // Swift names a BOOL property after its getter.
    public var hasPendingWrites: Bool { fatalError("declaration only") }

    // FIRSnapshotMetadata.h:43 "@property(nonatomic, assign, readonly, getter=isFromCache) BOOL fromCache;"
    public var isFromCache: Bool { fatalError("declaration only") }
}
