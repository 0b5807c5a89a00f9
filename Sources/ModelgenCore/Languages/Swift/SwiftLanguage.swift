/// Swift over one reactive library (its ``SwiftFlavour``): one file per schema that imports the
/// flavour's runtime layer, a library of this package. Its spelling tables are here; its names
/// and stream methods, declarations and vector runners are in the files beside this one.
struct SwiftLanguage: LanguageDefinition {
    let flavour: any SwiftFlavour

    init(_ flavour: any SwiftFlavour) {
        self.flavour = flavour
    }

    var name: String { flavour.name }
    var displayName: String { flavour.displayName }
    /// Swift's settings and renames, which every flavour takes from the schema's `swift:`.
    var schemaName: String { "swift" }
    let fileExtension = "swift"
    let settings: [LanguageSetting] = []
    let runtimes: [RuntimeFolder] = []

    let names = NameTable(
        type: SwiftNames.identifier, member: SwiftNames.identifier, variable: SwiftNames.identifier, label: SwiftNames.argumentLabel,
        enumCase: { SwiftNames.identifier(NameCase.lowerCamel($0)) }
    )
    let types = TypeTable(string: "String", int: "Int", double: "Double", bool: "Bool", timestamp: "Timestamp", bytes: "Data", geopoint: "GeoPoint", array: "[%]", map: "[String: %]", optional: "%?")
    /// Swift's literals take the type they are used as: `0` is a `Double` where one is expected.
    let literals = LiteralTable(null: "nil", emptyList: "[]", emptyMap: "[:]", list: "[%]", number: Self.double)
    let strings = StringLiteralStyle(extraEscapes: ["\0": "\\0"], codePoint: StringLiteralStyle.bracedCodePoint)
    let docComments = DocCommentStyle.slashes
    let syntax = SyntaxTable(indent: "    ", selfReference: "self", optionalChainShortCircuits: true, docLink: "``%``", closure: "{ $row in $body }", keyClosure: "{ $body }", implicitRow: "$0", document: "%?", count: "Int", nullTest: ("% == nil", "% != nil"))
    /// ModelgenRuntime's `StoreQuery`, whose values are Swift literals and whose operators are cases of `QueryOperator`.
    let queries = QueryTable(
        field: "[%]", documentID: ".documentID", values: LiteralTable(null: "nil", emptyList: "[]", emptyMap: "[:]", list: "[%]", number: Self.double),
        comparison: ".compare($field, .$op, $value)", operators: [
            .equal: "equal", .notEqual: "notEqual", .less: "less", .lessOrEqual: "lessOrEqual",
            .greater: "greater", .greaterOrEqual: "greaterOrEqual", .isIn: "isIn", .notIn: "notIn", .contains: "arrayContains", .containsAny: "arrayContainsAny",
        ],
        and: (".and([", "])"), or: (".or([", "])"), order: ".$direction($field)",
        bound: "QueryBound($values, inclusive: $inclusive)", rowBound: "$parameter.map { $row in $bound }", optionalChain: "(%)", open: "StoreQuery(", label: "$label: ", close: ")",
        collectionGroup: [("collectionGroup", "$id")]
    )

    /// The language's reserved names with the flavour's library's.
    var reservedNames: ReservedNames {
        var names = Self.reservedNames
        names.types.formUnion(flavour.reservedTypes)
        return names
    }

    private static let reservedNames = ReservedNames(
        types: [
            // ModelgenRuntimeCore
            "CollectionStream", "ContractEquatable", "DecodeFailure", "DecodeFailureHandler", "DocumentCodable",
            "DocumentData", "DocumentDecodingError", "DocumentStore", "DocumentStream", "DocumentValue", "FieldCodable",
            "FieldPath", "FieldReader", "JoinRows", "Match", "QueryBound", "StoreQuery", "StreamScheduler", "Timestamp", "GeoPoint", "TypedReference", "DocumentWrite",
            "DocumentID", "FieldChange", "KeyChange", "FieldUpdate", "FieldRule", "ConstraintError", "ReadDocument", "StringEnum", "Aggregate", "AggregateError", "ExactSum", "Grouped", "RowOrder",
            "DocumentRow", "DocumentSnapshot",
            // The model's own nested type of store queries
            "Queries",
            // The standard library
            "Bool", "Data", "Double", "Error", "Hashable", "Hasher", "Identifiable", "Int", "Sendable", "String",
        ],
        streams: [
            "init": "a Swift initializer", "deinit": "a Swift deinitializer",
            "combineLatest": "the runtime's function that combine streams call in Swift",
        ],
        fields: [
            "documentData": "a member of the generated types", "documentValue": "a member of the generated types",
            "hashValue": "a member of the generated types (Hashable)",
            "self": "not a property name Swift allows", "init": "not a property name Swift allows",
        ],
        standard: [
            // The standard library and Foundation
            "Task", "Result", "Data", "Date", "URL", "UUID", "Set", "Array", "Dictionary", "Character", "Float",
            "Decimal", "Range", "Never", "Void", "Locale", "Calendar", "TimeZone", "Timer", "Notification", "Bundle",
            "Process", "Thread", "Operation", "Measurement", "Progress", "Predicate",
            // SwiftUI and Observation
            "View", "Text", "Image", "Color", "Button", "List", "Section", "Form", "Label", "Link", "Menu", "Group",
            "Toggle", "Picker", "Table", "Font", "Binding", "State", "Environment", "Observable",
        ],
        enumCases: ["allCases", "rawValue", "hashValue", "documentValue", "valueWhenMissing", "self", "init"]
    )

    /// A double literal that reads as one: `1.0`, `0.25`, `1e+300`.
    static func double(_ value: Double) -> String {
        let text = "\(value)"
        return text.contains(where: { ".e".contains($0) }) ? text : text + ".0"
    }

    func path(for model: Model) -> String {
        "\(model.baseName).swift"
    }

    /// The flavour's runtime layer, and Foundation where a bytes field needs its `Data`.
    func preamble(for model: Model, declarations: String) -> String {
        (SymbolScanner(declarations).used(["Data"]).isEmpty ? "" : "import Foundation\n") + "import \(flavour.module)"
    }
}
