/// Kotlin over a reactive library, its ``KotlinFlavour``: one file per schema in its package's
/// folder, and the Kotlin runtime's core and the flavour's layer copied beside it under
/// `modelgen/runtime/`. Its spelling tables are here; its names and stream methods,
/// declarations and vector runners are in the files beside this one.
struct KotlinLanguage: LanguageDefinition, RuntimeCodecs {
    /// The reactive library the output is written over.
    let flavour: any KotlinFlavour

    init(_ flavour: any KotlinFlavour) {
        self.flavour = flavour
    }

    var name: String { flavour.name }
    var displayName: String { flavour.displayName }
    let schemaName = "kotlin"
    let fileExtension = "kt"
    /// The library-neutral core and the flavour's layer, in one package and folder.
    var runtimes: [RuntimeFolder] {
        [RuntimeFolder(source: "kotlin", destination: "modelgen/runtime"), RuntimeFolder(source: flavour.runtimeLayer, destination: "modelgen/runtime")]
    }

    /// Kotlin's settings, which every flavour takes from the schema's `kotlin:`.
    var settings: [LanguageSetting] { name == schemaName ? Self.settings : [] }
    private static let settings = [
        LanguageSetting(key: "package") { value in
            isPackage(value) ? nil : "'\(value)' is not a Kotlin package name; write dot-separated names like 'com.example.chat'"
        },
        .firestoreAdapter,
    ]

    let names = NameTable(type: KotlinNames.identifier, member: KotlinNames.identifier, variable: KotlinNames.identifier, enumCase: NameCase.upperSnake)
    let types = TypeTable(string: "String", int: "Long", double: "Double", bool: "Boolean", timestamp: "Timestamp", bytes: "Bytes", geopoint: "GeoPoint", array: "List<%>", map: "Map<String, %>", optional: "%?")
    let codecs = TypeTable.runtimeCodecs(int: "Codecs.long")
    /// Kotlin's number literals carry their type: `0L` for a `Long`, `0.0` for a `Double`.
    let literals = LiteralTable(null: "null", int: "%L", intAsDouble: "%.0", emptyList: "emptyList()", emptyMap: "emptyMap()", list: "listOf(%)", number: Self.double)
    /// `$` is escaped so that it never starts a string template.
    let strings = StringLiteralStyle(extraEscapes: ["$": "\\$"], codePoint: StringLiteralStyle.fourDigitCodePoint)
    let docComments = DocCommentStyle.block
    /// A document that may not exist is emitted as the flavour spells it (RxJava emits no nulls).
    var syntax: SyntaxTable {
        SyntaxTable(indent: "    ", selfReference: "this", docLink: "[%]", closure: "{ $row -> $body }", keyClosure: "{ $body }", implicitRow: "it", document: flavour.document, count: "Int", nullTest: Self.nullTest)
    }
    /// The runtime's `StoreQuery`, whose values are `DocumentValue`s and whose operators are entries of `QueryOperator`.
    let queries = QueryTable(
        field: "FieldPath.of(%)", documentID: "FieldPath.documentID", values: LiteralTable(
            null: "DocumentValue.Null", bool: "DocumentValue.BoolValue(%)", int: "DocumentValue.IntValue(%L)", double: "DocumentValue.DoubleValue(%)",
            string: "DocumentValue.StringValue(%)", emptyList: "DocumentValue.ArrayValue(emptyList())", emptyMap: "DocumentValue.MapValue(emptyMap())",
            list: "DocumentValue.ArrayValue(listOf(%))", number: Self.double
        ),
        comparison: "QueryFilter.Compare($field, QueryOperator.$op, $value)", operators: [
            .equal: "EQUAL", .notEqual: "NOT_EQUAL", .less: "LESS", .lessOrEqual: "LESS_OR_EQUAL",
            .greater: "GREATER", .greaterOrEqual: "GREATER_OR_EQUAL", .isIn: "IN", .notIn: "NOT_IN", .contains: "ARRAY_CONTAINS", .containsAny: "ARRAY_CONTAINS_ANY",
        ],
        and: ("QueryFilter.And(listOf(", "))"), or: ("QueryFilter.Or(listOf(", "))"), order: "QueryOrder.$direction($field)",
        // The runtime's limits are Ints; an int parameter is a Long, whose values below zero or
        // beyond an Int keep their meaning when clamped (no document; every document).
        limitParameter: "%.coerceIn(0L, Int.MAX_VALUE.toLong()).toInt()",
        bound: "QueryBound($values, inclusive = $inclusive)", rowBound: "$parameter?.let { $row -> $bound }", open: "StoreQuery(", label: "$label = ", close: ")",
        collectionGroup: [("collection", "$path"), ("isCollectionGroup", "true")]
    )

    var reservedNames: ReservedNames {
        var names = Self.reservedNames
        names.types.formUnion(flavour.reservedTypes.union(flavour.imports.keys.filter { $0.first?.isUppercase == true }))
        return names
    }

    private static let reservedNames = ReservedNames(
        // Every runtime type the generated code may import, the flavour's, and these.
        types: Set(KotlinImports.runtime.keys.filter { $0.first?.isUppercase == true }).union([
            // The Kotlin runtime
            "Codec", "Codecs", "CollectionStream", "DecodeFailure", "DecodeFailures", "DocumentCodec", "DocumentData", "DocumentIds",
            "DocumentWrite", "FieldChange", "KeyChange", "FieldUpdate", "FieldRule", "ConstraintException", "ReadDocument", "DocumentStore", "DocumentStream", "DocumentValue", "FieldPath", "FieldReader", "Match", "QueryFilter",
            "Aggregate", "AggregateException", "ExactSum", "Grouped", "RowOrder", "JoinRows", "QueryOperator", "QueryBound", "QueryOrder", "StoreQuery", "StringEnum", "Timestamp", "Bytes", "GeoPoint", "TypedReference",
            "DocumentSnapshot", "RowCodec",
            // The model's own nested object of store queries
            "Queries",
            // Kotlin and Java
            "Any", "Boolean", "Double", "Int", "List", "Long", "Map", "String", "Unit",
        ]),
        streams: Dictionary(uniqueKeysWithValues: ["equals", "hashCode", "toString", "getClass", "notify", "notifyAll", "wait", "clone", "finalize"].map {
            ($0, "a method every Kotlin (Java) object has")
        }),
        // What Kotlin imports by default: kotlin.*, kotlin.collections.*, kotlin.text.*, java.lang.*.
        standard: [
            "Result", "Pair", "Triple", "Nothing", "Number", "Char", "Short", "Byte", "Float", "Array", "Set",
            "Collection", "Iterable", "Sequence", "Comparable", "Exception", "Error", "Throwable", "Lazy", "Enum",
            "Regex", "StringBuilder", "Thread", "Runnable", "Process", "System", "Math", "Integer",
            "Character",
        ]
    )

    /// Null tests through the runtime: Kotlin's flow analysis would decide a second test of the
    /// same value after `x == null` and warn "condition is always 'false'", which a filter and a
    /// count over it, fused into one closure, may hold (`val == null` there, `val != null` here).
    static let nullTest = (isNull: "Match.isNull(%)", isNotNull: "!Match.isNull(%)")

    /// A double literal that reads as one: `1.0`, `0.25`, `1e300` (Kotlin takes no `+` in an exponent).
    static func double(_ value: Double) -> String {
        let text = "\(value)"
        return text.contains(where: { ".e".contains($0) }) ? text.replacingOccurrences(of: "e+", with: "e") : text + ".0"
    }

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
        (["package \(package(of: model))", ""] + KotlinImports.lines(for: declarations, flavour: flavour)).joined(separator: "\n")
    }
}

/// The imports a Kotlin file needs: those of the runtime and the flavour's library names it uses.
enum KotlinImports {
    /// The runtime's names (its core's and every flavour layer's, all in one package).
    static let runtime: [String: String] = Dictionary(uniqueKeysWithValues: [
        "Codec", "Codecs", "CollectionStream", "DecodeFailure", "DecodeFailures", "DocumentCodec", "DocumentData", "DocumentIds", "DocumentSnapshot", "RowCodec",
        "DocumentWrite", "FieldChange", "FieldRule", "FieldUpdate", "mergeWrite", "ReadDocument", "updateWrite",
        "DocumentStore", "DocumentStream", "DocumentValue", "FieldPath", "FieldReader", "Match", "QueryFilter",
        "Aggregate", "aggregateRows", "Grouped", "RowOrder", "sortRows", "JoinRows", "QueryOperator", "QueryBound", "QueryOrder", "StoreQuery", "StringEnum", "Timestamp", "Bytes", "GeoPoint", "TypedReference", "countRows", "distinctRows", "fetch", "fetchCount", "filterRows",
        "innerJoin", "leftJoin", "PreCheck", "CounterCheck", "written", "DocumentTransaction", "get", "toOptional", "valueOrThrow", "debounced",
        "MAXIMUM_TRANSACTION_ATTEMPTS", "commitBatch", "runTransaction",
    ].map { ($0, "modelgen.runtime") })

    /// One `import` line per name that `code` uses, sorted.
    static func lines(for code: String, flavour: any KotlinFlavour) -> [String] {
        let modules = runtime.merging(flavour.imports) { first, _ in first }
        return SymbolScanner(code).used(Array(modules.keys)).map { "import \(modules[$0]!).\($0)" }.sorted()
    }
}
