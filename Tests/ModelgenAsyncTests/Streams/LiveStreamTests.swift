import Testing
@testable import ModelgenAsync

/// What every `LiveStream` subscription guarantees, whatever produces its events.
@Suite struct LiveStreamTests {
    @Test func nothingIsDeliveredAfterTheEnd() {
        let cancelled = Calls<String>()
        let careless = LiveStream<Int> { receive in
            receive(.value(1))
            receive(.finished)
            receive(.value(2))
            receive(.failure(StoreError.offline))
            return LiveSubscription { cancelled.append("upstream") }
        }
        let recorder = Recorder(careless)
        #expect(recorder.values == [1] && recorder.isFinished && recorder.failure == nil)
        #expect(cancelled.all == ["upstream"], "a stream that ends while it starts is cancelled once it returns")
        recorder.cancel()
        #expect(cancelled.all == ["upstream"])
    }

    @Test func nothingIsDeliveredAfterACancel() {
        let held = Locked<(@Sendable (LiveStream<Int>.Event) -> Void)?>(nil)
        let deaf = LiveStream<Int> { receive in
            held.withLock { $0 = receive }
            return LiveSubscription {}
        }
        let recorder = Recorder(deaf)
        held.withLock { $0 }?(.value(1))
        recorder.cancel()
        held.withLock { $0 }?(.value(2))
        held.withLock { $0 }?(.finished)
        #expect(recorder.values == [1] && !recorder.isFinished)
    }

    @Test func aSubscriptionCancelsOnce() {
        let calls = Calls<Int>()
        let subscription = LiveSubscription { calls.append(1) }
        subscription.cancel()
        subscription.cancel()
        #expect(calls.all == [1])
    }

    @Test func eachSubscriptionStartsTheStreamAgain() {
        let started = Calls<Int>()
        let stream = LiveStream<Int> { receive in
            started.append(1)
            receive(.value(started.all.count))
            return LiveSubscription {}
        }
        #expect(started.all.isEmpty, "cold")
        #expect(Recorder(stream).values == [1])
        #expect(Recorder(stream).values == [2])
    }
}
