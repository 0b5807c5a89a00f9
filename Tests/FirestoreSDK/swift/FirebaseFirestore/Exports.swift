// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// The module's re-exports, from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0). The real
// FirebaseFirestore is the Swift overlay Firestore/Swift/Source/**, which `@_exported import`s the
// Objective-C module of Firestore/Source/Public/FirebaseFirestore/*.h (FirebaseFirestoreInternal, or
// FirebaseFirestoreInternalWrapper under SwiftPM) and FirebaseCore's Timestamp. Here the headers' Swift
// face is declared in this module itself; a qualified `FirebaseFirestore.X` finds a re-exported X
// just as it finds one declared here.

// Firestore/Swift/Source/Codable/CodablePassThroughTypes.swift:17
// "@_exported import class FirebaseCore.Timestamp": only Timestamp, not the rest of FirebaseCore.
@_exported import class FirebaseCore.Timestamp
import Foundation

#if !canImport(ObjectiveC)
/// Not part of the SDK: Linux's Foundation has no `NSErrorPointer`, which Apple's Foundation declares
/// as `AutoreleasingUnsafeMutablePointer<NSError?>?` (a type that needs the Objective-C runtime). This
/// stand-in has the same shape where FirestoreStore.swift uses it: an optional pointer whose
/// `pointee` (an `NSError?`) has a nonmutating setter. On Apple platforms Foundation's own is used.
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?
#endif
