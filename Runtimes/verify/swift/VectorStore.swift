import ModelgenRuntimeCore

/// The store vectors run against: the in-memory store.
public typealias VectorStore = InMemoryStore
