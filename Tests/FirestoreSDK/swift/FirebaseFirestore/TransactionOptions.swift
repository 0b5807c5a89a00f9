// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// FIRTransactionOptions from firebase/firebase-ios-sdk (version 12.x):
// Firestore/Source/Public/FirebaseFirestore/FIRTransactionOptions.h, as Swift imports it. Bodies trap.
import Foundation

// FIRTransactionOptions.h "NS_SWIFT_NAME(TransactionOptions) @interface FIRTransactionOptions : NSObject <NSCopying>".
public class TransactionOptions: NSObject, NSCopying {
    // FIRTransactionOptions.h "- (instancetype)init NS_DESIGNATED_INITIALIZER;"
    public override init() { fatalError("declaration only") }

    // FIRTransactionOptions.h "/** The maximum number of attempts to commit, after which transaction
    // fails. Default is 5. */ @property(nonatomic, assign) NSInteger maxAttempts;"
    public var maxAttempts: Int {
        get { fatalError("declaration only") }
        set { fatalError("declaration only") }
    }

    // NSCopying: "- (id)copyWithZone:(nullable NSZone *)zone".
    public func copy(with zone: NSZone? = nil) -> Any { fatalError("declaration only") }
}
