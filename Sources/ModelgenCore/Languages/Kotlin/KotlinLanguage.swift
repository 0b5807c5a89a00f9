/// Kotlin over RxJava 3: one file per schema in its package's folder, and the Kotlin runtime
/// copied beside it under `modelgen/runtime/`.
struct KotlinLanguage: LanguageDefinition {
    let name = "kotlin"
    let fileExtension = "kt"
    let spelling: any Spelling = KotlinSpelling()
    let runtime: (source: String, destination: String)? = ("kotlin", "modelgen/runtime")
    let verification: any VectorVerification = KotlinVerification()

    let settings = [
        LanguageSetting(key: "package", flag: "--kotlin-package") { value in
            isPackage(value) ? nil : "'\(value)' is not a Kotlin package name; write dot-separated names like 'com.example.chat'"
        },
    ]

    let reservedNames = ReservedNames(
        types: [
            // The Kotlin runtime
            "Codec", "Codecs", "CollectionStream", "DecodeFailure", "DecodeFailures", "DocumentCodec", "DocumentData",
            "DocumentStore", "DocumentStream", "DocumentValue", "FieldPath", "FieldReader", "Match", "QueryFilter",
            "QueryOperator", "QueryOrder", "StoreQuery", "Timestamp",
            // Kotlin, Java and RxJava
            "Any", "Boolean", "Double", "Int", "List", "Long", "Map", "Observable", "Optional", "Scheduler", "Schedulers",
            "String", "Unit",
        ],
        streams: Dictionary(uniqueKeysWithValues: ["equals", "hashCode", "toString", "getClass", "notify", "notifyAll", "wait", "clone", "finalize"].map {
            ($0, "a method every Kotlin (Java) object has")
        })
    )

    /// Dot-separated names, each starting with a letter or `_`.
    private static func isPackage(_ name: String) -> Bool {
        name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.unicodeScalars.first, PredicateLexer.isIdentifierStart(first) else { return false }
            return part.unicodeScalars.allSatisfy(PredicateLexer.isIdentifierPart)
        }
    }

    /// The package: the schema's `kotlin.package`, else the schema file's name in lower case.
    func package(of model: Model) -> String {
        KotlinNames.package(model.settings["kotlin"]?["package"] ?? model.baseName.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    func path(for model: Model) -> String {
        let folder = package(of: model).split(separator: ".").map { $0.replacingOccurrences(of: "`", with: "") }
        return (folder + ["\(model.typeName).kt"]).joined(separator: "/")
    }

    func preamble(for model: Model, declarations: String) -> String {
        (["package \(package(of: model))", ""] + KotlinImports.lines(for: declarations)).joined(separator: "\n")
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

    /// One `import` line per name that `code` uses, sorted.
    static func lines(for code: String) -> [String] {
        SymbolScanner(code).used(Array(modules.keys)).map { "import \(modules[$0]!).\($0)" }.sorted()
    }
}
