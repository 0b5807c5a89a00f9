import Foundation

public struct WriteSummary: Hashable, Sendable {
    public var written: [String] = []
    public var unchanged: [String] = []
    public var removed: [String] = []

    public init(written: [String] = [], unchanged: [String] = [], removed: [String] = []) {
        self.written = written
        self.unchanged = unchanged
        self.removed = removed
    }
}

/// The last stage: puts generated files in an output folder. Writes only files whose bytes
/// changed, each atomically; keeps a manifest of what it wrote (`.modelgen-manifest`) so it can
/// remove its own stale files and never touches anyone else's.
public struct OutputWriter {
    public static let manifestName = ".modelgen-manifest"

    public init() {}

    /// The changes to make, worked out before anything is written.
    struct Plan {
        var writes: [GeneratedFile] = []
        var unchanged: [String] = []
        var removals: [String] = []
        var manifest: [String] = []
        var manifestChanged = false
    }

    /// Writes `files`, removing files this writer wrote earlier under `scopes` (folders; `""` for
    /// the whole output folder) that are no longer generated.
    public func write(_ files: [GeneratedFile], to directory: String, scopes: [String]) throws(DiagnosticsError) -> WriteSummary {
        let plan = try makePlan(files, in: directory, scopes: scopes)
        let root = URL(fileURLWithPath: directory)
        for file in plan.writes {
            try Self.atomicallyWrite(file.contents, to: root.appendingPathComponent(file.path))
        }
        for path in plan.removals {
            try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(path))
        }
        if plan.manifestChanged {
            try Self.atomicallyWrite(plan.manifest.map { $0 + "\n" }.joined(), to: root.appendingPathComponent(Self.manifestName))
        }
        return WriteSummary(written: plan.writes.map(\.path), unchanged: plan.unchanged, removed: plan.removals)
    }

    /// What `write` would change, as a unified diff; empty when the folder is up to date.
    public func check(_ files: [GeneratedFile], in directory: String, scopes: [String]) throws(DiagnosticsError) -> String {
        let plan = try makePlan(files, in: directory, scopes: scopes)
        var diff = ""
        for file in plan.writes {
            let old = contents(of: file.path, in: directory)
            let oldName = old == nil ? "/dev/null" : "a/\(file.path)"
            diff += UnifiedDiff.diff(old: old ?? "", new: file.contents, oldName: oldName, newName: "b/\(file.path)")
        }
        for path in plan.removals {
            diff += UnifiedDiff.diff(old: contents(of: path, in: directory) ?? "", new: "", oldName: "a/\(path)", newName: "/dev/null")
        }
        return diff
    }

    func makePlan(_ files: [GeneratedFile], in directory: String, scopes: [String]) throws(DiagnosticsError) -> Plan {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw DiagnosticsError([.error("output path '\(directory)' is a file, not a folder", at: nil)])
        }
        let previous = readManifest(in: directory)
        var plan = Plan()
        var problems: [Diagnostic] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let existing = contents(of: file.path, in: directory)
            if existing != nil, !previous.contains(file.path) {
                problems.append(.error("'\((directory as NSString).appendingPathComponent(file.path))' exists and was not written by modelgen; move it away or choose another output folder", at: nil))
            } else if existing == file.contents {
                plan.unchanged.append(file.path)
            } else {
                plan.writes.append(file)
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        let generated = Set(files.map(\.path))
        let inScope = { (path: String) in scopes.contains { $0.isEmpty || path.hasPrefix($0 + "/") } }
        plan.removals = previous.filter { !generated.contains($0) && inScope($0) && contents(of: $0, in: directory) != nil }.sorted()
        plan.manifest = Array(Set(previous.filter { !inScope($0) }).union(generated)).sorted()
        plan.manifestChanged = plan.manifest != previous
        return plan
    }

    /// Writes to a temporary file beside `url`, then renames it over `url`: an interrupted run
    /// leaves the old file or the new one, never half of one.
    private static func atomicallyWrite(_ text: String, to url: URL) throws(DiagnosticsError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw DiagnosticsError([.error("cannot write '\(url.path)': \(reason(error))", at: nil)])
        }
    }

    /// Why a file operation failed, without Foundation's generic opening sentence.
    private static func reason(_ error: any Error) -> String {
        let description = (error as NSError).localizedDescription
        let generic = "The operation could not be completed. "
        return description.hasPrefix(generic) ? String(description.dropFirst(generic.count)) : description
    }

    private func readManifest(in directory: String) -> [String] {
        guard let text = contents(of: Self.manifestName, in: directory) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("/") && !$0.contains("..") }
    }

    private func contents(of path: String, in directory: String) -> String? {
        let full = (directory as NSString).appendingPathComponent(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: full) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
