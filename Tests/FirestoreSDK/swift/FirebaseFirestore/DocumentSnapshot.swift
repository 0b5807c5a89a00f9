// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// ServerTimestampBehavior, DocumentSnapshot and QueryDocumentSnapshot from firebase/firebase-ios-sdk
// @ eed63a35a90d (version 12.19.0): Firestore/Source/Public/FirebaseFirestore/FIRDocumentSnapshot.h
// (cited as FIRDocumentSnapshot.h:N), as Swift imports it, nonnull unless marked
// (NS_ASSUME_NONNULL_BEGIN, line 22). Only what FirestoreStore.swift uses; bodies trap.
import Foundation

// FIRDocumentSnapshot.h:28-48 "typedef NS_ENUM(NSInteger, FIRServerTimestampBehavior) {
// FIRServerTimestampBehaviorNone, ...Estimate, ...Previous } NS_SWIFT_NAME(ServerTimestampBehavior);"
// An NS_ENUM, not NS_CLOSED_ENUM: imported as a non-frozen enum, so on Apple platforms a switch over it
// needs `@unknown default`. (Not modeled here: Linux's Foundation is not built for library evolution,
// so neither is this module, and Swift treats its public enums as frozen.)
public enum ServerTimestampBehavior: Int, Sendable {
    case none = 0
    case estimate = 1
    case previous = 2
}

// FIRDocumentSnapshot.h:58-60 "NS_SWIFT_SENDABLE NS_SWIFT_NAME(DocumentSnapshot)
// @interface FIRDocumentSnapshot : NSObject".
public class DocumentSnapshot: NSObject, @unchecked Sendable {
    // FIRDocumentSnapshot.h:63-64 "- (instancetype)init __attribute__((unavailable(...)));"
    @available(*, unavailable, message: "FIRDocumentSnapshot cannot be created directly.")
    public override init() { fatalError("declaration only") }

    // FIRDocumentSnapshot.h:67 "@property(nonatomic, assign, readonly) BOOL exists;"
    public var exists: Bool { fatalError("declaration only") }

    // FIRDocumentSnapshot.h:70 "@property(nonatomic, strong, readonly) FIRDocumentReference *reference;"
    public var reference: DocumentReference { fatalError("declaration only") }

    // FIRDocumentSnapshot.h:73 "@property(nonatomic, copy, readonly) NSString *documentID;"
    public var documentID: String { fatalError("declaration only") }

    // FIRDocumentSnapshot.h:76 "@property(nonatomic, strong, readonly) FIRSnapshotMetadata *metadata;"
    public var metadata: SnapshotMetadata { fatalError("declaration only") }

    // FIRDocumentSnapshot.h:88 "- (nullable NSDictionary<NSString *, id> *)data;"
    @discardableResult
    public func data() -> [String: Any]? { fatalError("declaration only") }

    // FIRDocumentSnapshot.h:99-100 "- (nullable NSDictionary<NSString *, id> *)dataWithServerTimestampBehavior:
    // (FIRServerTimestampBehavior)serverTimestampBehavior;" Swift drops the argument label's words that
    // repeat its type: data(with:).
    @discardableResult
    public func data(with serverTimestampBehavior: ServerTimestampBehavior) -> [String: Any]? {
        fatalError("declaration only")
    }
}

// FIRDocumentSnapshot.h:152-153 "NS_SWIFT_NAME(QueryDocumentSnapshot) @interface FIRQueryDocumentSnapshot
// : FIRDocumentSnapshot"; Sendable as its superclass is (Swift asks a subclass to restate it).
public class QueryDocumentSnapshot: DocumentSnapshot, @unchecked Sendable {
    // FIRDocumentSnapshot.h:167 "- (NSDictionary<NSString *, id> *)data;" (nonnull here)
    @discardableResult
    public override func data() -> [String: Any] { fatalError("declaration only") }

    // FIRDocumentSnapshot.h:176-177 "- (NSDictionary<NSString *, id> *)dataWithServerTimestampBehavior:
    // (FIRServerTimestampBehavior)serverTimestampBehavior;" (nonnull here)
    @discardableResult
    public override func data(with serverTimestampBehavior: ServerTimestampBehavior) -> [String: Any] {
        fatalError("declaration only")
    }
}
