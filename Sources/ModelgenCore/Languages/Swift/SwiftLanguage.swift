/// Swift over Combine: one file per schema that imports ModelgenRuntime, a library of this package.
struct SwiftLanguage: LanguageDefinition {
    let name = "swift"
    let fileExtension = "swift"
    let spelling: any Spelling = SwiftSpelling()
    let settings: [LanguageSetting] = []
    let runtime: (source: String, destination: String)? = nil
    let verification: any VectorVerification = SwiftVerification()

    let reservedNames = ReservedNames(
        types: [
            // ModelgenRuntime
            "CollectionStream", "ContractEquatable", "DecodeFailure", "DecodeFailureHandler", "DocumentCodable",
            "DocumentData", "DocumentDecodingError", "DocumentStore", "DocumentStream", "DocumentValue", "FieldCodable",
            "FieldPath", "FieldReader", "Match", "StoreQuery", "StreamScheduler", "Timestamp",
            // The standard library and Combine
            "AnyPublisher", "Bool", "Double", "Error", "Hashable", "Hasher", "Identifiable", "Int", "Sendable", "String",
        ],
        streams: ["init": "a Swift initializer", "deinit": "a Swift deinitializer"],
        fields: [
            "documentData": "a member of the generated types", "documentValue": "a member of the generated types",
            "hashValue": "a member of the generated types (Hashable)",
            "self": "not a property name Swift allows", "init": "not a property name Swift allows",
        ]
    )

    func path(for model: Model) -> String {
        "\(model.baseName).swift"
    }

    func preamble(for model: Model, declarations: String) -> String {
        "import ModelgenRuntime"
    }
}
