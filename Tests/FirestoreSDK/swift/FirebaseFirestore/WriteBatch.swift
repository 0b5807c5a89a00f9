// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// WriteBatch from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0):
// Firestore/Source/Public/FirebaseFirestore/FIRWriteBatch.h (cited as FIRWriteBatch.h:N), as Swift
// imports it, nonnull unless marked (NS_ASSUME_NONNULL_BEGIN, line 19). Only what FirestoreStore.swift
// uses, with the whole overload set of each method it calls; bodies trap. Each write parses its data
// with Firestore/Source/API/FSTUserDataReader.mm, which raises for what Firestore cannot store, and
// core/src/api/write_batch.cc:72-76 raises for a write after commit.
import Foundation

// FIRWriteBatch.h:33-34 "NS_SWIFT_NAME(WriteBatch) @interface FIRWriteBatch : NSObject": not
// NS_SWIFT_SENDABLE, so not Sendable.
public class WriteBatch: NSObject {
    // FIRWriteBatch.h:37 "- (id)init __attribute__((unavailable(...)));"
    @available(*, unavailable, message: "FIRWriteBatch cannot be created directly.")
    public override init() { fatalError("declaration only") }

    // FIRWriteBatch.h:49-50 "- (FIRWriteBatch *)setData:(NSDictionary<NSString *, id> *)data
    // forDocument:(FIRDocumentReference *)document NS_SWIFT_NAME(setData(_:forDocument:));"
    @discardableResult
    public func setData(_ data: [String: Any], forDocument document: DocumentReference) -> WriteBatch {
        fatalError("declaration only")
    }

    // FIRWriteBatch.h:66-69 "- (FIRWriteBatch *)setData:(NSDictionary<NSString *, id> *)data
    // forDocument:(FIRDocumentReference *)document merge:(BOOL)merge NS_SWIFT_NAME(setData(_:forDocument:merge:));"
    @discardableResult
    public func setData(_ data: [String: Any], forDocument document: DocumentReference, merge: Bool) -> WriteBatch {
        fatalError("declaration only")
    }

    // FIRWriteBatch.h:90-93 "- (FIRWriteBatch *)setData:(NSDictionary<NSString *, id> *)data
    // forDocument:(FIRDocumentReference *)document mergeFields:(NSArray<id> *)mergeFields
    // NS_SWIFT_NAME(setData(_:forDocument:mergeFields:));"
    @discardableResult
    public func setData(_ data: [String: Any], forDocument document: DocumentReference, mergeFields: [Any]) -> WriteBatch {
        fatalError("declaration only")
    }

    // FIRWriteBatch.h:106-108 "- (FIRWriteBatch *)updateData:(NSDictionary<id, id> *)fields
    // forDocument:(FIRDocumentReference *)document NS_SWIFT_NAME(updateData(_:forDocument:));"
    // NSDictionary<id, id> imports as [AnyHashable: Any]; keys are NSString or FIRFieldPath.
    @discardableResult
    public func updateData(_ fields: [AnyHashable: Any], forDocument document: DocumentReference) -> WriteBatch {
        fatalError("declaration only")
    }

    // FIRWriteBatch.h:117-118 "- (FIRWriteBatch *)deleteDocument:(FIRDocumentReference *)document
    // NS_SWIFT_NAME(deleteDocument(_:));"
    @discardableResult
    public func deleteDocument(_ document: DocumentReference) -> WriteBatch { fatalError("declaration only") }

    // FIRWriteBatch.h:123 "- (void)commit;"
    public func commit() { fatalError("declaration only") }

    // FIRWriteBatch.h:134 "- (void)commitWithCompletion:(nullable void (^)(NSError *_Nullable error))completion;"
    // Swift gives a nullable trailing block a nil default, and, as the completion handler of a method
    // also imported as async, makes it @Sendable (SE-0463).
    @preconcurrency
    public func commit(completion: (@Sendable ((any Error)?) -> Void)? = nil) { fatalError("declaration only") }

    // The async import of FIRWriteBatch.h:134, nonisolated(nonsending) (SE-0461).
    nonisolated(nonsending)
    public func commit() async throws { fatalError("declaration only") }
}
