import Foundation

/// A JVM that keeps Kotlin's compiler loaded and compiles one request after another, as
/// Kotlin's own daemon does: once the JVM is warm, the chat model and the runtime compile in
/// 7 s instead of the 33 s of a new JVM. It reads a request a line (the compiler's arguments,
/// separated by NUL) and answers each with `<exit code> <byte count>` on a line and the
/// compiler's messages; it ends when its input does, so it goes with the process that started it.
final class KotlinCompileServer: @unchecked Sendable {
    private let process: Process
    private let requests: FileHandle
    private let answers: FileHandle
    private var buffer = Data()
    /// How many compiles it has run: it is retired after ``lifetime`` of them, before the
    /// compiler's caches fill its heap.
    private(set) var compiles = 0
    static let lifetime = 24

    /// The server's Java source, compiled once per compiler into the toolchain cache.
    static let source = """
        import java.io.*;
        import java.nio.charset.StandardCharsets;
        import org.jetbrains.kotlin.cli.jvm.K2JVMCompiler;

        public final class KotlinCompileServer {
            public static void main(String[] arguments) throws IOException {
                PrintStream answers = new PrintStream(new FileOutputStream(FileDescriptor.out), false);
                System.setOut(System.err);
                BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                for (String request; (request = requests.readLine()) != null; ) {
                    ByteArrayOutputStream messages = new ByteArrayOutputStream();
                    int code;
                    try (PrintStream stream = new PrintStream(messages, true, StandardCharsets.UTF_8)) {
                        try {
                            code = new K2JVMCompiler().exec(stream, request.split("\\u0000")).getCode();
                        } catch (Throwable error) {
                            error.printStackTrace(stream);
                            code = 99;
                        }
                    }
                    byte[] bytes = messages.toByteArray();
                    answers.print(code + " " + bytes.length + "\\n");
                    answers.write(bytes);
                    answers.flush();
                }
            }
        }
        """

    /// Starts a server on `java` with the compiler of `compilerJar`; nil when there is no javac
    /// to build it with, or it cannot start.
    static func start(java: String, compilerJar: String) -> KotlinCompileServer? {
        guard let classes = try? compiledServer(for: compilerJar) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: java)
        process.arguments = ["-Xss8m", "-Xmx3g", "-cp", "\(compilerJar):\(classes)", "KotlinCompileServer"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        return KotlinCompileServer(process: process, requests: input.fileHandleForWriting, answers: output.fileHandleForReading)
    }

    private init(process: Process, requests: FileHandle, answers: FileHandle) {
        self.process = process
        self.requests = requests
        self.answers = answers
    }

    /// The folder holding the server's class for `compilerJar`, built with javac if need be.
    private static func compiledServer(for compilerJar: String) throws -> String {
        // FNV-1a of the source and the jar's path: the same server for the same compiler.
        let key = (source + compilerJar).utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let folder = (ToolchainCache.folder as NSString).appendingPathComponent("kotlin-compile-server/\(String(key, radix: 36))")
        let classFile = (folder as NSString).appendingPathComponent("KotlinCompileServer.class")
        if FileManager.default.fileExists(atPath: classFile) { return folder }
        guard let javac = ProcessRunner.find("javac") else { throw ToolchainError("no javac") }
        let building = try makeTemporaryDirectory("kotlin-compile-server")
        defer { try? FileManager.default.removeItem(atPath: building) }
        try source.write(toFile: building + "/KotlinCompileServer.java", atomically: true, encoding: .utf8)
        let output = try ProcessRunner.run(javac, ["-proc:none", "-cp", compilerJar, "-d", building, building + "/KotlinCompileServer.java"])
        guard output.succeeded else { throw ToolchainError(output.stderr) }
        try FileManager.default.createDirectory(atPath: (folder as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? FileManager.default.moveItem(atPath: building, toPath: folder)
        return folder
    }

    /// Compiles with `arguments`; throws when the server has gone.
    func compile(_ arguments: [String]) throws -> ProcessOutput {
        compiles += 1
        try requests.write(contentsOf: Data((arguments.joined(separator: "\u{0}") + "\n").utf8))
        let header = String(decoding: try read(until: UInt8(ascii: "\n")), as: UTF8.self).split(separator: " ")
        guard header.count == 2, let status = Int32(header[0]), let count = Int(header[1]) else {
            throw ToolchainError("the Kotlin compile server stopped")
        }
        let messages = String(decoding: try read(count: count), as: UTF8.self)
        return ProcessOutput(status: status, stdout: "", stderr: messages)
    }

    /// Stops the server: its input ends.
    func stop() {
        try? requests.close()
        process.waitUntilExit()
    }

    private func read(until delimiter: UInt8) throws -> Data {
        while true {
            if let end = buffer.firstIndex(of: delimiter) {
                let line = buffer[buffer.startIndex..<end]
                buffer = buffer[(end + 1)...]
                return Data(line)
            }
            try fill()
        }
    }

    private func read(count: Int) throws -> Data {
        while buffer.count < count { try fill() }
        let bytes = buffer.prefix(count)
        buffer = buffer.dropFirst(count)
        return Data(bytes)
    }

    private func fill() throws {
        let chunk = answers.availableData
        guard !chunk.isEmpty else { throw ToolchainError("the Kotlin compile server stopped") }
        buffer.append(chunk)
    }
}

/// The compile servers of this process, by compiler jar: each lent to one compile at a time, at
/// most as many as the machine has cores (a compile waits for one), each retired after its
/// lifetime of compiles.
enum KotlinCompileServers {
    private static let condition = NSCondition()
    nonisolated(unsafe) private static var idle: [String: [KotlinCompileServer]] = [:]
    nonisolated(unsafe) private static var lent = 0

    /// Runs `body` with an idle server of `compilerJar`, or a new one; nil when none can start.
    /// A server whose compile throws is stopped.
    static func withServer<T>(java: String, compilerJar: String, _ body: (KotlinCompileServer) throws -> T) throws -> T? {
        condition.lock()
        while lent >= ProcessInfo.processInfo.activeProcessorCount { condition.wait() }
        lent += 1
        let reused = idle[compilerJar]?.popLast()
        condition.unlock()
        defer {
            condition.lock()
            lent -= 1
            condition.signal()
            condition.unlock()
        }
        guard let server = reused ?? KotlinCompileServer.start(java: java, compilerJar: compilerJar) else { return nil }
        let result: T
        do {
            result = try body(server)
        } catch {
            server.stop()
            throw error
        }
        guard server.compiles < KotlinCompileServer.lifetime else {
            server.stop()
            return result
        }
        condition.lock()
        idle[compilerJar, default: []].append(server)
        condition.unlock()
        return result
    }
}
