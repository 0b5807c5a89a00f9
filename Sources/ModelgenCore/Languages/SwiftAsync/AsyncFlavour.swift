/// Swift over Swift concurrency (`--lang swift-async`): live streams and declared writes are
/// `LiveStream`s of `ModelgenAsync` — `AsyncSequence`s that listen while iterated, with no
/// Combine — and `LiveValue` holds a stream's latest value for a SwiftUI view. Reads, commits and
/// transactions are `async`, as in every Swift flavour.
struct AsyncFlavour: SwiftFlavour {
    let name = "swift-async"
    let displayName = "Swift (async)"
    let module = "ModelgenAsync"
    let stream = "LiveStream<%>"
    let storeStream = "stream"
    let reservedTypes: Set<String> = ["LiveStream", "LiveValue", "PreCheck"]
    let trace = "verify/swift-async/Trace.swift"
}
