/// Renders a model as one Swift file that uses ModelgenRuntime.
public struct SwiftRenderer: Renderer {
    public let language = Language.swift

    public init() {}

    public func render(_ model: Model, templates: TemplateEngine) throws -> [GeneratedFile] {
        let context = SwiftFileContext(model: model)
        let text = try templates.render("swift/schema.swift.stencil", ["file": context])
        return [GeneratedFile(path: "swift/\(model.baseName).swift", contents: text)]
    }

    public func supportFiles(templates: TemplateEngine) throws -> [GeneratedFile] { [] }
}

/// What the Swift templates print, computed here so templates hold only layout.
struct SwiftFileContext {
    var schemaFile: String
    var types: [SwiftTypeContext]
    var joins: [SwiftJoinContext]
    var model: SwiftModelContext

    init(model: Model) {
        schemaFile = model.schemaFileName
        types = model.types.map { SwiftTypeContext(name: $0.name, doc: $0.doc, fields: $0.fields, isCollection: false) }
            + model.collections.map { SwiftTypeContext(name: $0.name, doc: $0.doc, fields: $0.allFields, isCollection: true) }
        joins = model.joins.map(SwiftJoinContext.init)
        self.model = SwiftModelContext(model: model)
    }
}

struct SwiftTypeContext {
    var name: String
    var docLines: [String]
    var isCollection: Bool
    /// `Message: Identifiable, Sendable`.
    var declaration: String
    var properties: [SwiftPropertyContext]
    /// `url: String`, `width: Int? = nil`.
    var initParameters: [String]
    /// `url: try fields.decode("url")`.
    var decodeArguments: [String]
    /// `"url": url.documentValue,` or `:` for an empty dictionary literal.
    var encodeEntries: [String]
    var equalityLines: [String]
    var hashedProperties: [String]

    init(name: String, doc: String?, fields: [Field], isCollection: Bool) {
        self.name = SwiftNames.identifier(name)
        docLines = SwiftSyntax.docLines(doc)
        self.isCollection = isCollection
        declaration = "\(self.name): \(isCollection ? "Identifiable, " : "")Sendable"
        properties = fields.map(SwiftPropertyContext.init)
        initParameters = Lines.separated(fields.map { field in
            let name = SwiftNames.identifier(field.name)
            let type = SwiftSyntax.type(field.type)
            if let value = field.defaultValue { return "\(name): \(type) = \(SwiftSyntax.literal(value))" }
            return field.type.isOptional ? "\(name): \(type) = nil" : "\(name): \(type)"
        })
        let stored = fields.filter { !$0.isDocumentID }
        decodeArguments = Lines.separated(fields.map { field in
            let name = SwiftNames.argumentLabel(field.name)
            if field.isDocumentID { return "\(name): id" }
            let key = SwiftSyntax.string(field.key)
            if let value = field.defaultValue {
                return "\(name): try fields.decode(\(key), default: \(SwiftSyntax.literal(value)))"
            }
            return "\(name): try fields.decode(\(key))"
        })
        let entries = stored.map { "\(SwiftSyntax.string($0.key)): \(SwiftNames.identifier($0.name)).documentValue," }
        encodeEntries = entries.isEmpty ? [":"] : entries
        equalityLines = Lines.conjunction(fields.map {
            "Match.same(lhs.\(SwiftNames.identifier($0.name)), rhs.\(SwiftNames.identifier($0.name)))"
        })
        hashedProperties = fields.map { SwiftNames.identifier($0.name) }
    }
}

struct SwiftPropertyContext {
    var docLines: [String]
    var name: String
    var type: String

    init(_ field: Field) {
        docLines = SwiftSyntax.docLines(field.doc)
        name = SwiftNames.identifier(field.name)
        type = SwiftSyntax.type(field.type)
    }
}

struct SwiftJoinContext {
    var name: String
    var docLines: [String]
    var properties: [SwiftPropertyContext]
    var initParameters: [String]

    init(_ join: JoinType) {
        name = SwiftNames.identifier(join.name)
        let (left, right) = (join.left, join.right)
        let rightType = SwiftSyntax.type(right.type)
        docLines = ["/// A ``\(SwiftSyntax.type(left.type))`` with its \(right.name)\(right.type.isOptional ? ", if there is one" : "")."]
        properties = [SwiftPropertyContext(left), SwiftPropertyContext(right)]
        initParameters = [
            "\(SwiftNames.identifier(left.name)): \(SwiftSyntax.type(left.type))",
            "\(SwiftNames.identifier(right.name)): \(rightType)",
        ]
    }
}
