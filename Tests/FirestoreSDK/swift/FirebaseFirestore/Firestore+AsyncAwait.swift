// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// The Swift overlay's async runTransaction, from firebase/firebase-ios-sdk @ eed63a35a90d (version
// 12.19.0): Firestore/Swift/Source/AsyncAwait/Firestore+AsyncAwait.swift (cited as
// Firestore+AsyncAwait.swift:N), a Swift declaration (the overlay is compiled in Swift 5 mode), so a
// plain nonisolated async function. Body traps.
import Foundation

// Firestore+AsyncAwait.swift:24 "public extension Firestore {"
extension Firestore {
    // Firestore+AsyncAwait.swift:103-104 "func runTransaction(_ updateBlock: @escaping (Transaction, NSErrorPointer)
    // -> sending Any?) async throws -> sending Any?". It wraps FIRFirestore.h:239's block API, whose
    // async import is disabled (#9426); the block is not @Sendable and runs on the SDK's queue.
    public func runTransaction(
        _ updateBlock: @escaping (Transaction, NSErrorPointer) -> sending Any?
    ) async throws -> sending Any? { fatalError("declaration only") }
}
