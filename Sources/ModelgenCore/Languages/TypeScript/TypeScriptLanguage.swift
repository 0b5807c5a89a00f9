/// TypeScript over RxJS 7: one module per schema, and the TypeScript runtime copied beside it
/// under `runtime/`. Its spelling tables are here; its names and stream methods, declarations
/// and vector runners are in the files beside this one.
struct TypeScriptLanguage: LanguageDefinition, RuntimeCodecs {
    let name = "typescript"
    let displayName = "TypeScript"
    let fileExtension = "ts"
    let runtimes = [RuntimeFolder(source: "typescript", destination: "runtime")]
    static let defaultRuntimeModule = "./runtime/index.js"
    let settings = [
        LanguageSetting(key: "runtimeModule") { value in
            value.isEmpty || value.contains(where: { "\"\\\n".contains($0) })
                ? "'\(value)' is not a module specifier; write one like './runtime/index.js' or '@acme/modelgen-runtime'" : nil
        },
        .firestoreAdapter,
    ]

    /// Parentheses where `T[]` would bind wrongly: `readonly (string | null)[]`.
    let names = NameTable(type: TypeScriptNames.type, member: TypeScriptNames.property, variable: TypeScriptNames.variable)
    /// Parentheses where `T[]` would bind wrongly: `readonly (string | null)[]`.
    let types = TypeTable(
        string: "string", int: "number", double: "number", bool: "boolean", timestamp: "Timestamp", bytes: "Uint8Array", geopoint: "GeoPoint",
        array: "readonly %[]", arrayOfOptionals: "readonly (%)[]", map: "ReadonlyMap<string, %>", optional: "% | null"
    )
    let codecs = TypeTable.runtimeCodecs(int: "Codecs.int")
    /// A string enum is a union of its strings: its values are the strings themselves.
    let literals = LiteralTable(null: "null", emptyList: "[]", emptyMap: "new Map()", list: "[%]", enumValue: "$value", number: Self.number)
    let strings = StringLiteralStyle(codePoint: StringLiteralStyle.fourDigitCodePoint)
    let docComments = DocCommentStyle.block
    let syntax = SyntaxTable(
        indent: "  ", selfReference: "this", qualifiesEveryMember: true, docLink: "{@link %}",
        closure: "($row: $type) => $body", keyClosure: "($row: $type) => $body", document: "% | null", count: "number", newInstance: "new %"
    )
    /// The runtime's query objects, whose values are `DocumentValue`s and whose operators are Firestore's own.
    let queries = QueryTable(
        field: "[%]", documentID: "FieldPath.documentID", values: LiteralTable(
            null: "DocumentValue.null", bool: "DocumentValue.bool(%)", int: "DocumentValue.int(%)", double: "DocumentValue.double(%)",
            string: "DocumentValue.string(%)", emptyList: "DocumentValue.array([])", emptyMap: "DocumentValue.map(new Map())",
            list: "DocumentValue.array([%])", number: Self.number
        ),
        comparison: "QueryFilter.compare($field, \"$op\", $value)",
        operators: Dictionary(uniqueKeysWithValues: ComparisonOperator.allCases.map { ($0, $0.firestoreName) }),
        and: ("QueryFilter.and(", ")"), or: ("QueryFilter.or(", ")"), order: "QueryOrder.$direction($field)",
        bound: "{ values: $values, inclusive: $inclusive }", rowBound: "$parameter === null ? null : $bound", optionalChain: "% ?? null",
        open: "{", label: "$label: ", close: "}", collectionGroup: [("collection", "$path"), ("collectionGroup", "true")], trailingCommas: true
    )

    let reservedNames = ReservedNames(types: TypeScriptImports.importedTypeNames.union([
        // The TypeScript runtime
        "Codec", "Codecs", "DecodeFailure", "DocumentCodec", "DocumentData", "DocumentStore", "DocumentValue", "FieldPath",
        "FieldReader", "Match", "QueryFilter", "QueryBound", "QueryOrder", "StoreQuery", "Timestamp", "GeoPoint", "TypedReference", "DocumentWrite", "FieldChange", "KeyChange", "ReadDocument", "FieldUpdate",
        "SetChange", "DeleteChange", "ServerTimestampChange", "IncrementChange", "ArrayChange", "FieldRule", "ConstraintError", "Aggregate", "Grouped", "RowOrder", "RowCodec",
        // TypeScript and RxJS
        "Map", "Observable", "Omit", "Partial", "Pick", "Promise", "ReadonlyMap", "SchedulerLike",
    ]), streams: ["constructor": "the TypeScript constructor"], fields: Dictionary(uniqueKeysWithValues: [
        "constructor", "toString", "toLocaleString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "__proto__",
    ].map { ($0, "a member every JavaScript object has, which an optional field of that name cannot take in TypeScript") }), standard: [
        // JavaScript's globals and TypeScript's utility types (a module imports a type explicitly,
        // so the DOM's are left to the importer's choice of name)
        "Set", "Date", "Promise", "Record", "Array", "Object", "Function", "Symbol", "Error", "RegExp", "JSON",
        "Math", "Number", "String", "Boolean", "Partial", "Required", "Readonly", "Pick", "Omit", "Exclude",
        "Extract", "Iterable", "Proxy", "Reflect", "Intl", "Uint8Array",
    ])

    /// A number literal: `1`, `0.25`, `1e+300`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))" : "\(value)"
    }

    func path(for model: Model) -> String {
        "\(model.baseName).ts"
    }

    func preamble(for model: Model, declarations: String) -> String {
        TypeScriptImports.lines(for: declarations, runtime: runtimeModule(of: model)).joined(separator: "\n")
    }

    /// The module the model imports the runtime from: `typescript.runtimeModule`, else the copy beside it.
    func runtimeModule(of model: Model) -> String {
        model.settings["typescript"]?["runtimeModule"] ?? Self.defaultRuntimeModule
    }

    func importsCopiedRuntime(_ model: Model) -> Bool {
        runtimeModule(of: model) == Self.defaultRuntimeModule
    }
}

/// The imports a module needs, type-only ones apart (valid under `verbatimModuleSyntax`).
enum TypeScriptImports {
    static let rxjsValues = ["asapScheduler", "combineLatest"]
    static let rxjsTypes = ["Observable", "SchedulerLike"]
    static let runtimeValues = [
        "Codecs", "DocumentValue", "FieldPath", "FieldReader", "Match", "QueryFilter", "QueryOrder", "collectionStream",
        "FieldChange", "FieldRule", "fieldChange", "makeDocumentId", "mergeWrite", "preCheck", "counterCheck", "readDocument", "ReadDocument", "updateWrite", "written",
        "Aggregate", "aggregateRows", "aggregateStream", "aggregated", "RowOrder", "sortRows", "sortedRows", "countRows", "countStream", "debounced", "documentStream", "fetchCollection", "fetchCount", "fetchDocument", "fetchInnerJoin", "fetchLeftJoin",
        "distinctRows", "filterRows", "firstForEachKey", "innerJoin", "leftJoin", "logDecodeFailure", "pathParameters", "referenceParameters", "TypedReference",
    ]
    static let runtimeTypes = [
        "ArrayChange", "Codec", "DecodeFailure", "DeleteChange", "DocumentCodec", "DocumentData", "DocumentStore", "DocumentTransaction", "DocumentWrite",
        "Grouped", "IncrementChange", "KeysChange", "RowCodec", "ServerTimestampChange", "SetChange", "StoreQuery", "Timestamp", "GeoPoint", "TransactionOptions",
    ]

    /// Every type-like name the generated code may import: a schema type of the same name would clash.
    static var importedTypeNames: Set<String> {
        Set((rxjsTypes + rxjsValues + runtimeTypes + runtimeValues).filter { $0.first?.isUppercase == true })
    }

    static func lines(for code: String, runtime: String) -> [String] {
        let used = Set(SymbolScanner(code).used(rxjsTypes + rxjsValues + runtimeTypes + runtimeValues))
        return [
            line(rxjsTypes.filter(used.contains), from: "rxjs", typeOnly: true),
            line(rxjsValues.filter(used.contains), from: "rxjs", typeOnly: false),
            line(runtimeTypes.filter(used.contains), from: runtime, typeOnly: true),
            line(runtimeValues.filter(used.contains), from: runtime, typeOnly: false),
        ].compactMap { $0 }
    }

    /// `import { a, b } from "module";`, or nil for no names.
    static func line(_ names: [String], from module: String, typeOnly: Bool) -> String? {
        guard !names.isEmpty else { return nil }
        return "import \(typeOnly ? "type " : ""){ \(names.sorted().joined(separator: ", ")) } from \(TypeScriptLanguage().strings.quoted(module));"
    }
}
