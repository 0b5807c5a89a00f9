// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// FirebaseCore's Timestamp from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0):
// FirebaseCore/Sources/Public/FirebaseCore/FIRTimestamp.h (cited as FIRTimestamp.h:N), as Swift
// imports it. Timestamp moved from Firestore to FirebaseCore in #13221; FirebaseFirestore re-exports
// it (see ../FirebaseFirestore/Exports.swift). Only what FirestoreStore.swift uses; bodies trap.
import Foundation

// FIRTimestamp.h:33-35 "NS_SWIFT_SENDABLE NS_SWIFT_NAME(Timestamp) @interface FIRTimestamp : NSObject <NSCopying>".
// NS_SWIFT_SENDABLE imports as a Sendable class, which Swift cannot check: @unchecked.
public class Timestamp: NSObject, NSCopying, @unchecked Sendable {
    // FIRTimestamp.h:38 "- (instancetype)init NS_UNAVAILABLE;"
    @available(*, unavailable)
    public override init() { fatalError("declaration only") }

    // FIRTimestamp.h:46-47 "- (instancetype)initWithSeconds:(int64_t)seconds nanoseconds:(int32_t)nanoseconds
    // NS_DESIGNATED_INITIALIZER;". FIRTimestamp.m raises an NSException (which Swift cannot catch)
    // for nanoseconds outside 0..<1e9 or seconds outside -62135596800..<253402300800 (years 1-9999).
    public init(seconds: Int64, nanoseconds: Int32) { fatalError("declaration only") }

    // FIRTimestamp.h:79 "@property(nonatomic, assign, readonly) int64_t seconds;"
    public var seconds: Int64 { fatalError("declaration only") }

    // FIRTimestamp.h:86 "@property(nonatomic, assign, readonly) int32_t nanoseconds;"
    public var nanoseconds: Int32 { fatalError("declaration only") }

    // NSCopying (FIRTimestamp.h:35): "- (id)copyWithZone:(nullable NSZone *)zone".
    public func copy(with zone: NSZone? = nil) -> Any { fatalError("declaration only") }
}
