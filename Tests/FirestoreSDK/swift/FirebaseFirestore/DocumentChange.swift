// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// DocumentChangeType and DocumentChange from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0):
// Firestore/Source/Public/FirebaseFirestore/FIRDocumentChange.h (cited as FIRDocumentChange.h:N), nonnull
// throughout (NS_ASSUME_NONNULL_BEGIN, line 19). Only what FirestoreStore.swift uses; bodies trap.
import Foundation

// FIRDocumentChange.h:23-40 "typedef NS_CLOSED_ENUM(NSInteger, FIRDocumentChangeType) {
// FIRDocumentChangeTypeAdded, FIRDocumentChangeTypeModified, FIRDocumentChangeTypeRemoved }
// NS_SWIFT_NAME(DocumentChangeType);" A closed enum: imported @frozen, so a switch over its three
// cases is exhaustive.
@frozen
public enum DocumentChangeType: Int, Sendable {
    case added = 0
    case modified = 1
    case removed = 2
}

// FIRDocumentChange.h:46-48 "NS_SWIFT_SENDABLE NS_SWIFT_NAME(DocumentChange) @interface FIRDocumentChange : NSObject".
public class DocumentChange: NSObject, @unchecked Sendable {
    // FIRDocumentChange.h:51 "- (id)init __attribute__((unavailable(...)));"
    @available(*, unavailable, message: "FIRDocumentChange cannot be created directly.")
    public override init() { fatalError("declaration only") }

    // FIRDocumentChange.h:54 "@property(nonatomic, readonly) FIRDocumentChangeType type;"
    public var type: DocumentChangeType { fatalError("declaration only") }

    // FIRDocumentChange.h:57 "@property(nonatomic, strong, readonly) FIRQueryDocumentSnapshot *document;"
    public var document: QueryDocumentSnapshot { fatalError("declaration only") }

    // FIRDocumentChange.h:64 "@property(nonatomic, readonly) NSUInteger oldIndex;" (NSNotFound for an
    // added document)
    public var oldIndex: UInt { fatalError("declaration only") }

    // FIRDocumentChange.h:71 "@property(nonatomic, readonly) NSUInteger newIndex;" (NSNotFound for a
    // removed document)
    public var newIndex: UInt { fatalError("declaration only") }
}
