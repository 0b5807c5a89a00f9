/// Reads the fields of a document or embedded value for a generated initializer.
public struct FieldReader: Sendable {
    public let data: DocumentData

    public init(_ data: DocumentData) {
        self.data = data
    }

    /// Reads a map value's fields, as an embedded type does.
    public init(_ value: DocumentValue) throws(DocumentDecodingError) {
        guard case let .map(data) = value else { throw .expected("map", value) }
        self.data = data
    }

    /// The field stored under `key`; a missing field is an error unless `T` is optional.
    public func decode<T: FieldCodable>(_ key: String) throws(DocumentDecodingError) -> T {
        guard let value = data.value(forExactKey: key) else {
            if let missing = T.valueWhenMissing { return missing }
            throw DocumentDecodingError(path: [key], .missing)
        }
        do {
            return try T(documentValue: value)
        } catch {
            throw error.inside(key)
        }
    }

    /// The field stored under `key`, or `defaultValue` when the document lacks it.
    public func decode<T: FieldCodable>(_ key: String, default defaultValue: T) throws(DocumentDecodingError) -> T {
        data.value(forExactKey: key) == nil ? defaultValue : try decode(key)
    }
}
