/// A type each language declares with its codec: an embedded map type, or the document type of
/// a collection.
struct DeclaredType: Sendable {
    var name: String
    var doc: String?
    var fields: [Field]
    var isCollection: Bool

    /// The model's embedded types, then its collections' document types.
    static func all(in model: Model) -> [DeclaredType] {
        model.types.map { DeclaredType(name: $0.name, doc: $0.doc, fields: $0.fields, isCollection: false) }
            + model.collections.map { DeclaredType(name: $0.name, doc: $0.doc, fields: $0.allFields, isCollection: true) }
    }
}
