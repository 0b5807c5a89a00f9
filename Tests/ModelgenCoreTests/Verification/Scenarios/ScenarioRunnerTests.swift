import Foundation
import Testing
@testable import ModelgenCore

@Suite struct ScenarioRunnerTests {
    /// A runner standing in for a language's: prints `vector N` and a step for each line, and
    /// stops the process on a line asking it to, as a Swift trap would.
    static let runner = ScenarioRunner(command: "/bin/sh", arguments: ["-c", #"""
        while read -r line; do
          number=$(printf '%s' "$line" | sed 's/^{"vector":\([0-9]*\),.*/\1/')
          model=$(printf '%s' "$line" | sed 's/^{"vector":[0-9]*,"model":\([0-9]*\),.*/\1/')
          echo "vector $number"
          case "$line" in *stop*) echo "stopped in $number" >&2; exit 3 ;; esac
          echo "step 1 of model $model"
        done
        """#])

    @Test func eachScenarioGetsItsOwnOutput() throws {
        let outputs = try Self.runner.run([(model: 2, line: #"{"a":1}"#), (model: 1, line: #"{"b":2}"#)])
        #expect(outputs.map(\.status) == [0, 0])
        #expect(outputs.map { $0.stdout.trimmingCharacters(in: .newlines) } == ["step 1 of model 2", "step 1 of model 1"])
    }

    /// The scenario the runner stopped in fails with its errors; the ones after it run in a new
    /// process, numbered again from 0 there.
    @Test func aStoppedRunnerGoesOnAfterTheScenarioItStoppedIn() throws {
        let lines = [#"{"a":1}"#, #"{"stop":1}"#, #"{"c":3}"#, #"{"stop":2}"#, #"{"e":5}"#]
        let outputs = try Self.runner.run(lines.map { (model: 0, line: $0) })
        #expect(outputs.map(\.succeeded) == [true, false, true, false, true])
        #expect(outputs[1].stderr == "stopped in 1\n")
        #expect(outputs[3].stderr == "stopped in 1\n")
        #expect(outputs[4].stdout.trimmingCharacters(in: .newlines) == "step 1 of model 0")
    }
}

@Suite struct ScenarioCacheTests {
    @Test func aProjectIsBuiltOnceAndAChangedOneAgain() throws {
        let cache = try makeTemporaryDirectory("modelgen-runner-cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        var builds = 0
        let build = { (folder: String) in
            builds += 1
            try "built".write(toFile: folder + "/runner", atomically: true, encoding: .utf8)
        }
        let project = [GeneratedFile(path: "main.ts", contents: "run();")]
        let first = try ScenarioCache.built(project, kind: "typescript", in: cache, build)
        let again = try ScenarioCache.built(project, kind: "typescript", in: cache, build)
        let changed = try ScenarioCache.built([GeneratedFile(path: "main.ts", contents: "run(1);")], kind: "typescript", in: cache, build)
        #expect(first == again)
        #expect(changed != first)
        #expect(builds == 2)
        #expect(FileManager.default.fileExists(atPath: changed + "/runner"))
    }

    /// A build that fails leaves nothing taken for built: the next run builds again.
    @Test func aFailedBuildIsNotKept() throws {
        let cache = try makeTemporaryDirectory("modelgen-runner-cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let project = [GeneratedFile(path: "Main.kt", contents: "fun main() {}")]
        #expect(throws: ToolchainError.self) { try ScenarioCache.built(project, kind: "kotlin", in: cache) { _ in throw ToolchainError("no") } }
        var built = false
        _ = try ScenarioCache.built(project, kind: "kotlin", in: cache) { _ in built = true }
        #expect(built)
    }

    /// The cache keeps the runners used last: one used again stays, the oldest goes.
    @Test func theCacheKeepsTheRunnersUsedLast() throws {
        let cache = try makeTemporaryDirectory("modelgen-runner-cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let project = { (number: Int) in [GeneratedFile(path: "main.ts", contents: "run(\(number));")] }
        let first = try ScenarioCache.built(project(0), kind: "typescript", in: cache) { _ in }
        let second = try ScenarioCache.built(project(1), kind: "typescript", in: cache) { _ in }
        for number in 2...ScenarioCache.capacity {
            _ = try ScenarioCache.built(project(number), kind: "typescript", in: cache) { _ in }
            if number == 2 { _ = try ScenarioCache.built(project(0), kind: "typescript", in: cache) { _ in } }
            Thread.sleep(forTimeInterval: 0.002)
        }
        #expect(FileManager.default.fileExists(atPath: first))
        #expect(!FileManager.default.fileExists(atPath: second))
    }

    /// A build under way in another run (its folder has no marker yet) is never pruned.
    @Test func aBuildUnderWayIsKept() throws {
        let cache = try makeTemporaryDirectory("modelgen-runner-cache")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let building = cache + "/swift-building"
        try FileManager.default.createDirectory(atPath: building, withIntermediateDirectories: true)
        for number in 0...ScenarioCache.capacity {
            _ = try ScenarioCache.built([GeneratedFile(path: "main.ts", contents: "run(\(number));")], kind: "typescript", in: cache) { _ in }
        }
        #expect(FileManager.default.fileExists(atPath: building))
    }
}
