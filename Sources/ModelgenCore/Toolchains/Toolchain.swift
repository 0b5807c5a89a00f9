import Foundation

/// A language toolchain that was looked for: found, or missing with what to install.
public enum ToolchainStatus<Toolchain: Sendable>: Sendable {
    case available(Toolchain)
    /// Not installed; `install` says how to get it.
    case missing(install: String)
}

/// Why compiling or running generated code failed.
public struct ToolchainError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// The lines of compiler output that are warnings or errors, ignoring the JVM's own notices.
func problemLines(_ output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { line in
        !line.hasPrefix("OpenJDK 64-Bit Server VM warning") && (line.contains("warning") || line.contains("error"))
    }
}

/// Runs `body` with `files` (relative path → text) written into a fresh temporary folder, and the
/// paths of those whose name ends with one of `endings`, sorted; removes the folder afterwards.
func withSources<Result>(_ files: [String: String], endings: [String], _ body: (_ directory: String, _ sources: [String]) throws -> Result) throws -> Result {
    let directory = try makeTemporaryDirectory("modelgen-sources")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try copy(files, into: directory)
    let sources = files.keys.filter { name in endings.contains { name.hasSuffix($0) } }.sorted()
    return try body(directory, sources.map { (directory as NSString).appendingPathComponent($0) })
}

/// Copies files into `directory`, keeping their relative paths.
private func copy(_ files: [String: String], into directory: String) throws {
    for (relative, contents) in files {
        let path = (directory as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

/// A fresh temporary folder.
public func makeTemporaryDirectory(_ prefix: String) throws -> String {
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
