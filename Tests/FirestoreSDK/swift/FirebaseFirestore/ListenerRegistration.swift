// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// ListenerRegistration from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0):
// Firestore/Source/Public/FirebaseFirestore/FIRListenerRegistration.h (cited as FIRListenerRegistration.h:N).
import Foundation

// FIRListenerRegistration.h:22-23 "NS_SWIFT_NAME(ListenerRegistration) @protocol FIRListenerRegistration <NSObject>":
// a protocol (the SDK returns `id<FIRListenerRegistration>`, imported as `any ListenerRegistration`),
// not Sendable.
public protocol ListenerRegistration: NSObjectProtocol {
    // FIRListenerRegistration.h:29 "- (void)remove;" (core/src/api/query_listener_registration.cc
    // takes a mutex in Remove(), so calling it from any thread is safe.)
    func remove()
}
