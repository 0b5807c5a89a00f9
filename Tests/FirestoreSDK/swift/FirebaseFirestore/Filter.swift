// Declaration-only stub, written by hand for type-checking Sources/ModelgenFirestore/FirestoreStore.swift
// against the Firebase iOS SDK's surface (see Tests/FirestoreSDK/swift/README.md). Not the real library.
//
// Filter from firebase/firebase-ios-sdk @ eed63a35a90d (version 12.19.0):
// Firestore/Source/Public/FirebaseFirestore/FIRFilter.h (cited as FIRFilter.h:N), nonnull throughout
// (NS_ASSUME_NONNULL_BEGIN, line 21). Only what FirestoreStore.swift uses, each factory with its
// String and FieldPath overloads; bodies trap. Filter's Swift names are its own: `>=` is
// whereField(_:isGreaterOrEqualTo:) here (FIRFilter.h:102, 114), while Query's is
// whereField(_:isGreaterThanOrEqualTo:) (FIRQuery.h:263, 275). A Filter is only parsed, and may
// raise, in Query.whereFilter(_:).
import Foundation

// FIRFilter.h:27-29 "NS_SWIFT_SENDABLE NS_SWIFT_NAME(Filter) @interface FIRFilter : NSObject".
public class Filter: NSObject, @unchecked Sendable {
    // FIRFilter.h:40-41 "+ (FIRFilter *)filterWhereField:(nonnull NSString *)field isEqualTo:(nonnull id)value
    // NS_SWIFT_NAME(whereField(_:isEqualTo:));"
    @discardableResult
    public class func whereField(_ field: String, isEqualTo value: Any) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:50-51 "+ (FIRFilter *)filterWhereFieldPath:(nonnull FIRFieldPath *)path isEqualTo:(nonnull id)value
    // NS_SWIFT_NAME(whereField(_:isEqualTo:));"
    @discardableResult
    public class func whereField(_ path: FieldPath, isEqualTo value: Any) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:60-61 "+ (FIRFilter *)filterWhereField:(nonnull NSString *)field isNotEqualTo:(nonnull id)value
    // NS_SWIFT_NAME(whereField(_:isNotEqualTo:));"
    @discardableResult
    public class func whereField(_ field: String, isNotEqualTo value: Any) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:70-71 "+ (FIRFilter *)filterWhereFieldPath:(nonnull FIRFieldPath *)path isNotEqualTo:(nonnull id)value
    // NS_SWIFT_NAME(whereField(_:isNotEqualTo:));"
    @discardableResult
    public class func whereField(_ path: FieldPath, isNotEqualTo value: Any) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:80-81 "+ (FIRFilter *)filterWhereField:(nonnull NSString *)field isGreaterThan:(nonnull id)value
    // NS_SWIFT_NAME(whereField(_:isGreaterThan:));"
    @discardableResult
    public class func whereField(_ field: String, isGreaterThan value: Any) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:90-91 "+ (FIRFilter *)filterWhereFieldPath:(nonnull FIRFieldPath *)path isGreaterThan:(nonnull id)value
    // NS_SWIFT_NAME(whereField(_:isGreaterThan:));"
    @discardableResult
    public class func whereField(_ path: FieldPath, isGreaterThan value: Any) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:101-102 "+ (FIRFilter *)filterWhereField:(nonnull NSString *)field isGreaterThanOrEqualTo:(nonnull id)value
    // NS_SWIFT_NAME(whereField(_:isGreaterOrEqualTo:));"
    @discardableResult
    public class func whereField(_ field: String, isGreaterOrEqualTo value: Any) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:112-114 "+ (FIRFilter *)filterWhereFieldPath:(nonnull FIRFieldPath *)path isGreaterThanOrEqualTo:(nonnull id)value
    // NS_SWIFT_NAME(whereField(_:isGreaterOrEqualTo:));"
    @discardableResult
    public class func whereField(_ path: FieldPath, isGreaterOrEqualTo value: Any) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:123-124 "+ (FIRFilter *)filterWhereField:(nonnull NSString *)field isLessThan:(nonnull id)value
    // NS_SWIFT_NAME(whereField(_:isLessThan:));"
    @discardableResult
    public class func whereField(_ field: String, isLessThan value: Any) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:133-134 "+ (FIRFilter *)filterWhereFieldPath:(nonnull FIRFieldPath *)path isLessThan:(nonnull id)value
    // NS_SWIFT_NAME(whereField(_:isLessThan:));"
    @discardableResult
    public class func whereField(_ path: FieldPath, isLessThan value: Any) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:144-145 "+ (FIRFilter *)filterWhereField:(nonnull NSString *)field isLessThanOrEqualTo:(nonnull id)value
    // NS_SWIFT_NAME(whereField(_:isLessThanOrEqualTo:));"
    @discardableResult
    public class func whereField(_ field: String, isLessThanOrEqualTo value: Any) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:155-157 "+ (FIRFilter *)filterWhereFieldPath:(nonnull FIRFieldPath *)path isLessThanOrEqualTo:(nonnull id)value
    // NS_SWIFT_NAME(whereField(_:isLessThanOrEqualTo:));"
    @discardableResult
    public class func whereField(_ path: FieldPath, isLessThanOrEqualTo value: Any) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:166-167 "+ (FIRFilter *)filterWhereField:(nonnull NSString *)field arrayContains:(nonnull id)value
    // NS_SWIFT_NAME(whereField(_:arrayContains:));"
    @discardableResult
    public class func whereField(_ field: String, arrayContains value: Any) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:176-177 "+ (FIRFilter *)filterWhereFieldPath:(nonnull FIRFieldPath *)path arrayContains:(nonnull id)value
    // NS_SWIFT_NAME(whereField(_:arrayContains:));"
    @discardableResult
    public class func whereField(_ path: FieldPath, arrayContains value: Any) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:186-188 "+ (FIRFilter *)filterWhereField:(nonnull NSString *)field arrayContainsAny:(nonnull NSArray<id> *)values
    // NS_SWIFT_NAME(whereField(_:arrayContainsAny:));"
    @discardableResult
    public class func whereField(_ field: String, arrayContainsAny values: [Any]) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:197-199 "+ (FIRFilter *)filterWhereFieldPath:(nonnull FIRFieldPath *)path arrayContainsAny:(nonnull NSArray<id> *)values
    // NS_SWIFT_NAME(whereField(_:arrayContainsAny:));"
    @discardableResult
    public class func whereField(_ path: FieldPath, arrayContainsAny values: [Any]) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:208-209 "+ (FIRFilter *)filterWhereField:(nonnull NSString *)field in:(nonnull NSArray<id> *)values
    // NS_SWIFT_NAME(whereField(_:in:));"
    @discardableResult
    public class func whereField(_ field: String, in values: [Any]) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:218-219 "+ (FIRFilter *)filterWhereFieldPath:(nonnull FIRFieldPath *)path in:(nonnull NSArray<id> *)values
    // NS_SWIFT_NAME(whereField(_:in:));"
    @discardableResult
    public class func whereField(_ path: FieldPath, in values: [Any]) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:228-229 "+ (FIRFilter *)filterWhereField:(nonnull NSString *)field notIn:(nonnull NSArray<id> *)values
    // NS_SWIFT_NAME(whereField(_:notIn:));"
    @discardableResult
    public class func whereField(_ field: String, notIn values: [Any]) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:238-240 "+ (FIRFilter *)filterWhereFieldPath:(nonnull FIRFieldPath *)path notIn:(nonnull NSArray<id> *)values
    // NS_SWIFT_NAME(whereField(_:notIn:));"
    @discardableResult
    public class func whereField(_ path: FieldPath, notIn values: [Any]) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:249 "+ (FIRFilter *)orFilterWithFilters:(NSArray<FIRFilter *> *)filters NS_SWIFT_NAME(orFilter(_:));"
    @discardableResult
    public class func orFilter(_ filters: [Filter]) -> Filter { fatalError("declaration only") }

    // FIRFilter.h:258 "+ (FIRFilter *)andFilterWithFilters:(NSArray<FIRFilter *> *)filters NS_SWIFT_NAME(andFilter(_:));"
    @discardableResult
    public class func andFilter(_ filters: [Filter]) -> Filter { fatalError("declaration only") }
}
