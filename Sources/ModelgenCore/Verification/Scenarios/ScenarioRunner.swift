import Foundation

/// A built data-driven runner: the command that runs scenarios read as lines on its standard
/// input, each through the table of its model in the runner's project.
struct ScenarioRunner {
    var command: String
    var arguments: [String] = []
    var environment: [String: String] = [:]

    /// The output of running `scenarios` (``ScenarioLine``s, numbered here from 0, each with the
    /// number of its model in the project) in one process. A runner that stops on a scenario (a
    /// crash the language cannot catch) is run again on the scenarios after it, so that one crash
    /// fails one scenario.
    func run(_ scenarios: [(model: Int, line: String)]) throws -> [ProcessOutput] {
        var outputs: [ProcessOutput] = []
        var rest = scenarios[...]
        while !rest.isEmpty {
            let lines = rest.enumerated().map { ScenarioLine.numbered($1.line, $0, model: $1.model) }
            let output = try ProcessRunner.run(command, arguments, environment: environment, input: Data(lines.joined(separator: "\n").utf8 + [0x0A]))
            let parts = output.split(count: rest.count)
            guard !output.succeeded, let stopped = Self.stopped(output, count: rest.count) else { return outputs + parts }
            let failed = ProcessOutput(status: output.status, stdout: parts[stopped].stdout, stderr: output.stderr)
            outputs += parts[..<stopped] + [failed]
            rest = rest.dropFirst(stopped + 1)
        }
        return outputs
    }

    /// The scenario a failed run stopped in: the last it started.
    private static func stopped(_ output: ProcessOutput, count: Int) -> Int? {
        let started = output.stdout.split(separator: "\n").compactMap { line -> Int? in
            let words = line.split(separator: " ")
            return words.count == 2 && words[0] == "vector" ? Int(words[1]) : nil
        }
        return started.last.map { min($0, count - 1) }
    }
}

/// Built runners, kept by what they are built from (`~/.cache/modelgen/runners/<kind>-<hash>`):
/// a second `verify` of the same schemas with the same modelgen builds nothing. The cache keeps
/// the ``capacity`` runners used last.
enum ScenarioCache {
    static let capacity = 64

    /// The folder (in `cache`) holding the build of `project` for `kind`, built by `build` into
    /// it unless it was built before. Two runs building the same project take turns.
    static func built(_ project: [GeneratedFile], kind: String, in cache: String = folder, _ build: (String) throws -> Void) throws -> String {
        let folder = (cache as NSString).appendingPathComponent("\(kind)-\(hash(project))")
        let marker = URL(fileURLWithPath: folder).appendingPathComponent(".built")
        return try FileLock.holding(folder + ".lock") {
            if FileManager.default.fileExists(atPath: marker.path) {
                try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: marker.path)
                return folder
            }
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            do {
                try build(folder)
            } catch {
                try? FileManager.default.removeItem(atPath: folder)
                throw error
            }
            try Data().write(to: marker)
            prune(cache)
            return folder
        }
    }

    /// Removes all but the ``capacity`` runners used last (their `.built` marker's date). A folder
    /// with no marker is a build under way in another run, left alone unless a day old (a run
    /// stopped while building).
    private static func prune(_ cache: String) {
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter { !$0.hasSuffix(".lock") }.map { (cache as NSString).appendingPathComponent($0) }
        let date = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? nil }
        var built: [(folder: String, used: Date)] = []
        for folder in folders {
            if let used = date(folder + "/.built") {
                built.append((folder, used))
            } else if let made = date(folder), made < Date(timeIntervalSinceNow: -86_400) {
                remove(folder)
            }
        }
        for (folder, _) in built.sorted(by: { $0.used > $1.used }).dropFirst(capacity) { remove(folder) }
    }

    private static func remove(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.removeItem(atPath: folder + ".lock")
    }

    /// 128 bits of FNV-1a over every file's path and text, in order of path.
    static func hash(_ project: [GeneratedFile]) -> String {
        var low: UInt64 = 14_695_981_039_346_656_037, high: UInt64 = 0x6C62_272E_07BB_0142
        for file in project.sorted(by: { $0.path < $1.path }) {
            for byte in file.path.utf8 + [0] + file.contents.utf8 + [0] {
                low = (low ^ UInt64(byte)) &* 1_099_511_628_211
                high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 &+ 0x9E37
            }
        }
        return String(high, radix: 36) + String(low, radix: 36)
    }
}

extension ScenarioCache {
    /// Where built runners are kept: `$MODELGEN_RUNNERS`, or beside the toolchains' folder
    /// (`~/.cache/modelgen/runners`).
    static var folder: String {
        if let folder = ProcessInfo.processInfo.environment["MODELGEN_RUNNERS"] { return folder }
        return ((ToolchainCache.folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("runners")
    }
}
