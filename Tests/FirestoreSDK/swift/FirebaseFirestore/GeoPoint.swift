// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// FIRGeoPoint from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0):
// Firestore/Source/Public/FirebaseFirestore/FIRGeoPoint.h (cited as FIRGeoPoint.h:N), as Swift
// imports it. Only what FirestoreStore.swift uses; bodies trap. Bytes need no declaration: the SDK
// reads a blob as NSData (FSTUserDataWriter.mm:104-105), which Swift bridges to Data, and writes
// NSData as a blob (FSTUserDataReader.mm:571-573).
import Foundation

// FIRGeoPoint.h:28-30 "NS_SWIFT_SENDABLE NS_SWIFT_NAME(GeoPoint) @interface FIRGeoPoint : NSObject <NSCopying>".
// NS_SWIFT_SENDABLE imports as a Sendable class, which Swift cannot check: @unchecked.
public class GeoPoint: NSObject, NSCopying, @unchecked Sendable {
    // FIRGeoPoint.h:33 "- (instancetype)init NS_UNAVAILABLE;"
    @available(*, unavailable)
    public override init() { fatalError("declaration only") }

    // FIRGeoPoint.h:40-41 "- (instancetype)initWithLatitude:(double)latitude longitude:(double)longitude
    // NS_DESIGNATED_INITIALIZER;". FIRGeoPoint.mm:34-42 raises an NSException (which Swift cannot
    // catch) for a coordinate out of range or not finite.
    public init(latitude: Double, longitude: Double) { fatalError("declaration only") }

    // FIRGeoPoint.h:46 "@property(nonatomic, readonly) double latitude;"
    public var latitude: Double { fatalError("declaration only") }

    // FIRGeoPoint.h:51 "@property(nonatomic, readonly) double longitude;"
    public var longitude: Double { fatalError("declaration only") }

    // NSCopying (FIRGeoPoint.h:30): "- (id)copyWithZone:(nullable NSZone *)zone".
    public func copy(with zone: NSZone? = nil) -> Any { fatalError("declaration only") }
}
