import Testing
@testable import ModelgenCore

@Suite struct TraceComparisonTests {
    static let swift = Language.all[0], kotlin = Language.all[1]

    @Test func linesOfDifferentLabelsInOneStepMayComeInAnyOrder() {
        let first = Trace(parsing: "step 1\nemit a [1]\nemit b [2]\nemit a [3]\nlisteners 2")
        let second = Trace(parsing: "step 1\nemit b [2]\nemit a [1]\nemit a [3]\nlisteners 2")
        #expect(TraceComparison.firstDifference(("swift", first), ("kotlin", second)) == nil)
    }

    @Test func theOrderOfOneLabelsEmissionsMatters() {
        let first = Trace(parsing: "step 1\nemit a [1]\nemit a [3]")
        let second = Trace(parsing: "step 1\nemit a [3]\nemit a [1]")
        #expect(TraceComparison.firstDifference(("swift", first), ("kotlin", second))?.description == """
            after step 1:
              swift:  after step 1: a: [1]
              kotlin: after step 1: a: [3]
            """)
    }

    @Test func anEmissionOneStepLaterOrMissingIsADifference() {
        let first = Trace(parsing: "step 1\nemit a [1]\nstep 2\nemit a [2]")
        let later = Trace(parsing: "step 1\nemit a [1]\nstep 2\nstep 3\nemit a [2]")
        let missing = Trace(parsing: "step 1\nemit a [1]\nstep 2")
        #expect(TraceComparison.firstDifference(("swift", first), ("kotlin", later))?.step == 2)
        #expect(TraceComparison.firstDifference(("swift", first), ("kotlin", later))?.description.hasPrefix("after step 2:\n  swift:  after step 2: a: [2]\n  kotlin: after step 3: a: [2]") == true)
        #expect(TraceComparison.firstDifference(("swift", first), ("kotlin", missing))?.description == "after step 2:\n  swift:  after step 2: a: [2]\n  kotlin: nothing more")
    }

    @Test func decodeFailuresWriteErrorsAndListenersAreCompared() {
        let base = "step 1\ndecodeFailure x\nwriteError y\nlisteners 1"
        for changed in ["step 1\ndecodeFailure z\nwriteError y\nlisteners 1", "step 1\ndecodeFailure x\nlisteners 1", "step 1\ndecodeFailure x\nwriteError y\nlisteners 2"] {
            #expect(TraceComparison.firstDifference(("swift", Trace(parsing: base)), ("kotlin", Trace(parsing: changed))) != nil, "\(changed)")
        }
    }

    /// A join's read reads both sides at once: its decode failures come in either order.
    @Test func theDecodeFailuresOfOneStepMayComeInAnyOrder() {
        let first = Trace(parsing: "step 1\ndecodeFailure b\ndecodeFailure a\nstep 2\ndecodeFailure c")
        let second = Trace(parsing: "step 1\ndecodeFailure a\ndecodeFailure b\nstep 2\ndecodeFailure c")
        let later = Trace(parsing: "step 1\ndecodeFailure a\nstep 2\ndecodeFailure b\ndecodeFailure c")
        #expect(TraceComparison.firstDifference(("swift", first), ("kotlin", second)) == nil)
        #expect(TraceComparison.firstDifference(("swift", first), ("kotlin", later)) != nil)
        let aligned = TraceCheck.alignedWithinSteps(first.decodeFailures, to: ["a", "b", "c"])
        #expect(aligned.map(\.text) == ["a", "b", "c"])
        #expect(TraceCheck.alignedWithinSteps(later.decodeFailures, to: ["b", "a", "c"]).map(\.text) == ["a", "b", "c"])
    }

    @Test func runsThatFailInEveryLanguageAreNoDifference() {
        let trace = Verifier.Run.trace(Trace(parsing: "step 1"))
        #expect(LanguageDifference.among([(Self.swift, .failed("a")), (Self.kotlin, .failed("b"))]) == nil)
        let difference = LanguageDifference.among([(Self.swift, trace), (Self.kotlin, .failed("crashed"))])
        #expect(difference?.agreeing == [Self.swift])
        #expect(difference?.differing == [Self.kotlin])
        #expect(difference?.description == "a run failed: crashed")
    }
}
