import Foundation

/// Work spread over the machine's cores.
enum Parallel {
    /// `transform` applied to each of `items`, on all cores, in the order of `items`. The items
    /// go in contiguous chunks, a few per core, so that uneven items even out; the first error
    /// (in the order of `items`) is thrown.
    static func map<Item: Sendable, Output>(_ items: [Item], _ transform: @Sendable (Item) throws -> Output) throws -> [Output] {
        let chunks = min(items.count, ProcessInfo.processInfo.activeProcessorCount * 4)
        guard chunks > 1 else { return try items.map(transform) }
        let results = Slots<Result<[Output], any Error>>(count: chunks)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = items.count * chunk / chunks ..< items.count * (chunk + 1) / chunks
            results[chunk] = Result { try items[range].map(transform) }
        }
        return try results.values.flatMap { try $0!.get() }
    }
}

/// One slot per chunk, filled from any thread.
private final class Slots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value?]

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    subscript(index: Int) -> Value? {
        get { lock.withLock { storage[index] } }
        set { lock.withLock { storage[index] = newValue } }
    }

    var values: [Value?] { lock.withLock { storage } }
}
