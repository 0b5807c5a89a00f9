import Foundation
import Testing
@testable import ModelgenCore

/// The pages' diagrams are drawn by Mermaid itself (mermaid.js 11 in PyPI's mermaidx, which
/// `scripts/install-toolchains` puts in `.build/tools/mermaid`): a diagram Mermaid cannot parse
/// fails here. The pages are the goldens, which GoldenTests holds equal to what modelgen writes.
@Suite struct MermaidRenderTests {
    static let python = Schemas.packageRoot.appendingPathComponent(".build/tools/mermaid/bin/python").path

    static func check(_ pages: [String]) throws -> [String] {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("Mermaid is not installed; run scripts/install-toolchains")
            return []
        }
        let output = try ProcessRunner.run(python, ["scripts/check-mermaid"] + pages, in: Schemas.packageRoot.path)
        #expect(output.status == 0, "\(output.stderr)")
        return output.stdout.split(separator: "\n").map(String.init)
    }

    @Test func everyGoldenPageRenders() throws {
        let pages = Schemas.withGoldens.map { "Tests/Goldens/\($0)/\($0).md" }
        #expect(try Self.check(pages) == pages.map { "ok\t\($0)\t1 diagrams" })
    }

    @Test func aBrokenDiagramIsCaught() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mermaid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("broken.md").path
        try "# Broken\n\n```mermaid\nflowchart LR\n  c0[(\"A\")] -->|from s0\n```\n".write(toFile: page, atomically: true, encoding: .utf8)
        let result = try Self.check([page])
        #expect(result.count == 1 && result[0].hasPrefix("invalid\t\(page)\t"), "\(result)")
    }
}
