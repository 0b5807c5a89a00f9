import Foundation

/// A Kotlin compiler and the JVM that runs what it compiles, with a flavour's libraries (RxJava 3,
/// kotlinx-coroutines) on the class path.
public struct KotlinToolchain: Sendable {
    /// The Kotlin releases the output is compiled with: the newest (K2) and the oldest supported,
    /// each from a pinned PyPI wheel of kotlin-jupyter-kernel, which carries the compiler.
    public enum Release: String, CaseIterable, Sendable {
        case current = "2.2.20-Beta2"
        case oldest = "1.9.23"

        /// The wheel's version and the name its jars carry.
        var wheel: (version: String, jars: String) {
            switch self {
            case .current: ("0.15.0.598", "0.15.0-598")
            case .oldest: ("0.12.0.322", "0.12.0-322")
            }
        }
    }

    /// The Kotlin version, or `kotlinc` for the one on the `PATH`.
    public let version: String
    /// The command that compiles, before its options.
    let compiler: [String]
    /// The command that runs a main class, up to its class path.
    let runner: [String]
    /// The jars compiled code needs: the flavour's libraries, and the Kotlin standard library
    /// when the compiler does not add its own.
    public let classPath: [String]
    /// The jar of a compiler that a ``KotlinCompileServer`` keeps loaded, and the java to run it.
    var compilerJar: (java: String, jar: String)? = nil

    /// How to install a Kotlin compiler and the default flavour's libraries.
    public static let installHint = installHint(for: RxJavaFlavour())

    static func installHint(for flavour: any KotlinFlavour) -> String {
        ToolchainCache.installHint + ", or kotlinc and kotlin on the PATH; " + flavour.librariesHint
    }

    /// The newest release installed, else kotlinc and kotlin on the `PATH`, with the libraries of
    /// the flavour called `flavour` (`kotlin` for RxJava 3, `kotlin-flow`) on the class path.
    public static func find(flavour: String = "kotlin") -> ToolchainStatus<KotlinToolchain> {
        find(for: Self.flavour(flavour))
    }

    /// `release` from its wheel in the toolchain cache, run on the `PATH`'s java, with the
    /// libraries of the flavour called `flavour`.
    public static func find(_ release: Release, flavour: String = "kotlin") -> ToolchainStatus<KotlinToolchain> {
        find(release, for: Self.flavour(flavour))
    }

    private static func flavour(_ name: String) -> any KotlinFlavour {
        (Language.named(name)?.definition as? KotlinLanguage)?.flavour ?? RxJavaFlavour()
    }

    static func find(for flavour: any KotlinFlavour) -> ToolchainStatus<KotlinToolchain> {
        for release in Release.allCases {
            if case let .available(toolchain) = find(release, for: flavour) { return .available(toolchain) }
        }
        guard case let .available(libraries) = flavour.libraries(compilerJar: nil), let kotlinc = ProcessRunner.find("kotlinc"), let kotlin = ProcessRunner.find("kotlin") else {
            return .missing(install: installHint(for: flavour))
        }
        return .available(KotlinToolchain(version: "kotlinc", compiler: [kotlinc], runner: [kotlin, "-cp"], classPath: libraries))
    }

    static func find(_ release: Release, for flavour: any KotlinFlavour) -> ToolchainStatus<KotlinToolchain> {
        let (version, jars) = release.wheel
        guard let java = ProcessRunner.find("java"), let wheel = ToolchainCache.wheel("kotlin-jupyter-kernel", version) else {
            return .missing(install: ToolchainCache.installHint + " and a JDK; " + flavour.librariesHint)
        }
        let folder = (wheel as NSString).appendingPathComponent("run_kotlin_kernel/jars")
        let compiler = "\(folder)/kotlin-jupyter-kernel-\(jars)-all.jar"
        let libraries: [String]
        switch flavour.libraries(compilerJar: compiler) {
        case let .available(jars): libraries = jars
        case let .missing(install): return .missing(install: install)
        }
        let standardLibrary = "\(folder)/kotlin-stdlib-\(release.rawValue).jar"
        return .available(KotlinToolchain(
            version: release.rawValue,
            compiler: [java, "-Xss8m", "-cp", compiler, "org.jetbrains.kotlin.cli.jvm.K2JVMCompiler", "-no-stdlib", "-no-reflect"],
            runner: [java, "-cp"],
            classPath: [standardLibrary] + libraries,
            compilerJar: (java, compiler)
        ))
    }

    /// Compiles the Kotlin `files` (relative path → text) into a jar with warnings as errors;
    /// Java files among them are read for their declarations, not compiled. Throws with the
    /// compiler's messages if it reports any problem.
    public func compile(_ files: [String: String], into jar: String) throws {
        try withSources(files, endings: [".kt", ".java"]) { directory, sources in
            // With no source, kotlinc would start its REPL and wait.
            guard sources.contains(where: { $0.hasSuffix(".kt") }) else { throw ToolchainError("no Kotlin sources to compile") }
            let options = ["-Werror", "-cp", classPath.joined(separator: ":"), "-d", jar] + sources
            let output = try compileOnServer(options) ?? ProcessRunner.run(compiler[0], Array(compiler.dropFirst()) + options)
            let problems = problemLines(output.stderr + output.stdout)
            guard output.succeeded, problems.isEmpty else {
                let messages = problems.isEmpty ? output.stderr : problems.joined(separator: "\n")
                throw ToolchainError("Kotlin \(version) failed:\n" + messages.replacingOccurrences(of: directory + "/", with: ""))
            }
        }
    }

    /// The compile of `options` on a warm ``KotlinCompileServer``; nil where there is none.
    private func compileOnServer(_ options: [String]) throws -> ProcessOutput? {
        guard let (java, jar) = compilerJar else { return nil }
        let standardOptions = compiler.drop { $0 != "org.jetbrains.kotlin.cli.jvm.K2JVMCompiler" }.dropFirst()
        return try KotlinCompileServers.withServer(java: java, compilerJar: jar) { try $0.compile(Array(standardOptions) + options) }
    }

    /// Runs `mainClass` from `jar` with the class path it was compiled with.
    public func run(jar: String, mainClass: String, arguments: [String] = []) throws -> ProcessOutput {
        let (command, options) = command(jar: jar, mainClass: mainClass)
        return try ProcessRunner.run(command, options + arguments)
    }

    /// The command running `mainClass` from `jar` with the class path it was compiled with.
    func command(jar: String, mainClass: String) -> (command: String, arguments: [String]) {
        (runner[0], Array(runner.dropFirst()) + [([jar] + classPath).joined(separator: ":"), mainClass])
    }
}
