import Foundation

/// ``StreamScheduler`` as a Combine `Scheduler`, so that `debounce` runs on it with OpenCombine
/// too, and tests drive it with ``VirtualTime``.
extension StreamScheduler: Scheduler {
    public typealias SchedulerOptions = Never

    public var minimumTolerance: Interval { .zero }

    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        let action = UncheckedAction(action)
        run { action.run() }
    }

    public func schedule(after date: Time, tolerance: Interval, options: Never?, _ action: @escaping () -> Void) {
        _ = delay(until: date, UncheckedAction(action))
    }

    public func schedule(after date: Time, interval: Interval, tolerance: Interval, options: Never?, _ action: @escaping () -> Void) -> any Cancellable {
        let repeating = Repeating(action: UncheckedAction(action), interval: interval)
        repeating.start(at: date, on: self)
        return repeating
    }
}

extension StreamScheduler.Interval: SchedulerTimeIntervalConvertible {}

extension Cancelling: Cancellable {}

/// A scheduled action repeated every `interval` until cancelled.
private final class Repeating: Cancellable, @unchecked Sendable {
    private let action: UncheckedAction
    private let interval: StreamScheduler.Interval
    private let lock = NSLock()
    private var next: Cancelling?
    private var isCancelled = false

    init(action: UncheckedAction, interval: StreamScheduler.Interval) {
        self.action = action
        self.interval = interval
    }

    func start(at date: StreamScheduler.Time, on scheduler: StreamScheduler) {
        let scheduled = scheduler.delay(until: date, UncheckedAction { [self] in
            guard !lock.withLock({ isCancelled }) else { return }
            action.run()
            guard !lock.withLock({ isCancelled }) else { return }
            start(at: date.advanced(by: interval), on: scheduler)
        })
        let cancelled = lock.withLock {
            next = scheduled
            return isCancelled
        }
        if cancelled { scheduled.cancel() }
    }

    func cancel() {
        let scheduled = lock.withLock {
            isCancelled = true
            defer { next = nil }
            return next
        }
        scheduled?.cancel()
    }
}
