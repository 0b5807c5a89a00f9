import ModelgenResources

/// The source files of the Kotlin and TypeScript runtimes and of the vector runners' support
/// (`Runtimes/` in modelgen's sources), built into the binary, or a user's replacements for some
/// of them (`modelgen verify --runtimes DIR`, same relative paths).
public struct RuntimeFiles: Sendable {
    private let files: BuiltInFiles

    public init(overrideDirectory: String? = nil) throws(DiagnosticsError) {
        files = try BuiltInFiles(embeddedRuntimes, overrideDirectory: overrideDirectory, what: "runtimes")
    }

    /// The files under `folder`, by path relative to it, in path order.
    func files(under folder: String) -> [GeneratedFile] {
        files.files.keys.filter { $0.hasPrefix(folder + "/") }.sorted().map { path in
            GeneratedFile(path: String(path.dropFirst(folder.count + 1)), contents: files.files[path]!)
        }
    }

    /// The text of the file at `path`.
    func text(_ path: String) -> String {
        files.files[path] ?? ""
    }
}
