import Foundation
import Testing

/// The README's examples of the generated code are compiled with the tests: each is copied, line
/// for line, into a file that the tests build (and the drivers run).
@Suite struct ReadmeExampleTests {
    /// Each fence's language, the sections it is read from (by the start of their heading), and
    /// the file its examples are compiled in.
    static let homes = [
        ("swift", "## Using the generated", "Tests/GoldenSwiftTests/ReadmeExamples.swift"),
        ("swift", "## Swift concurrency and SwiftUI", "Tests/GoldenAsyncTests/ReadmeExamples.swift"),
        ("kotlin", "## Using the generated Kotlin and", "Tests/Drivers/kotlin/ChatDriver.kt"),
        ("kotlin", "## Using the generated Kotlin over coroutines Flow", "Tests/Drivers/kotlin-flow/ChatDriver.kt"),
        ("ts", "## Using the generated", "Tests/Drivers/typescript/chat-driver.ts"),
    ]

    /// The fenced blocks in `language` of the README's sections whose heading starts with `section`.
    static func blocks(_ language: String, in section: String) throws -> [[String]] {
        let readme = try String(contentsOf: Goldens.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [[String]] = [], current: [String]? = nil, inSection = false
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("## ") { inSection = line.hasPrefix(section) }
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
    func everyExampleIsInACompiledFile(language: String, section: String, home: String) throws {
        let blocks = try Self.blocks(language, in: section)
        #expect(!blocks.isEmpty, "the README has no \(language) example")
        let file = Self.code(try String(contentsOf: Goldens.packageRoot.appendingPathComponent(home), encoding: .utf8).components(separatedBy: "\n"))
        for block in blocks.map(Self.code) {
            let found = (0...max(0, file.count - block.count)).contains { Array(file[$0..<min(file.count, $0 + block.count)]) == block }
            #expect(found, "the README's \(language) example is not in \(home):\n\(block.joined(separator: "\n"))")
        }
    }
}
