import Testing
@testable import ModelgenAsync

@Suite struct DebounceTests {
    @Test func emitsTheLastValueOfABurstOnceTheInputIsQuiet() {
        let time = VirtualTime()
        let input = Subject<Int>()
        let recorder = Recorder(input.stream.debounced(milliseconds: 300, scheduler: .virtual(time)))
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
        let input = Subject<Double>()
        let recorder = Recorder(input.stream.debounced(milliseconds: 10, scheduler: .virtual(time)))
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

    /// As Combine's `debounce`: the failure is scheduled at once, without the wait, and the
    /// value waiting is dropped.
    @Test func passesAnErrorOnAtOnceAndDropsTheWaitingValue() {
        let time = VirtualTime()
        let input = Subject<Int>()
        let recorder = Recorder(input.stream.debounced(milliseconds: 300, scheduler: .virtual(time)))
        input.send(1)
        input.fail(StoreError.notFound(["x"]))
        #expect(!recorder.isFinished, "delivered on the scheduler")
        time.advance(by: .zero)
        #expect(recorder.failure as? StoreError == .notFound(["x"]))
        time.advance(by: .seconds(1))
        #expect(recorder.values.isEmpty)
        #expect(input.subscribers == 0)
    }

    @Test func passesAFinishOnAtOnceAndDropsTheWaitingValue() {
        let time = VirtualTime()
        let input = Subject<Int>()
        let recorder = Recorder(input.stream.debounced(milliseconds: 300, scheduler: .virtual(time)))
        input.send(1)
        time.advance(by: .seconds(1))
        input.send(2)
        input.finish()
        time.advance(by: .zero)
        #expect(recorder.isFinished && recorder.failure == nil)
        time.advance(by: .seconds(1))
        #expect(recorder.values == [1])
    }

    @Test func cancellingDropsTheWaitingValue() {
        let time = VirtualTime()
        let input = Subject<Int>()
        let recorder = Recorder(input.stream.debounced(milliseconds: 300, scheduler: .virtual(time)))
        input.send(1)
        recorder.cancel()
        #expect(input.subscribers == 0)
        time.advance(by: .seconds(1))
        #expect(recorder.values.isEmpty)
    }

    @Test func waitsOnTheSystemClock() async throws {
        let input = Subject<Int>()
        let iterator = input.stream.debounced(milliseconds: 30, scheduler: .background()).makeAsyncIterator()
        let first = Task { try await iterator.next() }
        #expect(await eventually { input.subscribers == 1 })
        let start = ContinuousClock.now
        for value in 1...3 { input.send(value) }
        #expect(try await first.value == 3)
        #expect(ContinuousClock.now - start >= .milliseconds(30))
    }
}
