import Foundation

/// Where a stream decodes snapshots and emits: the work after each snapshot runs here.
public struct StreamScheduler: Sendable {
    private let schedule: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// A scheduler that runs work with `schedule`.
    public init(_ schedule: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.schedule = schedule
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

    func run(_ work: @escaping @Sendable () -> Void) {
        schedule(work)
    }
}
