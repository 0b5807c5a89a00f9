import Foundation

/// kotlinx-coroutines' core for the Flow flavour, taken out of the Kotlin compiler's jar (the
/// kotlin-jupyter-kernel wheel carries it unrelocated) into a jar of its own beside it, once.
enum CoroutinesJar {
    /// The entries taken: the classes, and the module file and version the compiler reads.
    /// `_COROUTINE` holds the frames of its stack-trace recovery, which an error thrown in a flow needs.
    static let entries = ["kotlinx/coroutines", "_COROUTINE", "META-INF/kotlinx-coroutines-core.kotlin_module", "META-INF/kotlinx_coroutines_core.version"]
    /// A class every jar of kotlinx-coroutines' core holds.
    static let probe = "kotlinx/coroutines/flow/Flow.class"

    /// The jar beside `compilerJar`, made with `jarTool` (the JDK's `jar`) if it is not there yet;
    /// or why it cannot be made here.
    static func beside(compilerJar: String, jarTool: String?) -> ToolchainStatus<[String]> {
        let folder = (compilerJar as NSString).deletingLastPathComponent
        let jar = (folder as NSString).appendingPathComponent("modelgen-kotlinx-coroutines-core.jar")
        if FileManager.default.fileExists(atPath: jar) { return .available([jar]) }
        guard let jarTool else {
            return .missing(install: "kotlinx-coroutines is taken out of the Kotlin compiler's jar with the JDK's `jar` tool, which is not on the PATH (a JRE has none): install a JDK, such as openjdk-17-jdk-headless")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            return .missing(install: "kotlinx-coroutines is taken out of the Kotlin compiler's jar into \(folder), which cannot be written: make it writable, or set MODELGEN_TOOLCHAINS to a folder of your own and run \(ToolchainCache.installHint)")
        }
        do {
            try extract(from: compilerJar, into: jar, with: jarTool)
            return .available([jar])
        } catch {
            return .missing(install: "kotlinx-coroutines could not be taken out of \(compilerJar): \(error)")
        }
    }

    /// `jar x` of the entries, `jar c` of them into a partial file of a name no other process
    /// uses, checked for ``probe``, then moved in place.
    static func extract(from compilerJar: String, into jar: String, with tool: String) throws {
        let folder = try makeTemporaryDirectory("modelgen-coroutines")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try succeed(ProcessRunner.run(tool, ["xf", compilerJar] + entries, in: folder), "jar xf")
        let partial = jar + ".partial-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: partial) }
        let roots = ["kotlinx", "_COROUTINE", "META-INF"].filter { FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0)) }
        guard !roots.isEmpty else { throw ToolchainError("\(compilerJar) holds no \(probe)") }
        try succeed(ProcessRunner.run(tool, ["cf", partial] + roots.flatMap { ["-C", folder, $0] }), "jar cf")
        let listing = try ProcessRunner.run(tool, ["tf", partial])
        try succeed(listing, "jar tf")
        guard listing.stdout.split(separator: "\n").contains(Substring(probe)) else {
            throw ToolchainError("\(compilerJar) holds no \(probe)")
        }
        // Another process may have put its jar there first: theirs is the same.
        do {
            try FileManager.default.moveItem(atPath: partial, toPath: jar)
        } catch where FileManager.default.fileExists(atPath: jar) {}
    }

    private static func succeed(_ output: ProcessOutput, _ command: String) throws {
        guard output.succeeded else { throw ToolchainError("\(command) failed: \(output.stderr)") }
    }
}
