import Foundation

/// A type that a document field can hold: decoded from a ``DocumentValue`` under the contract's
/// rules and encoded back to one.
public protocol FieldCodable: Sendable {
    init(documentValue: DocumentValue) throws(DocumentDecodingError)
    var documentValue: DocumentValue { get }
    /// The value of a missing field, or nil when a missing field is an error.
    static var valueWhenMissing: Self? { get }
}

extension FieldCodable {
    public static var valueWhenMissing: Self? { nil }
}

/// A row read from one stored document: a collection's document type, or a collection group's
/// row, which takes the path parameters from the document's path too.
public protocol DocumentRow: Sendable {
    init(document: DocumentSnapshot) throws(DocumentDecodingError)
    /// The stored fields; the id is not among them.
    var documentData: DocumentData { get }
}

/// A collection's document type.
public protocol DocumentCodable: DocumentRow {
    init(id: String, data: DocumentData) throws(DocumentDecodingError)
    var id: String { get }
}

extension DocumentCodable {
    public init(document: DocumentSnapshot) throws(DocumentDecodingError) {
        try self.init(id: document.id, data: document.data)
    }
}

extension String: FieldCodable {
    public init(documentValue: DocumentValue) throws(DocumentDecodingError) {
        guard case let .string(value) = documentValue else { throw .expected("string", documentValue) }
        self = value
    }

    public var documentValue: DocumentValue { .string(self) }
}

extension Bool: FieldCodable {
    public init(documentValue: DocumentValue) throws(DocumentDecodingError) {
        guard case let .bool(value) = documentValue else { throw .expected("bool", documentValue) }
        self = value
    }

    public var documentValue: DocumentValue { .bool(self) }
}

extension Int: FieldCodable {
    /// The largest magnitude an int field holds: 2^53 − 1, exact in every language.
    public static let contractLimit: Int64 = (1 << 53) - 1

    /// Accepts stored ints only (not doubles), within ±(2^53 − 1).
    public init(documentValue: DocumentValue) throws(DocumentDecodingError) {
        guard case let .int(value) = documentValue else { throw .expected("int", documentValue) }
        guard value.magnitude <= Int.contractLimit, let exact = Int(exactly: value) else {
            throw DocumentDecodingError(.outOfRange(value))
        }
        self = exact
    }

    public var documentValue: DocumentValue { .int(Int64(self)) }
}

extension Double: FieldCodable {
    /// Accepts doubles and ints.
    public init(documentValue: DocumentValue) throws(DocumentDecodingError) {
        switch documentValue {
        case let .double(value): self = value
        case let .int(value): self = Double(value)
        default: throw .expected("double", documentValue)
        }
    }

    public var documentValue: DocumentValue { .double(self) }
}

extension Timestamp: FieldCodable {
    public init(documentValue: DocumentValue) throws(DocumentDecodingError) {
        guard case let .timestamp(value) = documentValue else { throw .expected("timestamp", documentValue) }
        self = value
    }

    public var documentValue: DocumentValue { .timestamp(self) }
}

extension Data: FieldCodable {
    public init(documentValue: DocumentValue) throws(DocumentDecodingError) {
        guard case let .bytes(value) = documentValue else { throw .expected("bytes", documentValue) }
        self = value
    }

    public var documentValue: DocumentValue { .bytes(self) }
}

extension GeoPoint: FieldCodable {
    public init(documentValue: DocumentValue) throws(DocumentDecodingError) {
        guard case let .geoPoint(value) = documentValue else { throw .expected("geopoint", documentValue) }
        self = value
    }

    public var documentValue: DocumentValue { .geoPoint(self) }
}

/// Missing and null decode to nil, and so does a pending server timestamp.
extension Optional: FieldCodable where Wrapped: FieldCodable {
    public init(documentValue: DocumentValue) throws(DocumentDecodingError) {
        switch documentValue {
        case .null, .serverTimestamp: self = nil
        default: self = try Wrapped(documentValue: documentValue)
        }
    }

    public var documentValue: DocumentValue { map { $0.documentValue } ?? .null }

    public static var valueWhenMissing: Wrapped?? { .some(nil) }
}

extension Array: FieldCodable where Element: FieldCodable {
    public init(documentValue: DocumentValue) throws(DocumentDecodingError) {
        guard case let .array(values) = documentValue else { throw .expected("array", documentValue) }
        var result: [Element] = []
        result.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            do {
                result.append(try Element(documentValue: value))
            } catch {
                throw error.inside(String(index))
            }
        }
        self = result
    }

    public var documentValue: DocumentValue { .array(map { $0.documentValue }) }
}

extension Dictionary: FieldCodable where Key == String, Value: FieldCodable {
    public init(documentValue: DocumentValue) throws(DocumentDecodingError) {
        guard case let .map(fields) = documentValue else { throw .expected("map", documentValue) }
        var result: [String: Value] = [:]
        for (key, value) in fields {
            do {
                result[key] = try Value(documentValue: value)
            } catch {
                throw Self.firstFailure(in: fields) ?? error.inside(key)
            }
        }
        self = result
    }

    /// The failure of the first key that does not decode, in code-point order: the same key in
    /// every language, whatever order a map holds its keys in.
    private static func firstFailure(in fields: DocumentData) -> DocumentDecodingError? {
        for key in fields.keys.sorted(by: CodePoints.less) {
            do {
                _ = try Value(documentValue: fields[key] ?? .null)
            } catch {
                return error.inside(key)
            }
        }
        return nil
    }

    public var documentValue: DocumentValue { .map(mapValues { $0.documentValue }) }
}

extension DocumentDecodingError {
    static func expected(_ type: String, _ value: DocumentValue) -> DocumentDecodingError {
        DocumentDecodingError(.wrongType(expected: type, found: value.typeName))
    }
}
