/// The reactive library a Swift output is written over: its runtime layer's module, how a live
/// stream is typed and made from the store, and the vector runners' trace of it. Everything else
/// — types, codecs, queries, writes, one-shot `async` reads, transactions, the runtime's core —
/// is the Swift language's, the same in every flavour. Each flavour is a folder of `Languages/`
/// (`SwiftCombine/`, `SwiftAsync/`) with a module of its own over `ModelgenRuntimeCore`, and a
/// line of ``Language/all``.
protocol SwiftFlavour: Sendable {
    /// The `--lang` name: `swift` for the default flavour, `swift-async`.
    var name: String { get }
    /// The output's name in messages: `Swift`, `Swift (async)`.
    var displayName: String { get }
    /// The runtime layer's module, which generated code imports and runners depend on.
    var module: String { get }
    /// A live stream's type, of its element `%`: `AnyPublisher<%, any Error>`.
    var stream: String { get }
    /// The static function of `DocumentStream` and `CollectionStream` that makes a live stream.
    var storeStream: String { get }
    /// Names of the library and the layer that generated code names unqualified.
    var reservedTypes: Set<String> { get }
    /// The runners' trace of the layer's streams, under `Runtimes/`.
    var trace: String { get }
}
