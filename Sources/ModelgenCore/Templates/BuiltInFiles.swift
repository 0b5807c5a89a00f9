import Foundation

/// Files built into the binary (templates, runtimes), with those a user's folder holds at the
/// same relative path in their place.
struct BuiltInFiles: Sendable {
    /// Every file by path.
    let files: [String: String]
    /// The file each replaced one was read from, by path: where its errors are reported.
    let replacements: [String: String]

    /// `builtIn`, with any file of the same path under `overrideDirectory` in its place, and
    /// any file there at one of the `addable` paths beside them.
    init(_ builtIn: [String: String], addable: [String] = [], overrideDirectory: String?, what: String) throws(DiagnosticsError) {
        var files = builtIn
        var replacements: [String: String] = [:]
        if let overrideDirectory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: overrideDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw DiagnosticsError([.error("\(what) folder '\(overrideDirectory)' does not exist", at: nil)])
            }
            for path in Set(builtIn.keys).union(addable).sorted() {
                let file = (overrideDirectory as NSString).appendingPathComponent(path)
                guard FileManager.default.fileExists(atPath: file) else { continue }
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    throw DiagnosticsError([.error("cannot read \(what == "templates" ? "template" : "file") '\(file)'", at: nil)])
                }
                files[path] = text
                replacements[path] = file
            }
        }
        self.files = files
        self.replacements = replacements
    }
}
