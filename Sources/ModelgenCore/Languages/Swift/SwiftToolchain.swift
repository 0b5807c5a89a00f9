import Foundation

/// The Swift toolchain, building a runner package that depends on this modelgen package.
public struct SwiftToolchain: Sendable {
    public let swift: String

    public static func find() -> ToolchainStatus<SwiftToolchain> {
        guard let swift = ProcessRunner.find("swift") else {
            return .missing(install: installHint)
        }
        return .available(SwiftToolchain(swift: swift))
    }

    public static let installHint = "install a Swift 6.1 toolchain from swift.org"

    /// The folder of the modelgen package these sources were built from, or `MODELGEN_PACKAGE`.
    public static var modelgenPackage: String? {
        if let path = ProcessInfo.processInfo.environment["MODELGEN_PACKAGE"] { return OutputWriter.normalized(path) }
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Sources/ModelgenRuntime").path) { return folder.path }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Writes `files` into `directory` (only those that changed, so builds stay incremental),
    /// removes other files under `Sources/`, and builds `product`. Returns the built executable.
    public func build(_ files: [String: String], in directory: String, product: String) throws -> String {
        let sources = (directory as NSString).appendingPathComponent("Sources")
        if let existing = FileManager.default.enumerator(atPath: sources) {
            while let relative = existing.nextObject() as? String {
                let full = (sources as NSString).appendingPathComponent(relative)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue, files["Sources/" + relative] == nil {
                    try FileManager.default.removeItem(atPath: full)
                }
            }
        }
        for (relative, contents) in files {
            let path = (directory as NSString).appendingPathComponent(relative)
            if (try? String(contentsOfFile: path, encoding: .utf8)) == contents { continue }
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try contents.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let scratch = (directory as NSString).appendingPathComponent(".build")
        if let built = try buildProduct(product, of: directory, scratch: scratch) { return built }
        // A build stopped halfway (its process killed) can leave SwiftPM sure of a product it
        // never linked: built again from nothing.
        try FileManager.default.removeItem(atPath: scratch)
        guard let built = try buildProduct(product, of: directory, scratch: scratch) else { throw ToolchainError("swift build made no \(product)") }
        return built
    }

    /// The path of `product` built, or nil when SwiftPM succeeded without it.
    private func buildProduct(_ product: String, of directory: String, scratch: String) throws -> String? {
        // Without manifest caching SwiftPM looks again for the source files of the modelgen
        // package it depends on by path, so a runtime file added since the last build is built.
        let output = try ProcessRunner.run(swift, [
            "build", "--package-path", directory, "--scratch-path", scratch, "--product", product, "--disable-build-manifest-caching",
        ])
        guard output.succeeded else {
            let problems = (output.stdout + output.stderr).split(separator: "\n").filter { $0.contains("error:") }
            throw ToolchainError("swift build failed:\n" + (problems.isEmpty ? output.stderr : problems.joined(separator: "\n")))
        }
        let binPath = try ProcessRunner.run(swift, ["build", "--package-path", directory, "--scratch-path", scratch, "--show-bin-path"])
        let built = (binPath.stdout.trimmingCharacters(in: .whitespacesAndNewlines) as NSString).appendingPathComponent(product)
        return FileManager.default.fileExists(atPath: built) ? built : nil
    }
}
