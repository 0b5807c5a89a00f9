// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// Firestore from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0):
// Firestore/Source/Public/FirebaseFirestore/FIRFirestore.h (cited as FIRFirestore.h:N), as Swift imports
// it, nonnull throughout (NS_ASSUME_NONNULL_BEGIN, line 33). Only what FirestoreStore.swift uses;
// bodies trap. The async runTransaction is the Swift overlay's: see Firestore+AsyncAwait.swift.
import Foundation

// FIRFirestore.h:39-40 "NS_SWIFT_NAME(Firestore) @interface FIRFirestore : NSObject": not
// NS_SWIFT_SENDABLE, so not Sendable.
public class Firestore: NSObject {
    // FIRFirestore.h:44 "- (instancetype)init __attribute__((unavailable("Use a static constructor method.")));"
    @available(*, unavailable, message: "Use a static constructor method.")
    public override init() { fatalError("declaration only") }

    // FIRFirestore.h:52 "+ (instancetype)firestore NS_SWIFT_NAME(firestore());" Raises when no
    // FirebaseApp is configured.
    @discardableResult
    public class func firestore() -> Self { fatalError("declaration only") }

    // FIRFirestore.h:179-180 "- (FIRCollectionReference *)collectionWithPath:(NSString *)collectionPath
    // NS_SWIFT_NAME(collection(_:));" FIRFirestore.mm:251-257 raises for an empty path or one
    // holding "//"; core/src/api/collection_reference.cc:41 for an even number of segments.
    @discardableResult
    public func collection(_ collectionPath: String) -> CollectionReference { fatalError("declaration only") }

    // FIRFirestore.h:191 "- (FIRDocumentReference *)documentWithPath:(NSString *)documentPath
    // NS_SWIFT_NAME(document(_:));" FIRFirestore.mm:266-272 raises for an empty path or one holding
    // "//"; core/src/api/document_reference.cc:65 for an odd number of segments.
    @discardableResult
    public func document(_ documentPath: String) -> DocumentReference { fatalError("declaration only") }

    // FIRFirestore.h:203 "- (FIRQuery *)collectionGroupWithID:(NSString *)collectionID
    // NS_SWIFT_NAME(collectionGroup(_:));" Every collection whose path's last segment is the id.
    public func collectionGroup(_ collectionID: String) -> Query { fatalError("declaration only") }

    // FIRFirestore.h:239-241 "- (void)runTransactionWithBlock:(id _Nullable (^)(FIRTransaction *, NSError **))updateBlock
    // completion:(void (^)(id _Nullable result, NSError *_Nullable error))completion
    // __attribute__((swift_async(none)));" No async import (swift_async(none)), so the completion is
    // no completion handler to Swift (SE-0463) and is not @Sendable.
    public func runTransaction(
        _ updateBlock: @escaping (Transaction, NSErrorPointer) -> Any?,
        completion: @escaping (Any?, (any Error)?) -> Void
    ) { fatalError("declaration only") }

    // FIRFirestore.h (12.x), after runTransactionWithBlock: "- (void)runTransactionWithOptions:
    // (FIRTransactionOptions *_Nullable)options block:(id _Nullable (^)(FIRTransaction *, NSError
    // **))updateBlock completion:(void (^)(id _Nullable result, NSError *_Nullable error))completion
    // __attribute__((swift_async(none)));", imported as runTransaction(with:block:completion:); the
    // Swift overlay's async runTransaction takes no options.
    public func runTransaction(
        with options: TransactionOptions?,
        block updateBlock: @escaping (Transaction, NSErrorPointer) -> Any?,
        completion: @escaping (Any?, (any Error)?) -> Void
    ) { fatalError("declaration only") }

    // FIRFirestore.h:296 "- (FIRWriteBatch *)batch;"
    @discardableResult
    public func batch() -> WriteBatch { fatalError("declaration only") }
}
