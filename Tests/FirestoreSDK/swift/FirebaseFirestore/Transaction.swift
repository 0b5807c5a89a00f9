// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// Transaction from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0):
// Firestore/Source/Public/FirebaseFirestore/FIRTransaction.h (cited as FIRTransaction.h:N), as Swift
// imports it, nonnull unless marked (NS_ASSUME_NONNULL_BEGIN, line 19). Only what FirestoreStore.swift
// uses, with the whole overload set of each method it calls; bodies trap. Writes parse their data as
// WriteBatch's do; core/src/core/transaction.cc:240-244 asserts (crashes) when the transaction is
// used after its update block returned.
import Foundation

// FIRTransaction.h:29-30 "NS_SWIFT_NAME(Transaction) @interface FIRTransaction : NSObject": not
// NS_SWIFT_SENDABLE, so not Sendable.
public class Transaction: NSObject {
    // FIRTransaction.h:33 "- (id)init __attribute__((unavailable(...)));"
    @available(*, unavailable, message: "FIRTransaction cannot be created directly.")
    public override init() { fatalError("declaration only") }

    // FIRTransaction.h:45-47 "- (FIRTransaction *)setData:(NSDictionary<NSString *, id> *)data
    // forDocument:(FIRDocumentReference *)document NS_SWIFT_NAME(setData(_:forDocument:));"
    @discardableResult
    public func setData(_ data: [String: Any], forDocument document: DocumentReference) -> Transaction {
        fatalError("declaration only")
    }

    // FIRTransaction.h:63-66 "- (FIRTransaction *)setData:(NSDictionary<NSString *, id> *)data
    // forDocument:(FIRDocumentReference *)document merge:(BOOL)merge NS_SWIFT_NAME(setData(_:forDocument:merge:));"
    @discardableResult
    public func setData(_ data: [String: Any], forDocument document: DocumentReference, merge: Bool) -> Transaction {
        fatalError("declaration only")
    }

    // FIRTransaction.h:88-91 "- (FIRTransaction *)setData:(NSDictionary<NSString *, id> *)data
    // forDocument:(FIRDocumentReference *)document mergeFields:(NSArray<id> *)mergeFields
    // NS_SWIFT_NAME(setData(_:forDocument:mergeFields:));"
    @discardableResult
    public func setData(_ data: [String: Any], forDocument document: DocumentReference, mergeFields: [Any]) -> Transaction {
        fatalError("declaration only")
    }

    // FIRTransaction.h:104-106 "- (FIRTransaction *)updateData:(NSDictionary<id, id> *)fields
    // forDocument:(FIRDocumentReference *)document NS_SWIFT_NAME(updateData(_:forDocument:));"
    @discardableResult
    public func updateData(_ fields: [AnyHashable: Any], forDocument document: DocumentReference) -> Transaction {
        fatalError("declaration only")
    }

    // FIRTransaction.h:115-116 "- (FIRTransaction *)deleteDocument:(FIRDocumentReference *)document
    // NS_SWIFT_NAME(deleteDocument(_:));"
    @discardableResult
    public func deleteDocument(_ document: DocumentReference) -> Transaction { fatalError("declaration only") }

    // FIRTransaction.h:124-126 "- (FIRDocumentSnapshot *_Nullable)getDocument:(FIRDocumentReference *)document
    // error:(NSError *__autoreleasing *)error NS_SWIFT_NAME(getDocument(_:));" A nullable result with a
    // trailing NSError** imports as a throwing method with a non-optional result.
    @discardableResult
    public func getDocument(_ document: DocumentReference) throws -> DocumentSnapshot { fatalError("declaration only") }
}
