import Foundation

/// Time that passes only when it is advanced: the clock of ``StreamScheduler/virtual(_:)``,
/// with which tests drive debounced streams in every reactive layer (OpenCombine has no test
/// scheduler, and combine-schedulers' needs Apple's Combine).
public final class VirtualTime: @unchecked Sendable {
    private struct Pending {
        var sequence: Int
        var date: StreamScheduler.Time
        var action: UncheckedAction
    }

    /// Recursive: a due action may schedule more.
    private let lock = NSRecursiveLock()
    private var current = StreamScheduler.Time(nanoseconds: 0)
    private var pending: [Pending] = []
    private var lastSequence = 0

    public init() {}

    public var now: StreamScheduler.Time {
        lock.withLock { current }
    }

    /// Moves time forward by `interval`, running each action that falls due on the way at its
    /// time: in time order, and in the order they were scheduled at the same time.
    public func advance(by interval: StreamScheduler.Interval) {
        let end = now.advanced(by: interval)
        while let next = lock.withLock({ () -> Pending? in
            guard let index = pending.indices.min(by: { (pending[$0].date, pending[$0].sequence) < (pending[$1].date, pending[$1].sequence) }),
                  pending[index].date <= end
            else {
                current = max(current, end)
                return nil
            }
            current = max(current, pending[index].date)
            return pending.remove(at: index)
        }) {
            next.action.run()
        }
    }

    package func enqueue(at date: StreamScheduler.Time, _ action: UncheckedAction) -> Cancelling {
        let sequence = lock.withLock {
            lastSequence += 1
            pending.append(Pending(sequence: lastSequence, date: date, action: action))
            return lastSequence
        }
        return Cancelling { [weak self] in
            self?.lock.withLock { self?.pending.removeAll { $0.sequence == sequence } }
        }
    }
}
