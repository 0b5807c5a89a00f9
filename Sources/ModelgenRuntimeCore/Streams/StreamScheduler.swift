import Foundation

/// Where a stream decodes snapshots and emits: the work after each snapshot runs here, and a
/// debounced stream waits on its clock.
///
/// It keeps its own time (``Time``, ``Interval``), so that tests drive it with ``VirtualTime``;
/// each reactive layer makes it its library's scheduler (a Combine `Scheduler`).
public struct StreamScheduler: Sendable {
    private let schedule: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let clock: Clock

    /// A scheduler that runs work with `schedule`; delayed work waits on the system's clock.
    public init(_ schedule: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.init(schedule, clock: .system)
    }

    private init(_ schedule: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void, clock: Clock) {
        self.schedule = schedule
        self.clock = clock
    }

    /// Runs work at once, on the thread that delivered the snapshot (tests, vectors).
    public static let immediate = StreamScheduler { $0() }

    /// Runs work on `queue`, in order if it is serial.
    public static func queue(_ queue: DispatchQueue) -> StreamScheduler {
        StreamScheduler { queue.async(execute: $0) }
    }

    /// A new serial background queue: the default of a generated model, whose streams then
    /// decode off the main thread and in order.
    public static func background(label: String = "modelgen.streams") -> StreamScheduler {
        .queue(DispatchQueue(label: label, qos: .userInitiated))
    }

    /// Runs nothing until `time` is advanced: work due now at `time.advance(by: .zero)`, delayed
    /// work (a debounce) once the time passes it — as RxJava's `TestScheduler` and RxJS's
    /// `VirtualTimeScheduler` do: streams tested in virtual time.
    public static func virtual(_ time: VirtualTime) -> StreamScheduler {
        StreamScheduler({ work in _ = time.enqueue(at: time.now, UncheckedAction(work)) }, clock: .virtual(time))
    }

    /// Runs `work` here.
    package func run(_ work: @escaping @Sendable () -> Void) {
        schedule(work)
    }

    /// The scheduler's clock: the system's uptime, or virtual time.
    public var now: Time {
        switch clock {
        case .system: Time(nanoseconds: Int64(clamping: DispatchTime.now().uptimeNanoseconds))
        case let .virtual(time): time.now
        }
    }

    /// Runs `action` here at `date`, unless cancelled first.
    package func delay(until date: Time, _ action: UncheckedAction) -> Cancelling {
        switch clock {
        case .system:
            let item = DispatchWorkItem { [schedule] in schedule { action.run() } }
            let nanoseconds = UInt64(clamping: date.nanoseconds)
            DispatchQueue.global().asyncAfter(deadline: DispatchTime(uptimeNanoseconds: max(nanoseconds, 1)), execute: item)
            return Cancelling { item.cancel() }
        case let .virtual(time):
            return time.enqueue(at: date, action)
        }
    }

    private enum Clock: Sendable {
        case system
        case virtual(VirtualTime)
    }

    /// A point on a scheduler's clock, in nanoseconds.
    public struct Time: Strideable, Hashable, Sendable {
        public var nanoseconds: Int64

        public init(nanoseconds: Int64) {
            self.nanoseconds = nanoseconds
        }

        public func distance(to other: Time) -> Interval {
            Interval(nanoseconds: other.nanoseconds &- nanoseconds)
        }

        public func advanced(by interval: Interval) -> Time {
            Time(nanoseconds: nanoseconds &+ interval.nanoseconds)
        }
    }
}

/// Cancels scheduled work when told, and only then (an `AnyCancellable` also cancels when it
/// goes away, which would cancel work scheduled without keeping its canceller).
package struct Cancelling: @unchecked Sendable {
    let cancelling: () -> Void

    package init(_ cancelling: @escaping () -> Void) {
        self.cancelling = cancelling
    }

    package func cancel() {
        cancelling()
    }
}

/// An action a library hands a scheduler, which it runs once on the scheduler's terms.
package struct UncheckedAction: @unchecked Sendable {
    package let run: () -> Void

    package init(_ run: @escaping () -> Void) {
        self.run = run
    }
}
