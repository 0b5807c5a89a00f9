import Observation

/// A stream's latest value for a SwiftUI view, observed while a task runs:
///
///     @State private var room = LiveValue<Room?>()
///     var body: some View {
///         RoomView(room: room.value ?? nil)
///             .task(id: id) { await room.observe(model.room(id: id)) }
///     }
///
/// The view's task ties the stream to the view's lifetime: when the view goes, the task is
/// cancelled and the stream's listeners are removed.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class LiveValue<Element: Sendable> {
    /// The stream's latest value; nil until it has one. A new ``observe(_:)`` keeps it until its
    /// stream has a value, so that a view does not go blank meanwhile.
    public private(set) var value: Element?
    /// The error the stream ended with, if it did.
    public private(set) var error: (any Error)?
    /// True until the stream observed has a value, fails or finishes.
    public private(set) var isLoading = true

    /// The latest call of ``observe(_:)``: only its stream sets the value.
    @ObservationIgnored private var observation = 0

    /// Holds no value, and is loading until a stream observed has a value, fails or finishes.
    public init() {}

    /// Iterates `stream` on the main actor, setting ``value``, ``error`` and ``isLoading``, until
    /// it ends or the calling task is cancelled (which cancels the stream's subscription). A
    /// later call takes over: what the earlier stream still hands over is left out, so that a
    /// view's `.task(id:)` never shows the previous id's value as the new one's.
    public func observe(_ stream: LiveStream<Element>) async {
        observation += 1
        let current = observation
        var isCurrent: Bool { observation == current && !Task.isCancelled }
        error = nil
        isLoading = true
        do {
            for try await value in stream {
                guard isCurrent else { break }
                self.value = value
                isLoading = false
            }
        } catch where isCurrent {
            self.error = error
        } catch {}
        if isCurrent { isLoading = false }
    }
}
