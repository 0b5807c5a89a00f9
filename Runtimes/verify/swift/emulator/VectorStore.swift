/// The store vectors run against: Firestore's emulator.
public typealias VectorStore = EmulatorStore
