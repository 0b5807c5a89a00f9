/// Renders a model as one TypeScript module over RxJS 7, and the TypeScript runtime beside it.
public struct TypeScriptRenderer: Renderer {
    public let language = Language.typescript

    public init() {}

    public func render(_ model: Model, templates: TemplateEngine) throws -> [GeneratedFile] {
        let index = ModelIndex(model)
        let streams = try templates.render("typescript/stream.stencil", each: model.streams) { TypeScriptStreamContext($0, in: index).templateVariables }
        let declarations = try templates.render("typescript/type.stencil", each: DeclaredType.all(in: model)) { TypeScriptTypeContext($0).templateVariables }
            + templates.render("typescript/join.stencil", each: model.joins) { TypeScriptJoinContext($0).templateVariables }
            + [templates.render("typescript/model.stencil", TypeScriptModelContext(model: model, streams: streams).templateVariables)]
        let context = TypeScriptFileContext(model: model, declarations: declarations)
        var text = try templates.render("typescript/schema.ts.stencil", context.templateVariables)
        let runtime = model.typeScriptRuntimeModule ?? "./runtime/index.js"
        text = text.replacingFirst(TypeScriptFileContext.importsMarker, with: TypeScriptImports.lines(for: text, runtime: runtime).joined(separator: "\n"))
        return [GeneratedFile(path: "typescript/\(model.baseName).ts", contents: text)]
    }

    /// The runtime, `Templates/typescript/runtime/` copied under `typescript/runtime/`.
    public func supportFiles(templates: TemplateEngine) throws -> [GeneratedFile] {
        templates.paths.filter { $0.hasPrefix("typescript/runtime/") }.compactMap { path in
            templates.text(path).map { GeneratedFile(path: path, contents: $0) }
        }
    }
}

/// The imports a module needs, type-only ones apart (valid under `verbatimModuleSyntax`).
enum TypeScriptImports {
    static let rxjsValues = ["asapScheduler"]
    static let rxjsTypes = ["Observable", "SchedulerLike"]
    static let runtimeValues = [
        "Codecs", "DocumentValue", "FieldPath", "FieldReader", "Match", "QueryFilter", "QueryOrder", "collectionStream",
        "countRows", "countStream", "documentStream", "filterRows", "innerJoin", "leftJoin", "logDecodeFailure",
    ]
    static let runtimeTypes = ["Codec", "DecodeFailure", "DocumentCodec", "DocumentData", "DocumentStore", "Timestamp"]

    static func lines(for text: String, runtime: String) -> [String] {
        let used = Set(SymbolScanner(text).used(rxjsTypes + rxjsValues + runtimeTypes + runtimeValues))
        return [
            line(rxjsTypes.filter(used.contains), from: "rxjs", typeOnly: true),
            line(rxjsValues.filter(used.contains), from: "rxjs", typeOnly: false),
            line(runtimeTypes.filter(used.contains), from: runtime, typeOnly: true),
            line(runtimeValues.filter(used.contains), from: runtime, typeOnly: false),
        ].compactMap { $0 }
    }

    private static func line(_ names: [String], from module: String, typeOnly: Bool) -> String? {
        guard !names.isEmpty else { return nil }
        return "import \(typeOnly ? "type " : ""){ \(names.sorted().joined(separator: ", ")) } from \(TypeScriptSyntax.string(module));"
    }
}

struct TypeScriptFileContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["schemaFile": \.schemaFile, "importsMarker": \.importsMarker, "declarations": \.declarations]

    static let importsMarker = "//modelgen:imports"

    var schemaFile: String
    var importsMarker = TypeScriptFileContext.importsMarker
    /// The types, the join row types and the model class, each rendered by its template.
    var declarations: String

    init(model: Model, declarations: [String]) {
        schemaFile = model.schemaFileName
        self.declarations = Lines.blocks(declarations)
    }
}

struct TypeScriptTypeContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["name": \.name, "docLines": \.docLines, "isCollection": \.isCollection, "propertyLines": \.propertyLines, "decodeEntries": \.decodeEntries, "encodeEntries": \.encodeEntries, "decodeParameters": \.decodeParameters, "encodeParameter": \.encodeParameter]

    var name: String
    var docLines: [String]
    var isCollection: Bool
    /// `readonly likeCount: number;`, each after its doc lines.
    var propertyLines: [String]
    /// `likeCount: fields.withDefault("like_count", Codecs.int, 0),`.
    var decodeEntries: [String]
    /// `["like_count", Codecs.int.encode(value.likeCount)],`.
    var encodeEntries: [String]
    /// `(id: string, data: DocumentData)`, or `(value: DocumentValue)`.
    var decodeParameters: String
    var encodeParameter: String

    init(_ type: DeclaredType) {
        let (fields, isCollection) = (type.fields, type.isCollection)
        name = TypeScriptNames.type(type.name)
        docLines = TypeScriptSyntax.docLines(type.doc)
        self.isCollection = isCollection
        propertyLines = fields.flatMap { field in
            TypeScriptSyntax.docLines(field.doc) + ["readonly \(TypeScriptNames.property(field.name)): \(TypeScriptSyntax.type(field.type));"]
        }
        let stored = fields.filter { !$0.isDocumentID }
        decodeEntries = fields.map { field in
            let name = TypeScriptNames.property(field.name)
            if field.isDocumentID { return "id," }
            let key = TypeScriptSyntax.string(field.key)
            if let value = field.defaultValue {
                return "\(name): fields.withDefault(\(key), \(TypeScriptSyntax.codec(field.type)), \(TypeScriptSyntax.literal(value))),"
            }
            if case let .optional(wrapped) = field.type {
                return "\(name): fields.optional(\(key), \(TypeScriptSyntax.codec(wrapped))),"
            }
            return "\(name): fields.required(\(key), \(TypeScriptSyntax.codec(field.type))),"
        }
        encodeEntries = stored.map {
            "[\(TypeScriptSyntax.string($0.key)), \(TypeScriptSyntax.codec($0.type)).encode(value.\(TypeScriptNames.property($0.name)))],"
        }
        decodeParameters = isCollection ? "id: string, \(stored.isEmpty ? "_data" : "data"): DocumentData" : "value: DocumentValue"
        encodeParameter = "\(stored.isEmpty ? "_value" : "value"): \(self.name)"
    }
}

struct TypeScriptJoinContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["name": \.name, "docLines": \.docLines, "properties": \.properties]

    var name: String
    var docLines: [String]
    var properties: [String]

    init(_ join: JoinType) {
        name = TypeScriptNames.type(join.name)
        docLines = ["/** A {@link \(TypeScriptSyntax.type(join.left.type))} with its \(join.right.name)\(join.right.type.isOptional ? ", if there is one" : ""). */"]
        properties = join.fields.map { "readonly \(TypeScriptNames.property($0.name)): \(TypeScriptSyntax.type($0.type));" }
    }
}
