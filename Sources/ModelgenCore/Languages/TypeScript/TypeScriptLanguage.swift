/// TypeScript over RxJS 7: one module per schema, and the TypeScript runtime copied beside it
/// under `runtime/`.
struct TypeScriptLanguage: LanguageDefinition {
    let name = "typescript"
    let fileExtension = "ts"
    let spelling: any Spelling = TypeScriptSpelling()
    let runtime: (source: String, destination: String)? = ("typescript", "runtime")
    let verification: any VectorVerification = TypeScriptVerification()

    static let defaultRuntimeModule = "./runtime/index.js"

    let settings = [
        LanguageSetting(key: "runtimeModule", flag: "--typescript-runtime-module") { value in
            value.isEmpty || value.contains(where: { "\"\\\n".contains($0) })
                ? "'\(value)' is not a module specifier; write one like './runtime/index.js' or '@acme/modelgen-runtime'" : nil
        },
    ]

    let reservedNames = ReservedNames(types: [
        // The TypeScript runtime
        "Codec", "Codecs", "DecodeFailure", "DocumentCodec", "DocumentData", "DocumentStore", "DocumentValue", "FieldPath",
        "FieldReader", "Match", "QueryFilter", "QueryOrder", "Timestamp",
        // TypeScript and RxJS
        "Map", "Observable", "ReadonlyMap", "SchedulerLike",
    ], streams: ["constructor": "the TypeScript constructor"])

    func path(for model: Model) -> String {
        "\(model.baseName).ts"
    }

    func preamble(for model: Model, declarations: String) -> String {
        let runtime = model.settings["typescript"]?["runtimeModule"] ?? Self.defaultRuntimeModule
        return TypeScriptImports.lines(for: declarations, runtime: runtime).joined(separator: "\n")
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
        return "import \(typeOnly ? "type " : ""){ \(names.sorted().joined(separator: ", ")) } from \(TypeScriptSpelling().strings.quoted(module));"
    }
}
