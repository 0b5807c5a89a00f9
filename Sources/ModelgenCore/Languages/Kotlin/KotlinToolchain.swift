import Foundation

/// kotlinc and the JVM with RxJava 3 on the class path.
public struct KotlinToolchain: Sendable {
    public let kotlinc: String
    public let kotlin: String
    /// RxJava 3 and Reactive Streams jars.
    public let classPath: [String]

    public static let installHint = "apt-get install -y kotlin librx-java libreactive-streams-java"

    /// Looks for kotlinc, kotlin and the RxJava jars (`MODELGEN_RXJAVA_CLASSPATH` overrides the Debian paths).
    public static func find() -> ToolchainStatus<KotlinToolchain> {
        let jars = ProcessInfo.processInfo.environment["MODELGEN_RXJAVA_CLASSPATH"].map { $0.split(separator: ":").map(String.init) }
            ?? ["/usr/share/java/rxjava.jar", "/usr/share/java/reactive-streams.jar"]
        guard let kotlinc = ProcessRunner.find("kotlinc"), let kotlin = ProcessRunner.find("kotlin"),
              jars.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) else {
            return .missing(install: installHint)
        }
        return .available(KotlinToolchain(kotlinc: kotlinc, kotlin: kotlin, classPath: jars))
    }

    /// Compiles the Kotlin `files` (relative path → text) into a jar with warnings as errors.
    /// Throws with the compiler's messages if it reports any problem.
    public func compile(_ files: [String: String], into jar: String) throws {
        try withSources(files, ending: ".kt") { directory, sources in
            let output = try ProcessRunner.run(kotlinc, ["-Werror", "-cp", classPath.joined(separator: ":"), "-d", jar] + sources)
            let problems = problemLines(output.stderr + output.stdout)
            guard output.succeeded, problems.isEmpty else {
                throw ToolchainError("kotlinc failed:\n" + (problems.isEmpty ? output.stderr : problems.joined(separator: "\n")).replacingOccurrences(of: directory + "/", with: ""))
            }
        }
    }

    /// Runs `mainClass` from `jar` with RxJava on the class path.
    public func run(jar: String, mainClass: String, arguments: [String] = []) throws -> ProcessOutput {
        try ProcessRunner.run(kotlin, ["-cp", ([jar] + classPath).joined(separator: ":"), mainClass] + arguments)
    }
}
