import Foundation
import ModelgenCore
import Testing

/// Running the compilers and the runners: their output collected, and a program that runs past
/// its time limit stopped, so that a runner waiting forever fails instead of hanging the run.
@Suite struct ProcessRunnerTests {
    @Test func itCollectsBothOutputsAndTheStatus() throws {
        let output = try ProcessRunner.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(output.status == 3 && output.stdout == "out\n" && output.stderr == "err\n")
    }

    @Test func aProgramPastItsLimitIsStoppedAndFails() throws {
        let started = Date()
        let output = try ProcessRunner.run("/bin/sleep", ["30"], limit: 1)
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(!output.succeeded && output.stderr == "sleep was stopped after 1 s, its time limit\n")
    }
}
