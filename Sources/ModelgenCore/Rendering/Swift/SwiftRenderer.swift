/// Renders a model as one Swift file that uses ModelgenRuntime.
public struct SwiftRenderer: Renderer {
    public let language = Language.swift

    public init() {}

    public func render(_ model: Model, templates: TemplateEngine) throws -> [GeneratedFile] {
        let index = ModelIndex(model)
        let streams = try templates.render("swift/stream.stencil", each: model.streams) { SwiftStreamContext($0, in: index).templateVariables }
        let types = DeclaredType.all(in: model)
        let declarations = try templates.render("swift/embedded.stencil", each: types.filter { !$0.isCollection }) { SwiftTypeContext($0).templateVariables }
            + templates.render("swift/collection.stencil", each: types.filter(\.isCollection)) { SwiftTypeContext($0).templateVariables }
            + templates.render("swift/join.stencil", each: model.joins) { SwiftJoinContext($0).templateVariables }
            + [templates.render("swift/model.stencil", SwiftModelContext(model: model, streams: streams).templateVariables)]
        let text = try templates.render("swift/schema.swift.stencil", SwiftFileContext(model: model, declarations: declarations).templateVariables)
        return [GeneratedFile(path: "swift/\(model.baseName).swift", contents: text)]
    }

    public func supportFiles(templates: TemplateEngine) throws -> [GeneratedFile] { [] }
}

/// What the Swift templates print, computed here so templates hold only layout.
struct SwiftFileContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["schemaFile": \.schemaFile, "declarations": \.declarations]

    var schemaFile: String
    /// The embedded types (before the collections that use them), the collections' types, the
    /// join row types and the model class, each rendered by its template.
    var declarations: String

    init(model: Model, declarations: [String]) {
        schemaFile = model.schemaFileName
        self.declarations = Lines.blocks(declarations)
    }
}

struct SwiftTypeContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["name": \.name, "docLines": \.docLines, "declaration": \.declaration, "propertyLines": \.propertyLines, "assignments": \.assignments, "initParameters": \.initParameters, "decodeArguments": \.decodeArguments, "encodeEntries": \.encodeEntries, "equalityLines": \.equalityLines, "hashLines": \.hashLines]

    var name: String
    var docLines: [String]
    /// `Message: Identifiable, Sendable`.
    var declaration: String
    /// `public var text: String`, each after its doc lines.
    var propertyLines: [String]
    /// `self.text = text`.
    var assignments: [String]
    /// `url: String`, `width: Int? = nil`.
    var initParameters: [String]
    /// `url: try fields.decode("url")`.
    var decodeArguments: [String]
    /// `"url": url.documentValue,` or `:` for an empty dictionary literal.
    var encodeEntries: [String]
    var equalityLines: [String]
    /// `Match.hash(text, into: &hasher)`.
    var hashLines: [String]

    init(_ type: DeclaredType) {
        let fields = type.fields
        name = SwiftNames.identifier(type.name)
        docLines = SwiftSyntax.docLines(type.doc)
        declaration = "\(name): \(type.isCollection ? "Identifiable, " : "")Sendable"
        propertyLines = fields.flatMap(Self.property)
        assignments = fields.map { "self.\(SwiftNames.identifier($0.name)) = \(SwiftNames.identifier($0.name))" }
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
        hashLines = fields.map { "Match.hash(\(SwiftNames.identifier($0.name)), into: &hasher)" }
    }

    /// A stored property's declaration, after its doc lines.
    static func property(_ field: Field) -> [String] {
        SwiftSyntax.docLines(field.doc) + ["public var \(SwiftNames.identifier(field.name)): \(SwiftSyntax.type(field.type))"]
    }
}

struct SwiftJoinContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["name": \.name, "docLines": \.docLines, "propertyLines": \.propertyLines, "assignments": \.assignments, "initParameters": \.initParameters]

    var name: String
    var docLines: [String]
    var propertyLines: [String]
    var assignments: [String]
    /// `message: Message, owner: Member?`.
    var initParameters: String

    init(_ join: JoinType) {
        name = SwiftNames.identifier(join.name)
        let (left, right) = (join.left, join.right)
        let rightType = SwiftSyntax.type(right.type)
        docLines = ["/// A ``\(SwiftSyntax.type(left.type))`` with its \(right.name)\(right.type.isOptional ? ", if there is one" : "")."]
        propertyLines = [left, right].flatMap(SwiftTypeContext.property)
        assignments = [left, right].map { "self.\(SwiftNames.identifier($0.name)) = \(SwiftNames.identifier($0.name))" }
        initParameters = "\(SwiftNames.identifier(left.name)): \(SwiftSyntax.type(left.type)), \(SwiftNames.identifier(right.name)): \(rightType)"
    }
}
