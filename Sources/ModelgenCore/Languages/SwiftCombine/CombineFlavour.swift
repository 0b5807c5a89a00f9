/// Swift over Combine (`--lang swift`, the default): live streams and declared writes are
/// `AnyPublisher`s of `ModelgenRuntime`, which re-exports Combine (OpenCombine on Linux).
struct CombineFlavour: SwiftFlavour {
    let name = "swift"
    let displayName = "Swift"
    let module = "ModelgenRuntime"
    let stream = "AnyPublisher<%, any Error>"
    let storeStream = "publisher"
    let reservedTypes: Set<String> = ["AnyPublisher", "PreCheck"]
    let trace = "verify/swift-combine/Trace.swift"
}
