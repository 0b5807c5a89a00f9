import Foundation
import ModelgenCore
import ModelgenRuntimeCore

/// Decodes stored documents by a schema's model with the Swift runtime's codecs, as the
/// generated Swift decoders do — field by field in the schema's order, the first failure
/// reported — so its messages are the ones a Swift client's decode-failure handler gets.
/// `modelgen validate-data` reports with it; no generated code is built.
public struct DocumentCheck: Sendable {
    private let types: [String: TypeDefinition]
    private let enums: [String: EnumDefinition]
    private let collections: [String: CollectionDefinition]

    /// A check of the documents of `model`'s collections.
    public init(model: Model) {
        types = Dictionary(model.types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        enums = Dictionary(model.enums.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        collections = Dictionary(model.collections.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Why `data` would not decode as a document of `collection`; nil when it decodes.
    public func decodeFailure(_ data: DocumentData, in collection: CollectionDefinition) -> DocumentDecodingError? {
        do {
            try decodeFields(collection.fields.filter { !$0.isDocumentID }, of: data)
            return nil
        } catch {
            return error
        }
    }

    /// Why `value` would not decode as a value of `type`; nil when it decodes.
    public func decodeFailure(_ value: DocumentValue, as type: FieldType) -> DocumentDecodingError? {
        do {
            try decode(value, as: type)
            return nil
        } catch {
            return error
        }
    }

    private func decodeFields(_ fields: [Field], of data: DocumentData) throws(DocumentDecodingError) {
        for field in fields {
            guard let value = data.value(forExactKey: field.key) else {
                if field.type.isOptional || field.defaultValue != nil { continue }
                throw DocumentDecodingError(path: [field.key], .missing)
            }
            do {
                try decode(value, as: field.type)
            } catch {
                throw error.inside(field.key)
            }
        }
    }

    private func decode(_ value: DocumentValue, as type: FieldType) throws(DocumentDecodingError) {
        switch type {
        case let .optional(wrapped):
            switch value {
            case .null, .serverTimestamp: return
            default: try decode(value, as: wrapped)
            }
        case .string: _ = try String(documentValue: value)
        case .int: _ = try Int(documentValue: value)
        case .double: _ = try Double(documentValue: value)
        case .bool: _ = try Bool(documentValue: value)
        case .timestamp: _ = try Timestamp(documentValue: value)
        case .bytes: _ = try Data(documentValue: value)
        case .geopoint: _ = try GeoPoint(documentValue: value)
        case let .array(element):
            guard case let .array(values) = value else { throw Self.expected("array", value) }
            for (index, item) in values.enumerated() {
                do { try decode(item, as: element) } catch { throw error.inside(String(index)) }
            }
        case let .map(valueType):
            guard case let .map(fields) = value else { throw Self.expected("map", value) }
            for key in fields.keys.sorted(by: CodePoints.less) {
                do { try decode(fields[key]!, as: valueType) } catch { throw error.inside(key) }
            }
        case let .reference(collection):
            _ = try DocumentValue.referenceParameters(value, collection: collections[collection]?.pathText ?? collection)
        case let .object(name):
            try decodeObject(value, named: name)
        }
    }

    /// An enum's stored string, or an embedded type's map, field by field.
    private func decodeObject(_ value: DocumentValue, named name: String) throws(DocumentDecodingError) {
        if let definition = enums[name] {
            let string = try String(documentValue: value)
            guard definition.values.contains(where: { CodePoints.equal($0, string) }) else {
                let values = definition.values.map { "'\($0)'" }.joined(separator: ", ")
                throw DocumentDecodingError(.wrongType(expected: "one of \(values)", found: "'\(string)'"))
            }
        } else if let definition = types[name] {
            guard case let .map(fields) = value else { throw Self.expected("map", value) }
            try decodeFields(definition.fields, of: fields)
        }
    }

    private static func expected(_ type: String, _ value: DocumentValue) -> DocumentDecodingError {
        DocumentDecodingError(.wrongType(expected: type, found: value.typeName))
    }
}
