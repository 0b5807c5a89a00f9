// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// FieldValue from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0):
// Firestore/Source/Public/FirebaseFirestore/FIRFieldValue.h (cited as FIRFieldValue.h:N), nonnull
// throughout (NS_ASSUME_NONNULL_BEGIN, line 19). Only what FirestoreStore.swift uses, with the whole
// overload set of each method it calls; bodies trap. (minimum/maximum, lines 105-141, are unreleased
// at this commit and not used.) FSTUserDataReader.mm:407-433 raises for a FieldValue in a query or
// inside an array, and for delete() anywhere but an update's top level or a merge.
import Foundation

// FIRFieldValue.h:25-27 "NS_SWIFT_SENDABLE NS_SWIFT_NAME(FieldValue) @interface FIRFieldValue : NSObject".
public class FieldValue: NSObject, @unchecked Sendable {
    // FIRFieldValue.h:30 "- (instancetype)init NS_UNAVAILABLE;"
    @available(*, unavailable)
    public override init() { fatalError("declaration only") }

    // FIRFieldValue.h:34 "+ (instancetype)fieldValueForDelete NS_SWIFT_NAME(delete());"
    @discardableResult
    public class func delete() -> Self { fatalError("declaration only") }

    // FIRFieldValue.h:41 "+ (instancetype)fieldValueForServerTimestamp NS_SWIFT_NAME(serverTimestamp());"
    @discardableResult
    public class func serverTimestamp() -> Self { fatalError("declaration only") }

    // FIRFieldValue.h:53 "+ (instancetype)fieldValueForArrayUnion:(NSArray<id> *)elements NS_SWIFT_NAME(arrayUnion(_:));"
    @discardableResult
    public class func arrayUnion(_ elements: [Any]) -> Self { fatalError("declaration only") }

    // FIRFieldValue.h:64 "+ (instancetype)fieldValueForArrayRemove:(NSArray<id> *)elements NS_SWIFT_NAME(arrayRemove(_:));"
    @discardableResult
    public class func arrayRemove(_ elements: [Any]) -> Self { fatalError("declaration only") }

    // FIRFieldValue.h:77 "+ (instancetype)fieldValueForDoubleIncrement:(double)d NS_SWIFT_NAME(increment(_:));"
    @discardableResult
    public class func increment(_ d: Double) -> Self { fatalError("declaration only") }

    // FIRFieldValue.h:93 "+ (instancetype)fieldValueForIntegerIncrement:(int64_t)l NS_SWIFT_NAME(increment(_:));"
    @discardableResult
    public class func increment(_ l: Int64) -> Self { fatalError("declaration only") }
}
