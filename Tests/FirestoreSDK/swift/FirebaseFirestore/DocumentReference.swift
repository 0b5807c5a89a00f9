// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// DocumentReference from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0):
// Firestore/Source/Public/FirebaseFirestore/FIRDocumentReference.h (cited as FIRDocumentReference.h:N),
// as Swift imports it, nonnull unless marked (NS_ASSUME_NONNULL_BEGIN, line 27). Only what
// FirestoreStore.swift uses; bodies trap.
import Foundation

// FIRDocumentReference.h:42-44 "NS_SWIFT_SENDABLE NS_SWIFT_NAME(DocumentReference)
// @interface FIRDocumentReference : NSObject".
public class DocumentReference: NSObject, @unchecked Sendable {
    // FIRDocumentReference.h:47-48 "- (instancetype)init __attribute__((unavailable(...)));"
    @available(*, unavailable, message: "FIRDocumentReference cannot be created directly.")
    public override init() { fatalError("declaration only") }

    // FIRDocumentReference.h:51 "@property(nonatomic, strong, readonly) NSString *documentID;"
    public var documentID: String { fatalError("declaration only") }

    // FIRDocumentReference.h:63 "@property(nonatomic, strong, readonly) NSString *path;"
    public var path: String { fatalError("declaration only") }

    // FIRDocumentReference.h:228-230 "- (void)getDocumentWithCompletion:(void (^)(FIRDocumentSnapshot *_Nullable
    // snapshot, NSError *_Nullable error))completion NS_SWIFT_NAME(getDocument(completion:));"
    // @Sendable as the completion handler of a method also imported as async (SE-0463).
    @preconcurrency
    public func getDocument(completion: @escaping @Sendable (DocumentSnapshot?, (any Error)?) -> Void) {
        fatalError("declaration only")
    }

    // The async import of FIRDocumentReference.h:228-230, nonisolated(nonsending) (SE-0461).
    @discardableResult
    nonisolated(nonsending)
    public func getDocument() async throws -> DocumentSnapshot { fatalError("declaration only") }

    // FIRDocumentReference.h:254-256 "- (id<FIRListenerRegistration>)addSnapshotListener:(void (^)(FIRDocumentSnapshot
    // *_Nullable snapshot, NSError *_Nullable error))listener NS_SWIFT_NAME(addSnapshotListener(_:));"
    // Not a completion handler, so not @Sendable.
    @discardableResult
    public func addSnapshotListener(
        _ listener: @escaping (DocumentSnapshot?, (any Error)?) -> Void
    ) -> any ListenerRegistration { fatalError("declaration only") }
}
