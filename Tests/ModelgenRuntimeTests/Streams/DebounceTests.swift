import ModelgenRuntime
import StreamRecorder
import Testing

@Suite struct DebounceTests {
    @Test func emitsTheLastValueOfABurstOnceTheInputIsQuiet() {
        let time = VirtualTime()
        let input = PassthroughSubject<Int, any Error>()
        let recorder = Recorder(input.debounced(milliseconds: 300, scheduler: .virtual(time)))
        input.send(1)
        time.advance(by: .milliseconds(299))
        #expect(recorder.values.isEmpty)
        input.send(2)
        time.advance(by: .milliseconds(299))
        input.send(3)
        time.advance(by: .milliseconds(299))
        #expect(recorder.values.isEmpty, "each value restarts the wait")
        time.advance(by: .milliseconds(1))
        #expect(recorder.values == [3])
        #expect(time.now == StreamScheduler.Time(nanoseconds: 898_000_000))
    }

    @Test func leavesOutALastValueEqualToTheOneBefore() {
        let time = VirtualTime()
        let input = PassthroughSubject<Double, any Error>()
        let recorder = Recorder(input.debounced(milliseconds: 10, scheduler: .virtual(time)))
        input.send(.nan)
        time.advance(by: .seconds(1))
        input.send(1)
        input.send(.nan)
        time.advance(by: .seconds(1))
        input.send(-0.0)
        time.advance(by: .seconds(1))
        input.send(0.0)
        time.advance(by: .seconds(1))
        #expect(recorder.values.count == 2 && recorder.values[0].isNaN && recorder.values[1] == 0)
    }

    @Test func passesAnErrorOnAtOnceAndDropsTheWaitingValue() {
        let time = VirtualTime()
        let input = PassthroughSubject<Int, any Error>()
        let recorder = Recorder(input.debounced(milliseconds: 300, scheduler: .virtual(time)))
        input.send(1)
        input.send(completion: .failure(StoreError.notFound(["x"])))
        time.advance(by: .zero)  // the clock runs the work due now; the error does not wait
        #expect(recorder.failure as? StoreError == .notFound(["x"]))
        time.advance(by: .seconds(1))
        #expect(recorder.values.isEmpty)
    }

    @Test func cancellingDropsTheWaitingValue() {
        let time = VirtualTime()
        let input = PassthroughSubject<Int, any Error>()
        let recorder = Recorder(input.debounced(milliseconds: 300, scheduler: .virtual(time)))
        input.send(1)
        recorder.cancel()
        time.advance(by: .seconds(1))
        #expect(recorder.values.isEmpty)
    }

    /// As RxJava's `TestScheduler` and RxJS's `VirtualTimeScheduler`: nothing runs, not even work
    /// due now, until the clock is advanced (by zero for that work).
    @Test func virtualTimeRunsNothingUntilAdvanced() {
        let time = VirtualTime()
        let scheduler = StreamScheduler.virtual(time)
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let subscription = subject.receive(on: scheduler).sink { received.append($0) }
        subject.send(1)
        #expect(received.isEmpty)
        time.advance(by: .zero)
        #expect(received == [1])
        #expect(time.now == StreamScheduler.Time(nanoseconds: 0))
        subscription.cancel()
    }

    @Test func virtualTimeRunsWorkInTimeOrderThenInTheOrderScheduled() {
        let time = VirtualTime()
        let scheduler = StreamScheduler.virtual(time)
        var order: [String] = []
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(20))) { order.append("b") }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(10))) { order.append("a") }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(20))) { order.append("c") }
        let repeating = scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(15)), interval: .milliseconds(10)) { order.append("r") }
        time.advance(by: .milliseconds(19))
        #expect(order == ["a", "r"])
        time.advance(by: .milliseconds(6))
        #expect(order == ["a", "r", "b", "c", "r"])
        repeating.cancel()
        time.advance(by: .seconds(1))
        #expect(order == ["a", "r", "b", "c", "r"])
        #expect(StreamScheduler.Interval.seconds(1.5) == .milliseconds(1500) && 2 as StreamScheduler.Interval == .seconds(2))
    }
}
