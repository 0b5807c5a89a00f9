import Foundation

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("modelgen-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ relative: String) -> String {
        (path as NSString).appendingPathComponent(relative)
    }

    func write(_ relative: String, _ contents: String) throws {
        let full = file(relative)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try contents.write(toFile: full, atomically: true, encoding: .utf8)
    }

    func read(_ relative: String) -> String? {
        try? String(contentsOfFile: file(relative), encoding: .utf8)
    }

    func modificationDate(_ relative: String) throws -> Date {
        try FileManager.default.attributesOfItem(atPath: file(relative))[.modificationDate] as! Date
    }

    /// Every file under the folder with its contents, for before/after comparisons.
    func snapshot() -> [String: String] {
        var result: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let relative = enumerator?.nextObject() as? String {
            if let text = read(relative) { result[relative] = text }
        }
        return result
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
