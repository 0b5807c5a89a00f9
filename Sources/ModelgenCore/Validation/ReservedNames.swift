/// Names the generated code or its runtimes already use, so the schema cannot take them.
enum ReservedNames {
    /// Runtime and platform types that generated code names without qualification.
    static let types: Set<String> = [
        // ModelgenRuntime and the Kotlin and TypeScript runtimes
        "DocumentValue", "DocumentData", "DocumentSnapshot", "DocumentStore", "InMemoryStore",
        "FirestoreStore", "Timestamp", "StoreQuery", "QueryFilter", "FieldPath", "StreamScheduler",
        "DecodeFailure", "DecodingError", "CollectionStream", "DocumentStream", "Match", "Streams",
        "ListenerRegistration", "WriteBatch", "DocumentReader",
        // Swift, Kotlin and TypeScript types used by the generated code
        "String", "Int", "Double", "Bool", "Array", "Dictionary", "Optional", "Error", "Never",
        "AnyPublisher", "Hasher", "Hashable", "Sendable", "Equatable", "Observable", "List", "Map",
        "Long", "Boolean", "Any", "Unit", "Pair", "Scheduler", "Schedulers", "Record", "Promise",
        "ReadonlyArray", "SchedulerLike", "Object", "Number", "Function", "Symbol", "Date",
    ]

    /// Members of the generated model type.
    static let modelMembers: Set<String> = ["store", "scheduler", "onDecodeFailure", "init", "constructor"]
}
