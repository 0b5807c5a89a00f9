/// The second stage: checks a ``SchemaSyntax`` — names, types, paths, streams, predicates and
/// settings — and resolves it into a ``Model``, reporting every independent problem.
public struct SchemaValidator: Sendable {
    /// The languages the model is generated for: the names they reserve are refused.
    public var languages: [Language]

    public init(languages: [Language] = Language.all) {
        self.languages = languages
    }

    public func validate(_ schema: SchemaSyntax, baseName: String) throws(DiagnosticsError) -> Model {
        try validateWithWarnings(schema, baseName: baseName).model
    }

    /// The model, and what is legal but likely a mistake (a name that hides a platform type);
    /// or every problem, warnings included.
    public func validateWithWarnings(_ schema: SchemaSyntax, baseName: String) throws(DiagnosticsError) -> (model: Model, warnings: [Diagnostic]) {
        var validation = Validation(schema: schema, reserved: .of(languages))
        let model = validation.run(baseName: baseName)
        try validation.diagnostics.throwIfErrors()
        return (model, validation.diagnostics.warnings)
    }
}

/// The state of one validation run.
struct Validation {
    let schema: SchemaSyntax
    /// The names the generated languages take, which the schema may not.
    let reserved: ReservedNames
    var diagnostics = DiagnosticCollector()
    /// Declared type names (as written) → their idiomatic names.
    var typeNames: [String: String] = [:]
    var collectionNames: Set<String> = []
    var types: [TypeDefinition] = []
    var enums: [EnumDefinition] = []
    /// The values of every string enum, by its idiomatic name.
    var enumValuesByName: [String: [String]] = [:]
    var collections: [CollectionDefinition] = []
    var joins: [JoinType] = []
    /// Where each join row type was first declared, and its index in `joins`.
    var joinDeclarations: [String: (index: Int, location: SourceLocation)] = [:]
    /// Where each combine stream's record type was declared, by name.
    var recordDeclarations: [String: SourceLocation] = [:]
    /// The names of the reference types that `reference<…>` fields need.
    var referenceTypeNames: Set<String> = []
    /// The names of the row types of the collection groups declared so far.
    var groupRowNames: Set<String> = []
    /// The fields of every embedded type, collection and join row resolved so far, by name.
    var fieldsByType: [String: [Field]] = [:]
    var collectionsByName: [String: CollectionDefinition] = [:]
    /// What the loader left out, with names in idiomatic case, and the fields the validator left
    /// out after reporting them: what names them is not reported again.
    var skipped: SkippedDeclarations

    init(schema: SchemaSyntax, reserved: ReservedNames) {
        self.schema = schema
        self.reserved = reserved
        diagnostics.append(contentsOf: schema.problems)
        skipped = SkippedDeclarations(
            types: Set(schema.skipped.types.map(NameCase.upperCamel)),
            streams: Set(schema.skipped.streams.map(NameCase.lowerCamel)),
            fields: Dictionary(schema.skipped.fields.map { (NameCase.upperCamel($0.key), Set($0.value.map(NameCase.lowerCamel))) }) { $0.union($1) }
        )
    }

    mutating func run(baseName: String) -> Model {
        let modelTypeName = NameCase.upperCamel(schema.model.value) + "Model"
        if checkName(schema.model, what: "model name") {
            if reserved.types.contains(modelTypeName) {
                diagnostics.error("model name '\(schema.model.value)' makes '\(modelTypeName)', which the generated code already uses", at: schema.model.location)
            }
        }
        let settings = checkSettings()
        declareTypeNames(modelTypeName: modelTypeName)
        let renames = resolveRenames(modelTypeName: modelTypeName)
        enums = schema.types.filter { $0.values != nil }.map { resolveEnum($0) }.map { enumeration in
            var enumeration = enumeration
            enumeration.renames = renames[enumeration.name] ?? [:]
            return enumeration
        }
        for enumeration in enums { enumValuesByName[enumeration.name] = enumeration.values }
        types = schema.types.filter { $0.values == nil }.map { resolveType($0) }.map { type in
            var type = type
            type.renames = renames[type.name] ?? [:]
            return type
        }
        for type in types { fieldsByType[type.name] = type.fields }
        collections = schema.collections.map { resolveCollection($0) }.map { collection in
            var collection = collection
            collection.renames = renames[collection.name] ?? [:]
            return collection
        }
        for collection in collections {
            fieldsByType[collection.name] = collection.allFields
            collectionsByName[collection.name] = collection
        }
        checkMemberAccess(schema.collections)
        checkEmbeddingCycles()
        let streamList = resolveStreams()
        return Model(
            typeName: modelTypeName, baseName: baseName, schemaFile: schema.file, doc: schema.doc,
            settings: settings,
            types: types, enums: enums, collections: collections,
            joins: joins, streams: streamList, declaredWrites: resolveWrites(streams: streamList)
        )
    }

    /// Whether `name` is made of letters, digits, `_` and `-` and has a letter or digit; reports it if not.
    @discardableResult
    mutating func checkName(_ name: Located<String>, what: String) -> Bool {
        let scalars = name.value.unicodeScalars
        let valid = !scalars.isEmpty
            && scalars.allSatisfy { PredicateLexer.isIdentifierPart($0) || $0 == "-" }
            && scalars.contains { PredicateLexer.isIdentifierPart($0) && $0 != "_" }
        if !valid {
            diagnostics.error("invalid \(what) '\(name.value)'; use letters, digits, '_' and '-'", at: name.location)
        }
        return valid
    }

    /// The languages' settings, each checked by its language.
    private mutating func checkSettings() -> [String: [String: String]] {
        var settings: [String: [String: String]] = [:]
        for language in Language.all {
            for setting in language.definition.settings {
                guard let value = schema.settings[language.name]?[setting.key] else { continue }
                if let problem = setting.problem(value.value) { diagnostics.append(value.diagnostic(problem)) }
                settings[language.name, default: [:]][setting.key] = value.value
            }
        }
        return settings
    }

    /// Records every type name, reporting names that repeat after case conversion or that the
    /// generated code reserves.
    private mutating func declareTypeNames(modelTypeName: String) {
        var seen: [String: Located<String>] = [:]
        let declared = schema.types.map(\.name) + schema.collections.map(\.object.name)
        for name in declared {
            guard checkName(name, what: "type name") else { continue }
            let idiomatic = NameCase.upperCamel(name.value)
            if let first = seen[idiomatic] {
                let how = first.value == name.value ? "" : " (both become '\(idiomatic)')"
                diagnostics.error("type '\(name.value)' is declared twice\(how); the first is at line \(first.location.line)", at: name.location)
                continue
            }
            if idiomatic == modelTypeName || idiomatic == Model.transactionTypeName(of: modelTypeName)
                || reserved.types.contains(idiomatic) {
                diagnostics.error("type name '\(idiomatic)' is used by the generated code; choose another name", at: name.location)
            }
            seen[idiomatic] = name
            typeNames[name.value] = idiomatic
        }
        collectionNames = Set(schema.collections.compactMap { typeNames[$0.object.name.value] })
    }
}
