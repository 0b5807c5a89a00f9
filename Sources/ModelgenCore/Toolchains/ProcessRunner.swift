import Foundation

/// The outcome of running a program.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public var succeeded: Bool { status == 0 }
}

/// Runs programs and finds them on the `PATH`.
public enum ProcessRunner {
    /// How long a program may run before it is stopped: three times the longest any takes here
    /// (compiling a Kotlin runner of a hundred vectors), so that a program that waits forever
    /// fails its run instead of hanging it.
    public static let timeLimit: TimeInterval = 15 * 60

    /// Runs `executable` with `arguments` in `directory`, `input` on its standard input, collecting
    /// its output; stops it after `limit` seconds, failing with a line saying so.
    public static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:], input: Data? = nil,
        limit: TimeInterval = timeLimit
    ) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        if let stdin { process.standardInput = stdin }
        try process.run()
        // A thread of its own writes the input, so that a program writing as it reads never waits on us.
        if let stdin, let input {
            _ = ignoringBrokenPipes
            Thread {
                try? stdin.fileHandleForWriting.write(contentsOf: input)
                try? stdin.fileHandleForWriting.close()
            }.start()
        }
        // A thread of its own waits out the limit: the caller's may be one of the few a pool has.
        let stopped = Locked(false), exited = DispatchSemaphore(value: 0)
        Thread {
            guard exited.wait(timeout: .now() + limit) == .timedOut, process.isRunning else { return }
            stopped.set(true)
            kill(process.processIdentifier, SIGKILL)  // as `timeout -s KILL`: a runner may ignore SIGTERM
        }.start()
        // Read both pipes while the process runs, so neither fills up and blocks it.
        let stderrData = Locked(Data())
        let reader = Thread { stderrData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        exited.signal()
        while !stderrData.isSet { Thread.sleep(forTimeInterval: 0.005) }
        var stderr = String(decoding: stderrData.value, as: UTF8.self)
        if stopped.value {
            stderr += "\(URL(fileURLWithPath: executable).lastPathComponent) was stopped after \(Int(limit)) s, its time limit\n"
        }
        return ProcessOutput(status: stopped.value ? 124 : process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: stderr)
    }

    /// A program that stops before reading all its input makes our write fail, instead of
    /// stopping modelgen with SIGPIPE.
    private static let ignoringBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// The full path of `name` on the `PATH`, if it is there.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A value shared between threads, behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    private var wasSet = false

    init(_ value: Value) { stored = value }

    func set(_ value: Value) {
        withLock { $0 = value }
    }

    /// Whether ``set(_:)`` or ``withLock(_:)`` has given it a value.
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return wasSet }
    var value: Value { lock.lock(); defer { lock.unlock() }; return stored }

    /// Runs `body` on the value, alone.
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        wasSet = true
        return try body(&stored)
    }
}
