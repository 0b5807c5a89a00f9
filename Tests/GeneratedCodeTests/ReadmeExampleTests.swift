import Foundation
import Testing

/// The README's examples of the generated code are compiled with the tests: each is copied, line
/// for line, into a file that the tests build (and the drivers run).
@Suite struct ReadmeExampleTests {
    static let homes = [
        ("swift", "Tests/GoldenSwiftTests/ReadmeExamples.swift"),
        ("kotlin", "Tests/Drivers/kotlin/ChatDriver.kt"),
        ("ts", "Tests/Drivers/typescript/chat-driver.ts"),
    ]

    /// The fenced blocks in `language` of the README's "Using the generated …" sections.
    static func blocks(_ language: String) throws -> [[String]] {
        let readme = try String(contentsOf: Goldens.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [[String]] = [], current: [String]? = nil, inSection = false
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("## ") { inSection = line.hasPrefix("## Using the generated") }
            if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                current!.append(line)
            } else if inSection, line == "```\(language)" {
                current = []
            }
        }
        return blocks
    }

    /// The lines that carry code, without indentation; imports are the file's own.
    static func code(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    @Test(arguments: homes)
    func everyExampleIsInACompiledFile(language: String, home: String) throws {
        let blocks = try Self.blocks(language)
        #expect(!blocks.isEmpty, "the README has no \(language) example")
        let file = Self.code(try String(contentsOf: Goldens.packageRoot.appendingPathComponent(home), encoding: .utf8).components(separatedBy: "\n"))
        for block in blocks.map(Self.code) {
            let found = (0...max(0, file.count - block.count)).contains { Array(file[$0..<min(file.count, $0 + block.count)]) == block }
            #expect(found, "the README's \(language) example is not in \(home):\n\(block.joined(separator: "\n"))")
        }
    }
}
