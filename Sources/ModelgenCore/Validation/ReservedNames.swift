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

    /// Names a stream (a method of the generated model) cannot have, and why.
    static let streamNames: [String: String] = [
        "store": "a property of the generated model", "scheduler": "a property of the generated model",
        "onDecodeFailure": "a property of the generated model",
        "init": "a Swift initializer", "deinit": "a Swift deinitializer", "constructor": "the TypeScript constructor",
    ].merging(["equals", "hashCode", "toString", "getClass", "notify", "notifyAll", "wait", "clone", "finalize"].map {
        ($0, "a method every Kotlin (Java) object has")
    }) { first, _ in first }

    /// Names a field (a property of the generated types) cannot have, and why.
    static let fieldNames: [String: String] = [
        "documentData": "a member of the generated types", "documentValue": "a member of the generated types",
        "hashValue": "a member of the generated types (Hashable)",
        "self": "not a property name Swift allows", "init": "not a property name Swift allows",
    ]
}
