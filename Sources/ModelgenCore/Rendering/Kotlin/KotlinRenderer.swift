/// Renders a model as one Kotlin file over RxJava 3, and the Kotlin runtime beside it.
public struct KotlinRenderer: Renderer {
    public let language = Language.kotlin

    public init() {}

    public func render(_ model: Model, templates: TemplateEngine) throws -> [GeneratedFile] {
        let index = ModelIndex(model)
        let streams = try templates.render("kotlin/stream.stencil", each: model.streams) { KotlinStreamContext($0, in: index).templateVariables }
        let declarations = try templates.render("kotlin/type.stencil", each: DeclaredType.all(in: model)) { KotlinTypeContext($0).templateVariables }
            + templates.render("kotlin/join.stencil", each: model.joins) { KotlinJoinContext($0).templateVariables }
            + [templates.render("kotlin/model.stencil", KotlinModelContext(model: model, streams: streams).templateVariables)]
        let context = KotlinFileContext(model: model, declarations: declarations)
        var text = try templates.render("kotlin/schema.kt.stencil", context.templateVariables)
        text = text.replacingFirst(KotlinFileContext.importsMarker, with: KotlinImports.lines(for: text).joined(separator: "\n"))
        let folder = context.package.split(separator: ".").map { String($0).replacingOccurrences(of: "`", with: "") }.joined(separator: "/")
        return [GeneratedFile(path: "kotlin/\(folder)/\(model.typeName).kt", contents: text)]
    }

    /// The runtime, `Templates/kotlin/runtime/` copied under `kotlin/modelgen/runtime/`.
    public func supportFiles(templates: TemplateEngine) throws -> [GeneratedFile] {
        templates.paths.filter { $0.hasPrefix("kotlin/runtime/") }.compactMap { path in
            templates.text(path).map { GeneratedFile(path: "kotlin/modelgen/" + path.dropFirst("kotlin/".count), contents: $0) }
        }
    }
}

/// The imports a Kotlin file needs: those of the runtime and RxJava names it uses.
enum KotlinImports {
    static let modules: [String: String] = [
        "Observable": "io.reactivex.rxjava3.core", "Scheduler": "io.reactivex.rxjava3.core",
        "Schedulers": "io.reactivex.rxjava3.schedulers", "Optional": "java.util",
    ].merging([
        "Codec", "Codecs", "CollectionStream", "DecodeFailure", "DecodeFailures", "DocumentCodec", "DocumentData",
        "DocumentStore", "DocumentStream", "DocumentValue", "FieldPath", "FieldReader", "Match", "QueryFilter",
        "QueryOperator", "QueryOrder", "StoreQuery", "Timestamp", "countRows", "filterRows", "innerJoin", "leftJoin",
    ].map { ($0, "modelgen.runtime") }) { first, _ in first }

    /// One `import` line per name that `text` uses, sorted.
    static func lines(for text: String) -> [String] {
        SymbolScanner(text).used(Array(modules.keys)).map { "import \(modules[$0]!).\($0)" }.sorted()
    }
}

struct KotlinFileContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["schemaFile": \.schemaFile, "package": \.package, "importsMarker": \.importsMarker, "declarations": \.declarations]

    /// Replaced by the import lines once the rest of the file is rendered.
    static let importsMarker = "//modelgen:imports"

    var schemaFile: String
    var package: String
    var importsMarker = KotlinFileContext.importsMarker
    /// The types, the join row types and the model class, each rendered by its template.
    var declarations: String

    init(model: Model, declarations: [String]) {
        schemaFile = model.schemaFileName
        package = KotlinNames.package(model.kotlinPackage ?? model.baseName.lowercased().filter { $0.isLetter || $0.isNumber })
        self.declarations = Lines.blocks(declarations)
    }
}

struct KotlinTypeContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["name": \.name, "docLines": \.docLines, "isCollection": \.isCollection, "parameterLines": \.parameterLines, "decodeArguments": \.decodeArguments, "encodeEntries": \.encodeEntries, "equalityLines": \.equalityLines, "hashArguments": \.hashArguments]

    var name: String
    var docLines: [String]
    var isCollection: Bool
    /// Constructor parameters, with their doc lines: `val likeCount: Long = 0L,`.
    var parameterLines: [String]
    /// `likeCount = fields.withDefault("like_count", Codecs.long, 0L),`.
    var decodeArguments: [String]
    /// `"like_count" to Codecs.long.encode(value.likeCount),`.
    var encodeEntries: [String]
    /// Set for types holding doubles, whose data class equality would tell -0.0 from 0.0.
    var equalityLines: [String]?
    var hashArguments: String

    init(_ type: DeclaredType) {
        let fields = type.fields
        name = KotlinNames.identifier(type.name)
        docLines = KotlinSyntax.docLines(type.doc)
        isCollection = type.isCollection
        let declarations = fields.map { field -> [String] in
            let type = KotlinSyntax.type(field.type)
            var line = "val \(KotlinNames.identifier(field.name)): \(type)"
            if let value = field.defaultValue {
                line += " = \(KotlinSyntax.literal(value, as: field.type))"
            } else if field.type.isOptional {
                line += " = null"
            }
            return KotlinSyntax.docLines(field.doc) + [line]
        }
        parameterLines = Lines.separated(declarations)
        decodeArguments = Lines.separated(fields.map { field in
            let name = KotlinNames.identifier(field.name)
            if field.isDocumentID { return "\(name) = id" }
            let key = KotlinSyntax.string(field.key)
            if let value = field.defaultValue {
                return "\(name) = fields.withDefault(\(key), \(KotlinSyntax.codec(field.type)), \(KotlinSyntax.literal(value, as: field.type)))"
            }
            if case let .optional(wrapped) = field.type {
                return "\(name) = fields.optional(\(key), \(KotlinSyntax.codec(wrapped)))"
            }
            return "\(name) = fields.required(\(key), \(KotlinSyntax.codec(field.type)))"
        })
        encodeEntries = Lines.separated(fields.filter { !$0.isDocumentID }.map {
            "\(KotlinSyntax.string($0.key)) to \(KotlinSyntax.codec($0.type)).encode(value.\(KotlinNames.identifier($0.name)))"
        })
        let names = fields.map { KotlinNames.identifier($0.name) }
        equalityLines = fields.contains { Self.holdsDouble($0.type) }
            ? ["other is \(self.name)"] + names.map { "    && Match.same(\($0), other.\($0))" } : nil
        hashArguments = names.joined(separator: ", ")
    }

    /// Whether the type holds doubles directly (embedded types compare their own).
    private static func holdsDouble(_ type: FieldType) -> Bool {
        switch type {
        case .double: true
        case let .array(inner), let .map(inner), let .optional(inner): holdsDouble(inner)
        default: false
        }
    }
}

struct KotlinJoinContext: TemplateContext {
    static let templateFields: [String: TemplateField<Self>] = ["name": \.name, "docLines": \.docLines, "parameters": \.parameters]

    var name: String
    var docLines: [String]
    var parameters: [String]

    init(_ join: JoinType) {
        name = KotlinNames.identifier(join.name)
        let left = KotlinSyntax.type(join.left.type)
        docLines = ["/** A [\(left)] with its \(join.right.name)\(join.right.type.isOptional ? ", if there is one" : ""). */"]
        parameters = Lines.separated(join.fields.map { "val \(KotlinNames.identifier($0.name)): \(KotlinSyntax.type($0.type))" })
    }
}

