// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// FieldPath from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0):
// Firestore/Source/Public/FirebaseFirestore/FIRFieldPath.h (cited as FIRFieldPath.h:N), nonnull
// throughout (NS_ASSUME_NONNULL_BEGIN, line 19). Only what FirestoreStore.swift uses; bodies trap.
import Foundation

// FIRFieldPath.h:26-28 "NS_SWIFT_SENDABLE NS_SWIFT_NAME(FieldPath) @interface FIRFieldPath : NSObject <NSCopying>".
// Hashable as an NSObject: the keys of updateData's [AnyHashable: Any].
public class FieldPath: NSObject, NSCopying, @unchecked Sendable {
    // FIRFieldPath.h:31 "- (instancetype)init NS_UNAVAILABLE;"
    @available(*, unavailable)
    public override init() { fatalError("declaration only") }

    // FIRFieldPath.h:40 "- (instancetype)initWithFields:(NSArray<NSString *> *)fieldNames NS_SWIFT_NAME(init(_:));"
    // FIRFieldPath.mm:47-50 and core/src/model/field_path.cc:221-233 raise for no names or an empty name.
    public init(_ fieldNames: [String]) { fatalError("declaration only") }

    // FIRFieldPath.h:46 "+ (instancetype)documentID;"
    @discardableResult
    public class func documentID() -> Self { fatalError("declaration only") }

    // NSCopying (FIRFieldPath.h:28): "- (id)copyWithZone:(nullable NSZone *)zone".
    public func copy(with zone: NSZone? = nil) -> Any { fatalError("declaration only") }
}
