/// A store query as a stream of decoded rows, and read once; each reactive layer adds its streams.
public enum CollectionStream {}

/// One document as a stream, and read once; each reactive layer adds its streams.
public enum DocumentStream {}
