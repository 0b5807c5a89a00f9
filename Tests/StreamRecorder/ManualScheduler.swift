import Foundation
import ModelgenRuntime

/// A scheduler that queues work until the test runs it.
public final class ManualScheduler: @unchecked Sendable {
    private let lock = NSLock()
    private var queue: [@Sendable () -> Void] = []

    public init() {}

    public var scheduler: StreamScheduler {
        StreamScheduler { [self] work in lock.lock(); queue.append(work); lock.unlock() }
    }

    public var pending: Int { lock.lock(); defer { lock.unlock() }; return queue.count }

    public func runAll() {
        lock.lock()
        let work = queue
        queue = []
        lock.unlock()
        work.forEach { $0() }
    }
}
