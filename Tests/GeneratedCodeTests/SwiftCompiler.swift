import Foundation
import ModelgenCore

/// swiftc over this package's build: type-checks Swift sources against the modules built for the
/// tests (ModelgenRuntime and its OpenCombine), with the settings of a user's target.
struct SwiftCompiler {
    /// The settings of the targets users build the generated Swift in.
    enum Settings: String, CaseIterable, Sendable {
        /// A plain Swift 6 target.
        case swift6 = "Swift 6"
        /// A new Xcode 26 app target: the main actor as the default isolation, and "approachable
        /// concurrency" with the other upcoming features a new project turns on.
        case xcode26App = "an Xcode 26 app target"

        var flags: [String] {
            let plain = ["-swift-version", "6", "-warnings-as-errors"]
            switch self {
            case .swift6: return plain
            case .xcode26App:
                let features = ["NonisolatedNonsendingByDefault", "InferIsolatedConformances", "ExistentialAny", "MemberImportVisibility"]
                return plain + ["-default-isolation", "MainActor"] + features.flatMap { ["-enable-upcoming-feature", $0] }
            }
        }
    }

    let swiftc: String

    init() throws {
        guard let swiftc = ProcessRunner.find("swiftc") else { throw ToolchainError("swiftc is not on the PATH") }
        self.swiftc = swiftc
    }

    /// Where this test binary was built, holding the modules of the package's targets.
    static var buildFolder: String {
        (CommandLine.arguments[0] as NSString).deletingLastPathComponent
    }

    /// The options that find the package's built modules, and `more` folders of modules.
    static func searchPaths(_ more: [String] = []) -> [String] {
        let build = buildFolder
        return more.flatMap { ["-I", $0] }
            + ["-I", "\(build)/Modules", "-Xcc", "-fmodule-map-file=\(build)/COpenCombineHelpers.build/module.modulemap"]
    }

    /// Type-checks `files` (relative path → text) as the module `module` with `settings`, over the
    /// built ModelgenRuntime; throws with the compiler's errors and warnings.
    func typecheck(_ files: [String: String], module: String, settings: Settings, modules: [String] = []) throws {
        let directory = try makeTemporaryDirectory("swift-typecheck")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var paths: [String] = []
        for (relative, text) in files.sorted(by: { $0.key < $1.key }) {
            let path = (directory as NSString).appendingPathComponent(relative)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        try run(["-typecheck", "-wmo", "-module-name", module] + Self.searchPaths(modules) + settings.flags + paths, in: directory)
    }

    /// Runs swiftc; throws with the lines of its errors and warnings, relative to `directory`.
    func run(_ arguments: [String], in directory: String) throws {
        let output = try ProcessRunner.run(swiftc, arguments)
        let problems = (output.stdout + output.stderr).split(separator: "\n").filter { $0.contains("error") || $0.contains("warning") }
        guard output.succeeded, problems.isEmpty else {
            throw ToolchainError("swiftc failed:\n" + problems.joined(separator: "\n").replacingOccurrences(of: directory + "/", with: ""))
        }
    }
}
