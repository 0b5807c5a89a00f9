// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// Query from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0):
// Firestore/Source/Public/FirebaseFirestore/FIRQuery.h (cited as FIRQuery.h:N), as Swift imports it,
// nonnull unless marked (NS_ASSUME_NONNULL_BEGIN, line 31). Only what FirestoreStore.swift uses, with
// the whole overload set of each method it calls; bodies trap. The validation each call does, and
// raises an NSException for, is in Firestore/Source/API/FIRQuery.mm and Firestore/core/src/api/query_core.cc.
import Foundation

// FIRQuery.h:44-46 "NS_SWIFT_SENDABLE NS_SWIFT_NAME(Query) @interface FIRQuery : NSObject".
public class Query: NSObject, @unchecked Sendable {
    // FIRQuery.h:48 "- (id)init __attribute__((unavailable("FIRQuery cannot be created directly.")));"
    @available(*, unavailable, message: "FIRQuery cannot be created directly.")
    public override init() { fatalError("declaration only") }

    // FIRQuery.h:65-67 "- (void)getDocumentsWithCompletion:(void (^)(FIRQuerySnapshot *_Nullable snapshot,
    // NSError *_Nullable error))completion NS_SWIFT_NAME(getDocuments(completion:));" A completion
    // handler of a method Swift also imports as async: @Sendable since Swift 6.2 (SE-0463), and the
    // declaration @preconcurrency.
    @preconcurrency
    public func getDocuments(completion: @escaping @Sendable (QuerySnapshot?, (any Error)?) -> Void) {
        fatalError("declaration only")
    }

    // The async import of FIRQuery.h:65-67: nullable result plus error becomes a non-optional result
    // and `throws`; imported Objective-C async methods are nonisolated(nonsending) (SE-0461).
    @discardableResult
    nonisolated(nonsending)
    public func getDocuments() async throws -> QuerySnapshot { fatalError("declaration only") }

    // FIRQuery.h:90-92 "- (id<FIRListenerRegistration>)addSnapshotListener:(void (^)(FIRQuerySnapshot *_Nullable
    // snapshot, NSError *_Nullable error))listener NS_SWIFT_NAME(addSnapshotListener(_:));" Not a
    // completion handler (the method returns a value), so the listener is not @Sendable; the SDK
    // calls it on the main queue (its default user executor). query_core.cc:185 raises for
    // limit(toLast:) without an order (FirestoreRules refuses it first).
    @discardableResult
    public func addSnapshotListener(
        _ listener: @escaping (QuerySnapshot?, (any Error)?) -> Void
    ) -> any ListenerRegistration { fatalError("declaration only") }

    // FIRQuery.h:131 "- (FIRQuery *)queryWhereFilter:(FIRFilter *)filter NS_SWIFT_NAME(whereFilter(_:));"
    // FIRQuery.mm:241-247 drops an empty composite filter; query_core.cc raises for a document-id
    // operand that is not a non-empty string without '/' (ParseExpectedReferenceValue, 370-404), an
    // array operator on the document id (238), an empty `in` list (ValidateDisjunctiveFilterElements,
    // 357-367), and a second '!=' (ConflictingOps 91, ValidateNewFieldFilter 320, ValidateNewFilter
    // 341); FSTUserDataReader.mm raises for a value it cannot parse (nested arrays, 300; FieldValue
    // sentinels in a query, 410; empty map keys, core/src/core/user_data.cc:188).
    @discardableResult
    public func whereFilter(_ filter: Filter) -> Query { fatalError("declaration only") }

    // FIRQuery.h:423 "- (FIRQuery *)queryOrderedByField:(NSString *)field NS_SWIFT_NAME(order(by:));"
    @discardableResult
    public func order(by field: String) -> Query { fatalError("declaration only") }

    // FIRQuery.h:432 "- (FIRQuery *)queryOrderedByFieldPath:(FIRFieldPath *)path NS_SWIFT_NAME(order(by:));"
    @discardableResult
    public func order(by path: FieldPath) -> Query { fatalError("declaration only") }

    // FIRQuery.h:443-444 "- (FIRQuery *)queryOrderedByField:(NSString *)field descending:(BOOL)descending
    // NS_SWIFT_NAME(order(by:descending:));"
    @discardableResult
    public func order(by field: String, descending: Bool) -> Query { fatalError("declaration only") }

    // FIRQuery.h:455-456 "- (FIRQuery *)queryOrderedByFieldPath:(FIRFieldPath *)path descending:(BOOL)descending
    // NS_SWIFT_NAME(order(by:descending:));"
    @discardableResult
    public func order(by path: FieldPath, descending: Bool) -> Query { fatalError("declaration only") }

    // FIRQuery.h:467 "- (FIRQuery *)queryLimitedTo:(NSInteger)limit NS_SWIFT_NAME(limit(to:));"
    // query_core.cc:294-300 raises for a limit that is not positive (FIRQuery.mm:448-449 saturates it
    // to int32 first).
    @discardableResult
    public func limit(to limit: Int) -> Query { fatalError("declaration only") }

    // FIRQuery.h:479 "- (FIRQuery *)queryLimitedToLast:(NSInteger)limit NS_SWIFT_NAME(limit(toLast:));"
    // ("A query with a `limit(toLast:)` clause must have at least one `orderBy` clause.")
    @discardableResult
    public func limit(toLast limit: Int) -> Query { fatalError("declaration only") }

    // FIRQuery.h: "- (FIRQuery *)queryStartingAtValues:(NSArray *)fieldValues NS_SWIFT_NAME(start(at:));",
    // the same for queryStartingAfterValues (start(after:)), queryEndingBeforeValues (end(before:))
    // and queryEndingAtValues (end(at:)): "The order of the field values must match the order of
    // the order by clauses of the query."
    @discardableResult
    public func start(at fieldValues: [Any]) -> Query { fatalError("declaration only") }

    @discardableResult
    public func start(after fieldValues: [Any]) -> Query { fatalError("declaration only") }

    @discardableResult
    public func end(before fieldValues: [Any]) -> Query { fatalError("declaration only") }

    @discardableResult
    public func end(at fieldValues: [Any]) -> Query { fatalError("declaration only") }
}
