import Foundation
import Testing
@testable import ModelgenCore
import ModelgenResources

/// The binary carries `Templates/` and `Runtimes/` as they are (`scripts/embed-resources`).
@Suite struct EmbeddedFilesTests {
    static let embedded = ["Templates": embeddedTemplates, "Runtimes": embeddedRuntimes]

    @Test(arguments: ["Templates", "Runtimes"])
    func theBinaryCarriesTheFolderAsItIs(folder: String) throws {
        let embedded = Self.embedded[folder] ?? [:]
        let root = Schemas.packageRoot.appendingPathComponent(folder).path
        var onDisk: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = (root as NSString).appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue, !relative.hasPrefix(".") else { continue }
            onDisk[relative] = try String(contentsOfFile: path, encoding: .utf8)
        }
        #expect(onDisk.keys.sorted() == embedded.keys.sorted(), "run scripts/embed-resources")
        for (path, text) in onDisk where embedded[path] != text {
            Issue.record("\(folder)/\(path) changed since it was embedded; run scripts/embed-resources")
        }
    }
}
