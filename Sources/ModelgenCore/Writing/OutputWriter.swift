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
/// changed, each atomically; keeps a manifest of what it wrote and from which schema
/// (`.modelgen-manifest`) so it can remove its own stale files and never touches anyone else's.
public struct OutputWriter {
    public static let manifestName = ".modelgen-manifest"

    /// Whether a run may remove a stale file generated from the schema at this path (a stale
    /// shared file, a runtime's, it may always remove).
    let mayRemove: @Sendable (_ schema: String) -> Bool

    /// A writer whose runs remove stale files of the schemas `mayRemove` accepts: those a run
    /// was given. By default, of any schema.
    public init(mayRemove: @escaping @Sendable (_ schema: String) -> Bool = { _ in true }) {
        self.mayRemove = mayRemove
    }

    /// The changes to make, worked out before anything is written.
    struct Plan {
        var writes: [GeneratedFile] = []
        var unchanged: [String] = []
        var removals: [String] = []
        var manifest: [ManifestEntry] = []
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
            try Self.atomicallyWrite(plan.manifest.map { $0.line + "\n" }.joined(), to: root.appendingPathComponent(Self.manifestName))
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
        let written = Set(previous.map(\.path))
        var plan = Plan()
        var problems: [Diagnostic] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let existing = contents(of: file.path, in: directory)
            if existing != nil, !written.contains(file.path) {
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
        let stale = previous.filter { !generated.contains($0.path) && contents(of: $0.path, in: directory) != nil }
        let removed = stale.filter { inScope($0.path) && removable($0.owner) }
        plan.removals = removed.map(\.path).sorted()
        let kept = stale.filter { entry in !removed.contains { $0.path == entry.path } }
        plan.manifest = (kept + files.map { ManifestEntry(path: $0.path, owner: $0.schema.map { .schema(Self.normalized($0)) } ?? .shared) })
            .sorted { $0.path < $1.path }
        plan.manifestChanged = plan.manifest != previous
        return plan
    }

    /// Whether a stale file of `owner` may be removed: a shared one, or one of a schema this run
    /// may remove files of; never one an older modelgen recorded without its schema.
    private func removable(_ owner: ManifestEntry.Owner) -> Bool {
        switch owner {
        case .legacy: false
        case .shared: true
        case let .schema(path): mayRemove(path)
        }
    }

    /// A schema's path as the manifest records it: absolute and standardized.
    public static func normalized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
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

    private func readManifest(in directory: String) -> [ManifestEntry] {
        guard let text = contents(of: Self.manifestName, in: directory) else { return [] }
        return text.split(separator: "\n").map(ManifestEntry.init).filter { !$0.path.isEmpty && !$0.path.hasPrefix("/") && !$0.path.contains("..") }
    }

    private func contents(of path: String, in directory: String) -> String? {
        let full = (directory as NSString).appendingPathComponent(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: full) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A line of the manifest: a file modelgen wrote, and what it was generated from —
/// `swift/chat.swift<TAB>/path/to/chat.yaml`, or `kotlin/modelgen/runtime/Match.kt<TAB>` for a
/// shared file. A line without a tab is from an older modelgen, which did not record it.
struct ManifestEntry: Hashable {
    enum Owner: Hashable {
        case legacy
        case shared
        case schema(String)
    }

    var path: String
    var owner: Owner

    init(path: String, owner: Owner) {
        self.path = path
        self.owner = owner
    }

    init(_ line: Substring) {
        guard let tab = line.firstIndex(of: "\t") else {
            self.init(path: String(line), owner: .legacy)
            return
        }
        let schema = line[line.index(after: tab)...]
        self.init(path: String(line[..<tab]), owner: schema.isEmpty ? .shared : .schema(String(schema)))
    }

    var line: String {
        switch owner {
        case .legacy: path
        case .shared: path + "\t"
        case let .schema(schema): path + "\t" + schema
        }
    }
}
