/// Names the generated code or its runtimes already use, so the schema cannot take them.
enum ReservedNames {
    /// The runtime and platform types that generated code names without qualification, in any
    /// of the three languages: a schema type of the same name would hide them.
    static let types: Set<String> = [
        // ModelgenRuntime and the Kotlin and TypeScript runtimes
        "Codec", "Codecs", "CollectionStream", "ContractEquatable", "DecodeFailure", "DecodeFailureHandler",
        "DecodeFailures", "DocumentCodable", "DocumentCodec", "DocumentData", "DocumentDecodingError",
        "DocumentStore", "DocumentStream", "DocumentValue", "FieldCodable", "FieldPath", "FieldReader", "Match",
        "QueryFilter", "QueryOperator", "QueryOrder", "StoreQuery", "StreamScheduler", "Timestamp",
        // Swift, Kotlin and TypeScript types the generated code uses
        "Any", "AnyPublisher", "Bool", "Boolean", "Double", "Error", "Hashable", "Hasher", "Identifiable", "Int",
        "List", "Long", "Map", "Observable", "Optional", "ReadonlyMap", "Scheduler", "SchedulerLike", "Schedulers",
        "Sendable", "String", "Unit",
    ]

    /// Members of the generated model type.
    static let modelMembers: Set<String> = ["store", "scheduler", "onDecodeFailure", "init", "constructor"]
}
