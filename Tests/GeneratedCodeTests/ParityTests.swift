import Foundation
import Testing

/// The Swift, Kotlin and TypeScript outputs of each schema expose the same streams, in the same
/// order, with the same parameter names and the same kind of emission.
@Suite struct ParityTests {
    struct Method: Equatable, CustomStringConvertible {
        var name: String
        var parameters: [String]
        /// "list", "optional" or "count".
        var emits: String

        var description: String { "\(name)(\(parameters.joined(separator: ", "))) -> \(emits)" }
    }

    static func methods(in text: String, pattern: String, emits: (String) -> String) throws -> [Method] {
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let part = { (index: Int) in String(text[Range(match.range(at: index), in: text)!]) }
            let parameters = part(2).split(separator: ",").compactMap { $0.split(separator: ":").first.map { unescaped(String($0)) } }
            return Method(name: unescaped(part(1)), parameters: parameters, emits: emits(part(3)))
        }
    }

    /// A name as the schema spells it: without Swift's and Kotlin's backticks or the `_` that
    /// TypeScript appends to reserved words.
    static func unescaped(_ name: String) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
        return trimmed.hasSuffix("_") ? String(trimmed.dropLast()) : trimmed
    }

    static func emission(list: String, optional: String) -> (String) -> String {
        { type in type.hasPrefix(list) ? "list" : type.contains(optional) ? "optional" : "count" }
    }

    func read(_ schema: String, _ path: String) throws -> String {
        try String(contentsOf: Goldens.packageRoot.appendingPathComponent("Tests/Goldens/\(schema)/\(path)"), encoding: .utf8)
    }

    @Test(arguments: Goldens.schemas)
    func theThreeOutputsOfferTheSameStreams(schema: String) throws {
        let swift = try Self.methods(
            in: read(schema, "swift/\(schema).swift"),
            pattern: #"^    public func (`?\w+`?)\(([^)]*)\) -> AnyPublisher<(.+), any Error> \{$"#,
            emits: Self.emission(list: "[", optional: "?")
        )
        let kotlinFile = Goldens.files(schema, "kotlin", extension: ".kt").first { !$0.key.hasPrefix("modelgen/") }?.value ?? ""
        let kotlin = try Self.methods(
            in: kotlinFile, pattern: #"^    fun (`?\w+`?)\(([^)]*)\): Observable<(.+)> =$"#,
            emits: Self.emission(list: "List<", optional: "Optional<")
        )
        let typescript = try Self.methods(
            in: read(schema, "typescript/\(schema).ts"), pattern: #"^  (\w+)\(([^)]*)\): Observable<(.+)> \{$"#,
            emits: Self.emission(list: "readonly ", optional: "| null")
        )
        #expect(!swift.isEmpty)
        #expect(kotlin == swift, "Kotlin: \(kotlin)\nSwift: \(swift)")
        #expect(typescript == swift, "TypeScript: \(typescript)\nSwift: \(swift)")
    }
}
