import Foundation
import Testing
@testable import ModelgenCore

/// The Flow flavour's kotlinx-coroutines jar, taken out of a compiler's jar: made once, checked
/// before it is put in place, and, when it cannot be made, a hint that says why.
@Suite struct CoroutinesJarTests {
    /// A folder holding a compiler jar made of `entries` (path → bytes).
    private func compilerJar(_ entries: [String: String], jarTool: String) throws -> (folder: String, jar: String) {
        let folder = try makeTemporaryDirectory("coroutines-jar-test")
        let contents = folder + "/contents"
        for (path, text) in entries {
            let file = contents + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        let jar = folder + "/jars/compiler-all.jar"
        try FileManager.default.createDirectory(atPath: folder + "/jars", withIntermediateDirectories: true)
        let roots = Set(entries.keys.map { String($0.split(separator: "/")[0]) }).sorted()
        #expect(try ProcessRunner.run(jarTool, ["cf", jar] + roots.flatMap { ["-C", contents, $0] }).succeeded)
        return (folder, jar)
    }

    @Test func theCoroutinesAreTakenOutOnceAndCheckedForFlow() throws {
        let tool = try #require(ProcessRunner.find("jar"), "the JDK's jar tool")
        let (folder, compiler) = try compilerJar(["kotlinx/coroutines/flow/Flow.class": "flow", "kotlin/Unit.class": "unit"], jarTool: tool)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard case let .available(jars) = CoroutinesJar.beside(compilerJar: compiler, jarTool: tool) else {
            Issue.record("no jar made")
            return
        }
        #expect(jars == [folder + "/jars/modelgen-kotlinx-coroutines-core.jar"])
        let listing = try ProcessRunner.run(tool, ["tf", jars[0]]).stdout.split(separator: "\n")
        #expect(listing.contains("kotlinx/coroutines/flow/Flow.class") && !listing.contains("kotlin/Unit.class"), "\(listing)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/jars").sorted() == ["compiler-all.jar", "modelgen-kotlinx-coroutines-core.jar"])
        // Made once: found again without the jar tool.
        guard case .available = CoroutinesJar.beside(compilerJar: compiler, jarTool: nil) else {
            Issue.record("the jar made is not found again")
            return
        }
    }

    @Test func aCompilerJarWithoutFlowPutsNoJarInPlace() throws {
        let tool = try #require(ProcessRunner.find("jar"), "the JDK's jar tool")
        let (folder, compiler) = try compilerJar(["kotlinx/coroutines/Job.class": "job"], jarTool: tool)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard case let .missing(hint) = CoroutinesJar.beside(compilerJar: compiler, jarTool: tool) else {
            Issue.record("a jar without Flow was put in place")
            return
        }
        #expect(hint.contains("holds no kotlinx/coroutines/flow/Flow.class"), "\(hint)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/jars") == ["compiler-all.jar"], "no jar, no partial file left")
    }

    @Test func withoutTheJarToolTheHintAsksForAJDK() throws {
        let folder = try makeTemporaryDirectory("coroutines-jar-test")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard case let .missing(hint) = CoroutinesJar.beside(compilerJar: folder + "/compiler-all.jar", jarTool: nil) else {
            Issue.record("a jar without the jar tool")
            return
        }
        #expect(hint.contains("`jar` tool, which is not on the PATH (a JRE has none): install a JDK"), "\(hint)")
    }

    @Test func aFolderThatCannotBeWrittenIsNamedInTheHint() throws {
        let tool = try #require(ProcessRunner.find("jar"), "the JDK's jar tool")
        // A folder that does not exist cannot be written, even by root.
        let folder = "/nonexistent-\(UUID().uuidString)/jars"
        guard case let .missing(hint) = CoroutinesJar.beside(compilerJar: folder + "/compiler-all.jar", jarTool: tool) else {
            Issue.record("a jar in a folder that cannot be written")
            return
        }
        #expect(hint.contains("into \(folder), which cannot be written"), "\(hint)")
    }
}
